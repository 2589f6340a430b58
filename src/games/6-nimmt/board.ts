import { protect } from '../../game/protect.js';
import { BULLHEADS, ROWS, type Rules } from './rules.js';
import { placeRow, type GameState } from './state.js';

/**
 * The base game's turns within one round on bare arrays, for playouts that stop at the round's
 * end (the 6 nimmt! bots' rollouts): what such a playout reads and changes of a GameState and
 * nothing more: each seat's hand (ascending), the rows' ends, lengths and bullheads (not their
 * cards: no playout rule reads them), the totals and the turn. No plays, takes, seen cards, round
 * log or pending choices: a playout reads none of them, so a turn skips their writes, and a copy
 * (copyFrom: one memcpy of the whole board) is a few hundred bytes, not the state's kilobyte.
 *
 * A turn: each seat's card is given by its index in its hand (`pick[seat]`: a playout's policy
 * walks the sorted hand and knows it, so no search); `reveal()` takes the cards out of the hands
 * and sorts them; if the lowest is lower than every row (only it can be) its seat must take a row,
 * the caller's choice, passed to `place(row)`, which places the cards from the lowest up as
 * GameState.resolve() does and moves to the next turn. The same cards, rows and totals as the
 * engine's turn (board.test.ts plays both on random positions).
 */
export class PlayoutBoard {
  readonly players: number;
  readonly handSize: number;
  readonly rowLimit: number;
  /** Everything a copy carries, in one buffer. */
  private readonly buf: Int32Array;
  /** Seat p's cards, ascending, at [p*H, p*H + handLen[p]). */
  readonly hands: Int32Array;
  readonly handLen: Int32Array;
  readonly rowEnd: Int32Array;
  readonly rowLen: Int32Array;
  readonly rowBull: Int32Array;
  /** Bullheads over the game (this round included). */
  readonly total: Int32Array;
  /** This turn: each seat's card as its index in its hand (set by the caller, read by reveal()). */
  readonly pick: Int32Array;
  /** This turn's revealed cards by seat, and the seats in order of their cards. */
  private readonly cards: Int32Array;
  private readonly order: Int32Array;
  /** Turn of the round, 0-based (handSize once the round is over). */
  turn = 0;

  constructor(rules: Readonly<Rules>) {
    const P = (this.players = rules.players);
    const H = (this.handSize = rules.handSize);
    this.rowLimit = rules.rowLimit;
    this.buf = new Int32Array(P * H + P + 3 * ROWS + P);
    let at = 0;
    const part = (n: number): Int32Array => this.buf.subarray(at, (at += n));
    this.hands = part(P * H);
    this.handLen = part(P);
    this.rowEnd = part(ROWS);
    this.rowLen = part(ROWS);
    this.rowBull = part(ROWS);
    this.total = part(P);
    this.pick = new Int32Array(P);
    this.cards = new Int32Array(P);
    this.order = new Int32Array(P);
  }

  /** The board of a base-game position in its play phase (hands, rows, totals, turn; pending choices are not carried). */
  load(s: GameState): void {
    const { players: P, handSize: H, hands, handLen } = this;
    for (let p = 0; p < P; p++) {
      const n = s.handLen[p]!;
      handLen[p] = n;
      for (let i = p * H, last = i + n; i < last; i++) hands[i] = s.hands[i]!;
      this.total[p] = s.total[p]!;
    }
    for (let r = 0; r < ROWS; r++) {
      this.rowEnd[r] = s.rowEnd[r]!;
      this.rowLen[r] = s.rowLen[r]!;
      this.rowBull[r] = s.rowBull[r]!;
    }
    this.turn = s.turn;
  }

  copyFrom(other: PlayoutBoard): void {
    this.buf.set(other.buf);
    this.turn = other.turn;
  }

  /**
   * Takes each seat's picked card out of its hand and sorts the seats by card. Returns the seat
   * whose card is lower than every row (it must take one: place(row)), or -1.
   */
  reveal(): number {
    const { players: P, handSize: H, hands, handLen, pick, cards, order } = this;
    for (let p = 0; p < P; p++) {
      const base = p * H;
      const n = --handLen[p]!;
      const k = pick[p]!;
      cards[p] = hands[base + k]!;
      // The cards above it move down one slot. Branch-free over the whole hand ((k - 1 - i) >>> 31
      // is 1 exactly when i >= k): every seat holds as many cards in a turn, so the loop's trip
      // count repeats and predicts, where a loop from the card on ends at a random place each seat.
      for (let i = 0; i < n; i++) hands[base + i] = hands[base + i + ((k - 1 - i) >>> 31)]!;
    }
    for (let p = 0; p < P; p++) {
      const c = cards[p]!;
      // The seat's place in the order is the number of lower cards (all differ): branch-free.
      let rank = 0;
      for (let q = 0; q < P; q++) rank += (cards[q]! - c) >>> 31;
      order[rank] = p;
    }
    const low = cards[order[0]!]!;
    const e = this.rowEnd;
    return low < e[0]! && low < e[1]! && low < e[2]! && low < e[3]! ? order[0]! : -1;
  }

  /**
   * Places the revealed cards from the lowest up (the lowest first takes `row` when reveal()
   * returned its seat; else `row` is ignored) and ends the turn: a card goes to the row whose end
   * is the highest below it; the one too many on a full row takes the row and starts it anew.
   */
  place(row: number): void {
    const { players: P, rowLimit: L, cards, order, rowEnd, rowLen, rowBull, total } = this;
    let i = 0;
    const lowSeat = order[0]!;
    const low = cards[lowSeat]!;
    if (low < rowEnd[0]! && low < rowEnd[1]! && low < rowEnd[2]! && low < rowEnd[3]!) {
      total[lowSeat]! += rowBull[row]!;
      rowLen[row] = 1;
      rowEnd[row] = low;
      rowBull[row] = BULLHEADS[low]!;
      i = 1;
    }
    for (; i < P; i++) {
      const seat = order[i]!;
      const card = cards[seat]!;
      const r = placeRow(rowEnd, card);
      if (rowLen[r] === L) {
        total[seat]! += rowBull[r]!;
        rowLen[r] = 1;
        rowBull[r] = BULLHEADS[card]!;
      } else {
        rowLen[r]!++;
        rowBull[r]! += BULLHEADS[card]!;
      }
      rowEnd[r] = card;
    }
    this.turn++;
  }
}

// Frozen before a bot file loads (src/game/protect.ts): made only once a bot plays, so not reached through the built-in bots' fields.
protect(PlayoutBoard);
