import { UserError } from '../../errors.js';
import type { JsonObject } from '../../game/contract.js';
import type { Rules } from './rules.js';
import { PASS, type GameState } from './state.js';

/** One public decision: who took or passed on which card, with how many chips lay on it. */
export interface HistoryEvent {
  type: 'take' | 'pass';
  seat: number;
  card: number;
  /** Chips on the card before this decision. */
  pot: number;
}

/**
 * What the player in one seat sees (docs/fair-play.md): the face-up card and
 * its chips, every display, its own chips, how many cards are left, and the public history.
 * Opponents' chips only with open counters; removed cards only with known missing cards; never the
 * deck order. The engine state sits in a private field, so a bot has no path to it.
 */
export class Observation {
  readonly #s: GameState;
  readonly seat: number;
  readonly rules: Readonly<Rules>;

  constructor(state: GameState, seat: number) {
    this.#s = state;
    this.seat = seat;
    this.rules = Object.freeze({ ...state.rules });
    // Frozen: a bot cannot point its observation at another seat or at other rules.
    Object.freeze(this);
  }

  get players(): number {
    return this.rules.players;
  }
  /** The face-up card (0 once the game is over). */
  get card(): number {
    return this.#s.card;
  }
  /** Chips lying on the face-up card. */
  get pot(): number {
    return this.#s.pot;
  }
  get myChips(): number {
    return this.#s.chips[this.seat]!;
  }
  /** Cards still face down in the deck, not counting the face-up one. */
  get cardsLeft(): number {
    return this.#s.cardsLeft;
  }
  /** Seat deciding now (equal to `seat` inside decide). */
  get current(): number {
    return this.#s.current;
  }
  get starter(): number {
    return this.#s.starter;
  }

  /** Whether `seat` holds `card` (displays are face up). */
  has(seat: number, card: number): boolean {
    seat = +seat;
    card = +card;
    return this.#s.has(seat, card);
  }
  /** The seat whose display holds `card`, or -1 (displays are face up): one call per card where has() needs one per seat. */
  holder(card: number): number {
    card = +card;
    const s = this.#s;
    return card >= s.rules.minCard && card <= s.rules.maxCard ? s.owner[card]! - 1 : -1;
  }
  /** Points `seat`'s cards are worth now (runs counted by their lowest card), before chips. */
  cardPoints(seat: number): number {
    seat = +seat;
    return this.#s.cardPoints[seat]!;
  }
  /** Run-aware points taking `card` (default: the face-up one) would add to `seat`'s cards. */
  marginalCost(seat: number = this.seat, card: number = this.#s.card): number {
    seat = +seat;
    card = +card;
    return this.#s.marginalCost(seat, card);
  }
  displayOf(seat: number): number[] {
    seat = +seat;
    return this.#s.displayOf(seat);
  }

  /** A seat's chips: your own always; others' only under the open-counters variant. */
  chips(seat: number): number {
    seat = +seat;
    if (seat !== this.seat && !this.rules.openChips) {
      throw new UserError("opponents' chips are hidden unless openChips is set; count them with countedChips()");
    }
    return this.#s.chips[seat]!;
  }

  /**
   * A seat's chips as anyone who watched every public move can count them: starting chips, minus
   * one per pass, plus every pot taken. Every chip moves in a public pass or take, so the count is
   * the engine's own figure, read in O(1) rather than recounted (the observation tensor asks for it
   * at every step); state.test.ts checks it against the recount over the history in random games.
   */
  countedChips(seat: number): number {
    seat = +seat;
    return this.#s.chips[seat]!;
  }

  /** The cards set aside, only under the known-missing-cards variant. */
  removedCards(): number[] {
    if (!this.rules.knownRemoved) throw new UserError('removed cards are hidden unless knownRemoved is set');
    return Array.from(this.#s.cards.subarray(0, this.#s.deckStart)).sort((a, b) => a - b);
  }

  /** Set-aside card i (0 <= i < rules.removed), unsorted, only under the known-missing-cards variant; allocates nothing. */
  removedAt(i: number): number {
    i = +i;
    if (!this.rules.knownRemoved) throw new UserError('removed cards are hidden unless knownRemoved is set');
    if (i < 0 || i >= this.#s.deckStart) throw new RangeError(`removed card index ${i} out of range`);
    return this.#s.cards[i]!;
  }

  /** Number of public decisions so far. */
  get historyLength(): number {
    return this.#s.decisions;
  }

  /** Public decision i (0 = first of the game). */
  historyAt(i: number): HistoryEvent {
    i = +i;
    const s = this.#s;
    if (i < 0 || i >= s.decisions) throw new RangeError(`history index ${i} out of range`);
    let card = s.cards[s.deckStart]!;
    let k = s.deckStart;
    for (let j = 0; j < i; j++) if (s.actions[j] !== PASS) card = s.cards[++k]!;
    return { type: s.actions[i] === PASS ? 'pass' : 'take', seat: s.actionSeats[i]!, card, pot: s.actionPots[i]! };
  }

  /** Every public decision so far, oldest first (what historyAt gives, in one pass). */
  history(): HistoryEvent[] {
    const s = this.#s;
    const out: HistoryEvent[] = [];
    let k = s.deckStart;
    for (let i = 0; i < s.decisions; i++) {
      const pass = s.actions[i] === PASS;
      out.push({ type: pass ? 'pass' : 'take', seat: s.actionSeats[i]!, card: s.cards[k]!, pot: s.actionPots[i]! });
      if (!pass) k++;
    }
    return out;
  }
}

/**
 * Everything a seat sees, as plain data read through its observation (never from engine fields):
 * the forward model's view and what the line protocol sends a process bot (docs/protocol.md).
 */
export function viewOf(o: Observation): JsonObject {
  const seats = Array.from({ length: o.players }, (_, p) => p);
  return {
    seat: o.seat,
    card: o.card,
    pot: o.pot,
    myChips: o.myChips,
    cardsLeft: o.cardsLeft,
    current: o.current,
    starter: o.starter,
    displays: seats.map((p) => o.displayOf(p)),
    cardPoints: seats.map((p) => o.cardPoints(p)),
    countedChips: seats.map((p) => o.countedChips(p)),
    chips: o.rules.openChips ? seats.map((p) => o.chips(p)) : null,
    removed: o.rules.knownRemoved ? o.removedCards() : null,
    history: o.history() as unknown as JsonObject[],
  };
}
