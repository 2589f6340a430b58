import type { Batch, SeatableAgent } from './contract.js';

/**
 * A worker's tables for one run, kept across its batches: each game's playBatch asks for them, so
 * bots are created once per seat and seating, not once per batch. `make` builds one table from a
 * lineup's fresh bots and their labels. Called once per batch, never per game.
 */
export function cachedTables<T>(cache: Map<string, T[]>, batch: Batch, pool: readonly SeatableAgent[], make: (bots: unknown[], labels: string[]) => T): T[] {
  const key = JSON.stringify([batch.rules, batch.pool, batch.seatings]);
  let tables = cache.get(key);
  if (!tables) {
    tables = batch.seatings.map((lineup) =>
      make(
        lineup.map((a) => pool[a]!.create()),
        lineup.map((a) => pool[a]!.label),
      ),
    );
    cache.set(key, tables);
  }
  return tables;
}
