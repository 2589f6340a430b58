import { protect } from '../game/protect.js';
/**
 * An opponent model fitted online, one per seat: logistic regression of a binary decision on a few
 * features, with a Gaussian prior around given starting weights (ridge precision `ridge`), refitted
 * by Newton's method after each observed decision (warm-started, so a step or two per decision
 * converges). Unlike a fixed family of rules, it follows any opponent whose choices move smoothly
 * with the features, including ones no rule of the family describes; the prior keeps it sensible
 * on the first few moves of a game.
 *
 * `predict` gives the chance of a decision before it is added, so the search can score the model
 * prequentially (each move by a fit made without it) beside the family's fixed rules.
 * Allocation-free after construction; `reset` before each game.
 */
/** The largest change of one weight in one Newton step. */
const MAX_STEP = 1;

export class OnlineLogit {
  /** Current weights, seat * features + i. */
  readonly weights: Float64Array;
  private readonly prior: Float64Array;
  /** Observed features per seat, (seat * capacity + k) * features + i, and decisions (1: yes). */
  private readonly xs: Float64Array;
  private readonly ys: Uint8Array;
  private readonly counts: Int32Array;
  /** Newton scratch: the system [H | g], features x (features + 1). */
  private readonly system: Float64Array;
  private readonly step: Float64Array;

  constructor(
    readonly seats: number,
    readonly features: number,
    readonly capacity: number,
    readonly ridge: number,
    private readonly iterations = 2,
  ) {
    if (!(ridge > 0)) throw new RangeError(`ridge must be > 0, got ${ridge}`);
    this.weights = new Float64Array(seats * features);
    this.prior = new Float64Array(features);
    this.xs = new Float64Array(seats * capacity * features);
    this.ys = new Uint8Array(seats * capacity);
    this.counts = new Int32Array(seats);
    this.system = new Float64Array(features * (features + 1));
    this.step = new Float64Array(features);
  }

  /** Forgets every seat's decisions; every seat's weights start at `prior`. */
  reset(prior: ArrayLike<number>): void {
    this.prior.set(prior);
    for (let s = 0; s < this.seats; s++) this.weights.set(this.prior, s * this.features);
    this.counts.fill(0);
  }

  /** Decisions recorded for `seat` this game. */
  count(seat: number): number {
    return this.counts[seat]!;
  }

  /** The fitted chance that `seat` decides yes given features `x`. */
  predict(seat: number, x: ArrayLike<number>): number {
    const F = this.features;
    let z = 0;
    for (let i = 0; i < F; i++) z += this.weights[seat * F + i]! * x[i]!;
    return 1 / (1 + Math.exp(-z));
  }

  /** Records a decision of `seat` and refits its weights (beyond `capacity` decisions the oldest stay, new ones are dropped). */
  add(seat: number, x: ArrayLike<number>, yes: boolean): void {
    const F = this.features;
    const k = this.counts[seat]!;
    if (k >= this.capacity) return;
    const at = (seat * this.capacity + k) * F;
    for (let i = 0; i < F; i++) this.xs[at + i] = x[i]!;
    this.ys[seat * this.capacity + k] = yes ? 1 : 0;
    this.counts[seat] = k + 1;
    for (let it = 0; it < this.iterations; it++) this.newtonStep(seat);
  }

  /** One Newton step on the penalised log-likelihood of `seat`'s decisions. */
  private newtonStep(seat: number): void {
    const { features: F, system: A, weights: w, prior, xs, ys, ridge, step } = this;
    const W = F + 1;
    const base = seat * F;
    A.fill(0);
    for (let i = 0; i < F; i++) {
      A[i * W + i] = ridge;
      A[i * W + F] = ridge * (w[base + i]! - prior[i]!);
    }
    const n = this.counts[seat]!;
    for (let k = 0; k < n; k++) {
      const at = (seat * this.capacity + k) * F;
      let z = 0;
      for (let i = 0; i < F; i++) z += w[base + i]! * xs[at + i]!;
      const p = 1 / (1 + Math.exp(-z));
      const h = p * (1 - p);
      const r = p - ys[seat * this.capacity + k]!;
      for (let i = 0; i < F; i++) {
        const xi = xs[at + i]!;
        if (xi === 0) continue;
        for (let j = i; j < F; j++) A[i * W + j]! += h * xi * xs[at + j]!;
        A[i * W + F]! += r * xi;
      }
    }
    for (let i = 0; i < F; i++) for (let j = 0; j < i; j++) A[i * W + j] = A[j * W + i]!;
    // Gaussian elimination (the matrix is positive definite: no pivoting needed).
    for (let c = 0; c < F; c++) {
      const d = A[c * W + c]!;
      for (let r = c + 1; r < F; r++) {
        const f = A[r * W + c]! / d;
        if (f === 0) continue;
        for (let j = c; j <= F; j++) A[r * W + j]! -= f * A[c * W + j]!;
      }
    }
    for (let r = F - 1; r >= 0; r--) {
      let v = A[r * W + F]!;
      for (let j = r + 1; j < F; j++) v -= A[r * W + j]! * step[j]!;
      step[r] = v / A[r * W + r]!;
    }
    // A step of at most MAX_STEP in every weight: on a few nearly separable decisions a full
    // Newton step can overshoot far and the warm-started fit would not come back.
    let largest = 0;
    for (let i = 0; i < F; i++) largest = Math.max(largest, Math.abs(step[i]!));
    const scale = largest > MAX_STEP ? MAX_STEP / largest : 1;
    for (let i = 0; i < F; i++) w[base + i]! -= scale * step[i]!;
  }
}

// Frozen before a bot file loads (src/game/protect.ts): made only once a bot plays, so not reached through the built-in bots' fields.
protect(OnlineLogit);
