import { NO_CLOCK } from './clock.js';
import type { Batch, SeatableAgent } from './contract.js';
import type { SeedKey } from './seed.js';

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

/** What a table's seat plumbing takes from the tournament for a batch (Seats, or No Thanks!'s own table). */
export interface BatchSeats {
  clock: Int32Array;
  readonly streamSalt: SeedKey;
}

/** Hands every table the batch's decision-clock slot and seat-stream salt; returns the clock for startGame. */
export function armTables(batch: Batch, seats: readonly BatchSeats[]): Int32Array {
  const clock = batch.clock ?? NO_CLOCK;
  for (const s of seats) {
    s.clock = clock;
    s.streamSalt.hi = batch.streamSalt?.hi ?? 0;
    s.streamSalt.lo = batch.streamSalt?.lo ?? 0;
  }
  return clock;
}
