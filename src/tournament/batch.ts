import { NO_CLOCK, startGame } from '../game/clock.js';
import { batchLayout, type GameDefinition, type GameTable, type RulesInput, type SeatableAgent } from '../game/contract.js';
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
  /** One JSON game record per game, in deal then seating order (when the batch asks for records). */
  records?: string[];
}

/** Tables of this thread, kept across the batches of a run: bots are created once per seat and seating, not once per batch. */
const tableCache = new Map<string, { rules: { players: number }; tables: GameTable[] }>();

/**
 * The one game loop over deals every game shares (the framework owns it, as TAG's does): every deal
 * of the batch under every seating, on the game's reused tables, writing scores, metrics, starters
 * and the decision count into `data` (batchLayout). A game supplies only its kit (make a table,
 * the dealt starter of a deal); the table plays one deal in the game's own tight loop.
 */
export function runBatch(game: GameDefinition, batch: Batch, pool: readonly SeatableAgent[], data: Int32Array): BatchResult {
  const cacheKey = JSON.stringify([batch.game, batch.rules, batch.pool, batch.seatings, batch.records]);
  let cached = tableCache.get(cacheKey);
  if (!cached) {
    // Validated once per run and thread, with the tables made for it.
    const rules = game.makeRules(batch.rules);
    const tables = batch.seatings.map((lineup) =>
      game.batch.table(
        rules,
        lineup.map((a) => pool[a]!.create()),
        lineup.map((a) => pool[a]!.label),
        batch.records,
      ),
    );
    tableCache.set(cacheKey, (cached = { rules, tables }));
  }
  const { rules, tables } = cached;
  const clock = batch.clock ?? NO_CLOCK;
  for (const { seats } of tables) {
    seats.clock = clock;
    seats.streamSalt.hi = batch.streamSalt?.hi ?? 0;
    seats.streamSalt.lo = batch.streamSalt?.lo ?? 0;
  }
  const P = rules.players;
  const S = tables.length;
  const deals = batch.to - batch.from;
  const layout = batchLayout(deals, S, P, game.metrics.length);
  const metricAt = game.metrics.map((_, m) => layout.metric(m));
  const records: string[] | undefined = batch.records ? [] : undefined;
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
      table.play(key, starter);
      table.results(data, (d * S + s) * P, metricAt);
      data[layout.starters + d] = table.state.starter;
      decisions += table.state.decisions;
      if (records) records.push(JSON.stringify(table.record(seedHex(key))));
    }
  }
  data[layout.decisions] = decisions;
  return { data, records };
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
  const layout = batchLayout(deals, seatings, players, game.metrics.length);
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
