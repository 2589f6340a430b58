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
export const GAMES: ReadonlyMap<string, RegisteredGame> = frozenRegistry(
  Object.values(manifests)
    .sort((a, b) => Number(b === manifests.noThanks) - Number(a === manifests.noThanks) || a.name.localeCompare(b.name, 'en'))
    .map((manifest) => [manifest.id, registerGame(manifest)]),
);

/**
 * A registry no one can change: a bot file that imports it must not swap a game's table maker or
 * results for its own (that forged the leaderboard), so the definitions are frozen deeply and the
 * registry is no Map at all (a Map's own writers, refused on the instance, were still reached by
 * `Map.prototype.set.call(GAMES, ...)`): a frozen object whose methods read a frozen,
 * prototype-less table through closures. It reads as a ReadonlyMap.
 */
function frozenRegistry<V>(entries: [string, V][]): ReadonlyMap<string, V> {
  const byId = Object.create(null) as Record<string, V>;
  for (const [id, value] of entries) byId[id] = value;
  Object.freeze(byId);
  const ids = Object.freeze(entries.map(([id]) => id));
  const has = (id: unknown): id is string => typeof id === 'string' && Object.hasOwn(byId, id);
  const registry = {
    get size(): number {
      return ids.length;
    },
    get: (id: unknown): V | undefined => (has(id) ? byId[id] : undefined),
    has,
    keys: () => ids.values(),
    values: () => ids.map((id) => byId[id]!).values(),
    entries: () => ids.map((id): [string, V] => [id, byId[id]!]).values(),
    forEach(callback: (value: V, key: string, map: ReadonlyMap<string, V>) => void, thisArg?: unknown): void {
      for (const id of ids) callback.call(thisArg, byId[id]!, id, registry as unknown as ReadonlyMap<string, V>);
    },
    [Symbol.iterator]: () => ids.map((id): [string, V] => [id, byId[id]!]).values(),
    [Symbol.toStringTag]: 'GameRegistry',
  };
  return Object.freeze(registry) as unknown as ReadonlyMap<string, V>;
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
