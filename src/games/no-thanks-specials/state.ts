import { protectData } from '../../game/protect.js';
import { Sfc32, type SeedKey } from '../../game/seed.js';
import { dealInto } from '../no-thanks/deal.js';
import { cardCount, MAX_PLAYERS } from '../no-thanks/rules.js';
import { bonusOf, CODE, FORTY_VALUE, isGreen, isSpecial, KIND_COUNT, KINDS, SPECIAL_BASE } from './cards.js';
import { fortyCount, specialCards, topCard, type Rules } from './rules.js';

/** Actions: the ids of the action space (actions.ts); choosing a card of the display is CHOOSE + the card's code. */
export const PASS = 0;
export const TAKE = 1;
export const SIT_OUT = 2;
export const BID = 3;
export const DECLINE = 4;
export const CHOOSE = 5;

/** What the seat to act decides on. */
export const PHASE_TAKE = 0; // a number or red card: take it (with its chips) or pay a chip
export const PHASE_BID = 1; // a green card: bid a chip or decline (take the chips; the last bidder gets the card)
export const PHASE_GIVE = 2; // just received give-left: choose a card of the display for the left neighbour
export const PHASE_REMOVE = 3; // just received remove: choose a card of the display to discard
export const PHASE_OVER = 4;

/** Public events, in the order they happen (the history every seat hears). */
export const EV_TAKE = 0;
export const EV_PASS = 1;
export const EV_SIT_OUT = 2;
export const EV_BID = 3;
export const EV_DECLINE = 4;
/** A green card nobody bid on leaves the game. */
export const EV_DISCARD = 5;
/** The last bidder (or, by the rules, the decliner) receives the green card. */
export const EV_RECEIVE = 6;
/** The fetch card's taker takes a card: pot field 0 = from the deck, 1 = from the set-aside cards. */
export const EV_FETCH = 7;
export const EV_GIVE = 8;
export const EV_REMOVE = 9;
export const EVENT_NAMES = protectData('special-card event names', [
  'take',
  'pass',
  'sit-out',
  'bid',
  'decline',
  'discard',
  'receive',
  'fetch',
  'give',
  'remove',
] as const);

const SIT = CODE.sitOut - SPECIAL_BASE;
const DOUBLE_HIGHEST = CODE.doubleHighest - SPECIAL_BASE;
const BONUS5 = CODE.bonus5 - SPECIAL_BASE;
const BONUS10 = CODE.bonus10 - SPECIAL_BASE;
const BONUS15 = CODE.bonus15 - SPECIAL_BASE;
const BONUS20 = CODE.bonus20 - SPECIAL_BASE;
/** score() writes the bonus points of these four kinds out: the only kinds with bonus points. */
for (let k = 0; k < KIND_COUNT; k++) {
  const expected = k === BONUS5 ? 5 : k === BONUS10 ? 10 : k === BONUS15 ? 15 : k === BONUS20 ? 20 : 0;
  if (bonusOf(SPECIAL_BASE + k) !== expected) throw new Error(`bonus points of ${KINDS[k]!.name} are not what score() counts`);
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
/** Entries of the number-points memo (a power of two) and the hash shift that indexes it. */
const MEMO_SHIFT = 26;
const MEMO_SIZE = 1 << (32 - MEMO_SHIFT);
const HALF_CHIPS = CODE.halfChips - SPECIAL_BASE;
const DOUBLE_CHIPS = CODE.doubleChips - SPECIAL_BASE;
const CHIPS_MINUS = CODE.chipsMinus - SPECIAL_BASE;
const MINUS_PER_CARD = CODE.minusPerCard - SPECIAL_BASE;
const PLUS_PER_CARD = CODE.plusPerCard - SPECIAL_BASE;
const LOOK = CODE.look - SPECIAL_BASE;
const JOKER = CODE.joker - SPECIAL_BASE;

/**
 * No Thanks! with the special cards of seed 003, in typed arrays reset in place (the base game's
 * engine stays untouched and as fast as it was). Number cards are displays of two-word bitmasks
 * with incremental run points, as in the base game; specials are counts per seat and kind.
 *
 * The deck is dealt in two steps so the number cards are exactly the base game's deal k (same
 * removed cards, same order, same starter: duplicate deals against the base game), then each
 * special is inserted at a uniform position from a second stream of the same key.
 */
export class SpecialsState {
  readonly rules: Rules;
  readonly players: number;
  readonly minCard: number;
  /** Highest number a display can hold (40 with the forty). */
  readonly topCard: number;
  /** cards[0, deckStart) are the number cards set aside; the deck is cards[deckStart, deckEnd). */
  readonly deckStart: number;
  deckEnd = 0;
  /** Set-aside cards still there: cards[0, removedLeft) (fetch takes the top one, the last). */
  removedLeft = 0;
  readonly cards = new Uint8Array(256);
  readonly chips = new Int32Array(MAX_PLAYERS);
  /** Number-card points (runs by their lowest card), incremental; jokers and specials are scored at the end. */
  readonly cardPoints = new Int32Array(MAX_PLAYERS);
  readonly display = new Uint32Array(MAX_PLAYERS * 2);
  /** owner[number] = holding seat + 1 (0: nobody). */
  readonly owner: Uint8Array;
  /** Specials held per seat: held[seat * KIND_COUNT + kind]. */
  readonly held = new Uint8Array(MAX_PLAYERS * KIND_COUNT);
  /** Seats that have seen the set-aside cards (held a look card at some time). */
  readonly sawRemoved = new Uint8Array(MAX_PLAYERS);
  /** Seats sitting out the face-up card. */
  readonly sitting = new Uint8Array(MAX_PLAYERS);

  /** Index in `cards` of the face-up card. */
  next = 0;
  /** The face-up card's code (for a give/remove choice: that card), 0 once the game is over. */
  card = 0;
  pot = 0;
  phase = PHASE_OVER;
  current = 0;
  starter = 0;
  /** Last bidder on the face-up green card (-1: none yet). */
  lastBidder = -1;
  /** Who decides on the next card once a give/remove choice is made. */
  resumeSeat = 0;
  decisions = 0;

  /** The deal as dealt, cards[0, dealtEnd) before any fetch moved a card (for records). */
  readonly dealt = new Uint8Array(256);
  dealtEnd = 0;
  /** Every decision's action, in order (for records). */
  acts = new Uint16Array(256);

  events = 0;
  evType = new Uint8Array(512);
  evSeat = new Uint8Array(512);
  evCard = new Uint8Array(512);
  evPot = new Uint16Array(512);

  private readonly specialStream = new Sfc32();
  private readonly specialList: Uint8Array;
  /** Cards mixed into the number deck: the specials and the forty. */
  private readonly extraCards: number;
  /** Values scoring looks at: the card range with room for jokers on either side. */
  private readonly lowValue: number;
  private readonly highValue: number;
  /** Scratch for scoring: has[v] over number values, candidates for jokers. */
  private readonly hasValue = new Uint8Array(160);
  private readonly candidates = new Int32Array(160);
  /**
   * Scoring on bitmasks (bestPointsOnBits): bit j of a two-word mask is value lowValue - 1 + j, so
   * a display (bit i = card minCard + i) is shifted left by `bitShift`; the joker candidates' bits
   * are `candidateMaskLo/Hi` (values lowValue..highValue - 1). Used when the values fit in 63 bits
   * (every deck of the game's default size and most others); otherwise the loop over values.
   */
  private readonly bitShift: number;
  private readonly bitsFit: boolean;
  private readonly candidateMaskLo: number;
  private readonly candidateMaskHi: number;
  /**
   * A direct-mapped memo of bestPointsOnBits by its inputs (the display's two words, jokers and
   * double-highest cards): bots ask for the same displays over and over (every seat's score on
   * every decision, the same display with and without a card), and with a joker the search costs
   * a few hundred steps. A pure function's cache: never copied, never reset, same answers.
   */
  private readonly memoLo = new Int32Array(MEMO_SIZE);
  private readonly memoHi = new Int32Array(MEMO_SIZE);
  /** (jokers << 8 | doubles) + 1 of the entry; 0: empty. */
  private readonly memoSpecials = new Int32Array(MEMO_SIZE);
  private readonly memoPoints = new Int32Array(MEMO_SIZE);

  constructor(rules: Rules) {
    this.rules = rules;
    this.players = rules.players;
    this.minCard = rules.minCard;
    this.topCard = topCard(rules);
    this.deckStart = rules.removed;
    this.owner = new Uint8Array(this.topCard + 2);
    this.lowValue = Math.max(1, rules.minCard - 2);
    this.highValue = this.topCard + 3;
    this.bitShift = rules.minCard - (this.lowValue - 1);
    this.bitsFit = this.highValue + 1 - (this.lowValue - 1) <= 63;
    let lo = 0;
    let hi = 0;
    for (let j = 1; j <= this.highValue - 1 - (this.lowValue - 1) && j < 64; j++) {
      if (j < 32) lo |= 1 << j;
      else hi |= 1 << (j - 32);
    }
    this.candidateMaskLo = lo;
    this.candidateMaskHi = hi;
    const list: number[] = [];
    rules.specials.forEach((n, k) => {
      if (KINDS[k]!.name === 'forty') return;
      for (let i = 0; i < n; i++) list.push(SPECIAL_BASE + k);
    });
    this.specialList = Uint8Array.from(list);
    this.extraCards = list.length + fortyCount(rules);
  }

  /** Deals the game with this seed; `starter` overrides the dealt seat (circuit format). */
  deal(key: SeedKey, starter?: number): void {
    const rules = this.rules;
    const dealt = dealInto(rules, key, this.cards);
    let end = cardCount(rules);
    // The specials (and the forty, a number card) go in at uniform positions of the played deck.
    const rng = this.specialStream;
    rng.reset(key, 0x5eca1);
    const cards = this.cards;
    const specials = this.specialList.length;
    for (let i = 0; i < this.extraCards; i++) {
      const code = i < specials ? this.specialList[i]! : FORTY_VALUE;
      const at = this.deckStart + Math.floor(rng.next() * (end - this.deckStart + 1));
      // A loop, not copyWithin: the builtin's call costs more than moving these few bytes.
      for (let j = end; j > at; j--) cards[j] = cards[j - 1]!;
      cards[at] = code;
      end++;
    }
    this.begin(starter ?? dealt, end);
  }

  /** Starts a game on whatever is in `cards[0, deckEnd)` (filled by the caller). */
  begin(starter: number, deckEnd: number): void {
    this.deckEnd = deckEnd;
    // The whole buffer: a subarray view would be an allocation per game; dealt[dealtEnd..] is unused.
    this.dealt.set(this.cards);
    this.dealtEnd = deckEnd;
    this.removedLeft = this.deckStart;
    for (let p = 0; p < this.players; p++) this.chips[p] = this.rules.startChips;
    this.display.fill(0);
    this.owner.fill(0);
    this.cardPoints.fill(0);
    this.held.fill(0);
    this.sawRemoved.fill(0);
    this.next = this.deckStart;
    this.current = starter;
    this.starter = starter;
    this.decisions = 0;
    this.events = 0;
    this.reveal();
  }

  /** Played deck size as dealt (number cards in play, the forty and the specials). */
  get dealtDeck(): number {
    return cardCount(this.rules) - this.rules.removed + specialCards(this.rules) + fortyCount(this.rules);
  }

  /** Who decides on the next card: after a give/remove choice the seat the rules name, else the current seat. */
  get nextDecider(): number {
    return this.phase === PHASE_GIVE || this.phase === PHASE_REMOVE ? this.resumeSeat : this.current;
  }

  get over(): boolean {
    return this.phase === PHASE_OVER;
  }

  /** Cards still face down in the deck. */
  get cardsLeft(): number {
    return this.over ? 0 : this.deckEnd - this.next - 1;
  }

  private reveal(): void {
    this.pot = 0;
    this.lastBidder = -1;
    for (let p = 0; p < this.players; p++) this.sitting[p] = 0;
    if (this.next >= this.deckEnd) {
      this.card = 0;
      this.phase = PHASE_OVER;
      return;
    }
    this.card = this.cards[this.next]!;
    this.phase = isGreen(this.card) ? PHASE_BID : PHASE_TAKE;
  }

  has(seat: number, card: number): boolean {
    return card <= this.topCard && this.owner[card] === seat + 1;
  }

  heldCount(seat: number, kind: number): number {
    return this.held[seat * KIND_COUNT + kind]!;
  }

  /** Specials in a seat's display. */
  specialsHeld(seat: number): number {
    let n = 0;
    for (let k = 0; k < KIND_COUNT; k++) n += this.held[seat * KIND_COUNT + k]!;
    return n;
  }

  /**
   * The seat's score(), as if it also held card `code` (add) or no longer held it (not add): the
   * exact worth of a card now, for bots. Restores the state; allocates nothing.
   */
  scoreWith(seat: number, code: number, add: boolean): number {
    if (isSpecial(code)) {
      const i = seat * KIND_COUNT + code - SPECIAL_BASE;
      if (!add && this.held[i] === 0) return this.score(seat);
      this.held[i]! += add ? 1 : -1;
      const v = this.score(seat);
      this.held[i]! -= add ? 1 : -1;
      return v;
    }
    if (add === this.has(seat, code) || (add && this.owner[code] !== 0)) return this.score(seat);
    if (add) this.addCard(seat, code);
    else this.drop(seat, code);
    const v = this.score(seat);
    if (add) this.drop(seat, code);
    else this.addCard(seat, code);
    return v;
  }

  /** Cards in a display: number cards plus every special held. */
  displaySize(seat: number): number {
    let n = popcount(this.display[seat * 2]!) + popcount(this.display[seat * 2 + 1]!);
    for (let k = 0; k < KIND_COUNT; k++) n += this.held[seat * KIND_COUNT + k]!;
    return n;
  }

  /**
   * The highest number card of `seat`'s display up to `atMost` with neither neighbour held (what
   * dropping it saves: its whole value), or 0: on the display's bitmask, no loop over values.
   */
  highestLoneCard(seat: number, atMost: number): number {
    const lo = this.display[seat * 2]!;
    const hi = this.display[seat * 2 + 1]!;
    let loneLo = lo & ~(lo << 1) & ~((lo >>> 1) | (hi << 31));
    let loneHi = hi & ~((hi << 1) | (lo >>> 31)) & ~(hi >>> 1);
    const top = atMost - this.minCard;
    if (top < 0) return 0;
    if (top < 32) {
      loneHi = 0;
      if (top < 31) loneLo &= (1 << (top + 1)) - 1;
    } else if (top < 63) loneHi &= (1 << (top - 31)) - 1;
    if (loneHi !== 0) return this.minCard + 63 - Math.clz32(loneHi);
    if (loneLo !== 0) return this.minCard + 31 - Math.clz32(loneLo);
    return 0;
  }

  /** What taking number `card` would add to `seat`'s number points (run-aware). */
  marginalCost(seat: number, card: number): number {
    const o = this.owner;
    const me = seat + 1;
    return (o[card - 1] === me ? 0 : card) - (o[card + 1] === me ? card + 1 : 0);
  }

  // ---- legality -----------------------------------------------------------------------------

  /** Whether someone other than `seat` still decides on the face-up card. */
  private othersActive(seat: number): boolean {
    for (let p = 0; p < this.players; p++) if (p !== seat && this.sitting[p] === 0) return true;
    return false;
  }

  canSitOut(seat: number): boolean {
    return (this.phase === PHASE_TAKE || this.phase === PHASE_BID) && this.held[seat * KIND_COUNT + SIT]! > 0 && this.othersActive(seat);
  }

  /** Whether `seat` (the chooser) may give or remove card `code`. */
  holdsCard(seat: number, code: number): boolean {
    return isSpecial(code) ? code - SPECIAL_BASE < KIND_COUNT && this.held[seat * KIND_COUNT + code - SPECIAL_BASE]! > 0 : this.has(seat, code);
  }

  isLegal(seat: number, action: number): boolean {
    if (this.over || seat !== this.current) return false;
    switch (this.phase) {
      case PHASE_TAKE:
        return action === TAKE || (action === PASS && this.chips[seat]! > 0) || (action === SIT_OUT && this.canSitOut(seat));
      case PHASE_BID:
        return action === DECLINE || (action === BID && this.chips[seat]! > 0) || (action === SIT_OUT && this.canSitOut(seat));
      default:
        return action >= CHOOSE && this.holdsCard(seat, action - CHOOSE);
    }
  }

  // ---- moves (the caller checks legality) ---------------------------------------------------

  act(action: number): void {
    const seat = this.current;
    if (this.decisions === this.acts.length) {
      const grown = new Uint16Array(this.acts.length * 2);
      grown.set(this.acts);
      this.acts = grown;
    }
    this.acts[this.decisions++] = action;
    if (action === TAKE) this.take(seat);
    else if (action === PASS) {
      this.log(EV_PASS, seat, this.card, this.pot);
      this.chips[seat]!--;
      this.pot++;
      this.current = this.nextActive(seat);
    } else if (action === SIT_OUT) {
      this.log(EV_SIT_OUT, seat, this.card, this.pot);
      this.held[seat * KIND_COUNT + SIT]!--;
      this.sitting[seat] = 1;
      this.current = this.nextActive(seat);
    } else if (action === BID) {
      this.log(EV_BID, seat, this.card, this.pot);
      this.chips[seat]!--;
      this.pot++;
      this.lastBidder = seat;
      this.current = this.nextActive(seat);
    } else if (action === DECLINE) this.decline(seat);
    else this.choose(seat, action - CHOOSE);
  }

  /** The next seat to the left that is not sitting out (the seat itself if all others are). */
  private nextActive(seat: number): number {
    let s = seat;
    do s = s + 1 === this.players ? 0 : s + 1;
    while (this.sitting[s] === 1 && s !== seat);
    return s;
  }

  private take(seat: number): void {
    const c = this.card;
    this.log(EV_TAKE, seat, c, this.pot);
    this.chips[seat]! += this.pot;
    this.pot = 0;
    this.receive(seat, c, true);
    this.next++;
    this.reveal();
  }

  private decline(seat: number): void {
    const c = this.card;
    this.log(EV_DECLINE, seat, c, this.pot);
    this.chips[seat]! += this.pot;
    this.pot = 0;
    let receiver = this.lastBidder;
    if (receiver < 0 && this.rules.unbidGreen === 'decliner') receiver = seat;
    const nextDecider = this.rules.greenNext === 'receiver' && receiver >= 0 ? receiver : seat;
    if (receiver < 0) this.log(EV_DISCARD, seat, c, 0);
    else {
      this.log(EV_RECEIVE, receiver, c, 0);
      if ((c === CODE.giveLeft || c === CODE.remove) && this.displaySize(receiver) > 0) {
        // Used up on receipt: the receiver chooses a card before the next one is revealed.
        this.phase = c === CODE.giveLeft ? PHASE_GIVE : PHASE_REMOVE;
        this.current = receiver;
        this.resumeSeat = nextDecider;
        return;
      }
      if (c !== CODE.giveLeft && c !== CODE.remove) this.receive(receiver, c, false);
    }
    this.next++;
    this.reveal();
    this.current = nextDecider;
  }

  private choose(seat: number, code: number): void {
    const giving = this.phase === PHASE_GIVE;
    this.log(giving ? EV_GIVE : EV_REMOVE, seat, code, 0);
    this.drop(seat, code);
    if (giving) this.receive(seat + 1 === this.players ? 0 : seat + 1, code, false);
    this.next++;
    this.reveal();
    this.current = this.resumeSeat;
  }

  /** Puts a card into a display. `taken`: taken from the middle (a fetch card then fetches). */
  private receive(seat: number, code: number, taken: boolean): void {
    if (!isSpecial(code)) {
      this.addCard(seat, code);
      return;
    }
    const k = code - SPECIAL_BASE;
    this.held[seat * KIND_COUNT + k]!++;
    if (k === LOOK) this.sawRemoved[seat] = 1;
    if (taken && code === CODE.fetch) this.fetch(seat);
  }

  /**
   * The fetch card: the first face-down card that is not green (a number or a red card) leaves the
   * deck for the taker's display; with none, the top set-aside card; with none of those, nothing.
   */
  private fetch(seat: number): void {
    for (let i = this.next + 1; i < this.deckEnd; i++) {
      const c = this.cards[i]!;
      if (isGreen(c)) continue;
      this.cards.copyWithin(i, i + 1, this.deckEnd);
      this.deckEnd--;
      this.log(EV_FETCH, seat, c, 0);
      this.receive(seat, c, true);
      return;
    }
    if (this.removedLeft > 0) {
      const c = this.cards[--this.removedLeft]!;
      this.log(EV_FETCH, seat, c, 1);
      this.addCard(seat, c);
    }
  }

  addCard(seat: number, card: number): void {
    this.cardPoints[seat]! += this.marginalCost(seat, card);
    const i = card - this.minCard;
    this.display[seat * 2 + (i >>> 5)]! |= 1 << (i & 31);
    this.owner[card] = seat + 1;
  }

  private drop(seat: number, code: number): void {
    if (isSpecial(code)) {
      this.held[seat * KIND_COUNT + code - SPECIAL_BASE]!--;
      return;
    }
    const i = code - this.minCard;
    this.display[seat * 2 + (i >>> 5)]! &= ~(1 << (i & 31));
    this.owner[code] = 0;
    this.cardPoints[seat]! -= this.marginalCost(seat, code);
  }

  private log(type: number, seat: number, card: number, pot: number): void {
    const e = this.events++;
    if (e === this.evType.length) this.growLog();
    this.evType[e] = type;
    this.evSeat[e] = seat;
    this.evCard[e] = card;
    this.evPot[e] = pot;
  }

  private growLog(): void {
    const n = this.evType.length * 2;
    const grow = <T extends Uint8Array | Uint16Array>(a: T, b: T): T => {
      b.set(a);
      return b;
    };
    this.evType = grow(this.evType, new Uint8Array(n));
    this.evSeat = grow(this.evSeat, new Uint8Array(n));
    this.evCard = grow(this.evCard, new Uint8Array(n));
    this.evPot = grow(this.evPot, new Uint16Array(n));
  }

  /** Copies position and history of `other` (same rules). */
  copyFrom(other: SpecialsState): void {
    this.cards.set(other.cards);
    this.chips.set(other.chips);
    this.cardPoints.set(other.cardPoints);
    this.display.set(other.display);
    this.owner.set(other.owner);
    this.held.set(other.held);
    this.sawRemoved.set(other.sawRemoved);
    this.sitting.set(other.sitting);
    this.deckEnd = other.deckEnd;
    this.removedLeft = other.removedLeft;
    this.next = other.next;
    this.card = other.card;
    this.pot = other.pot;
    this.phase = other.phase;
    this.current = other.current;
    this.starter = other.starter;
    this.lastBidder = other.lastBidder;
    this.resumeSeat = other.resumeSeat;
    this.decisions = other.decisions;
    this.dealt.set(other.dealt);
    this.dealtEnd = other.dealtEnd;
    if (this.acts.length < other.decisions) this.acts = new Uint16Array(other.acts.length);
    if (this.evType.length < other.events) {
      this.evType = new Uint8Array(other.evType.length);
      this.evSeat = new Uint8Array(other.evType.length);
      this.evCard = new Uint8Array(other.evType.length);
      this.evPot = new Uint16Array(other.evType.length);
    }
    // Loops, not set(subarray()): a subarray is a new object, and rollouts copy a position per
    // answer per sample (their positions have no history: these loops are empty there).
    for (let i = 0; i < other.decisions; i++) this.acts[i] = other.acts[i]!;
    for (let i = 0; i < other.events; i++) {
      this.evType[i] = other.evType[i]!;
      this.evSeat[i] = other.evSeat[i]!;
      this.evCard[i] = other.evCard[i]!;
      this.evPot[i] = other.evPot[i]!;
    }
    this.events = other.events;
  }

  // ---- scoring ------------------------------------------------------------------------------

  /** Sorted number cards of a seat. */
  displayOf(seat: number): number[] {
    const out: number[] = [];
    for (let c = this.minCard; c <= this.topCard; c++) if (this.owner[c] === seat + 1) out.push(c);
    return out;
  }

  /**
   * The final score if the game ended now: number points (runs by their lowest card, jokers placed
   * at the joint optimum, the highest run's lowest card counted again per double-highest card),
   * minus bonuses, minus/plus one per card in the display per plus/minus-per-card card, and the
   * chips: halved (rounded down) per half-chips card, then doubled per double-chips card, and
   * counted as plus points with a chips-minus card, else as minus points.
   */
  score(seat: number): number {
    const base = seat * KIND_COUNT;
    const h = this.held;
    // Without jokers or double-highest the number points are the incremental run points.
    let score =
      h[base + JOKER] === 0 && h[base + DOUBLE_HIGHEST] === 0
        ? this.cardPoints[seat]!
        : this.bitsFit
          ? this.bestPointsOnBits(seat)
          : this.bestNumberPoints(seat, null);
    // Only the four bonus kinds have bonus points: no multiply per kind.
    score -= h[base + BONUS5]! * 5 + h[base + BONUS10]! * 10 + h[base + BONUS15]! * 15 + h[base + BONUS20]! * 20;
    // The display's size counts only with a per-card card (most displays have none).
    const perCard = h[base + MINUS_PER_CARD]! - h[base + PLUS_PER_CARD]!;
    if (perCard !== 0) score += this.displaySize(seat) * perCard;
    let chips = this.chips[seat]!;
    for (let i = h[base + HALF_CHIPS]!; i > 0; i--) chips = Math.floor(chips / 2);
    for (let i = h[base + DOUBLE_CHIPS]!; i > 0; i--) chips *= 2;
    return h[base + CHIPS_MINUS]! > 0 ? score + chips : score - chips;
  }

  /** Where the seat's jokers count (the optimum of score()); empty when they count as nothing. */
  jokerValues(seat: number): number[] {
    const out: number[] = [];
    this.bestNumberPoints(seat, out);
    return out;
  }

  /**
   * Number points with the seat's jokers (0..2) placed optimally. A joker only ever helps next to a
   * number (bridging two runs, extending one) and may count as nothing, so the candidates are the
   * free values next to a held number (or next to the first joker); this is the exact optimum.
   */
  private bestNumberPoints(seat: number, placement: number[] | null): number {
    const has = this.hasValue;
    has.fill(0, this.lowValue - 1, this.highValue + 1);
    for (let c = this.minCard; c <= this.topCard; c++) if (this.owner[c] === seat + 1) has[c] = 1;
    const jokers = this.held[seat * KIND_COUNT + JOKER]!;
    const doubles = this.held[seat * KIND_COUNT + CODE.doubleHighest - SPECIAL_BASE]!;
    let best = this.points(doubles);
    let bestA = 0;
    let bestB = 0;
    if (jokers > 0) {
      const n = this.candidatesInto(0);
      for (let i = 0; i < n; i++) {
        const a = this.candidates[i]!;
        has[a] = 1;
        const p = this.points(doubles);
        if (p < best) {
          best = p;
          bestA = a;
          bestB = 0;
        }
        if (jokers > 1) {
          const m = this.candidatesInto(n);
          for (let j = n; j < m; j++) {
            const b = this.candidates[j]!;
            has[b] = 1;
            const q = this.points(doubles);
            if (q < best) {
              best = q;
              bestA = a;
              bestB = b;
            }
            has[b] = 0;
          }
        }
        has[a] = 0;
      }
    }
    if (placement && bestA) placement.push(bestA);
    if (placement && bestB) placement.push(bestB);
    return best;
  }

  /**
   * bestNumberPoints(seat, null) on two-word bitmasks (the hot path of bots that value cards by
   * their exact score): the same candidates, the same points, so the same minimum, without the
   * loops over every value. Jokers' placement (records) stays with bestNumberPoints.
   */
  private bestPointsOnBits(seat: number): number {
    const d0 = this.display[seat * 2]! | 0;
    const d1 = this.display[seat * 2 + 1]! | 0;
    const jokers = this.held[seat * KIND_COUNT + JOKER]!;
    const doubles = this.held[seat * KIND_COUNT + DOUBLE_HIGHEST]!;
    const specials = ((jokers << 8) | doubles) + 1;
    const slot = Math.imul(d0 ^ Math.imul(d1 ^ specials, 0x85ebca6b), 0x9e3779b1) >>> MEMO_SHIFT;
    if (this.memoSpecials[slot] === specials && this.memoLo[slot] === d0 && this.memoHi[slot] === d1) return this.memoPoints[slot]!;
    const points = this.searchPointsOnBits(d0, d1, jokers, doubles);
    this.memoLo[slot] = d0;
    this.memoHi[slot] = d1;
    this.memoSpecials[slot] = specials;
    this.memoPoints[slot] = points;
    return points;
  }

  /** bestPointsOnBits's search: display words d0, d1 (bit i = card minCard + i). */
  private searchPointsOnBits(d0: number, d1: number, jokers: number, doubles: number): number {
    const s = this.bitShift;
    const lo = d0 << s;
    const hi = (d1 << s) | (d0 >>> (32 - s));
    let best = this.pointsOnBits(lo, hi, doubles);
    if (jokers === 0) return best;
    const maskLo = this.candidateMaskLo;
    const maskHi = this.candidateMaskHi;
    // Candidates: free values next to a held one, ascending (low word first).
    let aLo = ~lo & ((lo << 1) | (lo >>> 1) | (hi << 31)) & maskLo;
    let aHi = ~hi & ((hi << 1) | (hi >>> 1) | (lo >>> 31)) & maskHi;
    while ((aLo | aHi) !== 0) {
      let bitLo = 0;
      let bitHi = 0;
      if (aLo !== 0) {
        bitLo = aLo & -aLo;
        aLo &= aLo - 1;
      } else {
        bitHi = aHi & -aHi;
        aHi &= aHi - 1;
      }
      const lo1 = lo | bitLo;
      const hi1 = hi | bitHi;
      const p = this.pointsOnBits(lo1, hi1, doubles);
      if (p < best) best = p;
      if (jokers > 1) {
        let bLo = ~lo1 & ((lo1 << 1) | (lo1 >>> 1) | (hi1 << 31)) & maskLo;
        let bHi = ~hi1 & ((hi1 << 1) | (hi1 >>> 1) | (lo1 >>> 31)) & maskHi;
        while (bLo !== 0) {
          const q = this.pointsOnBits(lo1 | (bLo & -bLo), hi1, doubles);
          if (q < best) best = q;
          bLo &= bLo - 1;
        }
        while (bHi !== 0) {
          const q = this.pointsOnBits(lo1, hi1 | (bHi & -bHi), doubles);
          if (q < best) best = q;
          bHi &= bHi - 1;
        }
      }
    }
    return best;
  }

  /** points() of the values in a two-word mask (bit j: value lowValue - 1 + j). */
  private pointsOnBits(lo: number, hi: number, doubles: number): number {
    const base = this.lowValue - 1;
    // A run starts at a held value whose predecessor is not held.
    let startsLo = lo & ~(lo << 1);
    const startsHi = hi & ~((hi << 1) | (lo >>> 31));
    let highestRunLow = 0;
    if (startsHi !== 0) highestRunLow = base + 63 - Math.clz32(startsHi);
    else if (startsLo !== 0) highestRunLow = base + 31 - Math.clz32(startsLo);
    let total = 0;
    while (startsLo !== 0) {
      total += base + 31 - Math.clz32(startsLo & -startsLo);
      startsLo &= startsLo - 1;
    }
    let w = startsHi;
    while (w !== 0) {
      total += base + 63 - Math.clz32(w & -w);
      w &= w - 1;
    }
    return total + doubles * highestRunLow;
  }

  /** Free values next to a value in `has`, written from candidates[from]; returns the end. */
  private candidatesInto(from: number): number {
    const has = this.hasValue;
    let n = from;
    for (let v = this.lowValue; v < this.highValue; v++) if (!has[v] && (has[v - 1] || has[v + 1])) this.candidates[n++] = v;
    return n;
  }

  /** Runs of `has` by their lowest value, plus the highest run's lowest once per double-highest card. */
  private points(doubles: number): number {
    const has = this.hasValue;
    let total = 0;
    let highestRunLow = 0;
    for (let v = this.lowValue; v <= this.highValue; v++) {
      if (has[v] && !has[v - 1]) {
        total += v;
        highestRunLow = v;
      }
    }
    return total + doubles * highestRunLow;
  }
}
