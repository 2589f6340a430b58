import type { ParamValues } from '../game/agent.js';
import type { Random } from '../game/seed.js';
import type { TuneDimension } from './tune-dimensions.js';

/**
 * A tuning method, as the tuning loop drives it: it proposes settings, the loop plays them on the
 * same fresh deals against the field, and it learns from their mean scores. Each step plays the
 * proposed settings side by side, so what it observes is a paired comparison.
 */
export interface Optimiser {
  /** The settings to play next, all on the same deals. */
  propose(): ParamValues[];
  /** The mean score per game (lower is better) of each setting propose() gave, in its order; what the step found. */
  observe(meanScores: readonly number[]): OptimiserStep;
  /** The answer so far: the start until a step finds better. */
  best(): ParamValues;
  /** What its model learnt of each level of each parameter; empty for a method with no such model. */
  landscape(): TuneLevel[];
}

/** What one step of an optimiser played and concluded. */
export interface OptimiserStep {
  params: ParamValues;
  /** Mean score per game of the setting on this evaluation's deals (lower is better). */
  meanScore: number;
  /** The paired difference against the other setting of the evaluation (positive: this one better). */
  gain: number;
  /** The method's answer so far, and (ntbea) its model's estimate of the gain over the start; spsa has none. */
  best: ParamValues;
  bestGain: number | null;
}

/** What NTBEA's model learnt of one level of one parameter: its mean paired gain over the start, over n evaluations. */
export interface TuneLevel {
  name: string;
  level: number | string;
  n: number;
  meanGain: number | null;
}

/** Makes an optimiser that starts from `start` and draws its random choices from `random`. */
export type OptimiserFactory = (dims: TuneDimension[], start: ParamValues, random: Random) => Optimiser;
