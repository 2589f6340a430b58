import { move } from 'piscina';
import { loadPool, type LoadedAgent } from '../agents/registry.js';
import { batchLayout, type Batch, type BatchResult } from '../game/contract.js';
import { gameById } from '../game/registry.js';
import { UserError } from '../errors.js';
import { TournamentStats, type StatsShape } from '../stats/tournament-stats.js';

/** What a worker sends back for one batch, unpacked. */
export interface WorkerResult extends BatchResult {
  /** Exact tallies of the batch (TournamentStats.exportTallyInto). */
  tally: Float64Array;
  /** Per deal: each agent's mean score, then each metric's mean (TournamentStats.tallyDeal). */
  means: Float64Array;
}

/**
 * The numbers travel as one transferred ArrayBuffer: [tally | means] as float64, then the batch
 * data as int32. Records (strings) are cloned alongside only when a log was asked for.
 */
export type WireResult = ArrayBuffer | { buffer: ArrayBuffer; records: string[] } | { userError: string };

export function unpack(wire: ArrayBuffer, tallyLength: number, meansLength: number, records?: string[]): WorkerResult {
  const floats = tallyLength + meansLength;
  return {
    tally: new Float64Array(wire, 0, tallyLength),
    means: new Float64Array(wire, tallyLength * 8, meansLength),
    data: new Int32Array(wire, floats * 8),
    records,
  };
}

/** What the main thread sends: the batch and the statistics' shape (identical on both sides). */
export interface WorkerTask {
  batch: Batch;
  shape: StatsShape;
}

const statsCache = new Map<string, TournamentStats>();
const poolCache = new Map<string, Promise<LoadedAgent[]>>();

/**
 * Piscina worker: plays one batch through its game's fast path and tallies it, so the main
 * thread only merges tallies and feeds per-deal means in order. A user error (a bot that crashes
 * or breaks the rules) comes back as a message, so the main thread can print it as one line
 * instead of a stack dump.
 */
export default async function run({ batch, shape }: WorkerTask): Promise<WireResult> {
  try {
    const game = gameById(batch.game);
    const P = batch.seatings[0]!.length;
    const key = JSON.stringify([batch.pool.length, batch.seatings, shape]);
    let stats = statsCache.get(key);
    if (!stats) statsCache.set(key, (stats = new TournamentStats(batch.pool, batch.seatings, P, shape)));
    const poolKey = JSON.stringify([batch.game, batch.pool]);
    let pool = poolCache.get(poolKey);
    if (!pool) poolCache.set(poolKey, (pool = loadPool(batch.pool, batch.game)));
    const agents = await pool;
    stats.resetTally();
    const deals = batch.to - batch.from;
    const M = shape.metrics.length;
    const layout = batchLayout(deals, batch.seatings.length, P, M);
    const stride = stats.meansPerDeal;
    const buffer = new ArrayBuffer((stats.tallyLength + deals * stride) * 8 + layout.length * 4);
    const out = unpack(buffer, stats.tallyLength, deals * stride);
    const result = game.playBatch(batch, agents, out.data);
    const d = out.data;
    for (let i = 0; i < deals; i++) {
      const gameInMatch = batch.matchLength ? (batch.from + i) % batch.matchLength : 0;
      stats.tallyDeal(d, layout, i * batch.seatings.length * P, d[layout.starters + i]!, gameInMatch, out.means, i * stride);
    }
    stats.exportTallyInto(out.tally);
    // move() wraps the buffer for transfer; the main thread receives the ArrayBuffer itself.
    return result.records ? { buffer, records: result.records } : (move(buffer) as unknown as ArrayBuffer);
  } catch (err) {
    if (err instanceof UserError) return { userError: err.message };
    throw err;
  }
}
