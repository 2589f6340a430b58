import type { JsonObject } from '../../game/contract.js';
import type { Rules } from './rules.js';
import type { GameState } from './state.js';

/**
 * What the player in one seat sees, and all a bot gets: the prizes revealed so far (the current one
 * included), every card bid in a finished turn (bids are shown when the turn resolves, so every hand
 * is public), who won each prize, the points, and its own hand and pending bid. Never the order of
 * the prizes to come, never another seat's bid of the current turn (not even whether it has bid).
 *
 * The engine state sits in a `#private` field: a bot has no path to it (not even through
 * reflection), and the object is frozen, so it cannot be pointed at another seat. Every method
 * coerces each argument once (`x = +x`) before using it: an argument whose valueOf answers
 * differently on each call must not pass a range check and then read somewhere else.
 */
export class Observation {
  readonly #s: GameState;
  readonly seat: number;
  readonly rules: Readonly<Rules>;

  constructor(state: GameState, seat: number) {
    this.#s = state;
    this.seat = seat;
    this.rules = Object.freeze({ ...state.rules });
    Object.freeze(this);
  }

  get players(): number {
    return this.#s.players;
  }
  /** The turn in progress, from 0 (= rules.cards once the game is over). */
  get turn(): number {
    return this.#s.turn;
  }
  /** The prize face up now (0 once the game is over). */
  get prize(): number {
    return this.#s.prize;
  }
  /** The prize of turn t, for t up to the current turn; 0 for turns not revealed yet. */
  prizeAt(t: number): number {
    t = +t;
    const s = this.#s;
    // The deal's later prizes sit in the same array: the bound is what keeps them hidden.
    return Number.isInteger(t) && t >= 0 && t <= s.turn && t < s.cards ? s.prizes[t]! : 0;
  }
  /** Whether prize card c is still to come (not revealed yet): the seat knows the set, not the order. */
  isPrizeToCome(c: number): boolean {
    c = +c;
    const s = this.#s;
    if (!Number.isInteger(c) || c < 1 || c > s.cards) return false;
    for (let t = 0; t <= s.turn && t < s.cards; t++) if (s.prizes[t] === c) return false;
    return true;
  }

  /** Cards in your hand (your pending bid included until the turn resolves). */
  get handSize(): number {
    return this.#s.cards - this.#s.turn;
  }
  /** Your i-th card, ascending (0 <= i < handSize), else 0. */
  handCard(i: number): number {
    i = +i;
    const s = this.#s;
    for (let c = 1; c <= s.cards; c++) if (s.holds(this.seat, c) && i-- === 0) return c;
    return 0;
  }
  /** Whether `seat` still holds card c: public, since every bid is shown once its turn resolves. */
  holds(seat: number, c: number): boolean {
    seat = +seat;
    c = +c;
    return this.#isSeat(seat) && this.#s.holds(seat, c);
  }
  /** Your own bid this turn once made, 0 before. */
  get myBid(): number {
    return this.#s.bidOf(this.seat);
  }
  /** The card `seat` bid in turn t, for finished turns (t < turn); 0 otherwise. */
  bidAt(t: number, seat: number): number {
    t = +t;
    seat = +seat;
    const s = this.#s;
    // The current turn's row of `bids` holds the secret pending bids: finished turns only.
    if (!Number.isInteger(t) || t < 0 || t >= s.turn || !this.#isSeat(seat)) return 0;
    return s.bids[t * s.players + seat]!;
  }
  /** The seat that won turn t's prize (finished turns); -1 when tied bids discarded it or the turn is not finished. */
  takenBy(t: number): number {
    t = +t;
    const s = this.#s;
    return Number.isInteger(t) && t >= 0 && t < s.turn ? s.takenBy[t]! : -1;
  }
  /** Prize points `seat` has won (its score is minus this). */
  points(seat: number): number {
    seat = +seat;
    return this.#isSeat(seat) ? this.#s.points[seat]! : 0;
  }
  /** Prizes `seat` has won. */
  prizesWon(seat: number): number {
    seat = +seat;
    return this.#isSeat(seat) ? this.#s.won[seat]! : 0;
  }

  #isSeat(seat: number): boolean {
    return Number.isInteger(seat) && seat >= 0 && seat < this.#s.players;
  }
}

/** Everything a seat sees, as plain data read through its observation only (the protocol's observation, the forward model's view). */
export function viewOf(o: Observation): JsonObject {
  const seats = Array.from({ length: o.players }, (_, p) => p);
  const finished = Array.from({ length: o.turn }, (_, t) => t);
  const hand: number[] = [];
  for (let i = 0; i < o.handSize; i++) hand.push(o.handCard(i));
  const toCome: number[] = [];
  for (let c = 1; c <= o.rules.cards; c++) if (o.isPrizeToCome(c)) toCome.push(c);
  return {
    seat: o.seat,
    turn: o.turn,
    prize: o.prize,
    hand,
    myBid: o.myBid,
    prizes: finished.map((t) => o.prizeAt(t)),
    bids: finished.map((t) => seats.map((p) => o.bidAt(t, p))),
    takenBy: finished.map((t) => o.takenBy(t)),
    points: seats.map((p) => o.points(p)),
    prizesWon: seats.map((p) => o.prizesWon(p)),
    prizesToCome: toCome,
  };
}
