import { protect, protectData } from '../../../game/protect.js';
import type { Rules } from '../agent.js';
import { type CardCosts, rowOf } from './card-costs.js';

/**
 * A model of the lab's 6 nimmt! mc bot (mc.ts at its defaults) for the other seats of the search's
 * playouts (`search:others=mc`): mc plays the heuristic's card in only about 42% of its decisions,
 * and the search's default model of the others (the heuristic's card, a random one with
 * probability `noise`) is a guess at the rest. A conditional logit over the hand: P(card) ∝
 * exp(w . x(card)), with MC_FEATURES features per card (x below, `features`). Fitted by
 * scripts/six-mc-fit.mjs (4 x mc, master key 6-nimmt/mc-fit, Newton's method with ridge 0.01 on
 * the plays with a choice of the first games; scored on the last ones), docs/notes/findings.md "the model
 * of mc on 640 samples".
 *
 * x(card), for the card at index i of an ascending hand of n cards on the rows it plays to:
 *  0 the heuristic's cost (CardCosts), 1 the cheapest card of the hand (the heuristic's card; ties:
 *  the lower), 2 the bullheads it takes now (below every row: the cheapest row's; the sixth card of
 *  a full row: that row's; else 0), 3 below every row, 4 its row is full, 5 the gap to its row's
 *  end / 10 (0 below every row; a full row's counts too), 6 its row's free slots (0 below every row), 7 its rank i / (n - 1)
 *  (0 when n is 1), 8 the rank squared, 9 its value / maxCard, 10-13 the cost, below, rank and
 *  takes times n / 10 (how they matter changes through the round).
 */
export const MC_FEATURES = 14;

/**
 * w, in the order of x above, as `node scripts/six-mc-fit.mjs 400` prints them: fitted on mc's
 * 53,748 plays with a choice in the first 300 games; on the 17,784 of the last 100 the model's
 * card is mc's in 45.2% (the heuristic's 42.6%), log-likelihood -1.397 a play (the search's default
 * model of the others -1.771, uniform -1.678).
 */
export const MC_WEIGHTS = protectData(
  '6 nimmt! mc model weights',
  [-0.0512, 0.597, -0.1851, 0.6001, -0.3757, -0.1327, -0.1044, -4.1184, 4.1001, 0.8903, -0.0774, -0.4184, 0.0668, -0.1967],
);

export class McModel {
  private rowLimit = 0;
  private maxCard = 0;
  /** indexOf's logits, then weights (a hand has at most 255 cards). */
  private readonly logits = new Float64Array(256);

  constructor(
    readonly costs: CardCosts,
    readonly weights: ArrayLike<number> = MC_WEIGHTS,
  ) {}

  /** The rules' row limit and highest card (the costs must be prepared for them too). */
  prepare(r: Readonly<Rules>): void {
    this.rowLimit = r.rowLimit;
    this.maxCard = r.maxCard;
  }

  /** x of every card of hand[at, at + n) (ascending) on these rows, into out[i * MC_FEATURES + j]. */
  features(
    hand: ArrayLike<number>,
    at: number,
    n: number,
    rowEnd: ArrayLike<number>,
    rowLen: ArrayLike<number>,
    rowBull: ArrayLike<number>,
    out: Float64Array,
  ): void {
    let low = Infinity;
    let cheapest = 0;
    for (let i = 0; i < n; i++) {
      const c = this.costs.cost(hand[at + i]!, rowEnd, rowLen, rowBull);
      if (c < low) {
        low = c;
        cheapest = i;
      }
    }
    const minBull = Math.min(rowBull[0]!, rowBull[1]!, rowBull[2]!, rowBull[3]!);
    const h = n / 10;
    for (let i = 0; i < n; i++) {
      const card = hand[at + i]!;
      const x = i * MC_FEATURES;
      const row = rowOf(card, rowEnd);
      const end = row < 0 ? 0 : rowEnd[row]!;
      const below = row < 0 ? 1 : 0;
      const full = row >= 0 && rowLen[row]! >= this.rowLimit ? 1 : 0;
      const takes = row < 0 ? minBull : full ? rowBull[row]! : 0;
      const rank = n > 1 ? i / (n - 1) : 0;
      const cost = this.costs.cost(card, rowEnd, rowLen, rowBull);
      out[x] = cost;
      out[x + 1] = i === cheapest ? 1 : 0;
      out[x + 2] = takes;
      out[x + 3] = below;
      out[x + 4] = full;
      out[x + 5] = row < 0 ? 0 : (card - end - 1) / 10;
      out[x + 6] = row < 0 || full ? 0 : this.rowLimit - rowLen[row]!;
      out[x + 7] = rank;
      out[x + 8] = rank * rank;
      out[x + 9] = card / this.maxCard;
      out[x + 10] = cost * h;
      out[x + 11] = below * h;
      out[x + 12] = rank * h;
      out[x + 13] = takes * h;
    }
  }

  /**
   * w . x of every card into out[0, n), computed as features() then the dot product would be but
   * without the feature buffer: the hand-size terms folded into one coefficient per feature. One
   * scan of the rows a card (rowOf), its cost read from that row (CardCosts.costOnRow), the cheapest
   * card's term added last: no allocation.
   */
  logitsInto(
    hand: ArrayLike<number>,
    at: number,
    n: number,
    rowEnd: ArrayLike<number>,
    rowLen: ArrayLike<number>,
    rowBull: ArrayLike<number>,
    out: Float64Array,
  ): void {
    const w = this.weights;
    const h = n / 10;
    const wCost = w[0]! + w[10]! * h;
    const wBelow = w[3]! + w[11]! * h;
    const wRank = w[7]! + w[12]! * h;
    const wTakes = w[2]! + w[13]! * h;
    const minBull = Math.min(rowBull[0]!, rowBull[1]!, rowBull[2]!, rowBull[3]!);
    const limit = this.rowLimit;
    const perCard = w[9]! / this.maxCard;
    let low = Infinity;
    let cheapest = 0;
    for (let i = 0; i < n; i++) {
      const card = hand[at + i]!;
      const row = rowOf(card, rowEnd);
      const end = row < 0 ? 0 : rowEnd[row]!;
      const cost = this.costs.costOnRow(card, row, end, rowLen, rowBull, minBull);
      if (cost < low) {
        low = cost;
        cheapest = i;
      }
      const rank = n > 1 ? i / (n - 1) : 0;
      let z = wCost * cost + wRank * rank + w[8]! * rank * rank + perCard * card;
      if (row < 0) z += wBelow + wTakes * minBull;
      else {
        z += (w[5]! * (card - end - 1)) / 10;
        if (rowLen[row]! >= limit) z += w[4]! + wTakes * rowBull[row]!;
        else z += w[6]! * (limit - rowLen[row]!);
      }
      out[i] = z;
    }
    out[cheapest] = out[cheapest]! + w[1]!;
  }

  /** The model's probability of every card of hand[at, at + n) (ascending) on these rows, into out[0, n). */
  probabilities(
    hand: ArrayLike<number>,
    at: number,
    n: number,
    rowEnd: ArrayLike<number>,
    rowLen: ArrayLike<number>,
    rowBull: ArrayLike<number>,
    out: Float64Array,
  ): void {
    this.logitsInto(hand, at, n, rowEnd, rowLen, rowBull, out);
    let high = -Infinity;
    for (let i = 0; i < n; i++) if (out[i]! > high) high = out[i]!;
    let sum = 0;
    for (let i = 0; i < n; i++) sum += out[i] = Math.exp(out[i]! - high);
    for (let i = 0; i < n; i++) out[i] = out[i]! / sum;
  }

  /** The index of the model's card among hand[at, at + n) (ascending) on these rows, for the uniform draw u. */
  indexOf(hand: ArrayLike<number>, at: number, n: number, rowEnd: ArrayLike<number>, rowLen: ArrayLike<number>, rowBull: ArrayLike<number>, u: number): number {
    const p = this.logits;
    this.logitsInto(hand, at, n, rowEnd, rowLen, rowBull, p);
    let high = -Infinity;
    for (let i = 0; i < n; i++) if (p[i]! > high) high = p[i]!;
    let sum = 0;
    for (let i = 0; i < n; i++) sum += p[i] = Math.exp(p[i]! - high);
    let x = u * sum;
    for (let i = 0; i < n - 1; i++) {
      x -= p[i]!;
      if (x < 0) return i;
    }
    return n - 1;
  }
}

// Frozen before a bot file loads (src/game/protect.ts): made only once a bot plays, so not reached through the built-in bots' fields.
protect(McModel);
