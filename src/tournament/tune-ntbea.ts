import type { ParamValues } from '../game/agent.js';
import type { Random } from '../game/seed.js';
import { decode, type TuneDimension } from './tune-dimensions.js';
import type { Optimiser, OptimiserStep, TuneLevel } from './tune-optimiser.js';
import { TupleModel } from './tune-tuple-model.js';

/** Neighbours of the current setting the model rates before each step. */
const NEIGHBOURS = 50;

/**
 * NTBEA (Lucas, Liu and Perez-Liebana 2018; TAG's tuner): every parameter is cut into levels;
 * a model keeps the mean value of each level of each parameter (1-tuples) and of each whole
 * setting; each step picks, among random neighbours of the current setting, the one with the
 * highest upper confidence bound, and plays it against the starting setting on the same deals.
 */
export class Ntbea implements Optimiser {
  private readonly levels: (number | string)[][];
  private readonly model = new TupleModel();
  private current: number[];
  /** This step's pick, as levels and as the setting it plays. */
  private pick: number[] = [];
  private point: ParamValues = {};
  private answer: ParamValues;

  constructor(
    private readonly dims: TuneDimension[],
    private readonly start: ParamValues,
    private readonly random: Random,
  ) {
    this.levels = dims.map(levelsOf);
    this.current = dims.map((d, i) => nearestLevel(this.levels[i]!, d, start[d.name]!));
    this.answer = start;
  }

  /** The most promising neighbour and the start. */
  propose(): ParamValues[] {
    // The most promising of 50 neighbours (one parameter changed, sometimes more), by the model's UCB.
    let pick = this.current;
    let pickValue = Number.NEGATIVE_INFINITY;
    for (let n = 0; n < NEIGHBOURS; n++) {
      const candidate = mutate(this.current, this.levels, this.random);
      const v = this.model.ucb(candidate);
      if (v > pickValue) {
        pickValue = v;
        pick = candidate;
      }
    }
    this.pick = pick;
    this.point = fromLevels(this.dims, this.levels, pick);
    return [this.point, this.start];
  }

  observe(meanScores: readonly number[]): OptimiserStep {
    const [pickScore, startScore] = [meanScores[0]!, meanScores[1]!];
    const gain = startScore - pickScore;
    this.model.add(this.pick, gain);
    this.current = this.pick;
    // The start is a candidate too, with a gain of 0 by definition: a setting the model rates
    // below it is no answer.
    const top = this.model.best();
    const improves = top !== undefined && top.value > 0;
    this.answer = improves ? fromLevels(this.dims, this.levels, top.levels) : this.start;
    return { params: this.point, meanScore: pickScore, gain, best: this.answer, bestGain: improves ? top.value : 0 };
  }

  best(): ParamValues {
    return this.answer;
  }

  landscape(): TuneLevel[] {
    return this.dims.flatMap((d, i) => this.levels[i]!.map((level, l) => ({ name: d.name, level, ...this.model.level(i, l) })));
  }
}

/** NTBEA's levels of a dimension: every choice, every integer up to 11 of them, else 11 even steps. */
function levelsOf(d: TuneDimension): (number | string)[] {
  if (d.choices) return d.choices;
  const count = d.integer ? Math.min(11, d.hi - d.lo + 1) : 11;
  return Array.from({ length: count }, (_, i) => decode(d, i / (count - 1)));
}

function nearestLevel(levels: (number | string)[], d: TuneDimension, v: number | string): number {
  if (d.choices) return Math.max(0, levels.indexOf(v));
  let best = 0;
  for (let i = 1; i < levels.length; i++) if (Math.abs((levels[i] as number) - Number(v)) < Math.abs((levels[best] as number) - Number(v))) best = i;
  return best;
}

const fromLevels = (dims: TuneDimension[], levels: (number | string)[][], at: number[]): ParamValues =>
  Object.fromEntries(dims.map((d, i) => [d.name, levels[i]![at[i]!]!]));

/** A neighbour: each parameter moved to a random level with chance 1/d, at least one of them. */
function mutate(current: number[], levels: (number | string)[][], random: Random): number[] {
  const out = [...current];
  const d = current.length;
  let changed = false;
  for (let i = 0; i < d; i++) {
    if (random() < 1 / d) {
      out[i] = Math.floor(random() * levels[i]!.length);
      changed = true;
    }
  }
  if (!changed) {
    const i = Math.floor(random() * d);
    out[i] = Math.floor(random() * levels[i]!.length);
  }
  return out;
}
