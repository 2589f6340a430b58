import type { JsonObject } from '../../game/contract.js';
import { UserError } from '../../errors.js';
import { BULLHEADS, type Rules } from './rules.js';
import { DRAFT, PLAY, ROW, type GameState } from './state.js';

export type PhaseName = 'draft' | 'play' | 'row' | 'over';

/**
 * What the player in one seat sees: its own hand, the rows, every card revealed this round (and
 * this turn's cards once they are revealed, e.g. during a row choice), everyone's bullheads, and
 * in the pro variant every hand and the draft (all face up). Never another seat's choice before the
 * reveal (not even whether it has chosen), never the set-aside cards. The engine state sits in a
 * private field, so a bot has no path to it. Every method is allocation-free except the *Of/…Cards
 * helpers that return arrays.
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
    return this.#s.players;
  }
  /** 'draft' (pro: pick an open card), 'play' (choose a hand card), 'row' (choose a row to take), 'over'. */
  get phase(): PhaseName {
    // Compares, not a lookup in a frozen array of the names: TurboFan does not inline a keyed load from a frozen array, so
    // that was a call to the KeyedLoadIC builtin in every bot's decide(); string constants also let
    // a bot's own `phase === 'play'` fold into a compare of the number.
    const p = this.#s.phase;
    return p === PLAY ? 'play' : p === ROW ? 'row' : p === DRAFT ? 'draft' : 'over';
  }
  /** Round in progress, from 0. */
  get round(): number {
    return this.#s.round;
  }
  /** Turn in the round, from 0 (turns per round = rules.handSize). */
  get turn(): number {
    return this.#s.turn;
  }
  /** Starter of the game's first round. */
  get starter(): number {
    return this.#s.starter;
  }
  /** This round's starter (first picker in the pro draft). */
  get roundStarter(): number {
    return this.#s.roundStarter;
  }

  /** Cards in your hand. */
  get handSize(): number {
    return this.#s.handLen[this.seat]!;
  }
  /** Your i-th card, ascending (0 <= i < handSize; anything else is a RangeError: the hands share one array). */
  handCard(i: number): number {
    i = +i;
    const s = this.#s;
    // One unsigned compare (negatives wrap to huge): this is the bots' hot path.
    if (i >>> 0 >= s.handLen[this.seat]!) throw new RangeError(`hand index ${i} out of range (0..${s.handLen[this.seat]! - 1})`);
    return s.hands[this.seat * s.handSize + i]!;
  }
  /** Whether you hold `card`. */
  holds(card: number): boolean {
    card = +card;
    return this.#s.owner[card] === this.seat + 1;
  }
  /** Your own secret choice this turn once made (0 before). */
  get myChoice(): number {
    return this.#s.chosen[this.seat]!;
  }
  /** Cards a seat holds (public: everyone plays one a turn). */
  handCountOf(seat: number): number {
    seat = +seat;
    return this.#s.handLen[seat]!;
  }

  /** Cards in row r (0..3). */
  rowLength(r: number): number {
    r = +r;
    return this.#s.rowLen[r]!; // four slots: any other index reads undefined, nothing hidden
  }
  /** The last card of row r. */
  rowEnd(r: number): number {
    r = +r;
    return this.#s.rowEnd[r]!; // four slots: any other index reads undefined, nothing hidden
  }
  /** Card i (0 = first) of row r. Indexes are checked: the rows share one array with stale slots. */
  rowCard(r: number, i: number): number {
    r = +r;
    i = +i;
    const s = this.#s;
    return s.rows[checkIndex('row', r, 4) * s.rowLimit + checkIndex('row card', i, s.rowLen[r]!)]!;
  }
  /** Bullheads lying in row r. */
  rowBullheads(r: number): number {
    r = +r;
    return this.#s.rowBull[r]!; // four slots: any other index reads undefined, nothing hidden
  }
  /** The row `card` would go to now (the highest end below it), -1 if it is lower than every row end. */
  targetRow(card: number): number {
    card = +card;
    return this.#s.targetRow(card);
  }
  /** Card that started row r this round. */
  startRow(r: number): number {
    r = +r;
    return this.#s.startRows[r]!;
  }

  /** A seat's bullheads over the game, this round included. */
  bullheads(seat: number): number {
    seat = +seat;
    return this.#s.total[seat]!;
  }
  roundBullheads(seat: number): number {
    seat = +seat;
    return this.#s.roundBull[seat]!;
  }
  /** Rows a seat has taken this game. */
  rowsTaken(seat: number): number {
    seat = +seat;
    return this.#s.rowsTaken[seat]!;
  }

  /** This turn's cards are face up (during a row choice, and in events after the reveal). */
  get revealedThisTurn(): boolean {
    return this.#s.revealed;
  }
  /** A seat's card this turn once revealed, else 0. */
  revealedCard(seat: number): number {
    seat = +seat;
    const s = this.#s;
    return s.revealed ? s.plays[s.turn * s.players + checkIndex('seat', seat, s.players)]! : 0;
  }
  /** The card a seat played in turn t of this round (t before the current turn, or the current one once revealed); 0 otherwise. */
  playedCard(t: number, seat: number): number {
    t = +t;
    seat = +seat;
    const s = this.#s;
    // The seat is checked: plays of one turn sit beside the next turn's (pending) ones.
    if (t < 0 || t > s.turn || (t === s.turn && !s.revealed)) return 0;
    return s.plays[t * s.players + checkIndex('seat', seat, s.players)]!;
  }
  /** The row a seat chose in turn t of this round (its card was lower than every row), else -1. */
  rowChoice(t: number, seat: number): number {
    t = +t;
    seat = +seat;
    const s = this.#s;
    if (t < 0 || t > s.turn || (t === s.turn && !s.revealed)) return -1;
    return s.takes[t * s.players + checkIndex('seat', seat, s.players)]!;
  }
  /** Seat choosing a row now (phase 'row'), else -1. */
  get rowChooser(): number {
    return this.#s.phase === ROW ? this.#s.rowSeat : -1;
  }

  /** Whether `card` was public this round: a starting row card or a revealed play (pro: every card). */
  isSeen(card: number): boolean {
    card = +card;
    return this.#s.seen[card] === 1;
  }
  /** A card you cannot place: in another hand or set aside (base only; pro: none). */
  isUnseen(card: number): boolean {
    card = +card;
    const s = this.#s;
    return !s.pro && card >= 1 && card <= s.maxCard && s.seen[card] === 0 && s.owner[card] !== this.seat + 1;
  }
  /** How many cards you cannot place (other hands and the set-aside cards). */
  get unseenCount(): number {
    const s = this.#s;
    return s.pro ? 0 : s.maxCard - s.seenCount - s.handLen[this.seat]!;
  }

  /** Pro (hands are drafted face up): whether `seat` holds `card`. Base: only your own. */
  holdsOf(seat: number, card: number): boolean {
    seat = +seat;
    card = +card;
    this.#checkOpen(seat);
    return this.#s.owner[card] === seat + 1;
  }
  /** Pro: a seat's i-th card, ascending. Base: only your own. */
  handCardOf(seat: number, i: number): number {
    seat = +seat;
    i = +i;
    this.#checkOpen(seat);
    const s = this.#s;
    // The bound matters: every seat's hand sits in one typed array, so an index past this hand
    // would read a neighbour's (hidden, in the base game).
    return s.hands[seat * s.handSize + checkIndex('hand', i, s.handLen[seat]!)]!;
  }
  handOf(seat: number = this.seat): number[] {
    seat = +seat;
    this.#checkOpen(seat);
    return this.#s.handOf(seat);
  }
  #checkOpen(seat: number): void {
    if (seat !== this.seat && !this.#s.pro) throw new UserError("other players' hands are hidden in the base game (they are open in the pro variant)");
  }

  /** Pro draft: the seat to pick. */
  get picker(): number {
    return this.#s.phase === DRAFT ? this.#s.picker : -1;
  }
  /** Pro draft: cards still open. */
  get openCount(): number {
    return this.#s.phase === DRAFT ? this.#s.openCount : 0;
  }
  isOpen(card: number): boolean {
    card = +card;
    const s = this.#s;
    return s.phase === DRAFT && card >= 1 && card <= s.maxCard && s.open[card] === 1;
  }
  /** Pro: picks made this round so far, and pick i (in order). */
  get picks(): number {
    return this.#s.pro ? (this.#s.phase === DRAFT ? this.#s.picks : this.#s.players * this.#s.handSize) : 0;
  }
  draftPick(i: number): number {
    i = +i;
    return i >= 0 && i < this.picks ? this.#s.draftOrder[i]! : 0;
  }
  openCards(): number[] {
    const out: number[] = [];
    for (let c = 1; c <= this.#s.maxCard; c++) if (this.isOpen(c)) out.push(c);
    return out;
  }

  rowCards(r: number): number[] {
    r = +r;
    return this.#s.rowOf(r);
  }
  /** Bullheads of a card. */
  cardBullheads(card: number): number {
    card = +card;
    return BULLHEADS[card]!;
  }
}

/** Everything a seat sees, as plain data read through its observation (the forward model's view). */
export function viewOf(o: Observation): JsonObject {
  const P = o.players;
  const seats = Array.from({ length: P }, (_, p) => p);
  const pro = o.rules.variant === 'pro';
  const turns = Array.from({ length: o.turn + (o.revealedThisTurn ? 1 : 0) }, (_, t) => t);
  const unseen: number[] = [];
  for (let c = 1; c <= o.rules.maxCard; c++) if (o.isUnseen(c)) unseen.push(c);
  return {
    seat: o.seat,
    phase: o.phase,
    round: o.round,
    turn: o.turn,
    starter: o.starter,
    roundStarter: o.roundStarter,
    hand: o.handOf(),
    myChoice: o.myChoice,
    handCounts: seats.map((p) => o.handCountOf(p)),
    hands: pro ? seats.map((p) => o.handOf(p)) : null,
    rows: [0, 1, 2, 3].map((r) => o.rowCards(r)),
    rowBullheads: [0, 1, 2, 3].map((r) => o.rowBullheads(r)),
    startRows: [0, 1, 2, 3].map((r) => o.startRow(r)),
    bullheads: seats.map((p) => o.bullheads(p)),
    roundBullheads: seats.map((p) => o.roundBullheads(p)),
    rowsTaken: seats.map((p) => o.rowsTaken(p)),
    played: turns.map((t) => seats.map((p) => o.playedCard(t, p))),
    rowChoices: turns.map((t) => seats.map((p) => o.rowChoice(t, p))),
    revealed: o.revealedThisTurn ? seats.map((p) => o.revealedCard(p)) : null,
    rowChooser: o.rowChooser,
    unseen,
    unseenCount: o.unseenCount,
    draft: o.phase === 'draft' ? { picker: o.picker, open: o.openCards(), picks: Array.from({ length: o.picks }, (_, i) => o.draftPick(i)) } : null,
  };
}

/** An index into one of the state's shared arrays, checked (a RangeError names it otherwise). */
function checkIndex(what: string, i: number, size: number): number {
  // (i | 0) === i: an integer in int32 range, without a call (this sits on the bots' hot path).
  if ((i | 0) !== i || i < 0 || i >= size) throw new RangeError(`${what} index ${i} out of range (0..${size - 1})`);
  return i;
}
