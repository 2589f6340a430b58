import { readFileSync } from 'node:fs';
import { UserError } from '../errors.js';
import type { RulesInput } from '../game/contract.js';
import { DEFAULT_GAME, GAMES, gameById } from '../registry.js';
import type { TournamentOptions, TournamentResult } from '../tournament/run.js';
import { DEFAULT_FILL, TABLE_FILLS, type SeatingMode, type TableFill } from '../tournament/schedule.js';
import { MAX_DEALS } from '../tournament/run.js';
import { DEFAULT_TUNE_DEALS } from '../tournament/tune.js';
import type { Shard } from '../tournament/shard.js';

/** experiments/*.json, validated before anything runs. */
interface Common {
  kind: 'strategies' | 'player-count' | 'thresholds' | 'compare' | 'ladder' | 'tune';
  /** Game id (default: the registry's DEFAULT_GAME). */
  game: string;
  /** Rule settings for every table (besides the player count), as the game's makeRules takes them. */
  rules: Record<string, unknown>;
  /** Settings for one player count on top of `rules`: {"2": {"startChips": 11}}. */
  rulesByPlayers: Record<string, Record<string, unknown>>;
  title: string;
  description?: string;
  games: number;
  seed: string;
  /** png: also render PNGs next to the SVGs (default true). */
  png: boolean;
  /**
   * A note in a run folder's copy: the fields a command-line option replaced (`--games`), with the
   * value the experiment file had. The copy holds what was played; running it ignores the note.
   */
  overridden: Record<string, unknown>;
}

export interface StrategiesExperiment extends Common {
  kind: 'strategies';
  agents: string[];
  players: number[];
  seatings: SeatingMode;
  /** How tables are filled when the pool has fewer bots than seats (default DEFAULT_FILL, as every command). */
  fill: TableFill;
}

export interface PlayerCountExperiment extends Common {
  kind: 'player-count';
  agents: string[];
  players: number[];
  seatings: SeatingMode;
  /** How tables are filled when the pool has fewer bots than seats (default DEFAULT_FILL, as every command). */
  fill: TableFill;
}

export interface ThresholdsExperiment extends Common {
  kind: 'thresholds';
  agent: string;
  /** Parameter -> "lo..hi", "lo..hi:step" or "a|b|c". */
  grid: Record<string, string>;
  field: string[];
  players: number;
  rounds: number;
  alpha: number;
}

/** One side of a comparison: a game (or variant) with its bots. */
export interface Arm {
  name: string;
  game: string;
  agents: string[];
  rules: Record<string, unknown>;
  rulesByPlayers: Record<string, Record<string, unknown>>;
}

/**
 * The same deals played under several arms (games, variants, rule settings), side by side: scores,
 * their spread, seat effects, paired differences of the table's mean score on duplicate deals,
 * and what each card is worth to its holder where the game can tell.
 */
export interface CompareExperiment extends Common {
  kind: 'compare';
  arms: Arm[];
  players: number[];
  seatings: SeatingMode;
  /** How tables are filled when the pool has fewer bots than seats (default DEFAULT_FILL, as every command). */
  fill: TableFill;
  /** Report what each card is worth to its holder (games with GameDefinition.holdingWorth). */
  holdings: boolean;
}

/** Ratings for a pool from games at several table sizes (src/ladder/, docs/tournaments.md "The ladder"). */
export interface LadderExperiment extends Common {
  kind: 'ladder';
  agents: string[];
  players: number[];
  seatings: SeatingMode;
  /** How tables are filled when the pool has fewer bots than seats (default DEFAULT_FILL, as every command). */
  fill: TableFill;
  /** The bot rated 0 ("": random if in the pool, else the first). */
  anchor: string;
  /** Every k-th deal held out for the goodness check (0: none). */
  holdout: number;
}

/**
 * `nothanks tune` as an experiment (src/tournament/tune.ts): `games` is the tuning budget in games
 * (the held-out check comes on top), `params` the ranges to tune.
 */
export interface TuneExperiment extends Common {
  kind: 'tune';
  agent: string;
  /** Parameter -> "lo..hi" or "a|b|c". */
  params: Record<string, string>;
  field: string[];
  players: number;
  method: 'spsa' | 'ntbea';
  /** Deals per evaluation. */
  deals: number;
  /** Deals of the held-out check. */
  holdout: number;
  /** Specs replayed beside the tuned and starting settings on the held-out deals (a grid's winner). */
  compare: string[];
}

export type Experiment = StrategiesExperiment | PlayerCountExperiment | ThresholdsExperiment | CompareExperiment | LadderExperiment | TuneExperiment;

type Check = (v: unknown) => string | undefined;
const isInt =
  (lo: number, hi: number): Check =>
  (v) =>
    Number.isInteger(v) && (v as number) >= lo && (v as number) <= hi ? undefined : `an integer from ${lo} to ${hi}`;
const isNumber =
  (lo: number, hi: number): Check =>
  (v) =>
    typeof v === 'number' && v >= lo && v <= hi ? undefined : `a number from ${lo} to ${hi}`;
const isString: Check = (v) => (typeof v === 'string' && v.trim() !== '' ? undefined : 'a non-empty string');
const isBool: Check = (v) => (typeof v === 'boolean' ? undefined : 'true or false');
const oneOf =
  (...choices: string[]): Check =>
  (v) =>
    choices.includes(v as string) ? undefined : `one of ${choices.map((c) => `"${c}"`).join(', ')}`;
const listOf =
  (item: Check, what: string): Check =>
  (v) =>
    Array.isArray(v) && v.length > 0 && v.every((x) => item(x) === undefined) ? undefined : `a non-empty array of ${what}`;
const isObject: Check = (v) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? undefined : 'an object of rule settings');
const objectMap: Check = (v) =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => isObject(x) === undefined)
    ? undefined
    : 'an object of player count: {rule settings}';
const stringMap: Check = (v) =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length > 0 && Object.values(v).every((x) => typeof x === 'string')
    ? undefined
    : 'an object of parameter: "lo..hi" strings';

const COMMON: Record<string, [Check, unknown]> = {
  kind: [oneOf('strategies', 'player-count', 'thresholds', 'compare', 'ladder', 'tune'), undefined],
  game: [(v) => (typeof v === 'string' && GAMES.has(v) ? undefined : `one of ${[...GAMES.keys()].map((g) => `"${g}"`).join(', ')}`), DEFAULT_GAME],
  rules: [isObject, {}],
  rulesByPlayers: [objectMap, {}],
  title: [isString, undefined],
  // May be empty: a run folder's copy of an experiment without one holds "".
  description: [(v) => (typeof v === 'string' ? undefined : 'a string'), ''],
  games: [isInt(1, MAX_DEALS), undefined],
  seed: [(v) => (typeof v === 'string' || typeof v === 'number' ? undefined : 'a string or number'), undefined],
  png: [isBool, true],
  overridden: [(v) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? undefined : 'an object of field: value in the experiment file'), {}],
};

/** Fields of each kind; player counts are checked against the game's range. */
const byKind = (kind: Experiment['kind'], lo: number, hi: number): Record<string, [Check, unknown]> => {
  const counts = `player counts ${lo}..${hi}`;
  switch (kind) {
    case 'strategies':
      return {
        agents: [listOf(isString, 'agent specs'), undefined],
        players: [listOf(isInt(lo, hi), counts), undefined],
        seatings: [oneOf('rotations', 'all'), 'all'],
        fill: [oneOf(...TABLE_FILLS), DEFAULT_FILL],
      };
    case 'player-count':
      return {
        agents: [listOf(isString, 'agent specs'), undefined],
        players: [listOf(isInt(lo, hi), counts), undefined],
        seatings: [oneOf('rotations', 'all'), 'rotations'],
        fill: [oneOf(...TABLE_FILLS), DEFAULT_FILL],
      };
    case 'ladder':
      return {
        agents: [listOf(isString, 'agent specs'), undefined],
        players: [listOf(isInt(lo, hi), counts), undefined],
        seatings: [oneOf('rotations', 'all'), 'all'],
        fill: [oneOf(...TABLE_FILLS), DEFAULT_FILL],
        anchor: [isString, ''],
        holdout: [
          (v) => (v === 0 || (Number.isInteger(v) && (v as number) >= 2 && (v as number) <= 1000) ? undefined : '0 (none) or an integer from 2 to 1000'),
          5,
        ],
      };
    case 'compare':
      return {
        arms: [isArms, undefined],
        players: [listOf(isInt(lo, hi), counts), undefined],
        seatings: [oneOf('rotations', 'all'), 'all'],
        fill: [oneOf(...TABLE_FILLS), DEFAULT_FILL],
        holdings: [isBool, true],
      };
    case 'thresholds':
      return {
        agent: [isString, undefined],
        grid: [stringMap, undefined],
        field: [listOf(isString, 'agent specs'), undefined],
        players: [isInt(lo, hi), undefined],
        rounds: [isInt(1, 100), 4],
        alpha: [isNumber(1e-9, 0.5), 0.05],
      };
    case 'tune':
      return {
        agent: [isString, undefined],
        params: [stringMap, undefined],
        field: [listOf(isString, 'agent specs'), undefined],
        players: [isInt(lo, hi), undefined],
        method: [oneOf('spsa', 'ntbea'), 'spsa'],
        deals: [isInt(1, 100_000), DEFAULT_TUNE_DEALS],
        holdout: [isInt(20, MAX_DEALS), 1000],
        compare: [(v) => (Array.isArray(v) && v.every((x) => isString(x) === undefined) ? undefined : 'an array of agent specs'), []],
      };
  }
};

const isArms: Check = (v) => {
  const what = 'a non-empty array of {"name", "game", "agents", "rules", "rulesByPlayers"} with distinct names';
  if (!Array.isArray(v) || v.length === 0) return what;
  const names = new Set<string>();
  for (const arm of v as Record<string, unknown>[]) {
    if (typeof arm !== 'object' || arm === null || Array.isArray(arm)) return what;
    for (const key of Object.keys(arm)) if (!['name', 'game', 'agents', 'rules', 'rulesByPlayers'].includes(key)) return `${what} (unknown arm field "${key}")`;
    if (isString(arm.name) || names.has(arm.name as string)) return what;
    names.add(arm.name as string);
    if (arm.game !== undefined && !GAMES.has(arm.game as string)) return `${what} (unknown game ${JSON.stringify(arm.game)})`;
    if (listOf(isString, '')(arm.agents)) return `${what} (arm "${String(arm.name)}" needs agents)`;
    if (arm.rules !== undefined && isObject(arm.rules)) return what;
    if (arm.rulesByPlayers !== undefined && objectMap(arm.rulesByPlayers)) return what;
  }
  return undefined;
};

/** The rule settings an experiment (or one arm of a comparison) plays at `players` seats. */
export function experimentRules(exp: Experiment | Arm, players: number): RulesInput {
  return { ...exp.rules, ...exp.rulesByPlayers[String(players)], players };
}

/** An arm's name as a folder name: letters and digits, the rest one hyphen. */
export const armSlug = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'arm';

/** The arms of a comparison with the experiment's game and rules filled in where an arm has none. */
function completeArms(exp: CompareExperiment): Arm[] {
  return exp.arms.map((a) => ({ ...a, game: a.game ?? exp.game, rules: a.rules ?? exp.rules, rulesByPlayers: a.rulesByPlayers ?? exp.rulesByPlayers }));
}

/** Validates parsed JSON; the error names the field and what is allowed. */
export function validateExperiment(raw: unknown, source = 'experiment'): Experiment {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new UserError(`${source}: must be a JSON object`);
  const obj = raw as Record<string, unknown>;
  for (const key of ['kind', 'game'] as const) {
    const problem = obj[key] === undefined && key === 'game' ? undefined : COMMON[key]![0](obj[key]);
    if (problem) throw new UserError(`${source}: field "${key}" must be ${problem}, got ${JSON.stringify(obj[key])}`);
  }
  const game = gameById((obj.game as string | undefined) ?? DEFAULT_GAME);
  const fields = { ...COMMON, ...byKind(obj.kind as Experiment['kind'], game.minPlayers, game.maxPlayers) };
  for (const key of Object.keys(obj)) {
    if (!Object.hasOwn(fields, key))
      throw new UserError(`${source}: unknown field "${key}" (allowed for ${String(obj.kind)}: ${Object.keys(fields).join(', ')})`);
  }
  const out: Record<string, unknown> = {};
  for (const [key, [check, fallback]] of Object.entries(fields)) {
    const value = obj[key];
    if (value === undefined) {
      if (fallback === undefined) throw new UserError(`${source}: missing field "${key}"`);
      out[key] = fallback;
      continue;
    }
    const problem = check(value);
    if (problem) throw new UserError(`${source}: field "${key}" must be ${problem}, got ${JSON.stringify(value)}`);
    out[key] = value;
  }
  out.seed = String(out.seed);
  const exp = out as unknown as Experiment;
  if (exp.kind === 'compare') {
    exp.arms = completeArms(exp);
    const folders = new Map<string, string>();
    for (const arm of exp.arms) {
      const other = folders.get(armSlug(arm.name));
      if (other !== undefined)
        throw new UserError(
          `${source}: arms "${other}" and "${arm.name}" would write to the same folder (${armSlug(arm.name)}-players-N): give them names that differ in letters or digits`,
        );
      folders.set(armSlug(arm.name), arm.name);
    }
    for (const arm of exp.arms) {
      const g = gameById(arm.game);
      for (const players of exp.players) {
        if (players < g.minPlayers || players > g.maxPlayers)
          throw new UserError(`${source}: arm "${arm.name}": ${g.id} is for ${g.minPlayers} to ${g.maxPlayers} players, not ${players}`);
        try {
          g.makeRules(experimentRules(arm, players));
        } catch (err) {
          if (err instanceof UserError) throw new UserError(`${source}: arm "${arm.name}", rules at ${players} players: ${err.message}`);
          throw err;
        }
      }
    }
    return exp;
  }
  if (exp.kind === 'ladder' && exp.anchor !== '' && !exp.agents.map((a) => a.trim()).includes(exp.anchor.trim())) {
    throw new UserError(`${source}: field "anchor" must be one of the agents, got ${JSON.stringify(exp.anchor)}`);
  }
  const counts = Array.isArray(exp.players) ? exp.players : [exp.players];
  if (new Set(counts).size !== counts.length) throw new UserError(`${source}: field "players" lists a player count twice`);
  if ('players' in exp.rules) throw new UserError(`${source}: field "rules" must not set players (use the field "players")`);
  for (const [key, settings] of Object.entries(exp.rulesByPlayers)) {
    if (!counts.includes(Number(key)))
      throw new UserError(
        `${source}: field "rulesByPlayers" names ${JSON.stringify(key)}, which is not one of the experiment's player counts (${counts.join(', ')})`,
      );
    if ('players' in settings) throw new UserError(`${source}: field "rulesByPlayers" must not set players`);
  }
  // Every table's rules are checked now, so a bad setting fails before any game is played.
  for (const players of counts) {
    try {
      game.makeRules(experimentRules(exp, players));
    } catch (err) {
      if (err instanceof UserError) throw new UserError(`${source}: rules at ${players} players: ${err.message}`);
      throw err;
    }
  }
  return exp;
}

export function loadExperiment(path: string): Experiment {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new UserError(`cannot read experiment file ${path}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new UserError(`${path}: not valid JSON (${(err as Error).message})`);
  }
  return validateExperiment(raw, path);
}

export interface RunOptions {
  games?: number;
  out?: string;
  /** Overwrite an --out folder that holds files. */
  force?: boolean;
  threads?: number;
  /** Per-decision time limit in seconds of every tournament it plays (runTournament's decisionSeconds). */
  decisionSeconds?: number;
  /** Folder for bot programs' stderr logs (set by runExperiment: the run folder's bot-logs/). */
  botLogs?: string;
  quiet?: boolean;
  signal?: AbortSignal;
  log?: (line: string) => void;
  /** Play only this shard's deals of every tournament and keep their exact state (merge makes the charts and report). */
  shard?: Shard;
  /** Continue the run in `out` from its saved state. */
  resume?: boolean;
  /**
   * Where each tournament's result comes from, by part name ("players-4"): by default it is played
   * and checkpointed in the run folder; `nothanks merge` hands in the shards' merged results.
   */
  play?: (part: string, options: TournamentOptions) => Promise<TournamentResult>;
}
