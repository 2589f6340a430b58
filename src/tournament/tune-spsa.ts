import type { ParamValues } from '../game/agent.js';
import type { Random } from '../game/seed.js';
import { clamp01, decodeAll, encode, type TuneDimension } from './tune-dimensions.js';
import type { Optimiser, OptimiserStep, TuneLevel } from './tune-optimiser.js';

/** The stability constant A of SPSA's gain a_k. */
const A = 10;
/** The perturbation c of SPSA's gain c_k, in [0, 1] units of each range. */
const C = 0.15;

/**
 * SPSA (Spall 1992; Fishtest tunes Stockfish with it): each step plays theta + c Delta and
 * theta - c Delta (Delta a random sign per parameter) on the same deals and moves theta against
 * the paired difference; gains a_k = a / (k + 1 + A)^0.602, c_k = c / (k + 1)^0.101, with the
 * step scaled by the differences seen so far. Every parameter moves in [0, 1] (its range encoded).
 */
export class Spsa implements Optimiser {
  private readonly theta: number[];
  private k = 0;
  private scale = 0;
  /** This step's signs and the setting theta + c Delta it plays. */
  private delta: number[] = [];
  private plus: ParamValues = {};
  // Polyak-Ruppert averaging: the answer is the mean of the iterates of the second half, which
  // cancels most of the noise the last steps still carry (the last iterate alone wanders).
  private readonly path: number[][] = [];
  private answer: ParamValues;

  constructor(
    private readonly dims: TuneDimension[],
    start: ParamValues,
    private readonly random: Random,
  ) {
    this.theta = dims.map((d) => encode(d, start[d.name]!));
    this.answer = start;
  }

  /** theta + c_k Delta and theta - c_k Delta. */
  propose(): ParamValues[] {
    const { dims, theta } = this;
    const ck = C / (this.k + 1) ** 0.101;
    const delta = dims.map(() => (this.random() < 0.5 ? -1 : 1));
    this.delta = delta;
    const plus = dims.map((_, i) => clamp01(theta[i]! + ck * delta[i]!));
    const minus = dims.map((_, i) => clamp01(theta[i]! - ck * delta[i]!));
    this.plus = decodeAll(dims, plus);
    return [this.plus, decodeAll(dims, minus)];
  }

  observe(meanScores: readonly number[]): OptimiserStep {
    const { dims, theta, delta } = this;
    const k = this.k++;
    const [plusScore, minusScore] = [meanScores[0]!, meanScores[1]!];
    const dy = plusScore - minusScore;
    this.scale = (this.scale * k + Math.abs(dy)) / (k + 1);
    // A step of about 0.05 of each range at the start, whatever the scale of the scores.
    const ak = (0.05 * (A + 1) ** 0.602) / (k + 1 + A) ** 0.602 / Math.max(this.scale, 1e-9);
    for (let i = 0; i < dims.length; i++) theta[i] = clamp01(theta[i]! - ak * dy * delta[i]!);
    this.path.push([...theta]);
    const half = this.path.slice(Math.floor(this.path.length / 2));
    this.answer = decodeAll(
      dims,
      dims.map((_, i) => half.reduce((sum, p) => sum + p[i]!, 0) / half.length),
    );
    return { params: this.plus, meanScore: plusScore, gain: -dy, best: this.answer, bestGain: null };
  }

  best(): ParamValues {
    return this.answer;
  }

  landscape(): TuneLevel[] {
    return [];
  }
}
