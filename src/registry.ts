import { UserError } from './errors.js';
import { noThanks } from './games/no-thanks/index.js';
import { noThanksSpecials } from './games/no-thanks-specials/index.js';
import { sixNimmt } from './games/six-nimmt/index.js';
import { bots as noThanksBots, rollout as noThanksRollout } from '../agents/no-thanks/index.js';
import { bots as noThanksSpecialsBots, rollout as noThanksSpecialsRollout } from '../agents/no-thanks-specials/index.js';
import { bots as sixNimmtBots, rollout as sixNimmtRollout } from '../agents/six-nimmt/index.js';
import type { GameDefinition } from './game/contract.js';
import { registerGame, type RegisteredGame } from './game-loader.js';

export type { RegisteredGame } from './game-loader.js';

/**
 * Every game the lab knows, by id, with its bots. The one place generic code (tournament,
 * statistics, outputs, experiments, CLI, bench, web) reaches a game's folder or its bots' folder;
 * adding a game is one line here and one in src/game-loader.ts (which loads a game alone, for a
 * worker thread; the registry test then asks for both, its conformance suite, golden records and
 * web view).
 */
export const GAMES: ReadonlyMap<string, RegisteredGame> = frozenMap(
  (
    [
      [noThanks, noThanksBots, noThanksRollout],
      [sixNimmt, sixNimmtBots, sixNimmtRollout],
      [noThanksSpecials, noThanksSpecialsBots, noThanksSpecialsRollout],
    ] as const
  ).map(([game, agents, rollout]) => [game.id, registerGame(game, agents, rollout)]),
);

/**
 * A Map no one can change: a bot file that imports the registry must not swap a game's table
 * maker or results for its own (that forged the leaderboard), so the definitions are frozen deeply
 * and the Map's writers refuse.
 */
function frozenMap<K, V>(entries: [K, V][]): ReadonlyMap<K, V> {
  const map = new Map(entries);
  for (const name of ['set', 'delete', 'clear'])
    Object.defineProperty(map, name, {
      value: () => {
        throw new TypeError('the game registry cannot be changed');
      },
    });
  return Object.freeze(map);
}

export const DEFAULT_GAME = 'no-thanks';

export function gameById(id: string): RegisteredGame {
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
