import { createHash } from 'node:crypto';
import type { SeedKey } from '../../game/seed.js';

/**
 * The seat-stream salt of a run: a one-way hash (SHA-256) of the game and master seed, so the key a
 * bot could recover by inverting its sfc32 stream says nothing about the deal (SeatStream). Equal
 * in every worker, shard and resume of the run: results stay a function of the seed alone.
 */
export function streamSaltOf(game: string, master: string): SeedKey {
  const digest = createHash('sha256').update(`nothanks seat streams\u0000${game}\u0000${master}`).digest();
  return { hi: digest.readUInt32BE(0), lo: digest.readUInt32BE(4) };
}
