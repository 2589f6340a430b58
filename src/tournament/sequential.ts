import type { RulesInput } from '../game/contract.js';
import { UserError } from '../errors.js';
import { DEFAULT_GAME, gameById } from '../registry.js';
import { Moments } from '../stats/moments.js';
import { bounds, confidenceSequence, fixedSizeDeals, llr, truncatedVerdict, verdict, type SprtHypotheses } from '../stats/sprt.js';
import { checkDecisionSeconds, runTournament, untilStopped } from './run.js';
import type { SeatingMode } from './schedule.js';

/**
 * "Is B stronger than A?" as a sequential test (src/stats/sprt.ts): at every deal, B and A take the
 * same seat of the same deal against the same other seats (the field), under every seating the
 * user picks; the deal's difference (B's outcome minus A's, over all its seatings) is one
 * observation. The evidence is looked at every `batchDeals` deals, in deal order, so the stopping
 * point, the verdict and every number are the same for any thread count and chunk size, and after
 * a resume (`done` hands back the differences played before).
 */
export interface SequentialTestOptions extends SprtHypotheses {
  game?: string;
  candidate: string;
  baseline: string;
  /** The other seats (players - 1 specs, or one spec for every seat); default: copies of the baseline. */
  field?: string[];
  rules: RulesInput;
  /** win: win share in percentage points (B - A); score: mean score in points (A - B: lower is better, so positive means B is better). */
  unit: 'win' | 'score';
  /** The cap: a truncated test stops here (see truncatedVerdict). */
  maxDeals: number;
  /** Deals between looks at the evidence (default 50). */
  batchDeals?: number;
  seed: string;
  seatings?: SeatingMode;
  threads?: number;
  chunk?: number;
  /** Per-decision time limit in seconds (runTournament's decisionSeconds). */
  decisionSeconds?: number;
  /** Folder for bot programs' stderr logs (runTournament's botLogs; the CLI: the run folder's bot-logs/). */
  botLogs?: string;
  signal?: AbortSignal;
  /** Differences of the deals played before (a resume). */
  done?: readonly number[];
  onLook?(look: Look): void;
  /** Every deal's difference, in deal order, as it is folded (for checkpoints). */
  onDeals?(diffs: readonly number[]): void;
  onProgress?(deals: number, maxDeals: number): void;
}

/** The evidence at one look. */
export interface Look {
  deals: number;
  llr: number;
  mean: number;
  sd: number;
  /** The anytime-valid 95% interval (confidenceSequence). */
  ci: [number, number];
}

export interface SequentialTestResult {
  game: string;
  candidate: string;
  baseline: string;
  field: string[];
  labels: { candidate: string; baseline: string };
  players: number;
  unit: 'win' | 'score';
  hypotheses: SprtHypotheses;
  bounds: { lower: number; upper: number };
  /** H1 accepted, H0 accepted, or truncated at the cap (leaning says which way the LLR leaned). */
  verdict: 'H1' | 'H0' | 'truncated' | 'interrupted';
  leaning?: 'H1' | 'H0';
  deals: number;
  games: number;
  llr: number;
  estimate: { mean: number; sd: number; ci: [number, number]; method: string; fixedCi: [number, number] };
  /** Deals a fixed-size test of the same error rates would need, for the spread seen. */
  fixedSizeDeals: number;
  trace: Look[];
  /** Each deal's difference, in deal order: the deals that count (what a resume continues from). */
  diffs: number[];
  /** Games per deal: the candidate's seatings and the baseline's (identical seatings are played once). */
  seatingsPerDeal: number;
  elapsedSeconds: number;
  partial: boolean;
  stopped?: string;
  /**
   * The deals handed back in `done` had already ended the test (a verdict or the cap): nothing was
   * played, so games, seatingsPerDeal and a file bot's label are not known here; the outputs the
   * test wrote when it finished stand.
   */
  finishedBefore?: true;
}

/** The fewest deals a verdict may rest on (looks before it only record the evidence). */
export const MIN_DEALS = 20;

export const CI_METHOD =
  'anytime-valid 95% normal-mixture confidence sequence (Robbins 1970; Howard et al. 2021), sigma estimated from the deals: valid at the sequential stop';

/** The test's numbers checked (one line for the first that is wrong), before anything is played or written. */
export function checkSequentialTest(o: Pick<SequentialTestOptions, 'd0' | 'd1' | 'alpha' | 'beta' | 'maxDeals' | 'batchDeals' | 'decisionSeconds'>): void {
  checkDecisionSeconds(o.decisionSeconds);
  if (!Number.isFinite(o.d0) || !Number.isFinite(o.d1)) throw new UserError(`d0 and d1 must be finite numbers, got d0 ${o.d0}, d1 ${o.d1}`);
  if (!(o.d1 > o.d0)) throw new UserError(`d1 must be above d0 (H1: difference >= d1 against H0: difference <= d0), got d0 ${o.d0}, d1 ${o.d1}`);
  for (const [name, v] of [
    ['alpha', o.alpha],
    ['beta', o.beta],
  ] as const)
    if (!(v > 0 && v < 0.5)) throw new UserError(`${name} must be above 0 and below 0.5, got ${v}`);
  if (!Number.isInteger(o.maxDeals) || o.maxDeals < 2 || o.maxDeals > 10_000_000)
    throw new UserError(`max deals must be an integer from 2 to 10000000, got ${o.maxDeals}`);
  const batch = o.batchDeals ?? 50;
  if (!Number.isInteger(batch) || batch < 1) throw new UserError(`the batch of deals between looks must be a positive integer, got ${batch}`);
}

export async function runSequentialTest(o: SequentialTestOptions): Promise<SequentialTestResult> {
  const game = gameById(o.game ?? DEFAULT_GAME);
  const P = o.rules.players;
  checkSequentialTest(o);
  const batch = o.batchDeals ?? 50;
  const fieldSpecs = o.field?.length ? o.field : [o.baseline];
  if (fieldSpecs.length !== 1 && fieldSpecs.length !== P - 1)
    throw new UserError(`--field gives the other ${P - 1} seats: one bot for all of them, or ${P - 1} bots, got ${fieldSpecs.length}`);
  const field = fieldSpecs.length === 1 ? Array.from({ length: P - 1 }, () => fieldSpecs[0]!) : fieldSpecs;
  // The pool: candidate, baseline, then the field's other bots; a spec given twice is one pool entry.
  const pool: string[] = [];
  const at = (spec: string): number => (pool.includes(spec) ? pool.indexOf(spec) : pool.push(spec) - 1);
  const candidate = at(o.candidate);
  const baseline = at(o.baseline);
  if (candidate === baseline) throw new UserError('the candidate and the baseline are the same bot: nothing to test');
  const others = field.map(at);
  const tables = [
    [candidate, ...others],
    [baseline, ...others],
  ];
  const h: SprtHypotheses = { d0: o.d0, d1: o.d1, alpha: o.alpha, beta: o.beta };
  const diffs: number[] = [...(o.done ?? [])];
  if (diffs.length > o.maxDeals) throw new UserError(`the saved test has ${diffs.length} deals, more than --max-deals ${o.maxDeals}`);
  if (!diffs.every((d) => typeof d === 'number' && Number.isFinite(d)))
    throw new UserError('the saved test holds a difference that is not a finite number: it is damaged');
  const trace: Look[] = [];
  const m = new Moments();
  const look = (n: number): Look => {
    const mean = m.mean;
    const sd = Math.sqrt(m.variance);
    const value = llr(n, mean, m.variance, h);
    return { deals: n, llr: value, mean, sd, ci: confidenceSequence(n, mean, sd) };
  };
  let decided: 'H1' | 'H0' | undefined;
  /** Adds deals in order, looking at every batch boundary; true once the test has stopped. */
  const add = (values: readonly number[]): boolean => {
    for (const v of values) {
      if (decided) return true;
      m.add(v);
      const n = m.n;
      if (n % batch === 0 || n === o.maxDeals) {
        const l = look(n);
        trace.push(l);
        o.onLook?.(l);
        // No verdict on a handful of deals: a variance from so few (often equal) differences is no evidence.
        const v2 = n >= MIN_DEALS ? verdict(l.llr, h) : 'continue';
        if (v2 !== 'continue') decided = v2;
      }
    }
    return decided !== undefined;
  };
  const finishedBefore = diffs.length > 0 && (add(diffs) || diffs.length >= o.maxDeals);
  const started = performance.now();
  let labels = { candidate: o.candidate, baseline: o.baseline };
  let seatingsPerDeal = 0;
  let pairs: { withCandidate: number; withBaseline: number; seat: number }[] | undefined;
  let stopped: string | undefined;
  let interrupted = false;
  if (!decided && diffs.length < o.maxDeals) {
    const stop = new AbortController();
    const forward = (): void => stop.abort();
    o.signal?.addEventListener('abort', forward);
    if (o.signal?.aborted) stop.abort();
    try {
      const first = diffs.length;
      const result = await untilStopped(
        runTournament({
          game: game.id,
          pool,
          tables,
          rules: o.rules,
          games: o.maxDeals - first,
          firstDeal: first,
          seed: o.seed,
          seatings: o.seatings ?? 'rotations',
          threads: o.threads,
          decisionSeconds: o.decisionSeconds,
          botLogs: o.botLogs,
          // Small tasks, so the looks come as the deals do (a tournament's default chunk is far larger).
          chunk: o.chunk ?? Math.max(1, Math.floor(batch / 4)),
          signal: stop.signal,
          onProgress: (done, total) => o.onProgress?.(first + Math.round((done / total) * (o.maxDeals - first)), o.maxDeals),
          onBatch(b, res, seatings) {
            pairs ??= pairSeatings(seatings, candidate, baseline);
            const fresh: number[] = [];
            for (let k = b.from; k < b.to; k++) {
              const base = (k - b.from) * seatings.length;
              let sum = 0;
              for (const { withCandidate, withBaseline, seat } of pairs) {
                const b1 = outcome(res.data, (base + withCandidate) * P, P, seat, o.unit);
                const a1 = outcome(res.data, (base + withBaseline) * P, P, seat, o.unit);
                sum += o.unit === 'score' ? a1 - b1 : b1 - a1;
              }
              fresh.push(sum / pairs.length);
            }
            if (decided) return;
            diffs.push(...fresh);
            o.onDeals?.(diffs);
            // The stop falls on a look: the deals after it in this batch do not count.
            if (add(fresh)) {
              diffs.length = m.n;
              stop.abort();
            }
          },
        }),
      );
      labels = { candidate: result.labels[candidate]!, baseline: result.labels[baseline]! };
      seatingsPerDeal = result.seatings.length;
      stopped = result.stopped;
      interrupted = !decided && result.partial && !stopped;
    } finally {
      o.signal?.removeEventListener('abort', forward);
    }
  }
  const n = m.n;
  const last = trace[trace.length - 1]?.deals === n ? trace[trace.length - 1]! : look(n);
  if (trace[trace.length - 1]?.deals !== n && n > 0) trace.push(last);
  const sd = Math.sqrt(m.variance);
  const half = n > 1 ? (1.959963984540054 * sd) / Math.sqrt(n) : Number.POSITIVE_INFINITY;
  const final = decided ?? (stopped || interrupted ? 'interrupted' : 'truncated');
  return {
    game: game.id,
    candidate: o.candidate,
    baseline: o.baseline,
    field,
    labels,
    players: P,
    unit: o.unit,
    hypotheses: h,
    bounds: bounds(h),
    verdict: final,
    ...(final === 'truncated' ? { leaning: truncatedVerdict(last.llr) } : {}),
    deals: n,
    games: n * seatingsPerDeal,
    llr: last.llr,
    estimate: { mean: m.mean, sd, ci: last.ci, method: CI_METHOD, fixedCi: [m.mean - half, m.mean + half] },
    fixedSizeDeals: n > 1 && sd > 0 ? fixedSizeDeals(sd, h) : 0,
    trace,
    diffs: diffs.slice(0, n),
    seatingsPerDeal,
    elapsedSeconds: (performance.now() - started) / 1000,
    partial: final === 'interrupted',
    ...(stopped === undefined ? {} : { stopped }),
    ...(finishedBefore ? { finishedBefore } : {}),
  };
}

/**
 * Each seating with the candidate, paired with the seating that has the baseline in its seat and
 * the same bots elsewhere (the schedule plays seatings that coincide once, so the baseline's
 * table may have fewer: a table of the baseline alone has one).
 */
function pairSeatings(seatings: readonly (readonly number[])[], candidate: number, baseline: number) {
  const index = new Map(seatings.map((s, i) => [s.join(','), i]));
  return seatings.flatMap((lineup, withCandidate) => {
    const seat = lineup.indexOf(candidate);
    if (seat < 0) return [];
    const withBaseline = index.get(lineup.map((x, p) => (p === seat ? baseline : x)).join(','));
    if (withBaseline === undefined) throw new Error(`no seating pairs ${lineup.join(',')}`);
    return [{ withCandidate, withBaseline, seat }];
  });
}

/** One seat's outcome in one game: its score, or its share of the win (1/k for a k-way tie), in percent. */
function outcome(data: Int32Array, at: number, players: number, seat: number, unit: 'win' | 'score'): number {
  const score = data[at + seat]!;
  if (unit === 'score') return score;
  let best = Number.POSITIVE_INFINITY;
  let ties = 0;
  for (let p = 0; p < players; p++) {
    const s = data[at + p]!;
    if (s < best) {
      best = s;
      ties = 1;
    } else if (s === best) ties++;
  }
  return score === best ? 100 / ties : 0;
}
