import { batchLayout, playBatch, type Batch, type BatchResult } from '../engine/batch.js';
import { UserError } from '../errors.js';
import { TournamentStats } from '../stats/tournament-stats.js';

/** What a worker sends back for one batch. */
export interface WorkerResult extends BatchResult {
  /** Exact tallies of the batch (TournamentStats.exportTally). */
  tally: Float64Array;
  /** Per deal: each agent's mean score, then mean chips (TournamentStats.tallyDeal). */
  means: Float64Array;
}

const statsCache = new Map<string, TournamentStats>();

/**
 * Piscina worker: plays one batch and tallies it, so the main thread only merges tallies and feeds
 * per-deal means in order. A user error (a bot that crashes or breaks the rules) comes back as a
 * message, so the main thread can print it as one line instead of a stack dump.
 */
export default async function run(batch: Batch): Promise<WorkerResult | { userError: string }> {
  try {
    const result = await playBatch(batch);
    const P = batch.seatings[0]!.length;
    const key = JSON.stringify([batch.pool.length, batch.seatings, batch.matchLength]);
    let stats = statsCache.get(key);
    if (!stats) statsCache.set(key, (stats = new TournamentStats(batch.pool, batch.seatings, P, batch.matchLength)));
    stats.resetTally();
    const deals = batch.to - batch.from;
    const layout = batchLayout(deals, batch.seatings.length, P);
    const d = result.data;
    const scores = d.subarray(layout.scores);
    const chips = d.subarray(layout.chips);
    const means = new Float64Array(deals * 2 * batch.pool.length);
    for (let i = 0; i < deals; i++) {
      const gameInMatch = batch.matchLength ? (batch.from + i) % batch.matchLength : 0;
      stats.tallyDeal(scores, chips, i * batch.seatings.length * P, d[layout.starters + i]!, gameInMatch, means, i * 2 * batch.pool.length);
    }
    return { ...result, tally: stats.exportTally(), means };
  } catch (err) {
    if (err instanceof UserError) return { userError: err.message };
    throw err;
  }
}
