import { createRequire } from 'node:module';
import { isMainThread, MessagePort } from 'node:worker_threads';
import { move } from 'piscina';
import { builtinAgent, createBot, type LoadedAgent } from '../agents/builtin.js';
import { parseSpec } from '../agents/spec.js';
import { BatchLayout, type SeatableAgent } from '../game/contract.js';
import { DECISION_TIMING, runBatch, type Batch, type BatchResult } from './batch.js';
import { CLOCK_ACTIVE } from '../game/clock.js';
import { freezeLabClasses } from '../game/protect.js';
import { streamSaltOf } from './sandbox/stream-salt.js';
import { loadGame, type RegisteredGame } from '../game-loader.js';
import { UserError } from '../errors.js';
import type { IntegrityGuard } from './sandbox/integrity.js';
import { TournamentStats, type StatsShape } from '../stats/tournament-stats.js';

/** What a worker sends back for one batch, unpacked. */
export interface WorkerResult extends BatchResult {
  /** Exact tallies of the batch (TournamentStats.exportTallyInto). */
  tally: Float64Array;
  /** Per deal: each agent's mean score, then each metric's mean (TournamentStats.tallyDeal). */
  means: Float64Array;
  /** Per pool bot: its decision timing in this batch (batch.ts DECISION_TIMING). */
  timing: Float64Array;
}

/**
 * The numbers travel as one transferred ArrayBuffer: [tally | means | timing] as float64, then the batch
 * data as int32. Records (strings) are cloned alongside only when a log was asked for.
 */
export type WireResult = ArrayBuffer | { buffer: ArrayBuffer; records: string[] } | { userError: string };

export function unpack(wire: ArrayBuffer, tallyLength: number, meansLength: number, poolSize: number, records?: string[]): WorkerResult {
  const timingLength = poolSize * DECISION_TIMING;
  const floats = tallyLength + meansLength + timingLength;
  return {
    tally: new Float64Array(wire, 0, tallyLength),
    means: new Float64Array(wire, tallyLength * 8, meansLength),
    timing: new Float64Array(wire, (tallyLength + meansLength) * 8, timingLength),
    data: new Int32Array(wire, floats * 8),
    records,
  };
}

/** What the main thread sends: the batch and the statistics' shape (identical on both sides). */
export interface WorkerTask {
  batch: Batch;
  shape: StatsShape;
}

// A bot calling process.exit() would end this worker thread and lose its batch with a bare
// "worker exited": here it throws instead, and the table names the bot, seat and game.
// (The main thread imports this module for unpack(): only worker threads are patched.)
if (!isMainThread) {
  process.exit = ((code?: number | string | null) => {
    throw new Error(`called process.exit(${code ?? ''}); a bot must return its move`);
  }) as typeof process.exit;
  // The undocumented way around it, closed too.
  (process as unknown as { reallyExit: (code?: number) => never }).reallyExit = (code?: number) => {
    throw new Error(`called process.reallyExit(${code ?? ''}); a bot must return its move`);
  };
}

// Transferring a result detaches its ArrayBuffer, and the first detach in a thread invalidates one
// of V8's thread-wide assumptions (no ArrayBuffer was ever detached): every optimised function that
// reads a typed array (the engine, the bots, the tallies) is thrown away and compiled again after
// the first batch. Detaching one empty buffer here, before any code is optimised, pays that once,
// for nothing.
if (!isMainThread) {
  const empty = new ArrayBuffer(0);
  structuredClone(empty, { transfer: [empty] });
}

/**
 * Before the first bot that is not the lab's own loads in this thread (a bot file or program, or
 * any bot under --isolate): the lab's classes frozen (src/game/protect.ts), then the fingerprint of
 * what stays writable, checked after every batch from then on. A thread that plays only built-in
 * bots runs no code but the lab's, so it has nothing to watch: it skips the freeze (it built every
 * game's state and bot, 10-17 ms of each thread's start-up) and the check (about 1 ms a batch).
 */
let guard: IntegrityGuard | undefined;
/** The guard's module, loaded with the first guard (importing it registers its classes for the freeze). */
let integrity: typeof import('./sandbox/integrity.js') | undefined;
const needsGuard = (batch: Batch): boolean => batch.isolate === true || batch.pool.some((spec) => parseSpec(spec).kind !== 'builtin');

/**
 * The pool as this worker seats it (labels as in the main thread); a create() that throws names its
 * bot. A pool of built-in bots loads from its game alone; the agent registry (every game), the
 * sandbox's loader (bot files, programs, --isolate) and their modules load only for a pool that has
 * such a bot.
 */
async function seatable(batch: Batch, game: RegisteredGame, foreign: boolean): Promise<SeatableAgent[]> {
  let loaded: LoadedAgent[];
  if (foreign) {
    const [{ seatAgent }, { loadPool }] = await Promise.all([import('./sandbox/load.js'), import('../agents/registry.js')]);
    loaded = await loadPool(batch.pool, batch.game, (text, id) => seatAgent(text, id, { isolate: batch.isolate, botLogs: batch.botLogs }));
  } else {
    loaded = batch.pool.map((text) => builtinAgent(parseSpec(text), game));
  }
  return loaded.map((a) => ({ label: a.label, create: () => createBot(a) }));
}

/**
 * Before the first bot file loads in this thread: the doors around the lab's classes that an
 * in-process bot could otherwise use. The port this thread's results leave by
 * (`MessagePort.prototype.postMessage`, patched, rewrote a batch's results) is frozen, and
 * `node:inspector` (a session reads any object of the thread, #private fields included, and can
 * rewrite them) refuses to connect or open. What still stays open is in docs/fair-play.md.
 */
function closeSideDoors(): void {
  Object.freeze(MessagePort.prototype);
  const require = createRequire(import.meta.url);
  const closed = (): never => {
    throw new Error('node:inspector is closed to bots in the lab (a session would read the engine): use --isolate to debug a bot with it');
  };
  // (SIGUSR1, which opens the main thread's inspector, is the main thread's to refuse: load.ts.)
  // Both loaded before either is changed: the promises module builds on the other's Session.
  const modules = ['node:inspector', 'node:inspector/promises'].map((id) => require(id) as { Session: { prototype: object }; open?: unknown });
  for (const inspector of modules) {
    for (const name of ['connect', 'connectToMainThread']) Object.defineProperty(inspector.Session.prototype, name, { value: closed });
    Object.freeze(inspector.Session.prototype);
    if (inspector.open) Object.defineProperty(inspector, 'open', { value: closed });
    Object.freeze(inspector);
  }
  // The same inspector by its binding (Connection, MainThreadConnection, open), which the module wraps.
  const host = process as unknown as { binding: (name: string) => unknown };
  const binding = host.binding.bind(process);
  Object.defineProperty(process, 'binding', {
    value: (name: string) => (name === 'inspector' ? closed() : binding(name)),
    writable: false,
    configurable: false,
  });
}

const statsCache = new Map<string, TournamentStats>();
const poolCache = new Map<string, Promise<SeatableAgent[]>>();

/**
 * Piscina worker: plays one batch through its game's fast path and tallies it, so the main
 * thread only merges tallies and feeds per-deal means in order. A user error (a bot that crashes
 * or breaks the rules) comes back as a message, so the main thread can print it as one line
 * instead of a stack dump.
 */
export default async function run({ batch, shape }: WorkerTask): Promise<WireResult> {
  try {
    const game = await loadGame(batch.game);
    const P = batch.seatings[0]!.length;
    const key = JSON.stringify([batch.pool.length, batch.seatings, shape]);
    let stats = statsCache.get(key);
    if (!stats) statsCache.set(key, (stats = new TournamentStats(batch.pool, batch.seatings, P, shape)));
    const poolKey = JSON.stringify([batch.game, batch.pool, batch.isolate === true, batch.botLogs]);
    let pool = poolCache.get(poolKey);
    if (!pool) {
      const foreign = needsGuard(batch);
      if (foreign && !guard) {
        integrity = await import('./sandbox/integrity.js');
        freezeLabClasses();
        closeSideDoors();
        guard = new integrity.IntegrityGuard();
      }
      poolCache.set(poolKey, (pool = seatable(batch, game, foreign)));
    }
    const agents = await pool;
    stats.resetTally();
    batch.streamSalt = streamSaltOf(batch.game, batch.master);
    const deals = batch.to - batch.from;
    const M = shape.metrics.length;
    const layout = new BatchLayout(deals, batch.seatings.length, P, M);
    const stride = stats.meansPerDeal;
    const buffer = new ArrayBuffer((stats.tallyLength + deals * stride + batch.pool.length * DECISION_TIMING) * 8 + layout.length * 4);
    const out = unpack(buffer, stats.tallyLength, deals * stride, batch.pool.length);
    // Active once a game starts (the batch loops set it), so creating the tables' bots is not timed.
    if (batch.clock) batch.clock[CLOCK_ACTIVE] = 0;
    let result: BatchResult;
    try {
      result = runBatch(game, batch, agents, out.data, out.timing);
    } finally {
      if (batch.clock) batch.clock[CLOCK_ACTIVE] = 0;
    }
    const d = out.data;
    for (let i = 0; i < deals; i++) {
      const gameInMatch = batch.matchLength ? (batch.from + i) % batch.matchLength : 0;
      stats.tallyDeal(d, layout, i * batch.seatings.length * P, d[layout.starters + i]!, gameInMatch, out.means, i * stride);
    }
    stats.exportTallyInto(out.tally);
    const tampered = guard?.check();
    if (tampered) return { userError: integrity!.tamperMessage(tampered, batch.pool) };
    // move() wraps the buffer for transfer; the main thread receives the ArrayBuffer itself.
    return result.records ? { buffer, records: result.records } : (move(buffer) as unknown as ArrayBuffer);
  } catch (err) {
    if (err instanceof UserError) return { userError: err.message };
    throw err;
  }
}
