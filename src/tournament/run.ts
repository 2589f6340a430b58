import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { loadAgent } from '../agents/registry.js';
import { batchLayout, type Batch, type BatchResult, type GameDefinition, type RulesInput } from '../game/contract.js';
import { DEFAULT_GAME, gameById, shareUnit } from '../game/registry.js';
import { AgentError, UserError } from '../errors.js';
import { distModule } from '../paths.js';
import { TournamentStats, type StatsShape } from '../stats/tournament-stats.js';
import { schedule, seatingsOf, type SeatingMode } from './schedule.js';
import { unpack, type WireResult, type WorkerResult, type WorkerTask } from './worker.js';

export interface TournamentOptions {
  /** Game id (default no-thanks). */
  game?: string;
  /** Agent specs of the pool (duplicates are merged). */
  pool: string[];
  rules: RulesInput;
  /** Deals per seating. */
  games: number;
  /** First deal index (default 0): later rounds of a race continue on fresh deals. */
  firstDeal?: number;
  /** Explicit tables (pool indices per seat) instead of every combination; the pool is then kept as given. */
  tables?: number[][];
  seed: string;
  selfPlay?: boolean;
  seatings?: SeatingMode;
  format?: 'single' | 'circuit';
  threads?: number;
  /** Deals per worker task (default: about 20,000 games a task). Results do not depend on it. */
  chunk?: number;
  records?: boolean;
  /**
   * Stop with an error when no game finishes for this many seconds (default 120): a bot that never
   * answers must not hang the run. Very slow bots may need more.
   */
  stallSeconds?: number;
  signal?: AbortSignal;
  onProgress?(gamesDone: number, gamesTotal: number): void;
  /** Called in deal order with each finished batch (for logs and per-game rows). */
  onBatch?(batch: Batch, result: BatchResult, seatings: number[][]): void;
}

export interface TournamentResult {
  game: GameDefinition;
  pool: string[];
  /** The game's rules object (GameDefinition.makeRules). */
  rules: { players: number };
  seatings: number[][];
  stats: TournamentStats;
  dealsPlayed: number;
  gamesPlayed: number;
  decisions: number;
  elapsedSeconds: number;
  /** True when the run was interrupted: the statistics cover the first dealsPlayed deals. */
  partial: boolean;
  threads: number;
  chunk: number;
}

/** Checks the options and loads every bot once in this thread, so mistakes fail before any work. */
export async function prepare(options: TournamentOptions): Promise<{ game: GameDefinition; pool: string[]; rules: { players: number }; seatings: number[][] }> {
  const game = gameById(options.game ?? DEFAULT_GAME);
  const pool = options.tables ? options.pool.map((s) => s.trim()) : [...new Set(options.pool.map((s) => s.trim()))];
  if (pool.length === 0) throw new UserError('no agents given');
  const rules = game.makeRules(options.rules);
  const loaded = await Promise.all(pool.map((spec) => loadAgent(spec, game.id)));
  // A bot file must be importable in worker threads too: check it now, one line if not.
  for (const agent of loaded) {
    try {
      agent.create();
    } catch (err) {
      throw new AgentError(`bot "${agent.label}" failed to start: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  if (!Number.isInteger(options.games) || options.games < 1) throw new UserError(`games must be a positive integer, got ${options.games}`);
  if (options.format === 'circuit' && options.games % rules.players !== 0) {
    throw new UserError(`circuit format plays matches of ${rules.players} games: games must be a multiple of ${rules.players}, got ${options.games}`);
  }
  if (options.threads !== undefined && (!Number.isInteger(options.threads) || options.threads < 1 || options.threads > 256)) {
    throw new UserError(`threads must be an integer from 1 to 256, got ${options.threads}`);
  }
  if (options.stallSeconds !== undefined && !(options.stallSeconds > 0)) throw new UserError(`stall timeout must be a positive number of seconds, got ${options.stallSeconds}`);
  if (options.chunk !== undefined && (!Number.isInteger(options.chunk) || options.chunk < 1)) {
    throw new UserError(`chunk must be a positive integer, got ${options.chunk}`);
  }
  const mode = options.seatings ?? 'rotations';
  for (const t of options.tables ?? []) {
    if (t.length !== rules.players || t.some((a) => !Number.isInteger(a) || a < 0 || a >= pool.length)) {
      throw new UserError(`table ${JSON.stringify(t)} does not seat ${rules.players} agents of the pool`);
    }
  }
  const seatings = options.tables
    ? options.tables.flatMap((t) => seatingsOf(t, mode))
    : schedule(pool.length, rules.players, options.selfPlay ?? false, mode);
  return { game, pool, rules, seatings };
}

/** The statistics' view of a run: the game's metrics, share unit and score range. */
export function statsShape(game: GameDefinition, rules: { players: number }, matchLength: number): StatsShape {
  return { matchLength, metrics: game.metrics.map((m) => m.id), shareUnit: shareUnit(game), scoreRange: game.scoreRange(rules) };
}

/**
 * Plays every seating of every table on deals 0..games-1 in piscina worker threads and streams
 * the results, in deal order, into the statistics. Deal order makes the numbers identical for any
 * thread count and chunk size; only one window of finished batches waits in memory.
 */
export async function runTournament(options: TournamentOptions): Promise<TournamentResult> {
  const { game, pool, rules, seatings } = await prepare(options);
  const P = rules.players;
  const matchLength = options.format === 'circuit' ? P : 0;
  const threads = options.threads ?? availableParallelism();
  const gamesPerDeal = seatings.length;
  let chunk = options.chunk ?? Math.max(1, Math.min(Math.ceil(20_000 / gamesPerDeal), Math.ceil(options.games / (threads * 4))));
  if (matchLength) chunk = Math.ceil(chunk / matchLength) * matchLength;
  const shape = statsShape(game, rules, matchLength);
  const stats = new TournamentStats(pool, seatings, P, shape);
  const tasks = Math.ceil(options.games / chunk);
  const firstDeal = options.firstDeal ?? 0;
  const gamesTotal = options.games * gamesPerDeal;

  let failure: unknown;
  const piscina = new Piscina({ filename: distModule('tournament/worker.js'), minThreads: threads, maxThreads: threads, idleTimeout: 1000 });
  const abort = new AbortController();
  // Piscina reports pool trouble as 'error' events (an unhandled one would crash the process). After
  // an abort, a worker killed mid-task may still deliver its result: piscina calls that an
  // "unexpected message"; it is expected then, and harmless.
  piscina.on('error', (err: unknown) => {
    if (!abort.signal.aborted) failure ??= err;
  });
  const stop = (): void => abort.abort();
  options.signal?.addEventListener('abort', stop);
  // The watchdog: workers count finished games in shared memory; no change for stallSeconds means
  // a bot is stuck (a synchronous decide() cannot be interrupted, but its worker can be killed).
  const progress = new Int32Array(new SharedArrayBuffer(4));
  const stallMs = (options.stallSeconds ?? 120) * 1000;
  let seen = 0;
  let lastChange = performance.now();
  const watchdog = setInterval(() => {
    const now = Atomics.load(progress, 0);
    if (now !== seen) {
      seen = now;
      lastChange = performance.now();
    } else if (performance.now() - lastChange > stallMs && !abort.signal.aborted) {
      failure ??= new UserError(`no game finished for ${stallMs / 1000} s: a bot is stuck or very slow (pool: ${pool.join(', ')}); raise the stall timeout (--stall-timeout) if it is only slow`);
      abort.abort();
    }
  }, Math.min(1000, stallMs / 4));
  const started = performance.now();
  const finished = new Map<number, { batch: Batch; result: WorkerResult }>();
  let nextToSubmit = 0;
  let nextToFold = 0;
  let dealsPlayed = 0;
  let decisions = 0;

  const fold = (): void => {
    for (let item = finished.get(nextToFold); item; item = finished.get(nextToFold)) {
      finished.delete(nextToFold++);
      const { batch, result } = item;
      const deals = batch.to - batch.from;
      stats.mergeTally(result.tally);
      for (let i = 0; i < deals; i++) stats.addDealMeans(result.means, i * stats.meansPerDeal);
      decisions += result.data[batchLayout(deals, seatings.length, P, shape.metrics.length).decisions]!;
      dealsPlayed = batch.to - firstDeal;
      options.onBatch?.(batch, result, seatings);
      options.onProgress?.(dealsPlayed * gamesPerDeal, gamesTotal);
    }
  };

  const submit = async (index: number): Promise<void> => {
    const batch: Batch = {
      game: game.id,
      rules: options.rules,
      pool,
      seatings,
      master: options.seed,
      from: firstDeal + index * chunk,
      to: firstDeal + Math.min(options.games, (index + 1) * chunk),
      matchLength,
      records: options.records ?? false,
      progress,
    };
    const task: WorkerTask = { batch, shape };
    const wire = (await piscina.run(task, { signal: abort.signal })) as WireResult;
    if ('userError' in wire) throw new UserError(wire.userError);
    const meansLength = (batch.to - batch.from) * stats.meansPerDeal;
    const result = wire instanceof ArrayBuffer ? unpack(wire, stats.tallyLength, meansLength) : unpack(wire.buffer, stats.tallyLength, meansLength, wire.records);
    finished.set(index, { batch, result });
    fold();
  };

  // Two tasks per thread in flight keep the workers busy; capping how far submission runs ahead of
  // folding bounds the batches waiting for a slow predecessor, so memory stays flat.
  const inFlight = new Set<Promise<void>>();
  try {
    while ((nextToSubmit < tasks || inFlight.size > 0) && !abort.signal.aborted) {
      while (nextToSubmit < tasks && inFlight.size < threads * 2 && nextToSubmit - nextToFold < threads * 8) {
        const p: Promise<void> = submit(nextToSubmit++).then(
          () => void inFlight.delete(p),
          (err) => {
            inFlight.delete(p);
            if (!abort.signal.aborted) failure ??= err;
            abort.abort();
          },
        );
        inFlight.add(p);
      }
      await Promise.race(inFlight);
    }
    await Promise.allSettled(inFlight);
  } finally {
    clearInterval(watchdog);
    options.signal?.removeEventListener('abort', stop);
    await piscina.destroy();
  }
  if (failure) throw failure;
  return {
    game,
    pool,
    rules,
    seatings,
    stats,
    dealsPlayed,
    gamesPlayed: dealsPlayed * gamesPerDeal,
    decisions,
    elapsedSeconds: (performance.now() - started) / 1000,
    partial: dealsPlayed < options.games,
    threads,
    chunk,
  };
}
