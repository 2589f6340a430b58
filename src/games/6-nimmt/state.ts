import { pickAction, rowAction } from './action-ids.js';
import { Sfc32, type SeedKey } from '../../game/seed.js';
import { BULLHEADS, ROWS, type Rules } from './rules.js';

/** Phases of a decision: who acts and what a decision's number means. */
export const DRAFT = 0;
export const PLAY = 1;
export const ROW = 2;
export const OVER = 3;
export type Phase = typeof DRAFT | typeof PLAY | typeof ROW | typeof OVER;

/** Sfc32 stream of round k's deal under the round key (streams 1..10 are the seats' bot streams). */
export const ROUND_STREAM = 0x100;

/**
 * The whole game in typed arrays, reset in place. Every byte-sized array is a view into one
 * buffer and every int array a view into another, so copyFrom is two memcpys and a few fields:
 * a rollout allocates nothing.
 *
 * A turn: each seat `choose`s a card (pending, still in its hand, so nothing shows); `reveal`
 * takes the cards out of the hands and sorts the seats by card; `resolve` places them from the
 * lowest up and stops when the lowest card is lower than every row (only the turn's lowest card
 * can be: any card placed before it would be a lower row end), for `chooseRow`; `endTurn` moves
 * on, dealing the next round or ending the game after the last turn.
 */
export class GameState {
  readonly rules: Rules;
  readonly players: number;
  readonly handSize: number;
  readonly rowLimit: number;
  readonly maxCard: number;
  readonly pro: boolean;
  /** The action ids of the forward model (actions.ts): take row r is rowAction + r, pick card c is pickAction + c. */
  readonly rowAction: number;
  readonly pickAction: number;

  private readonly u8: Uint8Array;
  private readonly i32: Int32Array;
  /** Deal buffer: after a base deal [hands P*H | 4 row cards | set aside]. */
  readonly deck: Uint8Array;
  /** Seat p's cards, ascending, at [p*H, p*H + handLen[p]). */
  readonly hands: Uint8Array;
  /** `hands` and one spare byte after it: the deal's branch-free sort writes the cards nobody holds there. */
  private readonly handsAndSpare: Uint8Array;
  /** Holding seat + 1 per card, 0 for none. */
  readonly owner: Uint8Array;
  /** 1: the card was public this round (a starting row card or a revealed play; pro: every card). */
  readonly seen: Uint8Array;
  /** This round's hands as dealt or drafted, ascending per seat. */
  readonly dealt: Uint8Array;
  /** Pro: this round's picks in order. */
  readonly draftOrder: Uint8Array;
  /** Pro draft: 1 = the card is still open. */
  readonly open: Uint8Array;
  readonly startRows: Uint8Array;
  /** Row r's cards at [r*rowLimit, r*rowLimit + rowLen[r]). */
  readonly rows: Uint8Array;
  /** This round's revealed cards: plays[turn * P + seat]. */
  readonly plays: Uint8Array;

  readonly handLen: Int32Array;
  readonly rowLen: Int32Array;
  readonly rowBull: Int32Array;
  /** Last card of each row (kept beside the rows for the hot target-row search). */
  readonly rowEnd: Int32Array;
  /** Pending choice per seat this turn (0: none yet); kept until the turn ends. */
  readonly chosen: Int32Array;
  /** Seats in order of their revealed cards. */
  readonly order: Int32Array;
  /** Bullheads over the game (this round included). */
  readonly total: Int32Array;
  readonly roundBull: Int32Array;
  readonly rowsTaken: Int32Array;
  /** Row a seat chose this round: takes[turn * P + seat], -1 for none. */
  readonly takes: Int32Array;
  /** Rows taken in the turn being resolved, in order (for events). */
  readonly turnTakeSeat: Int32Array;
  readonly turnTakeRow: Int32Array;
  readonly turnTakeBull: Int32Array;
  readonly turnTakeCard: Int32Array;
  /** The deal's sort: next slot of each owner (0: nobody, the spare byte; seat p + 1: its hand). */
  private readonly fillAt: Int32Array;

  phase: Phase = OVER;
  /** Round in progress, 0-based (rounds played once over). */
  round = 0;
  turn = 0;
  /** Starter of the first round (seat effects are measured from it). */
  starter = 0;
  roundStarter = 0;
  picker = 0;
  picks = 0;
  openCount = 0;
  pending = 0;
  /** Index into `order` of the next card to place. */
  resolveAt = 0;
  rowSeat = -1;
  /** The current turn's cards are revealed (row phase, or between reveal and endTurn). */
  revealed = false;
  turnTakes = 0;
  seenCount = 0;
  decisions = 0;
  /** Key of the deals of this and later rounds (the game seed; re-sampling re-keys it). */
  readonly roundKey: SeedKey = { hi: 0, lo: 0 };
  private readonly rng = new Sfc32();
  /** 1..maxCard, copied into the deck before each shuffle. */
  private readonly identity: Uint8Array;

  /** Rollouts: the game stops (phase OVER) once this many rounds are played (a round horizon). */
  stopRound = Infinity;

  /** Per-round log for records (kept only when `logging`). */
  logging: boolean;
  log: Int16Array;
  logRounds = 0;
  readonly logStride: number;

  constructor(rules: Rules, logging = true) {
    this.rules = rules;
    const P = (this.players = rules.players);
    const H = (this.handSize = rules.handSize);
    const L = (this.rowLimit = rules.rowLimit);
    const N = (this.maxCard = rules.maxCard);
    this.pro = rules.variant === 'pro';
    this.rowAction = rowAction(N);
    this.pickAction = pickAction(N);
    const u8Sizes = [N, P * H, 1, N + 1, N + 1, P * H, P * H, N + 1, ROWS, ROWS * L, H * P];
    this.u8 = new Uint8Array(u8Sizes.reduce((a, b) => a + b, 0));
    let at = 0;
    const u8 = (n: number): Uint8Array => this.u8.subarray(at, (at += n));
    this.deck = u8(N);
    this.handsAndSpare = this.u8.subarray(at, at + P * H + 1);
    this.hands = u8(P * H);
    u8(1);
    this.owner = u8(N + 1);
    this.seen = u8(N + 1);
    this.dealt = u8(P * H);
    this.draftOrder = u8(P * H);
    this.open = u8(N + 1);
    this.startRows = u8(ROWS);
    this.rows = u8(ROWS * L);
    this.plays = u8(H * P);
    const i32Sizes = [P, ROWS, ROWS, ROWS, P, P, P, P, P, H * P, P, P, P, P, P + 1];
    this.i32 = new Int32Array(i32Sizes.reduce((a, b) => a + b, 0));
    at = 0;
    const i32 = (n: number): Int32Array => this.i32.subarray(at, (at += n));
    this.handLen = i32(P);
    this.rowLen = i32(ROWS);
    this.rowBull = i32(ROWS);
    this.rowEnd = i32(ROWS);
    this.chosen = i32(P);
    this.order = i32(P);
    this.total = i32(P);
    this.roundBull = i32(P);
    this.rowsTaken = i32(P);
    this.takes = i32(H * P);
    this.turnTakeSeat = i32(P);
    this.turnTakeRow = i32(P);
    this.turnTakeBull = i32(P);
    this.turnTakeCard = i32(P);
    this.fillAt = i32(P + 1);
    this.identity = Uint8Array.from({ length: N }, (_, i) => i + 1);
    this.logging = logging;
    this.logStride = 1 + ROWS + 4 * P * H + P;
    this.log = new Int16Array(logging ? this.logStride * 16 : 0);
  }

  /** The first round's starter of the game with this seed (its first draw, stream 0). */
  static dealtStarter(key: SeedKey, players: number, rng: Sfc32): number {
    rng.reset(key, 0);
    return Math.floor(rng.next() * players);
  }

  /** Starts a game: `starter` overrides the seat drawn from the seed; deals the first round. */
  newGame(key: SeedKey, starter?: number): void {
    this.roundKey.hi = key.hi;
    this.roundKey.lo = key.lo;
    this.startGame(starter ?? GameState.dealtStarter(key, this.players, this.rng));
    this.beginRound();
  }

  /** Resets the game's counters with this first starter (no deal yet). */
  startGame(starter: number): void {
    this.starter = starter;
    this.roundStarter = starter;
    this.total.fill(0);
    this.rowsTaken.fill(0);
    this.owner.fill(0);
    this.round = 0;
    this.decisions = 0;
    this.logRounds = 0;
  }

  /**
   * Deals the round (base) or opens the draft (pro). A base deal shuffles with the round's own
   * stream (round key, ROUND_STREAM + round); `given` lays out a known deal instead: the hands
   * seat by seat, then the 4 row cards (replays).
   */
  beginRound(given?: ArrayLike<number>): void {
    const { players: P, handSize: H, maxCard: N } = this;
    for (let p = 0; p < P; p++) {
      this.roundBull[p] = 0;
      this.chosen[p] = 0;
    }
    this.turn = 0;
    this.pending = 0;
    this.revealed = false;
    this.turnTakes = 0;
    this.rowSeat = -1;
    // Plays and takes are written turn by turn.
    if (this.pro) {
      this.seen.fill(1);
      this.seen[0] = 0;
      this.seenCount = N;
      this.open.fill(1);
      this.open[0] = 0;
      this.openCount = N;
      this.handLen.fill(0);
      this.owner.fill(0);
      // No rows until the draft is over.
      this.rowLen.fill(0);
      this.rowEnd.fill(0);
      this.rowBull.fill(0);
      this.startRows.fill(0);
      this.picks = 0;
      this.picker = this.roundStarter;
      this.phase = DRAFT;
      return;
    }
    this.seen.fill(0);
    this.seenCount = 0;
    const deck = this.deck;
    const need = P * H + ROWS;
    if (given) {
      for (let i = 0; i < need; i++) deck[i] = given[i]!;
    } else {
      deck.set(this.identity);
      // Sfc32 keyed by (round key, ROUND_STREAM + round), the same numbers as
      // new Sfc32().reset(key, stream) then next(), in local variables: registers beat its array.
      let a = this.roundKey.hi | 0;
      let b = this.roundKey.lo | 0;
      let c = (0x9e3779b9 ^ Math.imul(ROUND_STREAM + this.round, 0x85ebca6b)) | 0;
      let d = 1;
      for (let k = -12; k < need; k++) {
        const t = (((a + b) | 0) + d) | 0;
        d = (d + 1) | 0;
        a = b ^ (b >>> 9);
        b = (c + (c << 3)) | 0;
        c = (((c << 21) | (c >>> 11)) + t) | 0;
        if (k < 0) continue;
        const j = k + Math.floor(((t >>> 0) / 4294967296) * (N - k));
        const x = deck[k]!;
        deck[k] = deck[j]!;
        deck[j] = x;
      }
    }
    // Sorting the hands: mark each dealt card's seat in the owner index, then walk the cards in
    // ascending order and append each to its holder's hand. Branch-free (a card nobody holds goes
    // to the spare byte after the hands): 104 cheap steps beat an insertion sort's mispredicted
    // compares. The owner index is cleared first: a deal that is never played (records re-deal
    // every round to check it) leaves the last round's cards in it.
    const { owner, fillAt } = this;
    owner.fill(0);
    for (let p = 0, k = 0; p < P; p++) {
      const seat = p + 1;
      for (const end = k + H; k < end; k++) owner[deck[k]!] = seat;
      fillAt[seat] = p * H;
      this.handLen[p] = H;
    }
    fillAt[0] = P * H;
    const out = this.handsAndSpare;
    for (let c = 1; c <= N; c++) {
      const o = owner[c]!;
      const at = fillAt[o]!;
      out[at] = c;
      // +1 for a seat, +0 for nobody ((-o) >>> 31 is 1 exactly when o > 0).
      fillAt[o] = at + (-o >>> 31);
    }
    this.dealt.set(this.hands);
    for (let r = 0; r < ROWS; r++) this.startRow(r, deck[P * H + r]!);
    this.phase = PLAY;
  }

  private startRow(r: number, card: number): void {
    this.startRows[r] = card;
    this.rows[r * this.rowLimit] = card;
    this.rowLen[r] = 1;
    this.rowEnd[r] = card;
    this.rowBull[r] = BULLHEADS[card]!;
    this.markSeen(card);
  }

  private markSeen(card: number): void {
    if (this.seen[card] === 0) {
      this.seen[card] = 1;
      this.seenCount++;
    }
  }

  /** Pro draft: the picker takes an open card (the caller checks it is open). */
  pick(card: number): void {
    const seat = this.picker;
    this.decisions++;
    this.open[card] = 0;
    this.openCount--;
    this.insert(seat, card);
    this.draftOrder[this.picks++] = card;
    this.picker = seat + 1 === this.players ? 0 : seat + 1;
    if (this.picks === this.players * this.handSize) {
      this.dealt.set(this.hands);
      let r = 0;
      for (let c = 1; c <= this.maxCard; c++) if (this.open[c] === 1) this.startRow(r++, c);
      this.phase = PLAY;
    }
  }

  /** Puts a card into a seat's sorted hand. */
  insert(seat: number, card: number): void {
    const base = seat * this.handSize;
    const hands = this.hands;
    let i = base + this.handLen[seat]!++;
    while (i > base && hands[i - 1]! > card) {
      hands[i] = hands[i - 1]!;
      i--;
    }
    hands[i] = card;
    this.owner[card] = seat + 1;
  }

  /** Takes a card out of a seat's hand (it must hold it). */
  remove(seat: number, card: number): void {
    const base = seat * this.handSize;
    const last = base + --this.handLen[seat]!;
    const hands = this.hands;
    // Branch-free: every slot from the card's on takes its right neighbour ((card - 1 - x) >>> 31
    // is 1 exactly when x >= card); a fixed trip count, where a search and a shift mispredict twice.
    for (let i = base; i < last; i++) hands[i] = hands[i + ((card - 1 - hands[i]!) >>> 31)]!;
    this.owner[card] = 0;
  }

  holds(seat: number, card: number): boolean {
    return this.owner[card] === seat + 1;
  }

  /** A seat's secret choice for this turn (the caller checks it holds the card and has not chosen). */
  choose(seat: number, card: number): void {
    this.decisions++;
    this.chosen[seat] = card;
    this.pending++;
  }

  /** All have chosen: the cards leave the hands, face up, and the seats are sorted by card. */
  reveal(): void {
    const { players: P, chosen, order } = this;
    const at = this.turn * P;
    for (let p = 0; p < P; p++) {
      const c = chosen[p]!;
      this.plays[at + p] = c;
      this.takes[at + p] = -1;
      this.remove(p, c);
      this.markSeen(c);
      // The seat's place in the order is the number of lower cards (all differ): branch-free.
      let rank = 0;
      for (let q = 0; q < P; q++) rank += (chosen[q]! - c) >>> 31;
      order[rank] = p;
    }
    this.pending = 0;
    this.resolveAt = 0;
    this.turnTakes = 0;
    this.revealed = true;
  }

  /** Row a card goes to: the one whose last card is the highest below it; -1 if it is lower than all. */
  targetRow(card: number): number {
    const ends = this.rowEnd;
    const e0 = ends[0]!;
    const e1 = ends[1]!;
    const e2 = ends[2]!;
    const e3 = ends[3]!;
    let best = -1;
    let bestEnd = 0;
    if (e0 < card) {
      best = 0;
      bestEnd = e0;
    }
    if (e1 < card && e1 > bestEnd) {
      best = 1;
      bestEnd = e1;
    }
    if (e2 < card && e2 > bestEnd) {
      best = 2;
      bestEnd = e2;
    }
    if (e3 < card && e3 > bestEnd) best = 3;
    return best;
  }

  /**
   * Places the revealed cards from `resolveAt` on; returns true when the turn is resolved, false
   * when the lowest card is lower than every row and its seat must choose one (phase ROW).
   */
  resolve(): boolean {
    const { order, chosen, players: P } = this;
    for (let i = this.resolveAt; i < P; i++) {
      const seat = order[i]!;
      const card = chosen[seat]!;
      const r = placeRow(this.rowEnd, card);
      if (r < 0) {
        this.resolveAt = i;
        this.rowSeat = seat;
        this.phase = ROW;
        return false;
      }
      if (this.rowLen[r] === this.rowLimit) this.takeRow(seat, r, card);
      else {
        this.rows[r * this.rowLimit + this.rowLen[r]!++] = card;
        this.rowEnd[r] = card;
        this.rowBull[r]! += BULLHEADS[card]!;
      }
    }
    this.resolveAt = P;
    return true;
  }

  /** The row-choosing seat takes row r; its card starts it. Call resolve() next. */
  chooseRow(r: number): void {
    const seat = this.rowSeat;
    this.decisions++;
    this.takes[this.turn * this.players + seat] = r;
    this.takeRow(seat, r, this.chosen[seat]!);
    this.resolveAt++;
    this.rowSeat = -1;
    this.phase = PLAY;
  }

  private takeRow(seat: number, r: number, card: number): void {
    const b = this.rowBull[r]!;
    this.total[seat]! += b;
    this.roundBull[seat]! += b;
    this.rowsTaken[seat]!++;
    const k = this.turnTakes++;
    this.turnTakeSeat[k] = seat;
    this.turnTakeRow[k] = r;
    this.turnTakeBull[k] = b;
    this.turnTakeCard[k] = card;
    this.rows[r * this.rowLimit] = card;
    this.rowLen[r] = 1;
    this.rowEnd[r] = card;
    this.rowBull[r] = BULLHEADS[card]!;
  }

  /** After a resolved turn: the next turn, or the round's end (next deal or game over). */
  endTurn(): void {
    for (let p = 0; p < this.players; p++) this.chosen[p] = 0;
    this.revealed = false;
    this.turnTakes = 0;
    if (++this.turn < this.handSize) return;
    if (this.logging) this.logRound();
    this.round++;
    let over = this.round >= this.rules.maxRounds || this.round >= this.stopRound;
    for (let p = 0; p < this.players; p++) if (this.total[p]! >= this.rules.endScore) over = true;
    if (over) {
      this.phase = OVER;
      return;
    }
    this.roundStarter = this.roundStarter + 1 === this.players ? 0 : this.roundStarter + 1;
    this.beginRound();
  }

  /** After all seats chose: reveal, resolve and end the turn unless a row choice is due. */
  playTurn(): void {
    this.reveal();
    if (this.resolve()) this.endTurn();
  }

  get over(): boolean {
    return this.phase === OVER;
  }

  score(seat: number): number {
    return this.total[seat]!;
  }

  private logRound(): void {
    const { players: P, handSize: H } = this;
    const stride = this.logStride;
    if ((this.logRounds + 1) * stride > this.log.length) {
      const grown = new Int16Array(Math.max(this.log.length * 2, stride * 16));
      grown.set(this.log);
      this.log = grown;
    }
    const log = this.log;
    let at = this.logRounds++ * stride;
    log[at++] = this.roundStarter;
    for (let r = 0; r < ROWS; r++) log[at++] = this.startRows[r]!;
    for (let i = 0; i < P * H; i++) log[at++] = this.dealt[i]!;
    for (let i = 0; i < P * H; i++) log[at++] = this.draftOrder[i]!;
    for (let i = 0; i < H * P; i++) log[at++] = this.plays[i]!;
    for (let i = 0; i < H * P; i++) log[at++] = this.takes[i]!;
    for (let p = 0; p < P; p++) log[at++] = this.roundBull[p]!;
  }

  /** Zeroes every buffer (the sampler rebuilds a position from an observation on a blank state). */
  clear(): void {
    this.u8.fill(0);
    this.i32.fill(0);
  }

  /** Copies the game position of `other` (same rules), not its log: for rollouts. */
  copyFrom(other: GameState): void {
    this.u8.set(other.u8);
    this.i32.set(other.i32);
    this.phase = other.phase;
    this.round = other.round;
    this.turn = other.turn;
    this.starter = other.starter;
    this.roundStarter = other.roundStarter;
    this.picker = other.picker;
    this.picks = other.picks;
    this.openCount = other.openCount;
    this.pending = other.pending;
    this.resolveAt = other.resolveAt;
    this.rowSeat = other.rowSeat;
    this.revealed = other.revealed;
    this.turnTakes = other.turnTakes;
    this.seenCount = other.seenCount;
    this.decisions = other.decisions;
    this.roundKey.hi = other.roundKey.hi;
    this.roundKey.lo = other.roundKey.lo;
  }

  /** Copies the log of `other` too (forward model, records). */
  copyLogFrom(other: GameState): void {
    if (this.log.length < other.logRounds * this.logStride) this.log = new Int16Array(other.log.length);
    this.log.set(other.log.subarray(0, other.logRounds * this.logStride));
    this.logRounds = other.logRounds;
  }

  /** Sorted cards of a seat's hand. */
  handOf(seat: number): number[] {
    const base = seat * this.handSize;
    return Array.from(this.hands.subarray(base, base + this.handLen[seat]!));
  }

  rowOf(r: number): number[] {
    const base = r * this.rowLimit;
    return Array.from(this.rows.subarray(base, base + this.rowLen[r]!));
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

/**
 * GameState.targetRow for a card of the play (every row end is a card, at least 1) on the rows'
 * ends, without branches: the engine's placement and PlayoutBoard's. The ends below the card keep
 * their value and the others count as 0, then the larger of pairs, twice (the compares of
 * targetRow mispredict on random cards); -1 when no end is below the card.
 */
export function placeRow(ends: Int32Array, card: number): number {
  const e0 = ends[0]!;
  const e1 = ends[1]!;
  const e2 = ends[2]!;
  const e3 = ends[3]!;
  // (e - card) >> 31 is -1 (all ones) exactly when e < card.
  const v0 = e0 & ((e0 - card) >> 31);
  const v1 = e1 & ((e1 - card) >> 31);
  const v2 = e2 & ((e2 - card) >> 31);
  const v3 = e3 & ((e3 - card) >> 31);
  const m01 = (v0 - v1) >> 31;
  const max01 = v0 ^ ((v0 ^ v1) & m01);
  const row01 = m01 & 1;
  const m23 = (v2 - v3) >> 31;
  const max23 = v2 ^ ((v2 ^ v3) & m23);
  const row23 = 2 | (m23 & 1);
  const m = (max01 - max23) >> 31;
  const max = max01 ^ ((max01 ^ max23) & m);
  // No end below the card (max 0): -1.
  return (row01 ^ ((row01 ^ row23) & m)) | ((max - 1) >> 31);
}
