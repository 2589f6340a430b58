import type { ActionSpace } from './actions.js';
import type { GameFacts } from './facts.js';
import type { Random, SeedKey } from './seed.js';
import type { ObservationEncoder } from './tensor.js';

/**
 * The game contract: what a game declares and what its state offers to the generic parts of the
 * lab (tournament, sweep, statistics, outputs, experiments, CLI). A game is one folder under
 * src/games/ exporting a GameDefinition, and its built-in bots live in agents/<game id>/.
 *
 * Two levels, after OpenSpiel's Game/State split and TAG's forward model:
 * - `State` is the forward model (deal, who acts, legal actions, apply, score, copy, re-sample):
 *   what the conformance battery and generic search code drive, one move at a time;
 * - `batch` is what the tournament's one game loop (src/tournament/batch.ts) needs: tables that
 *   play a whole deal in the game's own tight loop, so no generic call sits in a hot loop.
 */

/** Data as JSON holds it: what records, rules and views are made of. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };
/** A JSON object, e.g. one parsed line of a records file, before its game has checked it. */
export type JsonObject = { readonly [key: string]: JsonValue };

/** Rule settings as given by a user (CLI flags, experiment files): the seat count and any settings (unset ones undefined). */
export type RulesInput = { players: number } & { [key: string]: JsonValue | undefined };

/** The rules as written into records and summaries; `custom` marks any departure from the official game. */
export type RecordRules = { readonly [key: string]: JsonValue } & { custom: boolean };

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
export interface SeatableAgent<Bot extends object = object> {
  label: string;
  create(): Bot;
}

/** What a table's seat plumbing takes from the batch runner per batch (src/game/seats.ts Seats). */
export interface BatchSeats {
  /** The tournament's decision-clock slot (src/game/clock.ts): ticked before every bot call. */
  clock: Int32Array;
  /** The run's seat-stream salt, copied in place (src/game/seed.ts SeatStream). */
  readonly streamSalt: SeedKey;
}

/**
 * A table of bots on one reused state, as the generic batch runner (src/tournament/batch.ts)
 * drives it: one deal at a time, in the game's own tight loop, every bot answer checked before the
 * engine applies it.
 */
export interface GameTable<Rec extends GameRecordBase = GameRecordBase> {
  readonly seats: BatchSeats;
  /** Plays the deal with this key to the end; `starter` overrides the dealt starting seat (circuits). */
  play(key: SeedKey, starter?: number): void;
  /** Of the game just played: the seat that started it, and how many decisions its bots made. */
  readonly state: { readonly starter: number; readonly decisions: number };
  /** Writes each seat's score at data[at + seat] and metric m at data[metricAt[m] + at + seat]. */
  results(data: Int32Array, at: number, metricAt: readonly number[]): void;
  /** The record of the game just played (the table keeps its move log only when made with `records`). */
  record(seed: string): Rec;
}

/** What a game gives the generic batch runner: its tables, and the starting seat a deal deals. */
export interface BatchKit<R, Rec extends GameRecordBase, Bot extends object> {
  /** A table for one lineup of fresh bots with their labels; `records`: keep the move log records are written from. */
  table(rules: R, bots: readonly Bot[], labels: readonly string[], records: boolean): GameTable<Rec>;
  /** The seat deal `key` starts from (circuit matches rotate from the first game's). */
  dealtStarter(rules: R, key: SeedKey): number;
}

/**
 * The numbers of a batch in one Int32Array (one transferable buffer):
 * [scores: deals x seatings x players | metric m: same, for each metric | starters: deals | decisions: 1].
 * Value (deal d, seating s, seat p) of a block sits at (d * seatings + s) * players + p.
 * A class, not an object with a closure: every batch's layout then calls the one metric() (the
 * workers' tally is optimised for it once, not thrown away at the next batch's new closure).
 */
export class BatchLayout {
  readonly scores = 0;
  readonly starters: number;
  readonly decisions: number;
  readonly length: number;
  /** Values in one block: deals x seatings x players. */
  private readonly block: number;

  constructor(deals: number, seatings: number, players: number, metrics: number) {
    this.block = deals * seatings * players;
    this.starters = (1 + metrics) * this.block;
    this.decisions = this.starters + deals;
    this.length = this.decisions + 1;
  }

  /** Where metric m's block starts. */
  metric(m: number): number {
    return (1 + m) * this.block;
  }
}

/**
 * The forward model of one game in progress. Actions are the ids of the game's action space
 * (GameDefinition.actions: No Thanks!: 0 pass, 1 take); `describeAction` names them.
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
  view(seat: number): object;
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

/**
 * A record's game on the forward model, for replay (src/game/replay.ts) and for tools that walk a
 * game decision by decision (the analysis): `state` is dealt as the record's game began (its seed,
 * its starter), and `actionOf` gives the recorded action id of a seat that acts in `state` as it
 * now stands (a UserError when the record's entry is no action). The caller applies the actions
 * itself; at the end `state` is the record's final position.
 */
export interface RecordedGame {
  readonly state: State;
  actionOf(seat: number): number;
  /** Decisions the record holds that `state` has not played yet. */
  remaining(): number;
  /** Where `state` stands, for messages: "decision 12", "round 2 turn 3". */
  where(): string;
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

/** Who a game is and its fixed facts: what holds whatever the rule settings. */
export interface GameIdentity {
  /** The record's `game`, the --game value and the name of the game's folder in src/games/. */
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
  /** Move structure, what is hidden, chance, score direction and the utility reported (src/game/facts.ts). */
  facts: GameFacts;
}

/** A game's rule settings: defaults, validation, how records and CLI flags write them. */
export interface GameRules<R extends { players: number }> {
  /** Fills defaults and validates; a UserError names the setting and what is allowed. */
  makeRules(input: RulesInput): R;
  recordRules(rules: R): RecordRules;
  /** Rules of a record (its `rules` and `players`), validated as makeRules does. */
  rulesFromRecord(players: number, rules: RecordRules): R;
  /** The CLI flags of its settings. */
  ruleOptions: readonly RuleOption[];
}

/** A game's engine: the forward model, its action space, the tournament's batch kit and records. */
export interface GameEngine<R extends { players: number }, Rec extends GameRecordBase, Bot extends object> {
  newState(rules: R): State;
  /** The one integer action space the forward model, search, records and learners share (src/game/actions.ts). */
  actions: ActionSpace<R, object, unknown>;
  /**
   * A seat's observation as a fixed-size float32 tensor, every value in [0, 1], fields documented
   * (src/game/tensor.ts): the one encoder the learning environments and a `net` bot share.
   */
  tensor: ObservationEncoder<R, object>;
  /**
   * A seat's observation (what its bot's decide() gets) as plain data, read through its public
   * methods only: what the line protocol sends a process bot (docs/protocol.md) and the forward
   * model's view.
   */
  observationJson(obs: object): JsonObject;
  /** What the tournament's one game loop (src/tournament/batch.ts runBatch) needs of the game. */
  batch: BatchKit<R, Rec, Bot>;
  /**
   * Checks a parsed record move by move on the forward model (a UserError names the first
   * problem) and re-scores it; with `explain`, returns the game decision by decision and the final table.
   */
  replay(record: JsonObject, explain: boolean): string[];
  /** A record's game on the forward model, its fields checked (see RecordedGame). */
  recordedGame(record: JsonObject): RecordedGame;
}

/** How a game's results read to people: metrics beside the score, ranges, notes and tables. */
export interface GamePresentation<R extends { players: number }, Rec extends GameRecordBase> {
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
  holdingWorth?(record: JsonObject): { item: string; seat: number; worth: number }[];
  /** Why seat order matters in this game, printed with rotation-only tournaments (optional). */
  seatingNote?: string;
  /**
   * `nothanks play`'s final table after each game (src/cli/play.ts plays the games and prints seat,
   * name, what `holding` says, each metric and the score), read from the game's record.
   */
  finalTable: { heading(record: Rec): string; holding(record: Rec, seat: number): string };
}

/**
 * A game, as one declarative object (after boardgame.io), in four pieces: who it is and its fixed
 * facts, its rules, its engine and its presentation. R its validated rules, Rec its game record,
 * Bot the bot interface its tables seat. Each game's folder declares its own in its manifest
 * (src/games/manifest.ts), which the registry (src/registry.ts) holds at these defaults.
 */
export interface GameDefinition<R extends { players: number } = { players: number }, Rec extends GameRecordBase = GameRecordBase, Bot extends object = object>
  extends GameIdentity,
    GameRules<R>,
    GameEngine<R, Rec, Bot>,
    GamePresentation<R, Rec> {}
