import { UserError } from './errors.js';
import type { GameDefinition } from './game/contract.js';
import { registerGame, type RegisteredGame } from './game-loader.js';
import * as manifests from './games/registry.js';

export type { RegisteredGame } from './game-loader.js';

/**
 * Every game the lab knows, by id, with its bots: the one door generic code (tournament,
 * statistics, outputs, experiments, CLI, bench, web) goes through to a game. The games are those
 * src/games/registry.ts lists (one line each): the default game first, then the others by name.
 */
export const GAMES: ReadonlyMap<string, RegisteredGame> = frozenMap(
  Object.values(manifests)
    .sort((a, b) => Number(b === manifests.noThanks) - Number(a === manifests.noThanks) || a.name.localeCompare(b.name, 'en'))
    .map((manifest) => [manifest.id, registerGame(manifest)]),
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

/** The game of a command that names none: the lab's first. */
export const DEFAULT_GAME: string = manifests.noThanks.id;

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
