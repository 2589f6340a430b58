import type { Agent } from '../game/agent.js';
import { NO_CLOCK, startGame } from '../game/clock.js';
import { BatchLayout, type GameDefinition, type GameTable, type RulesInput, type SeatableAgent } from '../game/contract.js';
import { dealKeyInto, masterKey, seedHex, type SeedKey } from '../game/seed.js';

/** One unit of tournament work: deals [from, to) of one run, under every lineup. */
export interface Batch {
  game: string;
  rules: RulesInput;
  /** Agent specs of the pool. */
  pool: string[];
  /** Pool index per seat, one lineup per seating. */
  seatings: number[][];
  master: string;
  from: number;
  to: number;
  /**
   * Circuit format: games per match (0 = single games). Game j of a match starts from the seat
   * after the previous game's starter; the first starter is dealt from the match's first seed.
   */
  matchLength: number;
  records: boolean;
  /** The run's seat-stream salt (src/game/seed.ts SeatStream), a one-way hash of the run: tables copy it. */
  streamSalt?: SeedKey;
  /** Contest mode (--isolate): bot files and programs each in a sandboxed process (src/tournament/sandbox/load.ts). */
  isolate?: boolean;
  /** Folder for bot programs' stderr logs (default: src/tournament/sandbox/program.ts defaultBotLogs). */
  botLogs?: string;
  /**
   * This task's slot of the tournament's decision clock (src/game/clock.ts): the runner writes the
   * deal and seating before each game and the tables tick before each bot call, so the watchdog can
   * stop a stuck bot and name it. Absent outside tournaments.
   */
  clock?: Int32Array;
}

export interface BatchResult {
  data: Int32Array;
  /** Per pool bot, when the batch was timed: DECISION_TIMING fields (decisions, timed, ms in timed, worst ms). */
  timing?: Float64Array;
  /** One JSON game record per game, in deal then seating order (when the batch asks for records). */
  records?: string[];
}

/** Tables of this thread, kept across the batches of a run: bots are created once per seat and seating, not once per batch. */
const tableCache = new Map<string, { rules: { players: number }; tables: GameTable[]; timer?: DecisionTimer }>();

/**
 * Per pool bot, three float64s of decision timing: decisions timed, milliseconds spent in them, the
 * worst one (ms).
 */
export const DECISION_TIMING = 3;
/** A bot whose timed decisions average at least this (ms) in each of its first SLOW_AFTER timed games has every game timed from then on. */
const SLOW_DECISION_MS = 0.01;
/**
 * Timed games that decide whether a bot is slow: its slowest-looking game can be a cold start or a
 * garbage collection, so a bot is slow only if every one of them was (the fastest bots were found
 * "slow" by one such game and then paid for being timed throughout).
 */
const SLOW_AFTER = 4;
/** Games of a thread's tables timed: one in 256 (mask), as two clock reads per decision cost the fastest bots about a third of their speed. */
const SAMPLE_MASK = 255;
/**
 * Timed games are a thread's first and then its 9th, 265th, 521st...: V8 starts recording what a
 * function calls after its eighth call, so the table's game loop records the timed stand-ins at the
 * ninth game, before it is optimised. Timed at games 1, 257, ... only, the stand-ins were never
 * recorded, and their second appearance threw the optimised game loop away (one deopt and
 * recompile of the largest function in every worker thread).
 */
const FIRST_TIMED = 8;

/**
 * A seat's bot with every decision timed into `timer` at `at` (its pool index x DECISION_TIMING).
 * It sits in a table's seat only for the games that are timed (DecisionTimer); the bot's own
 * methods run unchanged, as its own object's methods, so nothing here reaches a result.
 */
class TimedAgent {
  readonly newGame: Agent<unknown, unknown, unknown>['newGame'];
  readonly onEvent: Agent<unknown, unknown, unknown>['onEvent'];

  constructor(
    private readonly inner: Agent<unknown, unknown, unknown>,
    private readonly timer: Float64Array,
    private readonly at: number,
  ) {
    // Set exactly when the bot has them: a table calls a seat's newGame/onEvent only if present.
    this.newGame = inner.newGame ? (start) => inner.newGame!(start) : undefined;
    this.onEvent = inner.onEvent ? (event, obs) => inner.onEvent!(event, obs) : undefined;
  }

  decide(obs: unknown): unknown {
    const t0 = performance.now();
    const action = this.inner.decide(obs);
    const ms = performance.now() - t0;
    const { timer, at } = this;
    timer[at] = timer[at]! + 1;
    timer[at + 1] = timer[at + 1]! + ms;
    if (ms > timer[at + 2]!) timer[at + 2] = ms;
    return action;
  }
}

/**
 * Each bot's time per decision in a thread's tables, sampled by game so that untimed games run
 * exactly as before (the tables call the bots themselves): one game in 256 seats the timed
 * stand-ins (the thread's first and ninth games among them), and a bot whose decisions averaged 10 µs or more
 * in each of its first 4 timed games is timed in every game from then on (its worst is then
 * exact; a fast bot's is the worst of its sample). The table keeps the
 * seat array it was given, so swapping a seat's entry swaps who it calls.
 */
class DecisionTimer {
  readonly timer: Float64Array;
  /** Per table: the array the table calls, what sits there untimed, and the timed stand-ins. */
  private readonly seats: { live: object[]; plain: object[]; timed: TimedAgent[]; pool: number[]; swapped: boolean }[] = [];
  private games = 0;
  private readonly slow: boolean[];
  /** Per pool bot: its timed games so far (up to SLOW_AFTER) and the lowest mean ms per decision among them. */
  private readonly judged: number[];
  private readonly lowest: number[];
  /** The timer before the timed game (its decisions and ms), to take the game's own mean. */
  private readonly before0: Float64Array;

  constructor(poolSize: number) {
    this.timer = new Float64Array(poolSize * DECISION_TIMING);
    this.before0 = new Float64Array(poolSize * DECISION_TIMING);
    this.slow = new Array<boolean>(poolSize).fill(false);
    this.judged = new Array<number>(poolSize).fill(0);
    this.lowest = new Array<number>(poolSize).fill(Infinity);
  }

  /** A table's seat array for these bots (pool indices per seat): pass it to the table, which keeps it. */
  seat(bots: object[], lineup: readonly number[]): object[] {
    const live = [...bots];
    this.seats.push({
      live,
      plain: [...bots],
      timed: bots.map((b, i) => new TimedAgent(b as Agent<unknown, unknown, unknown>, this.timer, lineup[i]! * DECISION_TIMING)),
      pool: [...lineup],
      swapped: false,
    });
    return live;
  }

  /** Before table t's game: the timed stand-ins in one game of 256 (and always for slow bots). */
  before(t: number): void {
    const game = this.games++;
    if ((game & SAMPLE_MASK) !== FIRST_TIMED && game !== 0) return;
    const s = this.seats[t]!;
    for (let i = 0; i < s.live.length; i++) s.live[i] = s.timed[i]!;
    s.swapped = true;
    this.before0.set(this.timer);
  }

  /** After table t's game: the bots back in their seats, and any bot found slow timed from now on. */
  after(t: number): void {
    const s = this.seats[t]!;
    if (!s.swapped) return;
    s.swapped = false;
    for (let i = 0; i < s.live.length; i++) s.live[i] = s.plain[i]!;
    for (const a of new Set(s.pool)) {
      const at = a * DECISION_TIMING;
      const decisions = this.timer[at]! - this.before0[at]!;
      if (this.slow[a] || this.judged[a]! >= SLOW_AFTER || decisions === 0) continue;
      this.lowest[a] = Math.min(this.lowest[a]!, (this.timer[at + 1]! - this.before0[at + 1]!) / decisions);
      if (++this.judged[a]! < SLOW_AFTER || this.lowest[a]! < SLOW_DECISION_MS) continue;
      this.slow[a] = true;
      for (const table of this.seats) table.pool.forEach((p, i) => p === a && (table.plain[i] = table.live[i] = table.timed[i]!));
    }
  }

  /** This batch's timing into `out`; the timer starts again (the tables outlive the batch). */
  flush(out: Float64Array): void {
    out.set(this.timer);
    this.timer.fill(0);
  }
}

/**
 * The one game loop over deals every game shares (the framework owns it, as TAG's does): every deal
 * of the batch under every seating, on the game's reused tables, writing scores, metrics, starters
 * and the decision count into `data` (BatchLayout). A game supplies only its kit (make a table,
 * the dealt starter of a deal); the table plays one deal in the game's own tight loop.
 */
export function runBatch(game: GameDefinition, batch: Batch, pool: readonly SeatableAgent[], data: Int32Array, timing?: Float64Array): BatchResult {
  const cacheKey = JSON.stringify([batch.game, batch.rules, batch.pool, batch.seatings, batch.records, timing !== undefined]);
  let cached = tableCache.get(cacheKey);
  if (!cached) {
    // Validated once per run and thread, with the tables made for it.
    const rules = game.makeRules(batch.rules);
    const timer = timing && new DecisionTimer(pool.length);
    const tables = batch.seatings.map((lineup) => {
      const bots = lineup.map((a) => pool[a]!.create());
      return game.batch.table(
        rules,
        timer ? timer.seat(bots, lineup) : bots,
        lineup.map((a) => pool[a]!.label),
        batch.records,
      );
    });
    tableCache.set(cacheKey, (cached = { rules, tables, timer }));
  }
  const { rules, tables, timer } = cached;
  const clock = batch.clock ?? NO_CLOCK;
  for (const { seats } of tables) {
    seats.clock = clock;
    seats.streamSalt.hi = batch.streamSalt?.hi ?? 0;
    seats.streamSalt.lo = batch.streamSalt?.lo ?? 0;
  }
  const deals = batch.to - batch.from;
  const layout = new BatchLayout(deals, tables.length, rules.players, game.metrics.length);
  const records: string[] | undefined = batch.records ? [] : undefined;
  data[layout.decisions] = playDeals(game, batch, rules, tables, timer, clock, data, layout, records);
  if (timing && timer) {
    timer.flush(timing);
  }
  return { data, records, timing };
}

/**
 * runBatch's loop over deals and seatings, a function of its own: V8 optimises a long loop while it
 * runs (on-stack replacement) without feedback for the code after it, and runBatch's optimised code
 * was thrown away at the end of every batch for that. Returns the decisions made.
 */
function playDeals(
  game: GameDefinition,
  batch: Batch,
  rules: { players: number },
  tables: GameTable[],
  timer: DecisionTimer | undefined,
  clock: Int32Array,
  data: Int32Array,
  layout: BatchLayout,
  records: string[] | undefined,
): number {
  const P = rules.players;
  const S = tables.length;
  const deals = batch.to - batch.from;
  const metricAt = game.metrics.map((_, m) => layout.metric(m));
  const master = masterKey(game.seedNamespace ?? game.id, batch.master);
  const key: SeedKey = { hi: 0, lo: 0 };
  let decisions = 0;
  for (let d = 0; d < deals; d++) {
    const k = batch.from + d;
    let starter: number | undefined;
    if (batch.matchLength) {
      const j = k % batch.matchLength;
      starter = (game.batch.dealtStarter(rules, dealKeyInto(master, k - j, key)) + j) % P;
    }
    dealKeyInto(master, k, key);
    for (let s = 0; s < S; s++) {
      const table = tables[s]!;
      startGame(clock, k, s);
      timer?.before(s);
      table.play(key, starter);
      timer?.after(s);
      table.results(data, (d * S + s) * P, metricAt);
      data[layout.starters + d] = table.state.starter;
      decisions += table.state.decisions;
      if (records) records.push(JSON.stringify(table.record(seedHex(key))));
    }
  }
  return decisions;
}

/** One seat of one game of a finished batch, as the batch's numbers hold it. */
export interface SeatResult {
  /** The deal's index in the run and its game seed (as in the records). */
  deal: number;
  seed: string;
  seating: number;
  seat: number;
  /** Seats after the game's starter (0: it started). */
  position: number;
  score: number;
  /** In the order of the game's metrics. */
  metrics: number[];
}

/**
 * Every seat of every game of a batch result, in deal, seating and seat order: the one reading of
 * the batch layout outside the runner and the statistics (per-game CSVs, tools), seeds included.
 */
export function* seatResults(
  game: GameDefinition,
  batch: Pick<Batch, 'master' | 'from' | 'to'>,
  data: Int32Array,
  seatings: number,
  players: number,
): Generator<SeatResult> {
  const deals = batch.to - batch.from;
  const layout = new BatchLayout(deals, seatings, players, game.metrics.length);
  const master = masterKey(game.seedNamespace ?? game.id, batch.master);
  const key: SeedKey = { hi: 0, lo: 0 };
  for (let d = 0; d < deals; d++) {
    const seed = seedHex(dealKeyInto(master, batch.from + d, key));
    const starter = data[layout.starters + d]!;
    for (let s = 0; s < seatings; s++) {
      for (let seat = 0; seat < players; seat++) {
        const at = (d * seatings + s) * players + seat;
        const metrics = game.metrics.map((_, m) => data[layout.metric(m) + at]!);
        yield { deal: batch.from + d, seed, seating: s, seat, position: (seat - starter + players) % players, score: data[layout.scores + at]!, metrics };
      }
    }
  }
}
