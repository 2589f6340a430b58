import { UserError } from '../errors.js';
import { noThanks } from '../games/no-thanks/index.js';
import { noThanksSpecials } from '../games/no-thanks-specials/index.js';
import { sixNimmt } from '../games/six-nimmt/index.js';
import type { GameDefinition } from './contract.js';

/**
 * Every game the lab knows, by id. The one place generic code (tournament, statistics, outputs,
 * experiments, CLI) reaches a game's folder; adding a game is one line here.
 */
export const GAMES: ReadonlyMap<string, GameDefinition> = new Map(
  ([noThanks, sixNimmt, noThanksSpecials] as unknown as GameDefinition[]).map((g) => [g.id, g]),
);

export const DEFAULT_GAME = 'no-thanks';

export function gameById(id: string): GameDefinition {
  const game = GAMES.get(id);
  if (!game) throw new UserError(`unknown game "${id}" (known: ${[...GAMES.keys()].join(', ')})`);
  return game;
}

/** Win shares are tallied in units of lcm(1..maxPlayers), so a k-way shared win stays an integer. */
export function shareUnit(game: GameDefinition): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let unit = 1;
  for (let k = 2; k <= game.maxPlayers; k++) unit = (unit * k) / gcd(unit, k);
  return unit;
}
