import { protect } from '../game/protect.js';
/**
 * A Bayesian posterior over a family of candidate policies, one per seat, learnt from that seat's
 * public decisions. Each model predicts a decision; with noise `epsilon` the likelihood of an
 * observed decision is (1 - epsilon) when the model predicted it and epsilon / (choices - 1)
 * otherwise, so one surprising move never rules a model out and no model's weight reaches 1 on a
 * few moves. A model may instead give its own probability of the move (a random policy: 1 / choices).
 *
 * The search samples each opponent's policy per determinization from this posterior, so its
 * rollouts cover the models in proportion to how well they explain the opponent so far.
 * Allocation-free after construction; reset before each game (what a bot learnt must depend on the
 * deal only, not on which games its instance played before).
 */
export class PolicyPosterior {
  /** logLik[seat * models + m] */
  private readonly logLik: Float64Array;
  /** Posterior weights of one seat, cumulative, recomputed by `prepare`. */
  private readonly cumulative: Float64Array;
  private readonly logFit: number;
  private readonly logMiss: number;
  /** Log prior weight of each model (uniform unless set). */
  private readonly logPrior: Float64Array;

  constructor(
    readonly seats: number,
    readonly models: number,
    readonly epsilon: number,
    choices = 2,
  ) {
    if (!(epsilon > 0 && epsilon < 1)) throw new RangeError(`epsilon must be in (0, 1), got ${epsilon}`);
    this.logLik = new Float64Array(seats * models);
    this.cumulative = new Float64Array(seats * models);
    this.logFit = Math.log(1 - epsilon);
    this.logMiss = Math.log(epsilon / (choices - 1));
    this.logPrior = new Float64Array(models);
  }

  /** Sets the prior (log weights, one per model; applied from the next reset). */
  setPrior(logPrior: ArrayLike<number>): void {
    this.logPrior.set(logPrior);
  }

  reset(): void {
    const { logLik, logPrior, models } = this;
    for (let i = 0; i < logLik.length; i++) logLik[i] = logPrior[i % models]!;
    this.cumulative.fill(0);
  }

  /** Model `m` of `seat` predicted the observed decision (`fit`) or not. */
  observe(seat: number, m: number, fit: boolean): void {
    this.logLik[seat * this.models + m]! += fit ? this.logFit : this.logMiss;
  }

  /** Model `m` of `seat` gave the observed decision probability `p` itself (a stochastic model). */
  observeProbability(seat: number, m: number, p: number): void {
    this.logLik[seat * this.models + m]! += Math.log(p);
  }

  /** Recomputes `seat`'s cumulative weights (once per decision, before sampling). */
  prepare(seat: number): void {
    const { logLik, cumulative, models } = this;
    const row = seat * models;
    let max = -Infinity;
    for (let m = 0; m < models; m++) if (logLik[row + m]! > max) max = logLik[row + m]!;
    let total = 0;
    for (let m = 0; m < models; m++) cumulative[row + m] = total += Math.exp(logLik[row + m]! - max);
    for (let m = 0; m < models; m++) cumulative[row + m]! /= total;
  }

  /** Posterior weight of model `m` for `seat` (after prepare). */
  weight(seat: number, m: number): number {
    const row = seat * this.models;
    return this.cumulative[row + m]! - (m === 0 ? 0 : this.cumulative[row + m - 1]!);
  }

  /** A model of `seat` drawn from its posterior with uniform `u` in [0, 1) (after prepare). */
  draw(seat: number, u: number): number {
    const { cumulative, models } = this;
    const row = seat * models;
    for (let m = 0; m < models - 1; m++) if (u < cumulative[row + m]!) return m;
    return models - 1;
  }
}

// Frozen before a bot file loads (src/game/protect.ts): made only once a bot plays, so not reached through the built-in bots' fields.
protect(PolicyPosterior);
