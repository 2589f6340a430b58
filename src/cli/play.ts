import { loadPool } from '../agents/registry.js';
import { splitLineup } from '../agents/spec.js';
import { gameById } from '../registry.js';
import { UserError } from '../errors.js';
import { rulesFromArgs, type RuleArgs } from './options.js';

/**
 * `nothanks play`: you (the game's human bot) in seat `seat`, the given bots in the other seats,
 * one or more games in a row, at the terminal.
 */
export async function playCommand(a: RuleArgs & { agents: string; seat?: number; seed: string; games: number }): Promise<void> {
  const game = gameById(a.game);
  const bots = splitLineup(a.agents);
  const P = a.players ?? bots.length + 1;
  if (bots.length !== P - 1) throw new UserError(`--players ${P} seats you and ${P - 1} bots, but --agents names ${bots.length}`);
  const seat = a.seat ?? 0;
  if (!Number.isInteger(seat) || seat < 0 || seat >= P) throw new UserError(`--seat must be from 0 to ${P - 1}`);
  if (!Number.isInteger(a.games) || a.games < 1) throw new UserError(`--games must be a positive integer, got ${a.games}`);
  const specs = [...bots];
  specs.splice(seat, 0, 'human');
  const rules = game.makeRules(rulesFromArgs(a, game, P));
  const agents = await loadPool(specs, game.id);
  game.playAtTerminal({ rules, agents, seed: a.seed, games: a.games, humanSeat: seat });
}
