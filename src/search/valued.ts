import type { Random } from '../game/seed.js';
import type { SearchBudget } from './flat.js';

/**
 * Flat Monte Carlo as in flat.ts (common random numbers, progressive pruning on paired
 * differences, a budget in samples), but the domain says what a finished playout is worth to the
 * seat (`utility`, higher is better) instead of the fixed win share plus margin. A game whose
 * playouts stop before the end (6 nimmt! plays to the end of the round) can then value the stopped
 * position by its chance of winning from there, a smoother signal than who leads at that moment.
 */
export interface ValuedDomain {
  /** Draws one sample (hidden cards, the playouts' random draws). */
  sample(random: Random): void;
  /** Plays root candidate `index` out on the current sample. */
  playout(index: number): void;
  /** What the stopped playout is worth to `me` (higher is better). */
  utility(me: number): number;
}

export type ValuedBudget = Omit<SearchBudget, 'marginWeight'>;

/** One instance per bot: buffers sized once, reused every decision. */
export class ValuedFlatSearch {
  /** utilities[c * maxSamples + k]: candidate c on sample k. */
  private readonly utilities: Float64Array;
  private readonly sums: Float64Array;
  private readonly alive: Uint8Array;
  /** Samples used by the last search (benches and tests). */
  lastSamples = 0;

  constructor(
    readonly maxCandidates: number,
    private readonly maxSamples: number,
  ) {
    this.utilities = new Float64Array(maxCandidates * maxSamples);
    this.sums = new Float64Array(maxCandidates);
    this.alive = new Uint8Array(maxCandidates);
  }

  /** Mean utility of candidate c over the last search's samples (it may have been pruned earlier: then over its own). */
  mean(c: number): number {
    return this.sums[c]! / Math.max(1, this.lastSamples);
  }

  /** The index of the best of `n` candidates for seat `me`; ties go to the lower index. */
  run(domain: ValuedDomain, n: number, me: number, random: Random, budget: ValuedBudget): number {
    if (n > this.maxCandidates) throw new RangeError(`${n} candidates, the search holds ${this.maxCandidates}`);
    const { utilities, sums, alive } = this;
    const M = this.maxSamples;
    const samples = Math.min(budget.samples, M);
    sums.fill(0, 0, n);
    alive.fill(1, 0, n);
    let live = n;
    let k = 0;
    while (k < samples && live > 1) {
      domain.sample(random);
      for (let c = 0; c < n; c++) {
        if (alive[c] === 0) continue;
        domain.playout(c);
        const u = domain.utility(me);
        utilities[c * M + k] = u;
        sums[c]! += u;
      }
      k++;
      if (budget.z > 0 && k >= budget.minSamples && (k - budget.minSamples) % budget.batch === 0) live = this.prune(n, k, budget.z, budget.indifference ?? 0);
    }
    this.lastSamples = k;
    let best = -1;
    for (let c = 0; c < n; c++) if (alive[c] === 1 && (best < 0 || sums[c]! > sums[best]!)) best = c;
    return best;
  }

  /** Drops every candidate clearly behind the leader (paired differences on the shared samples). */
  private prune(n: number, k: number, z: number, indifference: number): number {
    const { utilities, sums, alive } = this;
    const M = this.maxSamples;
    let lead = -1;
    for (let c = 0; c < n; c++) if (alive[c] === 1 && (lead < 0 || sums[c]! > sums[lead]!)) lead = c;
    let live = 0;
    for (let c = 0; c < n; c++) {
      if (alive[c] === 0) continue;
      if (c !== lead) {
        const mean = (sums[lead]! - sums[c]!) / k;
        let ss = 0;
        for (let i = 0; i < k; i++) {
          const d = utilities[lead * M + i]! - utilities[c * M + i]! - mean;
          ss += d * d;
        }
        const se = Math.sqrt(ss / (k - 1) / k);
        if (mean > z * se - indifference && (mean > 0 || indifference > 0)) {
          alive[c] = 0;
          continue;
        }
      }
      live++;
    }
    return live;
  }
}

/**
 * The chance that seat `me` ends with the lowest total when every seat's final score is its total
 * now minus an independent Gumbel(0, beta) draw: exactly the softmin exp(-total/beta), normalised
 * (the Gumbel law is what makes the argmin's law closed-form). beta stands for how much the rest
 * of the game can still move the totals (0: the game is decided, the lowest wins, ties share).
 */
export function softminShare(totals: ArrayLike<number>, players: number, me: number, beta: number): number {
  let low = Infinity;
  for (let p = 0; p < players; p++) if (totals[p]! < low) low = totals[p]!;
  if (!(beta > 0)) {
    if (totals[me]! !== low) return 0;
    let tied = 0;
    for (let p = 0; p < players; p++) if (totals[p] === low) tied++;
    return 1 / tied;
  }
  let sum = 0;
  for (let p = 0; p < players; p++) sum += Math.exp((low - totals[p]!) / beta);
  return Math.exp((low - totals[me]!) / beta) / sum;
}
