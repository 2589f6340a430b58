import { cardCount, MAX_CARD_SPAN, MAX_PLAYERS, type Rules } from './rules.js';
import { dealInto } from './deal.js';
import type { SeedKey } from '../../game/seed.js';

export const PASS = 0;
export const TAKE = 1;

/**
 * The whole game state in typed arrays (struct of arrays), reset in place and copied buffer by
 * buffer, so playing and rolling out games allocates nothing per decision.
 *
 * Displays are bitmasks of two 32-bit words per seat (bit i = card minCard + i). The card score is
 * kept incrementally: taking card c changes it by (c if c-1 not held else 0) - (c+1 if c+1 held).
 */
export class GameState {
  readonly rules: Rules;
  readonly players: number;
  readonly minCard: number;
  readonly maxCard: number;
  /** Index in `cards` of the first played card; the ones before it are set aside. */
  readonly deckStart: number;
  readonly deckEnd: number;

  /** cards[0, deckStart) removed unseen; cards[deckStart, deckEnd) revealed in this order. */
  readonly cards = new Uint8Array(MAX_CARD_SPAN);
  readonly chips = new Int32Array(MAX_PLAYERS);
  readonly cardPoints = new Int32Array(MAX_PLAYERS);
  readonly display = new Uint32Array(MAX_PLAYERS * 2);
  /**
   * owner[card] = holding seat + 1 (0: nobody), an index over the displays for the hot adjacency
   * test; sized so card - 1 and card + 1 never leave it.
   */
  readonly owner: Uint8Array;

  /** Index in `cards` of the face-up card; deckEnd once the last card is taken. */
  next = 0;
  /** The face-up card, 0 once the game is over. */
  card = 0;
  /** Chips on the face-up card. */
  pot = 0;
  /** Seat to decide. */
  current = 0;
  starter = 0;
  decisions = 0;

  /** Public history, one entry per decision (kept only when `logging`). */
  logging: boolean;
  actions = new Uint8Array(256);
  actionSeats = new Uint8Array(256);
  actionPots = new Uint16Array(256);

  constructor(rules: Rules, logging = true) {
    this.rules = rules;
    this.players = rules.players;
    this.minCard = rules.minCard;
    this.maxCard = rules.maxCard;
    this.deckStart = rules.removed;
    this.deckEnd = cardCount(rules);
    this.logging = logging;
    this.owner = new Uint8Array(rules.maxCard + 2);
  }

  /** Deals the game with this seed and sets up the first decision; `starter` overrides the dealt seat. */
  deal(key: SeedKey, starter?: number): void {
    const dealt = dealInto(this.rules, key, this.cards);
    this.begin(starter ?? dealt);
  }

  /** Starts a game on whatever is in `cards` (filled by the caller). */
  begin(starter: number): void {
    const { players, rules } = this;
    for (let p = 0; p < players; p++) this.chips[p] = rules.startChips;
    this.clearDisplays();
    this.next = this.deckStart;
    this.card = this.cards[this.deckStart]!;
    this.pot = 0;
    this.current = starter;
    this.starter = starter;
    this.decisions = 0;
  }

  /** Empties every display (bitmask, owner index and card points together). */
  clearDisplays(): void {
    this.display.fill(0);
    this.owner.fill(0);
    this.cardPoints.fill(0);
  }

  get over(): boolean {
    return this.card === 0;
  }

  /** Cards still face down in the deck (not counting the face-up card). */
  get cardsLeft(): number {
    return this.card === 0 ? 0 : this.deckEnd - this.next - 1;
  }

  has(seat: number, card: number): boolean {
    return this.owner[card] === seat + 1;
  }

  score(seat: number): number {
    return this.cardPoints[seat]! - this.chips[seat]!;
  }

  /** What taking the face-up card would add to `seat`'s card points (run-aware, ignores chips). */
  marginalCost(seat: number, card = this.card): number {
    const o = this.owner;
    const me = seat + 1;
    return (o[card - 1] === me ? 0 : card) - (o[card + 1] === me ? card + 1 : 0);
  }

  /** The current seat takes the card and its chips; it reveals the next card and decides again. */
  take(): void {
    const seat = this.current;
    const c = this.card;
    this.log(TAKE, seat);
    this.addCard(seat, c);
    this.chips[seat]! += this.pot;
    this.pot = 0;
    this.next++;
    this.card = this.next < this.deckEnd ? this.cards[this.next]! : 0;
  }

  /** Puts `card` into `seat`'s display, keeping the card points current. */
  addCard(seat: number, card: number): void {
    this.cardPoints[seat]! += this.marginalCost(seat, card);
    const i = card - this.minCard;
    this.display[seat * 2 + (i >>> 5)]! |= 1 << (i & 31);
    this.owner[card] = seat + 1;
  }

  /** The current seat pays a chip onto the card and the decision passes left. Caller checks chips > 0. */
  pass(): void {
    const seat = this.current;
    this.log(PASS, seat);
    this.chips[seat]!--;
    this.pot++;
    this.current = seat + 1 === this.players ? 0 : seat + 1;
  }

  private log(action: number, seat: number): void {
    const d = this.decisions++;
    if (!this.logging) return;
    if (d === this.actions.length) this.growLog();
    this.actions[d] = action;
    this.actionSeats[d] = seat;
    this.actionPots[d] = this.pot;
  }

  private growLog(): void {
    const grow = <T extends Uint8Array | Uint16Array>(a: T, make: (n: number) => T): T => {
      const b = make(a.length * 2);
      b.set(a);
      return b;
    };
    this.actions = grow(this.actions, (n) => new Uint8Array(n));
    this.actionSeats = grow(this.actionSeats, (n) => new Uint8Array(n));
    this.actionPots = grow(this.actionPots, (n) => new Uint16Array(n));
  }

  /** Copies the game position of `other` (same rules), not its history: for rollouts. */
  copyFrom(other: GameState): void {
    this.cards.set(other.cards);
    this.chips.set(other.chips);
    this.cardPoints.set(other.cardPoints);
    this.display.set(other.display);
    this.owner.set(other.owner);
    this.next = other.next;
    this.card = other.card;
    this.pot = other.pot;
    this.current = other.current;
    this.starter = other.starter;
    this.decisions = other.decisions;
  }

  /** Sorted cards held by `seat`. */
  displayOf(seat: number): number[] {
    const out: number[] = [];
    for (let c = this.minCard; c <= this.maxCard; c++) if (this.inDisplay(seat, c)) out.push(c);
    return out;
  }

  /**
   * Card points recounted from the bitmask display, independently of both the incremental tally
   * and the owner index the hot path uses.
   */
  recountCardPoints(seat: number): number {
    let total = 0;
    for (let c = this.minCard; c <= this.maxCard; c++) {
      if (this.inDisplay(seat, c) && !this.inDisplay(seat, c - 1)) total += c;
    }
    return total;
  }

  /** The bitmask display, the canonical one (has() reads the owner index kept beside it). */
  private inDisplay(seat: number, card: number): boolean {
    const i = card - this.minCard;
    if (i < 0 || card > this.maxCard) return false;
    return ((this.display[seat * 2 + (i >>> 5)]! >>> (i & 31)) & 1) === 1;
  }
}

/** Seats with the lowest score, ascending. */
export function winners(scores: ArrayLike<number>): number[] {
  let best = Infinity;
  for (let i = 0; i < scores.length; i++) best = Math.min(best, scores[i]!);
  const out: number[] = [];
  for (let i = 0; i < scores.length; i++) if (scores[i] === best) out.push(i);
  return out;
}
