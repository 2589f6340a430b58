import { protect } from '../game/protect.js';
import type { Random } from '../game/seed.js';

/**
 * The game-independent core of the lab's search bots: flat Monte Carlo over determinizations with
 * a win-share objective, common random numbers and progressive pruning, on a budget counted in
 * samples (never wall-clock, so a seed fixes every decision).
 *
 * A game supplies a SearchDomain: it re-samples what the seat cannot see (and whatever else a
 * sample fixes, e.g. which policy each opponent plays) and plays a root candidate out on the
 * current sample. Every live candidate is played on every sample (common random numbers: their
 * differences are not drowned by the deal's luck). After each batch of samples, a candidate whose
 * mean utility trails the leader's by more than `z` standard errors of the paired differences is
 * dropped; the search stops when one candidate is left or the budget is spent, so clear decisions
 * cost little and close ones get the whole budget.
 *
 * Utility of a finished playout for seat `me`: its share of the win (1/k when k seats tie for the
 * lowest score, else 0) plus `marginWeight` x (best other score - own score). The margin term
 * breaks ties in low-signal positions (early in a game most candidates win equally often) toward
 * the candidate that keeps the seat closer to the lead; at No Thanks!' default weight, 0.02 a
 * point, a 10-point margin is worth a fifth of a win.
 */
export interface SearchDomain {
  readonly players: number;
  /** Draws one sample (hidden cards, opponent models, the playouts' random draws). */
  sample(random: Random): void;
  /** Plays root candidate `index` out on the current sample; score() then reads the outcome. */
  playout(index: number): void;
  /** Score of `seat` once the playout has stopped; lower is better. */
  score(seat: number): number;
  /**
   * What the stopped playout is worth to `me` (higher is better), when the game values it by more
   * than its scores (6 nimmt! playouts stop at the round's end and may value the position by its
   * chance of winning from there). Without it: the win share plus `marginWeight` x margin.
   */
  utility?(me: number): number;
  /**
   * Work done so far, in the domain's own unit (the contract domain: moves played in playouts),
   * a count that only grows; with `SearchBudget.maxWork` the search stops drawing samples once a
   * decision has done that much. A count, never a clock: a seed still fixes every decision.
   */
  work?(): number;
}

export interface SearchBudget {
  /** Most samples per decision (each plays every live candidate once). */
  samples: number;
  /** Samples between pruning checks. */
  batch: number;
  /** Samples before the first pruning check. */
  minSamples: number;
  /** Standard errors of the paired difference beyond which a trailing candidate is dropped (0: never prune). */
  z: number;
  /** Weight of the score margin in the utility (points; see above). */
  marginWeight: number;
  /**
   * Indifference zone (utility units, default 0): a candidate is also dropped once it is clearly
   * no more than this much better than the leader (leader - candidate > z x se - indifference),
   * so near-equal candidates stop drawing samples: a choice between them costs little whichever
   * is taken. 0 is the plain pruning rule.
   */
  indifference?: number;
  /**
   * Root move of each candidate (default: every candidate its own). When several candidates are
   * plans that begin with the same move (No Thanks!'s lookahead: pass now, then take or pass when
   * the card comes back), the decision is made once the live candidates all begin alike: the search
   * stops there instead of spending samples to tell plans of one move apart.
   */
  groups?: ArrayLike<number>;
  /**
   * Most work per decision (the domain's `work()` units): after each sample, the search stops once
   * this decision's work reaches it (so it may pass it by one sample's playouts) and picks the best
   * live candidate on the samples so far. Caps the slow decisions' time (long playouts early in a
   * game, many live candidates) for a per-decision time limit; undefined: no cap.
   */
  maxWork?: number;
}

/** Utility of the finished playout in `d` for seat `me` (higher is better). */
export function winShareUtility(d: SearchDomain, me: number, marginWeight: number): number {
  const mine = d.score(me);
  let best = Infinity;
  let tied = 1;
  for (let p = 0; p < d.players; p++) {
    if (p === me) continue;
    const v = d.score(p);
    if (v < best) best = v;
    if (v === mine) tied++;
  }
  const share = mine < best ? 1 : mine === best ? 1 / tied : 0;
  return share + marginWeight * (best - mine);
}

/** One search instance per bot: its buffers are sized once and reused every decision. */
export class FlatSearch {
  /** utilities[c * maxSamples + k]: candidate c on sample k. */
  private utilities: Float64Array;
  private readonly sums: Float64Array;
  private readonly alive: Uint8Array;
  /** Samples used by the last search (for benches and tests). */
  lastSamples = 0;

  constructor(
    readonly maxCandidates: number,
    private readonly maxSamples: number,
  ) {
    this.utilities = new Float64Array(maxCandidates * maxSamples);
    this.sums = new Float64Array(maxCandidates);
    this.alive = new Uint8Array(maxCandidates);
  }

  /** Mean utility of candidate c over the last search's samples (a pruned one: over the samples before it was dropped, divided by all). */
  mean(c: number): number {
    return this.sums[c]! / Math.max(1, this.lastSamples);
  }

  /**
   * The index of the best of `n` candidates for seat `me`; ties go to the lower index.
   *
   * `bias` (a prior over the candidates, e.g. a policy network's, in utility units): bias[c] is
   * added to candidate c's mean utility when the best is picked (the samples and the pruning see
   * the playouts only), and a candidate whose bias is -Infinity is never played (pruned before the
   * first sample; at least one must stay).
   */
  run(domain: SearchDomain, n: number, me: number, random: Random, budget: SearchBudget, bias?: ArrayLike<number>): number {
    if (n > this.maxCandidates) throw new RangeError(`${n} candidates, the search holds ${this.maxCandidates}`);
    const { utilities, sums, alive } = this;
    const M = this.maxSamples;
    const samples = Math.min(budget.samples, M);
    sums.fill(0, 0, n);
    alive.fill(1, 0, n);
    let live = n;
    if (bias !== undefined) {
      for (let c = 0; c < n; c++) {
        if (bias[c] !== -Infinity) continue;
        alive[c] = 0;
        live--;
      }
      if (live === 0) throw new RangeError('the prior rules out every candidate');
    }
    const valued = domain.utility !== undefined;
    const maxWork = budget.maxWork;
    if (maxWork !== undefined && domain.work === undefined) throw new Error('a work cap needs a domain that counts its work');
    const workEnd = maxWork === undefined ? Infinity : domain.work!() + maxWork;
    let k = 0;
    while (k < samples && live > 1) {
      domain.sample(random);
      for (let c = 0; c < n; c++) {
        if (alive[c] === 0) continue;
        domain.playout(c);
        const u = valued ? domain.utility!(me) : winShareUtility(domain, me, budget.marginWeight);
        utilities[c * M + k] = u;
        sums[c]! += u;
      }
      k++;
      if (budget.z > 0 && k >= budget.minSamples && (k - budget.minSamples) % budget.batch === 0) {
        live = this.prune(n, k, budget.z, budget.indifference ?? 0);
        if (budget.groups !== undefined && live > 1 && this.oneGroup(n, budget.groups)) break;
      }
      if (maxWork !== undefined && domain.work!() >= workEnd) break;
    }
    this.lastSamples = k;
    let best = -1;
    if (bias === undefined) {
      for (let c = 0; c < n; c++) if (alive[c] === 1 && (best < 0 || sums[c]! > sums[best]!)) best = c;
      return best;
    }
    const per = 1 / Math.max(1, k);
    for (let c = 0; c < n; c++) if (alive[c] === 1 && (best < 0 || sums[c]! * per + bias[c]! > sums[best]! * per + bias[best]!)) best = c;
    return best;
  }

  /** Whether every live candidate of the `n` has the same root move. */
  private oneGroup(n: number, groups: ArrayLike<number>): boolean {
    let group = -1;
    for (let c = 0; c < n; c++) {
      if (this.alive[c] === 0) continue;
      if (group < 0) group = groups[c]!;
      else if (groups[c] !== group) return false;
    }
    return true;
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
        // Both candidates were played on samples 0..k-1 (a dropped one never comes back).
        const mean = (sums[lead]! - sums[c]!) / k;
        let ss = 0;
        for (let i = 0; i < k; i++) {
          const d = utilities[lead * M + i]! - utilities[c * M + i]! - mean;
          ss += d * d;
        }
        const se = Math.sqrt(ss / (k - 1) / k);
        // A zero spread with a positive mean is as clear as it gets; equal playouts stay alive.
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

// Frozen before a bot file loads (src/game/protect.ts): made only once a bot plays, so not reached through the built-in bots' fields.
protect(FlatSearch);
