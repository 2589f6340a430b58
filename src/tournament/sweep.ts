import type { AgentDefinition, ParamValues } from '../game/agent.js';
import { checkAgent } from './sandbox/load.js';
import { parseSpec, splitLineup, undeclaredAdvice } from '../agents/spec.js';
import { UserError } from '../errors.js';
import type { RulesInput } from '../game/contract.js';
import { DEFAULT_GAME, gameById } from '../registry.js';
import { holm, Moments } from '../stats/moments.js';
import { checkDecisionSeconds, runTournament, untilStopped } from './run.js';

/** One axis of a parameter grid. */
export interface GridAxis {
  name: string;
  values: (number | string)[];
}

/**
 * Parses `name=lo..hi` (step 1), `name=lo..hi:step` or `name=a|b|c` against a bot's parameter
 * specs, so every value is checked for range and type before anything runs.
 */
/** The most points a grid may have: each point is played and keeps a number per deal (a grid of 80,901 ran out of memory). */
export const MAX_GRID_POINTS = 10_000;

/** `source` is the bot's spec without parameters (an exec: program's errors say where programs declare them). */
export function parseGrid(def: AgentDefinition, entries: string[], source?: string): GridAxis[] {
  if (entries.length === 0) throw new UserError('--grid needs at least one name=lo..hi');
  const axes = entries.map((entry) => parseAxis(def, entry, source));
  const names = axes.map((a) => a.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice !== undefined) throw new UserError(`grid: ${twice} is given twice (one range or list per parameter)`);
  const points = axes.reduce((n, a) => n * a.values.length, 1);
  if (points > MAX_GRID_POINTS) {
    throw new UserError(
      `grid of ${points.toLocaleString('en-US')} points (${axes.map((a) => `${a.name} ${a.values.length}`).join(' x ')}): at most ${MAX_GRID_POINTS.toLocaleString('en-US')}; use coarser steps`,
    );
  }
  return axes;
}

function parseAxis(def: AgentDefinition, entry: string, source: string | undefined): GridAxis {
  const eq = entry.indexOf('=');
  if (eq <= 0) throw new UserError(`grid entry "${entry}" is not name=lo..hi, name=lo..hi:step or name=a|b|c`);
  const name = entry.slice(0, eq).trim();
  const text = entry.slice(eq + 1).trim();
  const spec = def.params[name];
  if (!spec) {
    const known = Object.keys(def.params);
    throw new UserError(`grid: ${def.name} has no parameter "${name}" (known: ${known.join(', ') || 'none'})${undeclaredAdvice(source, known)}`);
  }
  let values: (number | string)[];
  const range = /^(-?[\d.]+)\.\.(-?[\d.]+)(?::([\d.]+))?$/.exec(text);
  if ('text' in spec) {
    // Text values as written (model=a.onnx|b.onnx): each point's bot checks its own when it starts.
    values = text.split('|');
    if (values.some((v) => v === '')) throw new UserError(`grid: ${name}=${text} has an empty value`);
    return { name, values };
  }
  if ('choices' in spec) {
    values = text.split('|');
    for (const v of values) if (!spec.choices.includes(v as string)) throw new UserError(`grid: ${name} must be one of ${spec.choices.join('|')}, got "${v}"`);
  } else if (range) {
    const [lo, hi, step] = [Number(range[1]), Number(range[2]), range[3] === undefined ? 1 : Number(range[3])];
    if (!(step > 0) || hi < lo) throw new UserError(`grid: ${name}=${text} needs lo <= hi and a positive step`);
    const count = Math.floor((hi - lo) / step + 1e-9) + 1;
    if (count > 1000) throw new UserError(`grid: ${name}=${text} has ${count} values (at most 1000)`);
    values = Array.from({ length: count }, (_, i) => Number((lo + i * step).toPrecision(12)));
  } else {
    values = text.split('|').map(Number);
  }
  if (!('choices' in spec)) {
    for (const v of values as number[]) {
      if (!Number.isFinite(v) || v < spec.min || v > spec.max || (spec.integer && !Number.isInteger(v))) {
        throw new UserError(`grid: ${name} must be ${spec.integer ? 'an integer' : 'a number'} from ${spec.min} to ${spec.max}, got ${text}`);
      }
    }
  }
  return { name, values };
}

export function gridPoints(axes: GridAxis[]): ParamValues[] {
  return axes.reduce<ParamValues[]>((points, axis) => points.flatMap((p) => axis.values.map((v) => ({ ...p, [axis.name]: v }))), [{}]);
}

export interface SweepOptions {
  /** Game id (default: the registry's DEFAULT_GAME). */
  game?: string;
  /** The bot to tune, possibly with fixed parameters: "threshold:cost=face". */
  agent: string;
  grid: string[];
  field: string[];
  players: number;
  /** Rule settings besides the player count (2-player No Thanks! needs startChips). */
  rules?: Record<string, unknown>;
  /** Deals for a point that survives every round. */
  games: number;
  seed: string;
  rounds?: number;
  alpha?: number;
  threads?: number;
  /** Per-decision time limit in seconds (runTournament's decisionSeconds). */
  decisionSeconds?: number;
  /** Folder for bot programs' stderr logs (runTournament's botLogs; the CLI: the run folder's bot-logs/). */
  botLogs?: string;
  signal?: AbortSignal;
  /** Games so far, and the most the sweep can still reach (racing usually stops far short). */
  onProgress?(gamesDone: number, gamesAtMost: number): void;
}

export interface SweepPoint {
  /** The spec that seats it (a file bot's path with the point's parameters): paste it into --agents. */
  spec: string;
  /** Its name in tables and text: a file bot's own name with the parameters, never its path. */
  label: string;
  params: ParamValues;
  isDefault: boolean;
  deals: number;
  meanScore: number;
  meanScoreCI: [number, number];
  /** Round after which racing dropped it (undefined: raced to the end). */
  droppedAfterRound?: number;
  /** Holm-corrected p of its comparison with the leader when it was dropped. */
  pDropped?: number;
}

export interface SweepResult {
  game: string;
  /** The tuned bot's label (a file bot's name, not its path). */
  agent: string;
  axes: GridAxis[];
  field: string[];
  players: number;
  seed: string;
  rounds: number;
  alpha: number;
  points: SweepPoint[];
  /** The best finalist of a complete sweep (a partial one has no winner). */
  winner?: SweepPoint;
  /** A partial sweep's best finalist so far; absent when no deal finished. */
  leader?: SweepPoint;
  defaults: SweepPoint;
  /** Winner (or leader) minus default params, paired over deals; absent when no deal finished. */
  winnerVsDefault?: { deals: number; meanDiff: number; ci: [number, number]; p: number };
  /** Deals every finalist played. */
  dealsPlayed: number;
  gamesPlayed: number;
  gamesFullGrid: number;
  gamesSaved: number;
  elapsedSeconds: number;
  partial: boolean;
  /** Deals per point asked for. */
  games: number;
  /** Why a partial sweep ended early, when a bot stopped it (absent when interrupted or complete). */
  stopped?: string;
}

/**
 * The sweep's options checked (one line for the first that is wrong), before anything is played or
 * written: the CLI calls it before it makes its folder, runSweep again for what it needs.
 */
export async function checkSweep(o: SweepOptions): Promise<{
  game: ReturnType<typeof gameById>;
  rules: RulesInput;
  axes: ReturnType<typeof parseGrid>;
  grid: ParamValues[];
  specs: string[];
  labels: string[];
  defaultIndex: number;
  field: string[];
  /** The swept bot's label. */
  agent: string;
}> {
  const game = gameById(o.game ?? DEFAULT_GAME);
  const rules: RulesInput = { ...o.rules, players: o.players };
  game.makeRules(rules);
  // Each grid point keeps one number per deal (for the paired tests): cap what that may cost.
  if (!Number.isInteger(o.games) || o.games < 1 || o.games > 10_000_000) throw new UserError(`games must be an integer from 1 to 10000000, got ${o.games}`);
  if (o.rounds !== undefined && (!Number.isInteger(o.rounds) || o.rounds < 1 || o.rounds > 100))
    throw new UserError(`rounds must be an integer from 1 to 100, got ${o.rounds}`);
  if (o.alpha !== undefined && !(o.alpha > 0 && o.alpha <= 0.5)) throw new UserError(`alpha must be above 0 and at most 0.5, got ${o.alpha}`);
  checkDecisionSeconds(o.decisionSeconds);
  const base = parseSpec(o.agent);
  // A program's greeting gets the run's decision limit, as in a tournament (a bot that loads a
  // model may need longer than the default).
  const load = { seconds: o.decisionSeconds };
  const tuned = await checkAgent(o.agent, game.id, load);
  const def = tuned.definition;
  const axes = parseGrid(def, o.grid, base.source);
  const fixed = base.params;
  const specOf = (p: ParamValues): string =>
    `${base.source}:${Object.entries({ ...fixed, ...p })
      .map(([k, v]) => `${k}=${v}`)
      .join(',')}`;
  const grid = gridPoints(axes);
  const defaults = tuned.params;
  const sameAsDefault = (p: ParamValues): boolean => Object.entries(p).every(([k, v]) => defaults[k] === v);
  const specs = grid.map(specOf);
  let defaultIndex = grid.findIndex(sameAsDefault);
  if (defaultIndex < 0) {
    specs.push(o.agent);
    grid.push(Object.fromEntries(axes.map((a) => [a.name, defaults[a.name]!])));
    defaultIndex = specs.length - 1;
  }
  const labels: string[] = [];
  for (const s of specs) labels.push((await checkAgent(s, game.id, load)).label); // every point's parameters checked before play
  const field = o.field.flatMap(splitLineup);
  if (field.length === 0) throw new UserError('--field needs at least one agent');
  return { game, rules, axes, grid, specs, labels, defaultIndex, field, agent: tuned.label };
}

/**
 * Every grid point sits at a table with the field (cycled to fill the other seats) under every
 * rotation, on the same duplicate deals. Racing: after each round, points significantly worse than
 * the leader (paired t-test over deals, Holm-corrected across the comparisons) are dropped, so the
 * remaining deals go to the contenders. The default parameters always race to the end as the baseline.
 */
export async function runSweep(o: SweepOptions): Promise<SweepResult> {
  const started = performance.now();
  const { game, rules, axes, grid, specs, labels, defaultIndex, field, agent } = await checkSweep(o);
  const P = o.players;
  const rounds = Math.min(o.rounds ?? 4, o.games);
  const alpha = o.alpha ?? 0.05;
  const perRound = Math.ceil(o.games / rounds);
  const perDeal = specs.map(() => new Float64Array(o.games));
  const alive = specs.map(() => true);
  const points: SweepPoint[] = specs.map((spec, i) => ({
    spec,
    label: labels[i]!,
    params: grid[i]!,
    isDefault: i === defaultIndex,
    deals: 0,
    meanScore: NaN,
    meanScoreCI: [NaN, NaN],
  }));
  let gamesPlayed = 0;
  let dealsDone = 0;
  let partial = false;
  let stopped: string | undefined;

  for (let round = 0; round < rounds && dealsDone < o.games; round++) {
    const contenders = specs.flatMap((_, i) => (alive[i] ? [i] : []));
    const pool = [...field, ...contenders.map((i) => specs[i]!)];
    const fieldSeats = Array.from({ length: P - 1 }, (_, j) => j % field.length);
    const tables = contenders.map((_, c) => [field.length + c, ...fieldSeats]);
    const deals = Math.min(perRound, o.games - dealsDone);
    const first = dealsDone;
    const result = await untilStopped(
      runTournament({
        game: game.id,
        pool,
        tables,
        rules,
        games: deals,
        firstDeal: first,
        seed: o.seed,
        threads: o.threads,
        decisionSeconds: o.decisionSeconds,
        botLogs: o.botLogs,
        signal: o.signal,
        onProgress: (done, total) => o.onProgress?.(gamesPlayed + done, gamesPlayed + total + (o.games - first - deals) * contenders.length * P),
        onBatch(batch, res, seatings) {
          const sums = new Float64Array(contenders.length);
          const counts = new Float64Array(contenders.length);
          for (let k = batch.from; k < batch.to; k++) {
            sums.fill(0);
            counts.fill(0);
            seatings.forEach((lineup, s) => {
              for (let seat = 0; seat < P; seat++) {
                const c = lineup[seat]! - field.length;
                if (c < 0) continue;
                sums[c]! += res.data[((k - batch.from) * seatings.length + s) * P + seat]!; // scores come first
                counts[c]!++;
              }
            });
            contenders.forEach((point, c) => (perDeal[point]![k] = sums[c]! / counts[c]!));
          }
        },
      }),
    );
    gamesPlayed += result.gamesPlayed;
    dealsDone = first + result.dealsPlayed;
    stopped ??= result.stopped;
    if (result.partial) {
      partial = true;
      break;
    }
    if (round === rounds - 1) break;
    // Drop the points significantly worse than the leader.
    const mean = (i: number): number => perDeal[i]!.subarray(0, dealsDone).reduce((a, b) => a + b, 0) / dealsDone;
    const leader = contenders.reduce((best, i) => (mean(i) < mean(best) ? i : best));
    const others = contenders.filter((i) => i !== leader && i !== defaultIndex);
    const ps = others.map((i) => paired(perDeal[i]!, perDeal[leader]!, dealsDone).p);
    holm(ps).forEach((p, j) => {
      const i = others[j]!;
      if (p < alpha && mean(i) > mean(leader)) {
        alive[i] = false;
        points[i]!.droppedAfterRound = round + 1;
        points[i]!.pDropped = p;
      }
    });
  }

  for (const [i, point] of points.entries()) {
    const n = point.droppedAfterRound === undefined ? dealsDone : Math.min(dealsDone, point.droppedAfterRound * perRound);
    const m = new Moments();
    for (let k = 0; k < n; k++) m.add(perDeal[i]![k]!);
    // No deal: no score (Moments' mean starts at 0, which would read as a perfect score).
    Object.assign(point, { deals: n, meanScore: n === 0 ? NaN : m.mean, meanScoreCI: m.ci() });
  }
  const finalists = points.filter((p) => p.droppedAfterRound === undefined);
  // Interrupted before any deal finished: nothing leads.
  const best = dealsDone === 0 ? undefined : finalists.reduce((b, p) => (p.meanScore < b.meanScore ? p : b));
  const vs = best && paired(perDeal[points.indexOf(best)]!, perDeal[defaultIndex]!, dealsDone);
  const gamesFullGrid = points.length * P * o.games;
  return {
    game: game.id,
    agent,
    axes,
    field,
    players: P,
    seed: o.seed,
    rounds,
    alpha,
    points,
    ...(best === undefined ? {} : partial ? { leader: best } : { winner: best }),
    defaults: points[defaultIndex]!,
    ...(vs === undefined ? {} : { winnerVsDefault: { deals: dealsDone, meanDiff: vs.mean, ci: vs.ci, p: vs.p } }),
    dealsPlayed: dealsDone,
    gamesPlayed,
    gamesFullGrid,
    gamesSaved: gamesFullGrid - gamesPlayed,
    elapsedSeconds: (performance.now() - started) / 1000,
    partial,
    games: o.games,
    ...(stopped === undefined ? {} : { stopped }),
  };
}

/** Paired t statistics of a - b over the first n deals. */
function paired(a: Float64Array, b: Float64Array, n: number): { mean: number; ci: [number, number]; p: number } {
  const m = new Moments();
  for (let k = 0; k < n; k++) m.add(a[k]! - b[k]!);
  return { mean: m.mean, ci: m.ci(), p: m.pValue() };
}
