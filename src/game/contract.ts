import type { Random, SeedKey } from './seed.js';

/**
 * The game contract: what a game declares and what its state offers to the generic parts of the
 * lab (tournament, sweep, statistics, outputs, experiments, CLI). A game is one folder under
 * src/games/ exporting a GameDefinition, and its built-in bots live in agents/<game id>/.
 *
 * Two levels, after OpenSpiel's Game/State split and TAG's forward model:
 * - `State` is the forward model (deal, who acts, legal actions, apply, score, copy, re-sample):
 *   what the conformance battery and generic search code drive, one move at a time;
 * - `playBatch` is the fast path the tournament calls: a whole batch of deals for every lineup in
 *   the game's own tight loop, filling one typed array, so no generic call sits in a hot loop.
 */

/** Rule settings as given by a user (CLI flags, experiment files): the seat count and any settings. */
export type RulesInput = { players: number } & Record<string, unknown>;

/** The rules as written into records and summaries; `custom` marks any departure from the official game. */
export type RecordRules = Record<string, unknown> & { custom: boolean };

/** A per-seat number a game reports beside the score (No Thanks!: chips left). */
export interface MetricSpec {
  /** Short camelCase id: summary.json names its fields mean<Id> and mean<Id>CI ("chips" -> meanChips). */
  id: string;
  /** For tables and chart axes: "chips left". */
  label: string;
}

/** A rule setting as a CLI flag. */
export interface RuleOption {
  /** The flag without dashes, kebab-case: "chips" (--chips). */
  flag: string;
  /** The settings key it sets: "startChips". */
  key: string;
  type: 'number' | 'boolean' | 'string';
  choices?: readonly string[];
  describe: string;
}

/** A bot ready to seat: its spec as written (labels in tables and records) and a factory. */
export interface SeatableAgent {
  label: string;
  create(): unknown;
}

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
  /** Seat the pool's bot files in worker threads of their own (--isolate): see src/tournament/sandbox/isolate.ts. */
  isolate?: boolean;
  /**
   * This task's slot of the tournament's decision clock (src/game/clock.ts): the game writes the
   * deal and seating before each game and ticks before each bot call, so the watchdog can stop a
   * stuck bot and name it. Absent outside tournaments.
   */
  clock?: Int32Array;
}

export interface BatchResult {
  data: Int32Array;
  /** One JSON game record per game, in deal then seating order (when the batch asks for records). */
  records?: string[];
}

/**
 * The numbers of a batch in one Int32Array (one transferable buffer):
 * [scores: deals x seatings x players | metric m: same, for each metric | starters: deals | decisions: 1].
 * Value (deal d, seating s, seat p) of a block sits at (d * seatings + s) * players + p.
 */
export function batchLayout(deals: number, seatings: number, players: number, metrics: number) {
  const games = deals * seatings * players;
  const starters = (1 + metrics) * games;
  return {
    scores: 0,
    metric: (m: number): number => (1 + m) * games,
    starters,
    decisions: starters + deals,
    length: starters + deals + 1,
  };
}

/**
 * The forward model of one game in progress. Actions are small non-negative integers the game
 * defines (No Thanks!: 0 pass, 1 take); `describeAction` names them.
 */
export interface State {
  readonly players: number;
  /** Seat that started the game (seat effects are measured from it). */
  readonly starter: number;
  /** Deals the game with this seed key and sets up the first decision. */
  deal(key: SeedKey): void;
  isOver(): boolean;
  /**
   * Seats that must act now, written into `out`; returns how many. Several seats act at once in a
   * simultaneous choice: none of them sees another's choice until all have chosen.
   */
  actingSeats(out: Int32Array): number;
  /** Legal actions of an acting seat, written into `out`; returns how many (at least one). */
  legalActions(seat: number, out: Int32Array): number;
  /** Applies a legal action of an acting seat. */
  apply(seat: number, action: number): void;
  describeAction(action: number): string;
  /** Final (or running) score of a seat; lower is better in every game of the lab. */
  score(seat: number): number;
  /** Metric `index` (in the order of GameDefinition.metrics) of a seat. */
  metric(seat: number, index: number): number;
  /** Becomes a copy of `other` (same game and rules): buffers copied, nothing allocated. */
  copyFrom(other: this): void;
  clone(): this;
  /**
   * Everything `seat` can see now, as plain data read through that seat's observation (never from
   * engine fields): two states with equal views are indistinguishable to the seat's bot.
   */
  view(seat: number): unknown;
  /** The observation `seat`'s bot would get now (the battery probes every method of it). */
  observation(seat: number): object;
  /**
   * Replaces what `seat` cannot see (deck order, set-aside cards, other hands, hidden counters) by
   * a sample consistent with what it sees, drawn from `random` and computed from the seat's view
   * only: states with equal views give equal samples for equal streams.
   */
  resample(seat: number, random: Random): void;
  /** Throws an Error naming the first broken invariant (chip totals, card conservation, ...). */
  checkInvariants(): void;
  /** The game record of the finished game (JSON-ready object with the game's fields). */
  record(seed: string, agents: readonly string[]): GameRecordBase;
}

/** The fields every game record has; each game adds its own. */
export interface GameRecordBase {
  game: string;
  seed: string;
  players: number;
  agents: string[];
  rules: RecordRules;
  scores: number[];
  winners: number[];
}

export interface GameDefinition<R extends { players: number } = { players: number }> {
  /** The record's `game` and the --game value: "no-thanks". */
  id: string;
  /**
   * The master seed's namespace (default: the id). A variant game may share its parent's, so that
   * deal k is the same deal in both (duplicate deals across games).
   */
  seedNamespace?: string;
  /** For people: "No Thanks!". */
  name: string;
  minPlayers: number;
  maxPlayers: number;
  /** Seats when a command names none and the pool does not say. */
  defaultPlayers: number;
  /** Fills defaults and validates; a UserError names the setting and what is allowed. */
  makeRules(input: RulesInput): R;
  recordRules(rules: R): RecordRules;
  /** Rules of a record (its `rules` and `players`), validated as makeRules does. */
  rulesFromRecord(players: number, rules: RecordRules): R;
  /** The CLI flags of its settings. */
  ruleOptions: readonly RuleOption[];
  metrics: readonly MetricSpec[];
  /** Lowest and highest final score possible under these rules (the histogram's range). */
  scoreRange(rules: R): [number, number];
  /**
   * A number that explains how the player count plays out (No Thanks!: chips per played card);
   * the player-count experiment relates where scores bottom out to the table where it is highest.
   */
  tableFactor?: { label: string; of(rules: R): number };
  /**
   * What each card a seat ends the game with is worth to it: its final score without the card
   * minus its final score (positive: the card helped). Optional; the compare experiment reports it.
   */
  holdingWorth?(record: unknown): { item: string; seat: number; worth: number }[];
  /** Why seat order matters in this game, printed with rotation-only tournaments (optional). */
  seatingNote?: string;
  newState(rules: R): State;
  /** The tournament's fast path: plays the batch with the seated agents (pool order), filling `data`. */
  playBatch(batch: Batch, pool: readonly SeatableAgent[], data: Int32Array): BatchResult;
  /**
   * Checks a parsed record move by move (a UserError names the first problem) and re-scores it;
   * with `explain`, returns the game decision by decision and the final table.
   */
  replay(record: unknown, explain: boolean): string[];
  /** `nothanks play`: the agents (one of them "human") play `games` games from `seed` at the terminal. */
  playAtTerminal(o: { rules: R; agents: readonly SeatableAgent[]; seed: string; games: number; humanSeat: number }): void;
}
