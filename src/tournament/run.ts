import { DEFAULT_DECISION_SECONDS } from '../game/clock.js';
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { assertBot, checkBot, createBot, loadPool } from '../agents/registry.js';
import { BatchLayout, type GameDefinition, type RulesInput } from '../game/contract.js';
import { DECISION_TIMING, type Batch, type BatchResult } from './batch.js';
import { DEFAULT_GAME, gameById, shareUnit } from '../registry.js';
import { dealSeed } from '../game/seed.js';
import { AgentError, UserError } from '../errors.js';
import { distModule } from '../paths.js';
import { TournamentStats, type StatsShape } from '../stats/tournament-stats.js';
import { loadPart, PartWriter } from './checkpoint.js';
import { fillNote, schedule, seatingsOf, type SeatingMode, type TableFill } from './schedule.js';
import { IntegrityGuard, tamperMessage } from './sandbox/integrity.js';
import { checkAgent } from './sandbox/load.js';
import { killChildProcesses } from './sandbox/child-processes.js';
import { DecisionWatchdog } from './sandbox/watchdog.js';
import { unpack, type WireResult, type WorkerResult, type WorkerTask } from './worker.js';

export interface TournamentOptions {
  /** Game id (default: the registry's DEFAULT_GAME). */
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
  /** How tables are filled when the pool has fewer bots than seats (schedule.ts TableFill; default DEFAULT_FILL). */
  fill?: TableFill;
  seatings?: SeatingMode;
  format?: 'single' | 'circuit';
  threads?: number;
  /** Deals per worker task (default: about 20,000 games a task). Results do not depend on it. */
  chunk?: number;
  records?: boolean;
  /**
   * Keep the exact state of this tournament in `dir` (see checkpoint.ts) at chunk boundaries, and
   * resume from it when it holds one: the finished deals are replayed into the statistics, not
   * played again, so the result is the uninterrupted run's bit for bit. `part` names it in `dir`.
   */
  checkpoint?: { dir: string; part: string };
  /**
   * Stop with an error when no game finishes for this many seconds (default 120): a bot that never
   * answers must not hang the run. Very slow bots may need more.
   */
  /** Contest mode: bot files and programs each in a sandboxed process of their own (src/tournament/sandbox/load.ts). */
  isolate?: boolean;
  /** Folder for bot programs' stderr logs (the CLI: the run folder's bot-logs/). */
  botLogs?: string;
  /** Per-decision time limit in seconds (default DEFAULT_DECISION_SECONDS): a bot call that takes longer stops the run. */
  decisionSeconds?: number;
  /** Worker threads kept across runs (see WorkerPool); `threads` is then the pool's. Default: a pool of this run's own. */
  workers?: WorkerPool;
  signal?: AbortSignal;
  onProgress?(gamesDone: number, gamesTotal: number): void;
  /** Called in deal order with each finished batch (for logs and per-game rows); `labels` parallel the pool. */
  onBatch?(batch: Batch, result: BatchResult, seatings: number[][], labels: readonly string[]): void;
}

/** Where a pool's bot came from: its label (as in every table), the spec as written, its file. */
export interface AgentOrigin {
  agent: string;
  spec: string;
  /** Absolute path of a bot file (absent for built-in bots). */
  file?: string;
}

export interface TournamentResult {
  game: GameDefinition;
  pool: string[];
  /** Each pool bot's label (tables, charts, summaries, records), parallel to pool. */
  labels: string[];
  /** Each pool bot's label, spec and file, parallel to pool. */
  origins: AgentOrigin[];
  /** The game's rules object (GameDefinition.makeRules). */
  rules: { players: number };
  seatings: number[][];
  /** How the tables were filled, in words (schedule.ts fillNote): for the terminal, summary.json and the report. */
  tableFill: string;
  stats: TournamentStats;
  dealsPlayed: number;
  gamesPlayed: number;
  decisions: number;
  /**
   * Each pool bot's time per decision in this process's worker threads (parallel to pool): never
   * part of a result, and not kept by checkpoints (a resumed run times the deals it played).
   */
  decisionTimes: DecisionTime[];
  elapsedSeconds: number;
  /** True when the run was interrupted: the statistics cover the first dealsPlayed deals. */
  partial: boolean;
  /**
   * Why the run stopped before the end: a bot got stuck, broke the rules, crashed or ran out of
   * memory (the one-line message). The games folded before are kept: partial then.
   */
  stopped?: string;
  /** Deals restored from a checkpoint instead of played (0 for a fresh run). */
  dealsResumed: number;
  threads: number;
  chunk: number;
}

/** A bot's decision timing (batch.ts DecisionTimer): every decision of a slow bot, those of one game in 64 of a fast one. */
export interface DecisionTime {
  agent: string;
  /** Decisions timed (all of a bot that averages 10 µs or more). */
  timed: number;
  /** Mean and worst of the timed decisions, microseconds (NaN when none was timed). */
  meanMicroseconds: number;
  worstMicroseconds: number;
}

/** Adds one DECISION_TIMING total to another (decisions and milliseconds summed, the worst the larger). */
export function addTimingInto(into: Float64Array, from: ArrayLike<number>): void {
  for (let i = 0; i < into.length; i += DECISION_TIMING) {
    into[i] = into[i]! + from[i]!;
    into[i + 1] = into[i + 1]! + from[i + 1]!;
    into[i + 2] = Math.max(into[i + 2]!, from[i + 2]!);
  }
}

/** A session's timing with an earlier one's added (a copy), or the session's alone. */
function addTimings(session: Float64Array, prior: readonly number[] | undefined): Float64Array {
  const total = Float64Array.from(session);
  if (prior && prior.length === total.length) addTimingInto(total, prior);
  return total;
}

/** Pool bots' decision times from summed DECISION_TIMING fields. */
export function decisionTimes(labels: readonly string[], totals: Float64Array): DecisionTime[] {
  return labels.map((agent, a) => {
    const [timed, ms, worst] = totals.subarray(a * DECISION_TIMING, (a + 1) * DECISION_TIMING);
    return {
      agent,
      timed: timed!,
      meanMicroseconds: timed! > 0 ? (1000 * ms!) / timed! : NaN,
      worstMicroseconds: timed! > 0 ? 1000 * worst! : NaN,
    };
  });
}

export { DEFAULT_DECISION_SECONDS };

/** The per-decision limit's range; the commands that play (sweep, tune, test, run) check it before they make a folder. */
export function checkDecisionSeconds(seconds: number | undefined): void {
  if (seconds !== undefined && !(seconds > 0 && seconds <= 86_400))
    throw new UserError(`decision timeout must be a number of seconds above 0 and at most 86400, got ${seconds}`);
}
/**
 * A run stopped by a bot (it broke the rules, crashed or ran out of memory) once games had
 * started: the one line, and the result of the games folded before it (partial), for the outputs.
 */
export class RunStopped extends AgentError {
  constructor(
    message: string,
    readonly result: TournamentResult,
  ) {
    super(message);
  }
}

/** A run's result, also when a bot stopped it: then partial, with `stopped` saying why. */
export function untilStopped(run: Promise<TournamentResult>): Promise<TournamentResult> {
  return run.catch((err: unknown) => {
    if (!(err instanceof RunStopped)) throw err;
    return { ...err.result, stopped: err.message };
  });
}

/** The heap a worker thread (its bots and tables) may use; NOTHANKS_WORKER_HEAP_MB sets another (tests use a small one). */
export const WORKER_HEAP_MB = Number(process.env.NOTHANKS_WORKER_HEAP_MB) > 0 ? Number(process.env.NOTHANKS_WORKER_HEAP_MB) : 4096;

/**
 * Worker threads kept across several runs: a tuner plays hundreds of small evaluations, and starting
 * a pool (threads loading the lab's modules) costs 1-3 s each time, more than the evaluation itself.
 * Results do not depend on it: workers rebuild their tables from each batch. A run that a bot stopped
 * closes the pool (a stuck thread cannot be trusted), and later runs on it fail.
 */
export class WorkerPool {
  // Private (#) so the package's declarations do not name piscina's types.
  readonly #piscina: Piscina;
  /** Where the current run takes the pool's 'error' events (piscina emits them after aborts too). */
  onError: (err: unknown) => void = () => {};
  closed = false;

  constructor(readonly threads: number = availableParallelism()) {
    this.#piscina = newPiscina(threads);
    this.#piscina.on('error', (err: unknown) => this.onError(err));
  }

  run(task: WorkerTask, signal: AbortSignal): Promise<WireResult> {
    return this.#piscina.run(task, { signal }) as Promise<WireResult>;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.#piscina.destroy();
  }
}

const newPiscina = (threads: number): Piscina =>
  new Piscina({
    filename: distModule('tournament/worker.js'),
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: 1000,
    // A memory-hungry bot meets this limit, not the machine's.
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });

/** Deals per seating a run may ask for (CLI and experiment files alike): 1e8 already means days of work. */
export const MAX_DEALS = 100_000_000;

/** The pool's specs as a run seats them: trimmed, and each bot once unless tables are given. */
export function poolSpecs(options: Pick<TournamentOptions, 'pool' | 'tables'>): string[] {
  return options.tables ? options.pool.map((s) => s.trim()) : [...new Set(options.pool.map((s) => s.trim()))];
}

/** A run checked and its bots loaded, started and guarded once: what runTournament plays. */
export interface PreparedRun {
  game: GameDefinition;
  pool: string[];
  origins: AgentOrigin[];
  rules: { players: number };
  seatings: number[][];
  tableFill: string;
}

/** Checks the options and loads every bot once in this thread, so mistakes fail before any work. */
export async function prepare(options: TournamentOptions): Promise<PreparedRun> {
  const game = gameById(options.game ?? DEFAULT_GAME);
  const pool = poolSpecs(options);
  if (pool.length === 0) throw new UserError('no agents given');
  const rules = game.makeRules(options.rules);
  const guard = new IntegrityGuard();
  // No bot file or program runs in this thread: each is checked in a probe thread (sandbox/load.ts).
  const load = { isolate: options.isolate, seconds: options.decisionSeconds ?? DEFAULT_DECISION_SECONDS, botLogs: options.botLogs };
  const loaded = (await loadPool(pool, game.id, (text, id) => checkAgent(text, id, load))).map(assertBot);
  const origins = loaded.map((a) => ({ agent: a.label, spec: a.spec.text, ...(a.file === undefined ? {} : { file: a.file }) }));
  // A bot must start here too: a create() that throws fails now, with one line, before any work.
  // (A probed bot file or program has started one in its probe thread.)
  // A built-in that reads a file (a model) checks it against the rules first, with the reason in full.
  for (const agent of loaded) if (agent.spec.kind === 'builtin') await checkBot(agent, rules);
  for (const agent of loaded) if (agent.spec.kind === 'builtin') createBot(agent, agent.file);
  const tampered = guard.check();
  if (tampered)
    throw new AgentError(
      tamperMessage(
        tampered,
        origins.map((o) => o.agent),
      ),
    );
  if (!Number.isInteger(options.games) || options.games < 1 || options.games > MAX_DEALS) {
    throw new UserError(`games must be an integer from 1 to ${MAX_DEALS} (deals per seating), got ${options.games}`);
  }
  if (options.format === 'circuit' && options.games % rules.players !== 0) {
    throw new UserError(`circuit format plays matches of ${rules.players} games: games must be a multiple of ${rules.players}, got ${options.games}`);
  }
  if (options.threads !== undefined && (!Number.isInteger(options.threads) || options.threads < 1 || options.threads > 256)) {
    throw new UserError(`threads must be an integer from 1 to 256, got ${options.threads}`);
  }
  if (!options.seed.trim()) throw new UserError('seed must not be empty');
  checkDecisionSeconds(options.decisionSeconds);
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
    : schedule(pool.length, rules.players, options.selfPlay ?? false, mode, options.fill);
  return { game, pool, origins, rules, seatings, tableFill: tableFillNote(options, pool.length, rules.players) };
}

/**
 * How a run's tables were filled, in words. Explicit tables with a fill are a fill's tables in
 * another seat order (the ladder's); without one they are the caller's own (--table, sweeps).
 */
export function tableFillNote(options: Pick<TournamentOptions, 'selfPlay' | 'fill' | 'tables'>, poolSize: number, players: number): string {
  return fillNote(poolSize, players, {
    selfPlay: options.selfPlay,
    fill: options.fill,
    givenTables: options.fill === undefined ? options.tables?.length : undefined,
  });
}

/** The statistics' view of a run: the game's metrics, share unit and score range. */
export function statsShape(game: GameDefinition, rules: { players: number }, matchLength: number): StatsShape {
  return { matchLength, metrics: game.metrics.map((m) => m.id), shareUnit: shareUnit(game), scoreRange: game.scoreRange(rules) };
}

/**
 * Where the tasks of deals [from, to) begin and end: tasks of `chunk` deals, and with several
 * threads (`threads` > 1) smaller ones towards the end, each at most 1 / (2 x threads) of the deals
 * left and at least chunk / 8, so the threads finish together: with equal tasks the last one kept
 * one thread busy up to a task's time (about 50 ms of a 1.5 s run at 5,000 deals) while the other
 * idled. A circuit's tasks hold whole matches (multiples of matchLength). Results do not depend on
 * where the tasks end.
 */
export function taskBounds(from: number, to: number, chunk: number, threads: number, matchLength: number): number[] {
  const whole = (size: number): number => (matchLength ? Math.ceil(size / matchLength) * matchLength : size);
  const least = whole(Math.max(1, Math.ceil(chunk / 8)));
  const bounds = [from];
  for (let at = from; at < to; ) {
    const size = threads > 1 ? Math.max(least, Math.min(chunk, whole(Math.ceil((to - at) / (2 * threads))))) : chunk;
    at = Math.min(to, at + size);
    bounds.push(at);
  }
  return bounds;
}

/**
 * Plays every seating of every table on deals 0..games-1 in piscina worker threads and streams
 * the results, in deal order, into the statistics. Deal order makes the numbers identical for any
 * thread count and chunk size; only one window of finished batches waits in memory.
 */
export async function runTournament(options: TournamentOptions, prepared?: PreparedRun): Promise<TournamentResult> {
  // A caller that has prepared the run (to fail before making its folder) hands it on: bots are loaded and checked once.
  const { game, pool, origins, rules, seatings, tableFill } = prepared ?? (await prepare(options));
  const labels = origins.map((o) => o.agent);
  const P = rules.players;
  const matchLength = options.format === 'circuit' ? P : 0;
  if (options.workers?.closed) throw new Error('the worker pool was closed by an earlier run');
  const threads = options.workers?.threads ?? options.threads ?? availableParallelism();
  const gamesPerDeal = seatings.length;
  let chunk = options.chunk ?? Math.max(1, Math.min(Math.ceil(20_000 / gamesPerDeal), Math.ceil(options.games / (threads * 4))));
  if (matchLength) chunk = Math.ceil(chunk / matchLength) * matchLength;
  const shape = statsShape(game, rules, matchLength);
  const stats = new TournamentStats(labels, seatings, P, shape);
  const firstDeal = options.firstDeal ?? 0;
  const gamesTotal = options.games * gamesPerDeal;
  let decisions = 0;
  let resumed = 0;
  let priorSeconds = 0;
  /** The checkpoint's timing of earlier sessions (summary.json reports this session's only). */
  let priorTiming: readonly number[] | undefined;
  let writer: PartWriter | undefined;
  if (options.checkpoint) {
    const { dir, part } = options.checkpoint;
    const loaded = loadPart(dir, part);
    const identity = { labels, seatings, players: P, shape, from: firstDeal, to: firstDeal + options.games };
    if (loaded) {
      const { state } = loaded;
      const theirs = { labels: state.labels, seatings: state.seatings, players: state.players, shape: state.shape, from: state.from, to: state.to };
      if (JSON.stringify(theirs) !== JSON.stringify(identity))
        throw new UserError(`the checkpoint of ${part} in ${dir} belongs to another run (other bots, tables, rules or deals)`);
      // Replaying the finished deals: the same integer tallies, the same means in the same order.
      stats.mergeTally(Float64Array.from(state.tally));
      for (let i = 0; i < state.done; i++) stats.addDealMeans(loaded.means, i * stats.meansPerDeal);
      resumed = state.done;
      decisions = state.decisions;
      priorSeconds = state.elapsedSeconds;
      priorTiming = state.timing;
    }
    writer = new PartWriter(
      dir,
      loaded?.state ?? { part, ...identity, done: 0, tally: new Array<number>(stats.tallyLength).fill(0), decisions: 0, elapsedSeconds: 0 },
      loaded?.means,
    );
  }
  const bounds = taskBounds(firstDeal + resumed, firstDeal + options.games, chunk, options.chunk === undefined && threads > 1 ? threads : 1, matchLength);
  const tasks = bounds.length - 1;

  let failure: unknown;
  const workers = options.workers ?? new WorkerPool(threads);
  const abort = new AbortController();
  // Piscina reports pool trouble as 'error' events (an unhandled one would crash the process). After
  // an abort, a worker killed mid-task may still deliver its result: piscina calls that an
  // "unexpected message"; it is expected then, and harmless.
  workers.onError = (err: unknown) => {
    if (!abort.signal.aborted) failure ??= err;
  };
  const stop = (): void => abort.abort();
  options.signal?.addEventListener('abort', stop);
  // An interrupt that came before this tournament began (between the stages of an experiment)
  // stops it too: an aborted signal fires no more events.
  if (options.signal?.aborted) abort.abort();
  // At most threads * 2 tasks are in flight (see the loop below): one clock slot each.
  const watchdog = new DecisionWatchdog(threads * 2, options.decisionSeconds ?? DEFAULT_DECISION_SECONDS);
  let stopped: string | undefined;
  watchdog.start(({ deal, seating, seat, call }) => {
    const label = labels[seatings[seating]![seat]!]!;
    const what = ['to decide', 'in newGame', 'in onEvent'][call] ?? 'to answer';
    stopped = `bot "${label}" in seat ${seat} (game seed ${dealSeed(game.seedNamespace ?? game.id, options.seed, deal)}) took longer than ${watchdog.limitSeconds} s ${what}: stopped (the limit is --decision-timeout)`;
    // A bot blocked in a child process of its own cannot be stopped otherwise.
    killChildProcesses();
    abort.abort();
  });
  const started = performance.now();
  const finished = new Map<number, { batch: Batch; result: WorkerResult }>();
  let nextToSubmit = 0;
  let nextToFold = 0;
  let dealsPlayed = resumed;
  const tallyNow = new Float64Array(stats.tallyLength);
  const timing = new Float64Array(pool.length * DECISION_TIMING);
  const checkpoint = (force: boolean): void => {
    if (!writer) return;
    stats.exportTallyInto(tallyNow);
    const timingNow = addTimings(timing, priorTiming);
    writer.checkpoint(dealsPlayed, tallyNow, decisions, priorSeconds + (performance.now() - started) / 1000, force, timingNow);
  };

  const fold = (): void => {
    for (let item = finished.get(nextToFold); item; item = finished.get(nextToFold)) {
      finished.delete(nextToFold++);
      const { batch, result } = item;
      const deals = batch.to - batch.from;
      stats.mergeTally(result.tally);
      for (let i = 0; i < deals; i++) stats.addDealMeans(result.means, i * stats.meansPerDeal);
      writer?.append(result.means);
      decisions += result.data[new BatchLayout(deals, seatings.length, P, shape.metrics.length).decisions]!;
      addTimingInto(timing, result.timing);
      dealsPlayed = batch.to - firstDeal;
      options.onBatch?.(batch, result, seatings, labels);
      options.onProgress?.(dealsPlayed * gamesPerDeal, gamesTotal);
    }
    checkpoint(false);
  };

  const submit = async (index: number): Promise<void> => {
    const batch: Batch = {
      game: game.id,
      rules: options.rules,
      pool,
      seatings,
      master: options.seed,
      from: bounds[index]!,
      to: bounds[index + 1]!,
      matchLength,
      records: options.records ?? false,
      isolate: options.isolate ?? false,
      ...(options.botLogs === undefined ? {} : { botLogs: options.botLogs }),
      clock: watchdog.take(),
    };
    const task: WorkerTask = { batch, shape };
    let wire: WireResult;
    try {
      wire = await workers.run(task, abort.signal);
    } finally {
      watchdog.release(batch.clock!);
    }
    if ('userError' in wire) throw new UserError(wire.userError);
    const meansLength = (batch.to - batch.from) * stats.meansPerDeal;
    const result =
      wire instanceof ArrayBuffer
        ? unpack(wire, stats.tallyLength, meansLength, pool.length)
        : unpack(wire.buffer, stats.tallyLength, meansLength, pool.length, wire.records);
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
    watchdog.stop();
    options.signal?.removeEventListener('abort', stop);
    // A bot stuck in a blocking call (execSync) keeps its thread past terminate(): once the
    // watchdog has named it, wait a moment for the threads, not forever (the CLI exits after
    // writing the outputs).
    if (workers !== options.workers || stopped !== undefined || failure !== undefined) {
      const destroyed = workers.close();
      await (stopped ? Promise.race([destroyed, new Promise((r) => setTimeout(r, 2000).unref())]) : destroyed);
    }
    checkpoint(true);
    writer?.close();
  }
  const elapsedSeconds = priorSeconds + (performance.now() - started) / 1000;
  const result: TournamentResult = {
    game,
    pool,
    labels,
    origins,
    rules,
    seatings,
    tableFill,
    stats,
    dealsPlayed,
    gamesPlayed: dealsPlayed * gamesPerDeal,
    decisions,
    decisionTimes: decisionTimes(labels, timing),
    elapsedSeconds,
    partial: dealsPlayed < options.games,
    stopped,
    dealsResumed: resumed,
    threads,
    chunk,
  };
  // A bot's failure keeps what finished before it (RunStopped carries it); anything else is a bug.
  if (failure instanceof UserError) throw new RunStopped(failure.message, result);
  if ((failure as { code?: string } | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY')
    throw new RunStopped(`a bot ran out of memory (the limit is ${WORKER_HEAP_MB} MB of heap per worker thread): run stopped`, result);
  if (failure) throw failure;
  return result;
}
