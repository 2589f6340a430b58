import type { JsonObject } from '../../game/contract.js';
import { UserError } from '../../errors.js';
import { FORTY_VALUE, KIND_COUNT, kindIndex, SPECIAL_BASE } from './cards.js';
import { fortyCount, type Rules } from './rules.js';
import { EV_BID, EV_DECLINE, EV_FETCH, EV_PASS, EV_TAKE, EVENT_NAMES, PHASE_BID, PHASE_GIVE, PHASE_REMOVE, PHASE_TAKE, type SpecialsState } from './state.js';

export type Phase = 'take' | 'bid' | 'give' | 'remove' | 'over';

/** One public event. */
export interface HistoryEvent {
  type: (typeof EVENT_NAMES)[number];
  seat: number;
  card: number;
  /** Chips on the card before the event (fetch: 0 from the deck, 1 from the set-aside cards). */
  pot: number;
}

/**
 * What the player in one seat sees with the special cards: the face-up card and its chips, every
 * display (number cards and specials are face up), its own chips (others' only with open chips;
 * countedChips() counts them from the public history), who sits out, the last bidder, how many
 * cards are left, the public history, and the set-aside cards only once this seat has held a look
 * card (or with known removed). Which specials are where is public: those not yet seen are all in
 * the deck (specials are never set aside). The engine state is in a private field.
 */
export class Observation {
  readonly #s: SpecialsState;
  readonly seat: number;
  readonly rules: Readonly<Rules>;

  constructor(state: SpecialsState, seat: number) {
    this.#s = state;
    this.seat = seat;
    this.rules = Object.freeze({ ...state.rules, specials: Object.freeze([...state.rules.specials]) as number[] });
    // Frozen: a bot cannot point its observation at another seat or at other rules.
    Object.freeze(this);
  }

  get players(): number {
    return this.rules.players;
  }
  /** What this seat decides: take/pass a number or red card, bid/decline a green one, or which card to give or remove. */
  get phase(): Phase {
    // Compares, not a lookup in a frozen array of the names: TurboFan does not inline a keyed load
    // from a frozen array (a builtin call in every bot's decide), as in 6 nimmt!'s observation.
    const p = this.#s.phase;
    return p === PHASE_TAKE ? 'take' : p === PHASE_BID ? 'bid' : p === PHASE_GIVE ? 'give' : p === PHASE_REMOVE ? 'remove' : 'over';
  }
  /** The face-up card's code (a number, or SPECIAL_BASE + kind); during give/remove the card just received; 0 at the end. */
  get card(): number {
    return this.#s.card;
  }
  get pot(): number {
    return this.#s.pot;
  }
  get myChips(): number {
    return this.#s.chips[this.seat]!;
  }
  get cardsLeft(): number {
    return this.#s.cardsLeft;
  }
  get current(): number {
    return this.#s.current;
  }
  get starter(): number {
    return this.#s.starter;
  }
  /** Last bidder on the face-up green card (-1: none). */
  get lastBidder(): number {
    return this.#s.lastBidder;
  }
  /** Set-aside number cards still there (the fetch card may take the top one). */
  get removedLeft(): number {
    return this.#s.removedLeft;
  }
  sittingOut(seat: number): boolean {
    seat = +seat;
    return this.#s.sitting[seat] === 1;
  }
  /** Whether this seat may discard a sit-out card now. */
  get canSitOut(): boolean {
    return this.#s.current === this.seat && this.#s.canSitOut(this.seat);
  }

  has(seat: number, card: number): boolean {
    seat = +seat;
    card = +card;
    return this.#s.has(seat, card);
  }
  /** Copies of a special (by code) in `seat`'s display. */
  held(seat: number, code: number): number {
    seat = +seat;
    code = +code;
    return code >= SPECIAL_BASE && code - SPECIAL_BASE < KIND_COUNT ? this.#s.heldCount(seat, code - SPECIAL_BASE) : 0;
  }
  displayOf(seat: number): number[] {
    seat = +seat;
    return this.#s.displayOf(seat);
  }
  displaySize(seat: number): number {
    seat = +seat;
    return this.#s.displaySize(seat);
  }
  /** Number-card points of `seat` (runs by their lowest card), before jokers and specials. */
  cardPoints(seat: number): number {
    seat = +seat;
    return this.#s.cardPoints[seat]!;
  }
  /** The highest number card up to `atMost` in `seat`'s display with neither neighbour held (dropping it saves its value), or 0. */
  highestLoneCard(seat: number, atMost: number): number {
    seat = +seat;
    atMost = +atMost;
    return this.#s.highestLoneCard(seat, atMost);
  }
  /** Run-aware points taking number `card` would add to `seat`'s number cards. */
  marginalCost(seat: number = this.seat, card: number = this.#s.card): number {
    seat = +seat;
    card = +card;
    return this.#s.marginalCost(seat, card);
  }
  /** A seat's final score if the game ended now (public: chips can be counted from the history). */
  scoreNow(seat: number): number {
    seat = +seat;
    return this.#s.score(seat);
  }

  /** `seat`'s score if the game ended now with card `code` added to its display (or, add false, taken out). */
  scoreWith(seat: number, code: number, add = true): number {
    seat = +seat;
    code = +code;
    add = !!add;
    return this.#s.scoreWith(seat, code, add);
  }

  chips(seat: number): number {
    seat = +seat;
    if (seat !== this.seat && !this.rules.openChips) throw new UserError("opponents' chips are hidden unless openChips is set; count them with countedChips()");
    return this.#s.chips[seat]!;
  }

  /** A seat's chips counted from the public history: passes and bids cost one, takes and declines win the pot. */
  countedChips(seat: number): number {
    seat = +seat;
    const s = this.#s;
    let chips = this.rules.startChips;
    for (let i = 0; i < s.events; i++) {
      if (s.evSeat[i] !== seat) continue;
      const t = s.evType[i];
      if (t === EV_PASS || t === EV_BID) chips--;
      else if (t === EV_TAKE || t === EV_DECLINE) chips += s.evPot[i]!;
    }
    return chips;
  }

  /** Whether `seat` has seen the set-aside cards (it held a look card at some time). */
  hasSeenRemoved(seat: number): boolean {
    seat = +seat;
    return this.#s.sawRemoved[seat] === 1;
  }
  get seesRemoved(): boolean {
    return this.rules.knownRemoved || this.hasSeenRemoved(this.seat);
  }
  /** The set-aside cards still there, sorted: only once this seat has seen them. */
  removedCards(): number[] {
    if (!this.seesRemoved) throw new UserError('the set-aside cards are hidden until you hold a look card (or with knownRemoved)');
    return Array.from(this.#s.cards.subarray(0, this.#s.removedLeft)).sort((a, b) => a - b);
  }

  /** Set-aside card i (0 <= i < removedLeft), unsorted, once this seat has seen them; allocates nothing. */
  removedAt(i: number): number {
    i = +i;
    if (!this.seesRemoved) throw new UserError('the set-aside cards are hidden until you hold a look card (or with knownRemoved)');
    if (i < 0 || i >= this.#s.removedLeft) throw new RangeError(`set-aside card index ${i} out of range`);
    return this.#s.cards[i]!;
  }

  /**
   * Writes the codes of every card this seat has not seen (face down in the deck or, unless it
   * has seen them, set aside) into `out`, ascending; returns how many. Worked out from the public
   * record of the game: every card dealt minus every card revealed, fetched or seen set aside.
   */
  unseenInto(out: Uint8Array, counts: Int32Array): number {
    const s = this.#s;
    const r = this.rules;
    counts.fill(0);
    for (let c = r.minCard; c <= r.maxCard; c++) counts[c] = 1;
    if (fortyCount(r)) counts[FORTY_VALUE] = 1;
    for (let k = 0; k < KIND_COUNT; k++) if (SPECIAL_BASE + k !== CODE_FORTY) counts[SPECIAL_BASE + k] = r.specials[k]!;
    const lastSeen = Math.min(s.next, s.deckEnd - 1);
    for (let i = s.deckStart; i <= lastSeen; i++) counts[s.cards[i]!]!--;
    for (let i = 0; i < s.events; i++) if (s.evType[i] === EV_FETCH) counts[s.evCard[i]!]!--;
    if (this.seesRemoved) for (let i = 0; i < s.removedLeft; i++) counts[s.cards[i]!]!--;
    let n = 0;
    for (let code = 0; code < counts.length; code++) for (let j = counts[code]!; j > 0; j--) out[n++] = code;
    return n;
  }

  /** During a give/remove choice: who decides on the next card afterwards (else the current seat). */
  get nextDecider(): number {
    return this.#s.nextDecider;
  }

  get historyLength(): number {
    return this.#s.events;
  }
  historyAt(i: number): HistoryEvent {
    i = +i;
    const s = this.#s;
    if (i < 0 || i >= s.events) throw new RangeError(`history index ${i} out of range`);
    return { type: EVENT_NAMES[s.evType[i]!]!, seat: s.evSeat[i]!, card: s.evCard[i]!, pot: s.evPot[i]! };
  }
}

/** The forty is dealt as the number 40, never as a special code. */
const CODE_FORTY = SPECIAL_BASE + kindIndex('forty');

/**
 * Everything a seat sees, as plain data read through its observation (never from engine fields):
 * the forward model's view and what the line protocol sends a process bot (docs/protocol.md).
 */
export function viewOf(o: Observation): JsonObject {
  const seats = Array.from({ length: o.players }, (_, p) => p);
  const unseen = new Uint8Array(256);
  const n = o.unseenInto(unseen, new Int32Array(256));
  return {
    seat: o.seat,
    phase: o.phase,
    card: o.card,
    pot: o.pot,
    myChips: o.myChips,
    cardsLeft: o.cardsLeft,
    current: o.current,
    starter: o.starter,
    lastBidder: o.lastBidder,
    removedLeft: o.removedLeft,
    nextDecider: o.nextDecider,
    canSitOut: o.canSitOut,
    displays: seats.map((p) => o.displayOf(p)),
    specials: seats.map((p) => Array.from({ length: KIND_COUNT }, (_, k) => o.held(p, SPECIAL_BASE + k))),
    cardPoints: seats.map((p) => o.cardPoints(p)),
    scores: seats.map((p) => o.scoreNow(p)),
    countedChips: seats.map((p) => o.countedChips(p)),
    sitting: seats.map((p) => o.sittingOut(p)),
    seenRemoved: seats.map((p) => o.hasSeenRemoved(p)),
    chips: o.rules.openChips ? seats.map((p) => o.chips(p)) : null,
    removed: o.seesRemoved ? o.removedCards() : null,
    unseen: Array.from(unseen.subarray(0, n)),
    history: Array.from({ length: o.historyLength }, (_, i) => o.historyAt(i)) as unknown as JsonObject[],
  };
}
