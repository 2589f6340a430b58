import type { ParamValues } from '../game/agent.js';
import type { RulesInput } from '../game/contract.js';
import { parseSpec, splitLineup } from '../agents/spec.js';
import { UserError } from '../errors.js';
import { makeRandom } from '../game/seed.js';
import { DEFAULT_GAME, gameById } from '../registry.js';
import { Moments } from '../stats/moments.js';
import { checkDecisionSeconds, MAX_DEALS, runTournament, WorkerPool } from './run.js';
import { seatingsOf } from './schedule.js';
import { checkAgent } from './sandbox/load.js';
import type { LoadedAgent } from '../agents/registry.js';
import { parseDimension, type TuneDimension } from './tune-dimensions.js';
import type { OptimiserFactory, OptimiserStep, TuneLevel } from './tune-optimiser.js';
import { Ntbea } from './tune-ntbea.js';
import { Spsa } from './tune-spsa.js';

export type { TuneDimension } from './tune-dimensions.js';
export type { TuneLevel } from './tune-optimiser.js';

/**
 * Tuning every parameter of a bot at once, on duplicate deals: each evaluation plays the settings
 * it compares on the same fresh deals (common random numbers), against the same field, so their
 * difference is paired. Two methods, each an Optimiser the same loop drives:
 * - spsa (tune-spsa.ts) moves a point along the paired difference of two settings either side of it;
 * - ntbea (tune-ntbea.ts) models the gain of each level of each parameter over the start and plays
 *   the most promising neighbour of its current setting against the start.
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
  /** Folder for bot programs' stderr logs (runTournament's botLogs; the CLI: the run folder's bot-logs/). */
  botLogs?: string;
  signal?: AbortSignal;
  onProgress?(games: number, budget: number): void;
}

/** The most games a tuning run may be given: beyond it a run would take years, and its counters lose precision. */
export const MAX_BUDGET = 1e9;

/**
 * Deals per evaluation by default: 10 beat 40 for both methods at the same budget (more, noisier
 * steps; docs/notes/findings.md "Tuning many parameters"), and NTBEA needs the many evaluations.
 */
export const DEFAULT_TUNE_DEALS = 10;

/** One step of the tuning, as the result lists it: its index, the games played by its end, and what the optimiser's step found. */
export interface TuneEvaluation extends OptimiserStep {
  step: number;
  games: number;
}

/** The tuning methods, by their --method name. */
const OPTIMISERS: Record<'spsa' | 'ntbea', OptimiserFactory> = {
  spsa: (dims, start, random) => new Spsa(dims, start, random),
  ntbea: (dims, start, random) => new Ntbea(dims, start, random),
};

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
  if (!Number.isInteger(o.budget) || o.budget < 1 || o.budget > MAX_BUDGET)
    throw new UserError(`budget must be a positive integer of games up to ${MAX_BUDGET.toExponential()}, got ${o.budget}`);
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
  const dims = o.params.map((entry) => parseDimension(tuned.definition.params, entry, tuned.definition.name, parseSpec(o.agent).source));
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
      botLogs: o.botLogs,
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
  // Both optimisers play two settings a step (the 2 below).
  let gamesPerSettingDeal = P;
  const affordable = (): boolean => gamesUsed + 2 * perEval * gamesPerSettingDeal <= o.budget && !partial && !o.signal?.aborted;
  const mean = (a: Float64Array): number => a.reduce((x, y) => x + y, 0) / Math.max(1, a.length);

  try {
    const optimiser = OPTIMISERS[method](dims, start, random);
    while (affordable()) {
      const scores = await evaluate(optimiser.propose());
      // An evaluation an interrupt or a stuck bot cut before its first deal has nothing to learn from.
      if (!scores[0] || scores[0].length === 0) break;
      const step = optimiser.observe(scores.map(mean));
      evaluations.push({ step: evaluations.length, games: gamesUsed, ...step });
      o.onProgress?.(gamesUsed, o.budget);
    }
    const best = optimiser.best();
    const landscape = optimiser.landscape();

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
