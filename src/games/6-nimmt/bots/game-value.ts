import { protectData, protect } from '../../../game/protect.js';

/**
 * Bullheads one seat took in a round of 6 nimmt! (base game, 4 players, official rules), counts of
 * 0, 1, 2, ... from the default `search` against 3 x `mc` (seed s27, 100 deals x 4 rotations: 400
 * games, 1,963 rounds, 7,852 seat-rounds; mean 10.99, standard deviation 7.48; seats' takings in
 * one round correlate at -0.26, which the model below ignores).
 */
const ROUND_TAKINGS_4P = protectData(
  '6 nimmt! bullheads a seat takes a round, 4 players',
  [
    522, 338, 225, 214, 320, 420, 385, 429, 407, 418, 375, 393, 357, 374, 340, 302, 293, 262, 227, 197, 177, 173, 118, 113, 94, 61, 47, 63, 35, 40, 27, 30, 10,
    12, 14, 17, 3, 6, 5, 1, 2, 3, 2, 0, 0, 0, 0, 0, 0, 1,
  ],
);

/**
 * Mean bullheads a seat takes in a round of heuristic play, by player count (2000 games each; 4
 * players: 11.7). Other player counts than 4 stretch the 4-player law by the ratio of these means.
 */
export const ROUND_MEAN = protectData('6 nimmt! bullheads a seat takes a round', [0, 0, 6.6, 9.8, 11.7, 13.3, 13.9, 14, 14, 14, 14]);

/**
 * The law of one seat's bullheads in a round at `players` players: probabilities of 0, 1, 2, ...
 * `spread` widens it about its mean (1: as measured; what would fall below 0 is 0), a stand-in for
 * what independent draws leave out: seats' takings in a round are negatively correlated, so the
 * gaps between seats move more than independent draws of the measured law move them.
 */
export function roundTakings(players: number, spread = 1): Float64Array {
  const base = ROUND_TAKINGS_4P;
  let n = 0;
  let sum = 0;
  for (let x = 0; x < base.length; x++) {
    n += base[x]!;
    sum += x * base[x]!;
  }
  const stretch = ROUND_MEAN[Math.min(players, ROUND_MEAN.length - 1)]! / ROUND_MEAN[4]!;
  const mean = (sum / n) * stretch;
  // Bin x, that is [x, x + 1), goes to [f(x), f(x + 1)), its mass shared by overlap.
  const f = (x: number): number => mean + (x * stretch - mean) * spread;
  const out = new Float64Array(Math.ceil(f(base.length)) + 1);
  for (let x = 0; x < base.length; x++) {
    const lo = f(x);
    const hi = f(x + 1);
    for (let y = Math.floor(lo); y < hi; y++) {
      const overlap = Math.min(hi, y + 1) - Math.max(lo, y);
      if (overlap > 0) out[Math.max(0, y)]! += (base[x]! / n) * (overlap / (hi - lo));
    }
  }
  return out;
}

/**
 * The chance to win the game from the totals at a round's end, when every seat's bullheads in each
 * later round are independent draws from one law (`takings`): the game ends after the round in
 * which someone reaches `endScore`; the lowest total wins, ties share the win.
 *
 * Exact under that model but for ties of three or more seats. If the game ends k rounds from now,
 * with y the seats' totals after k - 1 rounds and x after k: P(end at k, me lowest) = E[share; all
 * y < end] - E[share; all x < end]. Both terms factor over the seats given my x: each other seat j
 * contributes P(its condition, x_j > x) + 1/2 P(its condition, x_j = x), so a tie is half a loss to
 * each seat tied with me: right for a tie of two, 1/4 instead of 1/3 for three (`half`, below).
 * Per start total and k the tables hold a seat's law of x with y < end and
 * its upper tail, built once per rules; a value is then a sum over k and x without allocation.
 */
export class GameValue {
  /** Rounds looked ahead at most (the chance the game runs longer is below 1e-9 from every start). */
  readonly rounds: number;
  /** Totals a round can end with: 0 .. endScore - 1 + the most one round takes. */
  readonly width: number;
  /** q[(t * rounds + k - 1) * width + x]: P(a seat at t is below end after k - 1 rounds and at x after k). */
  private readonly q: Float64Array;
  /**
   * half[same]: the same with the total after k rounds above x, plus half the chance of x itself:
   * a tie counts as half a loss to each other seat it is tied with (exact for one tie; the tie share
   * 1 / (1 + ties) is 1/3 for two ties, taken as 1/4: the error is below 1e-3 in every value).
   */
  private readonly half: Float64Array;
  /** ended[t * rounds + k - 1]: P(a seat at t is below the end after k - 1 rounds and at or above it after k). */
  private readonly ended: Float64Array;
  /** alive[t * rounds + k - 1]: P(a seat at t is below the end after k - 1 rounds). */
  private readonly alive: Float64Array;
  private readonly others: Int32Array;
  private readonly endAt: Float64Array;
  private readonly at: Int32Array;
  private readonly cacheable: boolean;
  private readonly keys: Float64Array;
  private readonly values: Float64Array;

  /**
   * `unrolled` (default): at 4 players the three other seats' factors are multiplied in straight
   * code rather than loops over them (the same products in the same order: the same values, bit
   * for bit; false keeps the loops, for the test that holds them together).
   */
  constructor(
    readonly players: number,
    readonly endScore: number,
    takingsGiven: ArrayLike<number>,
    private readonly unrolled = true,
  ) {
    const E = endScore;
    // A law of counts or of probabilities: normalised here.
    let mass = 0;
    for (let i = 0; i < takingsGiven.length; i++) mass += takingsGiven[i]!;
    if (!(mass > 0) || takingsGiven[0]! >= mass) throw new RangeError('a round must take bullheads with some chance');
    const takings = Float64Array.from(takingsGiven, (c) => c / mass);
    let top = takings.length - 1;
    while (top > 0 && takings[top] === 0) top--;
    const W = E + top;
    this.width = W;
    // Rounds: until a seat starting at 0 is still below the end with a chance whose P-th power is tiny.
    let dist = new Float64Array(W);
    let next = new Float64Array(W);
    dist[0] = 1;
    let K = 0;
    for (;;) {
      K++;
      next.fill(0);
      for (let y = 0; y < E; y++) if (dist[y]! > 0) for (let d = 0; d <= top; d++) next[y + d]! += dist[y]! * takings[d]!;
      let alive = 0;
      for (let y = 0; y < E; y++) alive += next[y]!;
      [dist, next] = [next, dist];
      if (alive ** Math.max(1, players) < 1e-9 || K >= 1000) break;
    }
    this.rounds = K;
    this.q = new Float64Array(E * K * W);
    this.half = new Float64Array(E * K * W);
    this.ended = new Float64Array(E * K);
    this.alive = new Float64Array(E * K);
    for (let t = 0; t < E; t++) {
      dist.fill(0);
      dist[t] = 1;
      for (let k = 1; k <= K; k++) {
        next.fill(0);
        for (let y = t; y < E; y++) if (dist[y]! > 0) for (let d = 0; d <= top; d++) next[y + d]! += dist[y]! * takings[d]!;
        const at = (t * K + k - 1) * W;
        let tail = 0;
        for (let x = W - 1; x >= 0; x--) {
          this.q[at + x] = next[x]!;
          this.half[at + x] = tail + next[x]! / 2;
          tail += next[x]!;
          if (x === E) this.ended[t * K + k - 1] = tail;
        }
        this.alive[t * K + k - 1] = tail;
        [dist, next] = [next, dist];
      }
    }
    this.endAt = new Float64Array(players);
    this.others = new Int32Array(players);
    this.at = new Int32Array(players);
    // A key is exact while E^P < 2^53 (official rules: up to 8 players).
    this.cacheable = players * Math.log2(E) < 52;
    this.keys = new Float64Array(65536).fill(-1);
    this.values = new Float64Array(65536);
  }

  /**
   * Seat `me`'s chance to win from these totals at a round's end (the game over: its win share).
   * Remembered by totals (mine, the others' sorted: the value does not depend on their order, and
   * it is always worked out in that order, so a remembered value is the one a fresh call gives).
   */
  value(totals: ArrayLike<number>, me: number): number {
    const P = this.players;
    const E = this.endScore;
    const others = this.others;
    let high = 0;
    let low = Infinity;
    let n = 0;
    for (let p = 0; p < P; p++) {
      const v = totals[p]!;
      if (v > high) high = v;
      if (v < low) low = v;
      if (p === me) continue;
      // Insertion into the sorted others.
      let i = n++;
      while (i > 0 && others[i - 1]! > v) {
        others[i] = others[i - 1]!;
        i--;
      }
      others[i] = v;
    }
    const t = totals[me]!;
    if (high >= E) {
      if (t !== low) return 0;
      let tied = 0;
      for (let p = 0; p < P; p++) if (totals[p] === low) tied++;
      return 1 / tied;
    }
    let key = t;
    for (let i = 0; i < n; i++) key = key * E + others[i]!;
    const slot = this.cacheable ? key % 65536 : -1;
    if (slot >= 0 && this.keys[slot] === key) return this.values[slot]!;
    const v = this.compute(t);
    if (slot >= 0) {
      this.keys[slot] = key;
      this.values[slot] = v;
    }
    return v;
  }

  /** The value for my total t against `others` (sorted). */
  private compute(t: number): number {
    const { q, half, ended, others, at, endAt, rounds: K, width: W } = this;
    const E = this.endScore;
    const n = this.players - 1;
    let win = 0;
    for (let k = 1; k <= K; k++) {
      const mine = (t * K + k - 1) * W;
      // The chance everyone is still below the end after k - 1 rounds bounds what k and later add.
      let running = this.alive[t * K + k - 1]!;
      for (let j = 0; j < n; j++) {
        const row = others[j]! * K + k - 1;
        running *= this.alive[row]!;
        at[j] = row * W;
        endAt[j] = ended[row]!;
      }
      if (running < 1e-7) break;
      if (n === 3 && this.unrolled) {
        // The loop below for three others: ((qm x h0) x h1) x h2 and the same with h - endAt,
        // as the loops multiply them; the table offsets and end chances in locals.
        const a0 = at[0]!;
        const a1 = at[1]!;
        const a2 = at[2]!;
        const e0 = endAt[0]!;
        const e1 = endAt[1]!;
        const e2 = endAt[2]!;
        for (let x = t; x < W; x++) {
          const qm = q[mine + x]!;
          if (qm < 1e-9) continue;
          const h0 = half[a0 + x]!;
          const h1 = half[a1 + x]!;
          const h2 = half[a2 + x]!;
          let all = qm * h0 * h1 * h2;
          if (x < E) all -= qm * (h0 - e0) * (h1 - e1) * (h2 - e2);
          win += all;
        }
        continue;
      }
      for (let x = t; x < W; x++) {
        const qm = q[mine + x]!;
        if (qm < 1e-9) continue;
        // E[share; all y < end] at my x, minus E[share; all x < end] when x < end.
        let all = qm;
        for (let j = 0; j < n; j++) all *= half[at[j]! + x]!;
        if (x < E) {
          let below = qm;
          for (let j = 0; j < n; j++) below *= half[at[j]! + x]! - endAt[j]!;
          all -= below;
        }
        win += all;
      }
    }
    return win;
  }
}

// Frozen before a bot file loads (src/game/protect.ts): made only once a bot plays, so not reached through the built-in bots' fields.
protect(GameValue);
