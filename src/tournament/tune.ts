import type { NumberParam, ParamValues } from '../game/agent.js';
import type { RulesInput } from '../game/contract.js';
import { parseSpec, splitLineup } from '../agents/spec.js';
import { UserError } from '../errors.js';
import { makeRandom, type Random } from '../game/seed.js';
import { DEFAULT_GAME, gameById } from '../registry.js';
import { Moments } from '../stats/moments.js';
import { checkDecisionSeconds, MAX_DEALS, runTournament, WorkerPool } from './run.js';
import { seatingsOf } from './schedule.js';
import { checkAgent } from './sandbox/load.js';
import type { LoadedAgent } from '../agents/registry.js';

/**
 * Tuning every parameter of a bot at once, on duplicate deals: each evaluation plays the settings
 * it compares on the same fresh deals (common random numbers), against the same field, so their
 * difference is paired. Two methods:
 * - spsa (Spall 1992; Fishtest tunes Stockfish with it): each step plays theta + c Delta and
 *   theta - c Delta (Delta a random sign per parameter) on the same deals and moves theta against
 *   the paired difference; gains a_k = a / (k + 1 + A)^0.602, c_k = c / (k + 1)^0.101, with the
 *   step scaled by the differences seen so far.
 * - ntbea (Lucas, Liu and Perez-Liebana 2018; TAG's tuner): every parameter is cut into levels;
 *   a model keeps the mean value of each level of each parameter (1-tuples) and of each whole
 *   setting; each step picks, among random neighbours of the current setting, the one with the
 *   highest upper confidence bound, and plays it against the starting setting on the same deals.
 * The winner is then replayed with the starting setting on deals of another seed: the held-out
 * difference, with its paired interval, is the result (never the tuning deals' own numbers).
 */
export interface TuneOptions {
  game?: string;
  /** The bot to tune; its spec may fix other parameters (threshold:cost=face). */
  agent: string;
  /** name=lo..hi (a number range) or name=a|b|c (choices), checked against the bot's declarations. */
  params: string[];
  /** The other seats (a lineup, filled in turn as in a sweep). */
  field: string[];
  rules: RulesInput;
  /** Games the tuning may play (the held-out check comes on top). */
  budget: number;
  method?: 'spsa' | 'ntbea';
  seed: string;
  threads?: number;
  /** Deals per evaluation (default DEFAULT_TUNE_DEALS): the same deals for the settings it compares. */
  dealsPerEvaluation?: number;
  /** Deals of the held-out check (default 1000). */
  holdoutDeals?: number;
  /** Other specs (a grid's winner, another tuner's) replayed with the tuned and starting settings on the held-out deals. */
  compare?: string[];
  /** Per-decision time limit in seconds (runTournament's decisionSeconds). */
  decisionSeconds?: number;
  signal?: AbortSignal;
  onProgress?(games: number, budget: number): void;
}

/**
 * Deals per evaluation by default: 10 beat 40 for both methods at the same budget (more, noisier
 * steps; docs/notes/findings.md "Tuning many parameters"), and NTBEA needs the many evaluations.
 */
export const DEFAULT_TUNE_DEALS = 10;

/** One tuned dimension: a number range (integer when the bot declares so) or a list of choices. */
export interface TuneDimension {
  name: string;
  lo: number;
  hi: number;
  integer: boolean;
  choices?: string[];
}

export interface TuneEvaluation {
  step: number;
  games: number;
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

/** The tuned setting against another on the held-out deals: its score below the other's (positive: tuned better). */
export interface TuneComparison {
  spec: string;
  deals: number;
  meanGain: number;
  ci: [number, number];
  p: number;
}

export interface TuneResult {
  game: string;
  agent: string;
  method: 'spsa' | 'ntbea';
  dimensions: TuneDimension[];
  /** The field's specs as given, and their bots' names (a file bot by its own name, never its path). */
  field: string[];
  fieldLabels: string[];
  players: number;
  seed: string;
  start: ParamValues;
  tuned: ParamValues;
  /** The tuned bot as a spec, ready to paste. */
  spec: string;
  startSpec: string;
  evaluations: TuneEvaluation[];
  /** ntbea: the mean gain of every level of every parameter (its 1-tuples); empty for spsa. */
  landscape: TuneLevel[];
  gamesUsed: number;
  budget: number;
  /** The check on deals of another seed: the winner against the start (games on top of the budget). */
  holdout: {
    seed: string;
    games: number;
    /** Deals played: fewer than `planned` when an interrupt came during the check (the run is then partial). */
    deals: number;
    planned: number;
    meanGain: number;
    ci: [number, number];
    p: number;
    /** The gain's interval is above 0 on every planned deal. */
    holds: boolean;
    /** The tuned setting against each `compare` spec on the same held-out deals. */
    against: TuneComparison[];
  };
  partial: boolean;
  /** Why a partial run ended early, when a bot stopped it (absent when interrupted or complete). */
  stopped?: string;
  elapsedSeconds: number;
}

/** Everything about a tuning run that can be wrong before it plays (one line for the first), and what it tunes. */
export async function checkTune(o: TuneOptions): Promise<{ tuned: LoadedAgent; dims: TuneDimension[]; field: string[]; fieldLabels: string[] }> {
  const game = gameById(o.game ?? DEFAULT_GAME);
  const method = o.method ?? 'spsa';
  if (method !== 'spsa' && method !== 'ntbea') throw new UserError(`method must be spsa or ntbea, got ${method}`);
  if (!Number.isInteger(o.budget) || o.budget < 1) throw new UserError(`budget must be a positive integer of games, got ${o.budget}`);
  const deals = o.dealsPerEvaluation ?? DEFAULT_TUNE_DEALS;
  if (!Number.isInteger(deals) || deals < 1 || deals > 100_000) throw new UserError(`deals per evaluation must be an integer from 1 to 100000, got ${deals}`);
  const holdout = o.holdoutDeals ?? 1000;
  if (!Number.isInteger(holdout) || holdout < 20 || holdout > MAX_DEALS)
    throw new UserError(`held-out deals must be an integer from 20 to ${MAX_DEALS}, got ${holdout}`);
  if (o.threads !== undefined && (!Number.isInteger(o.threads) || o.threads < 1 || o.threads > 256))
    throw new UserError(`threads must be an integer from 1 to 256, got ${o.threads}`);
  checkDecisionSeconds(o.decisionSeconds);
  // One evaluation plays two settings on every rotation of a table of `players` seats.
  const evaluation = 2 * deals * o.rules.players;
  if (o.budget < evaluation)
    throw new UserError(
      `budget must cover at least one evaluation (2 settings x ${deals} deals x ${o.rules.players} seatings = ${evaluation} games), got ${o.budget}`,
    );
  // A program's greeting gets the run's decision limit, as in a tournament.
  const load = { seconds: o.decisionSeconds };
  const tuned = await checkAgent(o.agent, game.id, load);
  const dims = o.params.map((entry) => dimension(tuned.definition.params, entry, tuned.definition.name));
  if (dims.length === 0) throw new UserError('--params needs at least one name=lo..hi or name=a|b|c');
  const names = dims.map((d) => d.name);
  if (new Set(names).size !== names.length) throw new UserError('--params names a parameter twice');
  const field = o.field.flatMap(splitLineup);
  if (field.length === 0) throw new UserError('--field needs at least one bot');
  const fieldLabels: string[] = [];
  for (const spec of field) fieldLabels.push((await checkAgent(spec, game.id, load)).label);
  for (const spec of o.compare ?? []) await checkAgent(spec, game.id, load);
  return { tuned, dims, field, fieldLabels };
}

export async function runTune(o: TuneOptions): Promise<TuneResult> {
  const game = gameById(o.game ?? DEFAULT_GAME);
  const method = o.method ?? 'spsa';
  const { tuned, dims, field, fieldLabels } = await checkTune(o);
  const perEval = o.dealsPerEvaluation ?? DEFAULT_TUNE_DEALS;
  const holdoutDeals = o.holdoutDeals ?? 1000;
  const base = parseSpec(o.agent);
  const P = o.rules.players;
  const specOf = (p: ParamValues): string =>
    `${base.source}:${Object.entries({ ...base.params, ...p })
      .map(([k, v]) => `${k}=${v}`)
      .join(',')}`;
  const start: ParamValues = Object.fromEntries(dims.map((d) => [d.name, tuned.params[d.name]!]));
  const random = makeRandom(`${o.seed}/tune/${method}`);
  const evaluations: TuneEvaluation[] = [];
  let gamesUsed = 0;
  let nextDeal = 0;
  const started = performance.now();
  let partial = false;
  let stopped: string | undefined;
  const workers = new WorkerPool(o.threads);

  /** Plays bots (specs) on the same fresh deals against the field; returns each one's per-deal mean scores. */
  const evaluateSpecs = async (specs: string[], deals: number, seed: string, first: number): Promise<Float64Array[]> => {
    const pool = [...new Set([...field, ...specs])];
    const fieldSeats = Array.from({ length: P - 1 }, (_, j) => pool.indexOf(field[j % field.length]!));
    const tables = specs.map((s) => [pool.indexOf(s), ...fieldSeats]);
    const perDeal = specs.map(() => new Float64Array(deals));
    // Each table's seatings, in the order the tournament plays them (identical tables both play).
    const spans: [number, number][] = [];
    let at = 0;
    for (const t of tables) {
      const n = seatingsOf(t, 'rotations').length;
      spans.push([at, at + n]);
      at += n;
    }
    const result = await runTournament({
      game: game.id,
      pool,
      tables,
      rules: o.rules,
      games: deals,
      firstDeal: first,
      seed,
      workers,
      decisionSeconds: o.decisionSeconds,
      signal: o.signal,
      onBatch(batch, res, seatings) {
        for (let k = batch.from; k < batch.to; k++) {
          const row = (k - batch.from) * seatings.length;
          tables.forEach((table, i) => {
            let sum = 0;
            let count = 0;
            for (let s = spans[i]![0]; s < spans[i]![1]; s++) {
              for (let seat = 0; seat < P; seat++) {
                if (seatings[s]![seat] !== table[0]) continue;
                sum += res.data[(row + s) * P + seat]!; // scores come first
                count++;
              }
            }
            perDeal[i]![k - first] = sum / count;
          });
        }
      },
    });
    if (result.partial) partial = true;
    // A bot that got stuck ends the run with its line (runTournament returns it; a throw is thrown).
    stopped ??= result.stopped;
    gamesUsed += result.gamesPlayed;
    if (result.dealsPlayed > 0) gamesPerSettingDeal = result.gamesPlayed / result.dealsPlayed / specs.length;
    return perDeal.map((d) => d.subarray(0, result.dealsPlayed));
  };
  const evaluate = (points: ParamValues[]): Promise<Float64Array[]> => {
    const out = evaluateSpecs(points.map(specOf), perEval, o.seed, nextDeal);
    nextDeal += perEval;
    return out;
  };
  // Games an evaluation of this many settings plays: measured by the first one (seatings per table vary).
  let gamesPerSettingDeal = P;
  const affordable = (): boolean => gamesUsed + 2 * perEval * gamesPerSettingDeal <= o.budget && !partial && !o.signal?.aborted;
  const mean = (a: Float64Array): number => a.reduce((x, y) => x + y, 0) / Math.max(1, a.length);

  let best: ParamValues = start;
  let landscape: TuneLevel[] = [];
  try {
    if (method === 'spsa') {
      const x = dims.map((d) => encode(d, start[d.name]!));
      const A = 10;
      const c = 0.15;
      let scale = 0;
      // Polyak-Ruppert averaging: the answer is the mean of the iterates of the second half, which
      // cancels most of the noise the last steps still carry (the last iterate alone wanders).
      const path: number[][] = [];
      for (let k = 0; affordable(); k++) {
        const ck = c / (k + 1) ** 0.101;
        const delta = dims.map(() => (random() < 0.5 ? -1 : 1));
        const plus = dims.map((_, i) => clamp01(x[i]! + ck * delta[i]!));
        const minus = dims.map((_, i) => clamp01(x[i]! - ck * delta[i]!));
        const [sp, sm] = await evaluate([decodeAll(dims, plus), decodeAll(dims, minus)]);
        if (!sp || sp.length === 0) break;
        const dy = mean(sp) - mean(sm!);
        scale = (scale * k + Math.abs(dy)) / (k + 1);
        // A step of about 0.05 of each range at the start, whatever the scale of the scores.
        const ak = (0.05 * (A + 1) ** 0.602) / (k + 1 + A) ** 0.602 / Math.max(scale, 1e-9);
        for (let i = 0; i < dims.length; i++) x[i] = clamp01(x[i]! - ak * dy * delta[i]!);
        path.push([...x]);
        const half = path.slice(Math.floor(path.length / 2));
        best = decodeAll(
          dims,
          dims.map((_, i) => half.reduce((sum, p) => sum + p[i]!, 0) / half.length),
        );
        evaluations.push({ step: k, games: gamesUsed, params: decodeAll(dims, plus), meanScore: mean(sp), gain: -dy, best, bestGain: null });
        o.onProgress?.(gamesUsed, o.budget);
      }
    } else {
      const levels = dims.map(levelsOf);
      const model = new TupleModel();
      let current = dims.map((d, i) => nearestLevel(levels[i]!, d, start[d.name]!));
      while (affordable()) {
        // The most promising of 50 neighbours (one parameter changed, sometimes more), by the model's UCB.
        let pick = current;
        let pickValue = Number.NEGATIVE_INFINITY;
        for (let n = 0; n < 50; n++) {
          const candidate = mutate(current, levels, random);
          const v = model.ucb(candidate);
          if (v > pickValue) {
            pickValue = v;
            pick = candidate;
          }
        }
        const point = fromLevels(dims, levels, pick);
        const [sc, ss] = await evaluate([point, start]);
        if (!sc || sc.length === 0) break;
        const gain = mean(ss!) - mean(sc);
        model.add(pick, gain);
        current = pick;
        // The start is a candidate too, with a gain of 0 by definition: a setting the model rates
        // below it is no answer.
        const top = model.best();
        const improves = top !== undefined && top.value > 0;
        best = improves ? fromLevels(dims, levels, top.levels) : start;
        evaluations.push({ step: evaluations.length, games: gamesUsed, params: point, meanScore: mean(sc), gain, best, bestGain: improves ? top.value : 0 });
        o.onProgress?.(gamesUsed, o.budget);
      }
      landscape = dims.flatMap((d, i) => levels[i]!.map((level, l) => ({ name: d.name, level, ...model.level(i, l) })));
    }

    // An interrupt between evaluations ends the run as one inside an evaluation does.
    if (o.signal?.aborted) partial = true;
    // The held-out check: the winner, the start and any setting to compare (a grid's winner) on
    // deals of another seed, none of which chose anything.
    const holdoutSeed = `${o.seed}/holdout`;
    const tuningGames = gamesUsed;
    const others = [...new Set((o.compare ?? []).map((s) => s.trim()))];
    const specs = [...new Set([specOf(best), specOf(start), ...others])];
    const tunedToTheEnd = !partial;
    const played = specs.length > 1 && tunedToTheEnd ? await evaluateSpecs(specs, holdoutDeals, holdoutSeed, 0) : [];
    /** Paired difference of the winner's score below spec's on the held-out deals (positive: the winner is better). */
    const pairedGain = (spec: string): TuneComparison => {
      const diff = new Moments();
      const a = played[specs.indexOf(specOf(best))];
      const b = played[specs.indexOf(spec)];
      if (a && b && a !== b) for (let i = 0; i < a.length; i++) diff.add(b[i]! - a[i]!);
      const ci: [number, number] = diff.n > 1 ? diff.ci() : [0, 0];
      return { spec, deals: diff.n, meanGain: diff.n ? diff.mean : 0, ci, p: diff.n > 1 ? diff.pValue() : 1 };
    };
    const vsStart = pairedGain(specOf(start));
    return {
      game: game.id,
      agent: tuned.label,
      method,
      dimensions: dims,
      field,
      fieldLabels,
      players: P,
      seed: o.seed,
      start,
      tuned: best,
      spec: specOf(best),
      startSpec: specOf(start),
      evaluations,
      landscape,
      gamesUsed: tuningGames,
      budget: o.budget,
      holdout: {
        seed: holdoutSeed,
        games: gamesUsed - tuningGames,
        deals: vsStart.deals,
        meanGain: vsStart.meanGain,
        ci: vsStart.ci,
        p: vsStart.p,
        planned: tunedToTheEnd && specs.length > 1 ? holdoutDeals : 0,
        holds: vsStart.ci[0] > 0 && vsStart.deals === holdoutDeals,
        against: others.map(pairedGain),
      },
      partial,
      ...(stopped === undefined ? {} : { stopped }),
      elapsedSeconds: (performance.now() - started) / 1000,
    };
  } finally {
    await workers.close();
  }
}

function dimension(
  declared: Record<string, NumberParam | { choices: readonly string[]; default: string; description: string }>,
  entry: string,
  bot: string,
): TuneDimension {
  const eq = entry.indexOf('=');
  const name = entry.slice(0, eq).trim();
  const text = entry.slice(eq + 1).trim();
  if (eq <= 0) throw new UserError(`--params entry "${entry}" is not name=lo..hi or name=a|b|c`);
  const spec = Object.hasOwn(declared, name) ? declared[name] : undefined;
  if (!spec) throw new UserError(`--params: ${bot} has no parameter "${name}" (known: ${Object.keys(declared).join(', ') || 'none'})`);
  if ('choices' in spec) {
    const choices = text.split('|');
    for (const c of choices) if (!spec.choices.includes(c)) throw new UserError(`--params: ${name} must be one of ${spec.choices.join('|')}, got "${c}"`);
    if (new Set(choices).size !== choices.length || choices.length < 2)
      throw new UserError(`--params: ${name}=${text} needs at least two different choices (fix a single one in the agent spec instead)`);
    return { name, lo: 0, hi: choices.length - 1, integer: true, choices };
  }
  const m = /^(-?[\d.]+)\.\.(-?[\d.]+)$/.exec(text);
  if (!m) throw new UserError(`--params: ${name}=${text} is not lo..hi`);
  const [lo, hi] = [Number(m[1]), Number(m[2])];
  if (!(lo < hi) || lo < spec.min || hi > spec.max)
    throw new UserError(`--params: ${name}=${text} must be lo < hi within ${bot}'s limits ${spec.min}..${spec.max}`);
  if (spec.integer === true && !(Number.isInteger(lo) && Number.isInteger(hi)))
    throw new UserError(`--params: ${name} is a whole number: its range ${text} needs whole-number ends`);
  return { name, lo, hi, integer: spec.integer === true };
}

const clamp01 = (x: number): number => Math.min(1, Math.max(0, x));

function encode(d: TuneDimension, v: number | string): number {
  const n = d.choices ? d.choices.indexOf(String(v)) : Number(v);
  return clamp01((n - d.lo) / (d.hi - d.lo));
}

function decode(d: TuneDimension, x: number): number | string {
  const v = d.lo + clamp01(x) * (d.hi - d.lo);
  if (d.choices) return d.choices[Math.round(v)]!;
  return d.integer ? Math.round(v) : Number(v.toPrecision(4));
}

const decodeAll = (dims: TuneDimension[], x: number[]): ParamValues => Object.fromEntries(dims.map((d, i) => [d.name, decode(d, x[i]!)]));

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

/** NTBEA's model: mean gain per level of each parameter (1-tuples) and per whole setting (the N-tuple). */
class TupleModel {
  private readonly tuples = new Map<string, { n: number; sum: number }>();
  private total = 0;

  private keys(at: number[]): string[] {
    return [...at.map((l, i) => `${i}:${l}`), `all:${at.join(',')}`];
  }

  add(at: number[], value: number): void {
    this.total++;
    for (const key of this.keys(at)) {
      const t = this.tuples.get(key) ?? { n: 0, sum: 0 };
      t.n++;
      t.sum += value;
      this.tuples.set(key, t);
    }
  }

  /** The mean over its tuples of each one's mean plus an exploration bonus (unseen tuples: the bonus alone). */
  ucb(at: number[], k = 2): number {
    const keys = this.keys(at);
    let sum = 0;
    for (const key of keys) {
      const t = this.tuples.get(key);
      const mean = t ? t.sum / t.n : 0;
      sum += mean + k * Math.sqrt(Math.log(this.total + 1) / ((t?.n ?? 0) + 1e-6));
    }
    return sum / keys.length;
  }

  /** The evaluated setting whose tuples' means are highest (no exploration). */
  /** The mean gain of level l of parameter i over the evaluations that played it. */
  level(i: number, l: number): { n: number; meanGain: number | null } {
    const t = this.tuples.get(`${i}:${l}`);
    return { n: t?.n ?? 0, meanGain: t ? t.sum / t.n : null };
  }

  best(): { levels: number[]; value: number } | undefined {
    let out: { levels: number[]; value: number } | undefined;
    for (const [key, t] of this.tuples) {
      if (!key.startsWith('all:')) continue;
      const levels = key.slice(4).split(',').map(Number);
      const keys = this.keys(levels);
      const value = keys.reduce((s, k2) => s + this.tuples.get(k2)!.sum / this.tuples.get(k2)!.n, 0) / keys.length;
      if (t.n < 1) continue;
      if (!out || value > out.value) out = { levels, value };
    }
    return out;
  }
}
