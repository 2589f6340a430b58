import { Seats } from '../../game/seats.js';
import { protect } from '../../game/protect.js';
import { describeAnswer } from '../../text.js';
import { CALL_EVENT, tick } from '../../game/clock.js';
import type { SeedKey } from '../../game/seed.js';
import type { GameTable } from '../../game/contract.js';
import type { GameEvent, SixNimmtAgent } from './agent.js';
import { makeRecord, type GameRecord } from './record.js';
import { Observation } from './observation.js';
import type { Rules } from './rules.js';
import { GameState, OVER, PLAY, type Phase } from './state.js';

/**
 * A table of bots that plays games one after another on one reused state: the game loop, with
 * every bot answer checked before the engine applies it. In a turn every seat chooses (in seat
 * order; no seat sees another's choice, so the order does not matter), then the cards are revealed
 * and placed; a row choice is asked for when the lowest card is lower than every row.
 */
export class Table implements GameTable<GameRecord> {
  readonly state: GameState;
  private readonly observations: Observation[];
  /** Streams, newGame, labels and one-line errors of the seats (shared by every game's table). */
  readonly seats: Seats<Rules>;
  /** One event object per seat, sealed: what one bot does to its own never reaches another's. */
  private readonly events: GameEvent[];

  constructor(
    readonly rules: Rules,
    readonly agents: readonly SixNimmtAgent[],
    labels: readonly string[],
    /** Keep the per-round log records are written from (tournaments turn it on only when asked for records). */
    logging = true,
    /** The state it plays on: an exact solver's plays chosen deals (exact-deals.ts). */
    state: GameState = new GameState(rules, logging),
  ) {
    if (agents.length !== rules.players) throw new Error(`table needs ${rules.players} agents, got ${agents.length}`);
    this.state = state;
    this.observations = agents.map((_, seat) => new Observation(this.state, seat));
    this.seats = new Seats(agents, labels, (seat) => this.observations[seat]!.rules);
    this.events = agents.map(() => Object.seal<GameEvent>({ type: 'round', round: 0, turn: 0, seat: 0, card: 0, row: -1, bullheads: 0, chosen: false }));
  }

  /** Agent spec per seat, for error messages and records. */
  get labels(): readonly string[] {
    return this.seats.labels;
  }

  /** The current game's seed as in its record. */
  get seed(): string {
    return this.seats.seed;
  }

  /** Total bullheads (the score) and rows taken (metric 0) of each seat. */
  results(data: Int32Array, at: number, metricAt: readonly number[]): void {
    const s = this.state;
    const rowsAt = metricAt[0]! + at;
    for (let p = 0; p < s.players; p++) {
      data[at + p] = s.total[p]!;
      data[rowsAt + p] = s.rowsTaken[p]!;
    }
  }

  record(seed: string): GameRecord {
    return makeRecord(this.state, seed, this.labels);
  }

  /** Plays the game with this seed to the end; `starter` overrides the first round's dealt starter. */
  play(key: SeedKey, starter?: number): void {
    const s = this.state;
    s.newGame(key, starter);
    this.seats.begin(key);
    const hasListeners = this.seats.listeners.length > 0;
    if (hasListeners) this.notify('round', s.roundStarter, 0, -1, 0, false);
    while (s.phase !== OVER) {
      if (s.phase === PLAY) {
        if (hasListeners) this.playTurnAloud();
        else this.playTurn();
      } else {
        const seat = s.picker;
        const card = this.ask(seat);
        if (typeof card !== 'number' || !(card >= 1 && card <= s.maxCard) || s.open[card] !== 1) {
          const why = typeof card === 'number' ? 'which is not an open card' : 'not a card number';
          throw this.seats.fail(seat, `picked ${describeAnswer(card)} in the draft, ${why}`);
        }
        s.pick(card);
        if (hasListeners) this.notify('pick', seat, card, -1, 0, false);
      }
    }
  }

  /**
   * One turn without listeners: the choices, the reveal, the row choices, the next turn. A method
   * of its own, small, so that V8 spends its inlining on the bots' calls and the engine's steps.
   */
  private playTurn(): void {
    const s = this.state;
    const P = s.players;
    for (let seat = 0; seat < P; seat++) {
      const card = this.ask(seat);
      if (typeof card !== 'number' || s.owner[card] !== seat + 1) throw this.notHeld(seat, card);
      s.choose(seat, card);
    }
    s.reveal();
    while (!s.resolve()) s.chooseRow(this.askRow(s.rowSeat));
    s.endTurn();
  }

  /** One turn, the listeners told of the reveal, each row taken and the next round. */
  private playTurnAloud(): void {
    const s = this.state;
    const P = s.players;
    for (let seat = 0; seat < P; seat++) {
      const card = this.ask(seat);
      if (typeof card !== 'number' || s.owner[card] !== seat + 1) throw this.notHeld(seat, card);
      s.choose(seat, card);
    }
    s.reveal();
    this.notify('reveal', -1, 0, -1, 0, false);
    while (!s.resolve()) s.chooseRow(this.askRow(s.rowSeat));
    for (let k = 0; k < s.turnTakes; k++) {
      const seat = s.turnTakeSeat[k]!;
      this.notify('take', seat, s.turnTakeCard[k]!, s.turnTakeRow[k]!, s.turnTakeBull[k]!, s.takes[s.turn * P + seat] === s.turnTakeRow[k]);
    }
    const round = s.round;
    s.endTurn();
    if (s.round !== round && (s.phase as Phase) !== OVER) this.notify('round', s.roundStarter, 0, -1, 0, false);
  }

  private notHeld(seat: number, card: unknown): Error {
    // A card is a number: "17" (a program bot's text) must not read as held when its hand shows 17.
    const why = typeof card === 'number' ? 'which it does not hold' : 'not a card number';
    return this.seats.fail(seat, `played ${describeAnswer(card)}, ${why} (hand: ${this.state.handOf(seat).join(' ')})`);
  }

  /** The row-choosing seat's answer, checked. */
  private askRow(seat: number): number {
    const row = this.ask(seat);
    if (row !== 0 && row !== 1 && row !== 2 && row !== 3) {
      throw this.seats.fail(seat, `chose row ${describeAnswer(row)} to take (expected a row index 0..3)`);
    }
    return row;
  }

  private ask(seat: number): unknown {
    tick(this.seats.clock, seat);
    try {
      return this.agents[seat]!.decide(this.observations[seat]!);
    } catch (err) {
      throw this.seats.fail(seat, 'threw', err);
    }
  }

  private notify(type: GameEvent['type'], seat: number, card: number, row: number, bullheads: number, chosen: boolean): void {
    const s = this.state;
    for (const listener of this.seats.listeners) {
      const e = this.events[listener]!;
      try {
        e.type = type;
        e.round = s.round;
        e.turn = s.turn;
        e.seat = seat;
        e.card = card;
        e.row = row;
        e.bullheads = bullheads;
        e.chosen = chosen;
      } catch {
        throw this.seats.fail(listener, 'made its event object read-only');
      }
      tick(this.seats.clock, listener, CALL_EVENT);
      try {
        this.agents[listener]!.onEvent!(e, this.observations[listener]!);
      } catch (err) {
        throw this.seats.fail(listener, 'threw in onEvent', err);
      }
    }
  }
}

protect(Table);
