import type { Argv, Options } from 'yargs';
import { UserError } from '../errors.js';
import type { GameDefinition, RuleOption, RulesInput } from '../game/contract.js';
import { DEFAULT_GAME, GAMES } from '../registry.js';

/** "min-card" -> "minCard", the name yargs gives a kebab-case flag's value. */
const camel = (flag: string): string => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** Flags of the commands themselves: a game's rule flag must not take one of these names. */
const COMMAND_FLAGS = new Set([
  'game',
  'players',
  'agents',
  'agent',
  'games',
  'seed',
  'threads',
  'chunk',
  'out',
  'log',
  'per-game',
  'quiet',
  'force',
  'seat',
  'grid',
  'field',
  'rounds',
  'alpha',
  'format',
  'seatings',
  'self-play',
  'table',
  'show',
  'each',
  'samples',
  'max-work',
  'searcher',
  'lower-bound',
  'help',
  'version',
]);

/** Every game's rule flags, merged by name (a flag two games share is declared once). */
function allRuleOptions(): Map<string, { option: RuleOption; games: string[]; describes: string[] }> {
  const out = new Map<string, { option: RuleOption; games: string[]; describes: string[] }>();
  for (const game of GAMES.values()) {
    for (const option of game.ruleOptions) {
      if (COMMAND_FLAGS.has(option.flag)) throw new Error(`game ${game.id}: rule flag --${option.flag} clashes with a command flag`);
      const known = out.get(option.flag);
      if (known && known.option.type !== option.type)
        throw new Error(`rule flag --${option.flag} has type ${known.option.type} in ${known.games[0]} but ${option.type} in ${game.id}`);
      if (known) {
        known.games.push(game.id);
        known.describes.push(option.describe);
      } else out.set(option.flag, { option, games: [game.id], describes: [option.describe] });
    }
  }
  return out;
}

const ONE_TABLE_SIZE: Options = { type: 'number', describe: "seats at each table (the game's range; 2-player No Thanks! needs --chips)" };

/**
 * --game, --players (-p) and the rule flags of every game, for every command that plays games.
 * `players` replaces the one-table-size option (the ladder takes a list): declaring it again after
 * this would leave yargs' help showing both types.
 */
export function withRuleOptions<T>(y: Argv<T>, players: Options = ONE_TABLE_SIZE) {
  let out = y
    .option('game', { type: 'string', default: DEFAULT_GAME, describe: `the game: ${[...GAMES.keys()].join(', ')}` })
    .option('players', { ...players, alias: 'p' });
  for (const [flag, { option, games, describes }] of allRuleOptions()) {
    // One text when the games agree; otherwise each game's own.
    const describe = new Set(describes).size === 1 ? `[${games.join(', ')}] ${option.describe}` : games.map((g, i) => `[${g}] ${describes[i]}`).join('; ');
    out = out.option(flag, { type: option.type, describe, ...(option.choices ? { choices: option.choices as string[] } : {}) }) as typeof out;
  }
  return out;
}

export type RuleArgs = { game: string; players?: number } & Record<string, unknown>;

/**
 * The rule settings the flags give for `game`. A flag of another game is a mistake, not something
 * to ignore silently.
 */
export function rulesFromArgs(a: RuleArgs, game: GameDefinition, players: number): RulesInput {
  const r: RulesInput = { players };
  for (const [flag, { games }] of allRuleOptions()) {
    const value = a[camel(flag)];
    if (value === undefined) continue;
    const own = game.ruleOptions.find((o) => o.flag === flag);
    if (!own) throw new UserError(`--${flag} is a setting of ${games.join(', ')}, not of ${game.id}`);
    // yargs types each flag (number, boolean, string); anything else is a repeated flag's array.
    if (typeof value !== 'number' && typeof value !== 'boolean' && typeof value !== 'string') throw new UserError(`--${flag} is given more than once`);
    r[own.key] = value;
  }
  return r;
}
