import { UserError } from '../errors.js';

/**
 * Plackett-Luce maximum likelihood on finishing orders (docs/tournaments.md "The ladder").
 *
 * Bot i has a strength w_i = exp(theta_i). In one game the winner is drawn with probability
 * w / (sum of w over the seats), then the runner-up from the seats left, and so on. The fit maximises
 * the log-likelihood of all finishing orders at once, so the result does not depend on the order of
 * the games (unlike an online Elo update). Ratings are theta on an Elo-like scale (ELO_SCALE x theta,
 * so 400 points = 10:1 odds head to head), anchored at one bot = 0.
 *
 * **Ties** are split: a group of k tied finishers counts as each of its k! orders with weight 1/k!
 * (the expected log-likelihood under a uniformly random order of the tied seats), as a k-way shared
 * win counts 1/k in the lab's win shares. For a 2-player tie that is half a win each way. The
 * weighted sum over orders is computed without listing them: the seats of the group still to be
 * placed after a prefix set S of the group have weight 1/C(k, |S|), summed over the subsets S.
 */

/** 400 / ln 10: Elo points per unit of log-strength. */
export const ELO_SCALE = 400 / Math.LN10;

/** A finishing order: groups of pool indices, best first; a group holds the seats tied there. */
export type Outcome = readonly (readonly number[])[];

/** One choice stage of an outcome: the seats still in it, as (agent, seats of it) pairs, and its weight. */
interface Stage {
  agents: Int32Array;
  seats: Float64Array;
  weight: number;
}

/** An outcome ready for the likelihood: seats per agent (the chosen-term), the stages. */
interface Compiled {
  agents: Int32Array;
  seats: Float64Array;
  stages: Stage[];
}

/** Counts per agent of a list of seats, as sorted sparse arrays. */
function multiset(list: readonly number[]): { agents: Int32Array; seats: Float64Array } {
  const m = new Map<number, number>();
  for (const a of list) m.set(a, (m.get(a) ?? 0) + 1);
  const keys = [...m.keys()].sort((x, y) => x - y);
  return { agents: Int32Array.from(keys), seats: Float64Array.from(keys.map((k) => m.get(k)!)) };
}

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/** The stages of an outcome with ties split (see the module comment). */
export function compileOutcome(outcome: Outcome): Compiled {
  const all = outcome.flat();
  const stages: Stage[] = [];
  let remaining = all.slice();
  for (const group of outcome) {
    const k = group.length;
    if (k > 20) throw new UserError(`a tie of ${k} finishers is too large to split`);
    const rest = remaining.slice();
    // Remove the group's seats from `rest` once, so `later` is the seats after the group.
    const later = rest.slice();
    for (const a of group) later.splice(later.indexOf(a), 1);
    for (let mask = 0; mask < 1 << k; mask++) {
      let size = 0;
      const left: number[] = [];
      for (let j = 0; j < k; j++) {
        if (mask & (1 << j)) size++;
        else left.push(group[j]!);
      }
      if (size === k) continue;
      stages.push({ ...multiset([...left, ...later]), weight: 1 / binomial(k, size) });
    }
    remaining = later;
  }
  return { ...multiset(all), stages };
}

/** The data of one fit: distinct outcomes with their counts, and per cluster (deal) its counts. */
export interface PLData {
  /** Pool size: agents are 0..n-1. */
  n: number;
  outcomes: Outcome[];
  counts: number[];
  /** Per cluster (deal): [outcome index, count] pairs. Clusters give the deal-clustered intervals. */
  clusters: [number, number][][];
}

export interface PLFit {
  /** Log-strengths, anchor = 0. */
  theta: number[];
  anchor: number;
  /** Standard errors of theta, clustered by deal (sandwich estimator); 0 for the anchor. */
  se: number[];
  /** Standard errors from the observed Fisher information (games as independent); 0 for the anchor. */
  seFisher: number[];
  /** Covariance of theta (clustered), n x n with the anchor's row and column 0. */
  covariance: number[][];
  logLikelihood: number;
  iterations: number;
  games: number;
  clusters: number;
}

/**
 * Log-likelihood of one compiled outcome at theta, times `count`; adds its gradient into `grad` and
 * its information (minus the Hessian) into `hess` when given.
 */
function accumulate(
  c: Compiled,
  w: Float64Array,
  theta: Float64Array,
  count: number,
  n: number,
  grad: Float64Array | undefined,
  hess: Float64Array | undefined,
): number {
  let ll = 0;
  for (let j = 0; j < c.agents.length; j++) {
    const a = c.agents[j]!;
    ll += count * c.seats[j]! * theta[a]!;
    if (grad) grad[a]! += count * c.seats[j]!;
  }
  for (const s of c.stages) {
    let total = 0;
    for (let j = 0; j < s.agents.length; j++) total += s.seats[j]! * w[s.agents[j]!]!;
    const cw = count * s.weight;
    ll -= cw * Math.log(total);
    if (!grad) continue;
    for (let j = 0; j < s.agents.length; j++) {
      const a = s.agents[j]!;
      const p = (s.seats[j]! * w[a]!) / total;
      grad[a]! -= cw * p;
      if (!hess) continue;
      hess[a * n + a]! += cw * p;
      for (let k = 0; k < s.agents.length; k++) {
        const b = s.agents[k]!;
        hess[a * n + b]! -= cw * p * ((s.seats[k]! * w[b]!) / total);
      }
    }
  }
  return ll;
}

/** Cholesky inverse of a symmetric positive definite m x m matrix (row-major). */
export function invertSpd(a: Float64Array, m: number): Float64Array {
  const l = new Float64Array(m * m);
  for (let i = 0; i < m; i++) {
    for (let j = 0; j <= i; j++) {
      let s = a[i * m + j]!;
      for (let k = 0; k < j; k++) s -= l[i * m + k]! * l[j * m + k]!;
      if (i === j) {
        if (!(s > 0)) throw new Error('matrix is not positive definite');
        l[i * m + i] = Math.sqrt(s);
      } else l[i * m + j] = s / l[j * m + j]!;
    }
  }
  // inverse of L, then L^-T L^-1
  const li = new Float64Array(m * m);
  for (let i = 0; i < m; i++) {
    li[i * m + i] = 1 / l[i * m + i]!;
    for (let j = 0; j < i; j++) {
      let s = 0;
      for (let k = j; k < i; k++) s -= l[i * m + k]! * li[k * m + j]!;
      li[i * m + j] = s / l[i * m + i]!;
    }
  }
  const out = new Float64Array(m * m);
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < m; j++) {
      let s = 0;
      for (let k = Math.max(i, j); k < m; k++) s += li[k * m + i]! * li[k * m + j]!;
      out[i * m + j] = s;
    }
  }
  return out;
}

/**
 * Why the likelihood has no finite maximum, or undefined if it has one. The MLE exists (and is unique
 * given the anchor) exactly when, for every split of the bots into two groups, some bot of each group
 * finished ahead of or level with some bot of the other (Hunter 2004, Assumption 1): the graph
 * "i finished ahead of or level with j" is strongly connected.
 */
export function whyNoMaximum(data: PLData, labels: readonly string[]): string | undefined {
  const { n } = data;
  const played = new Array<boolean>(n).fill(false);
  const reach = new Uint8Array(n * n);
  data.outcomes.forEach((o, i) => {
    if (!data.counts[i]) return;
    for (let g = 0; g < o.length; g++) {
      for (const a of o[g]!) {
        played[a] = true;
        for (let h = g; h < o.length; h++) for (const b of o[h]!) if (a !== b) reach[a * n + b] = 1;
      }
    }
  });
  const idle = labels.slice(0, n).filter((_, a) => !played[a]);
  if (idle.length) return `${idle.join(', ')} played no game`;
  for (let k = 0; k < n; k++) for (let i = 0; i < n; i++) if (reach[i * n + k]) for (let j = 0; j < n; j++) if (reach[k * n + j]) reach[i * n + j] = 1;
  // A group that reaches no one outside it never finished ahead of or level with them.
  for (let a = 0; a < n; a++) {
    const group = [a, ...Array.from({ length: n }, (_, b) => b).filter((b) => b !== a && reach[a * n + b] && reach[b * n + a])];
    const others = Array.from({ length: n }, (_, b) => b).filter((b) => !group.includes(b));
    if (others.length === 0) return undefined;
    if (others.every((b) => !reach[a * n + b])) {
      return `no finite ratings: ${group.map((b) => labels[b]).join(', ')} never finished ahead of or level with ${others.map((b) => labels[b]).join(', ')} (play more games or drop a bot)`;
    }
  }
  return `no finite ratings: the bots split into groups that never finished ahead of each other (play more games)`;
}

/**
 * The maximum-likelihood fit: Newton's method on the log-strengths of every bot but the anchor (the
 * log-likelihood is concave in them), with step halving. Throws a UserError when the maximum is not
 * finite (whyNoMaximum).
 */
export function fitPlackettLuce(data: PLData, anchor: number, labels: readonly string[]): PLFit {
  const { n } = data;
  if (n < 2) throw new UserError('a ladder needs at least two bots');
  const why = whyNoMaximum(data, labels);
  if (why) throw new UserError(why);
  const compiled = data.outcomes.map(compileOutcome);
  const free = Array.from({ length: n }, (_, i) => i).filter((i) => i !== anchor);
  const m = free.length;
  const theta = new Float64Array(n);
  const w = new Float64Array(n);
  const grad = new Float64Array(n);
  const hess = new Float64Array(n * n);
  const games = data.counts.reduce((a, b) => a + b, 0);
  const evaluate = (t: Float64Array, withDerivatives: boolean): number => {
    for (let i = 0; i < n; i++) w[i] = Math.exp(t[i]!);
    grad.fill(0);
    hess.fill(0);
    let ll = 0;
    compiled.forEach((c, i) => {
      if (data.counts[i]) ll += accumulate(c, w, t, data.counts[i]!, n, withDerivatives ? grad : undefined, withDerivatives ? hess : undefined);
    });
    return ll;
  };
  const info = new Float64Array(m * m);
  let ll = evaluate(theta, true);
  let iterations = 0;
  for (; iterations < 200; iterations++) {
    let gmax = 0;
    for (const i of free) gmax = Math.max(gmax, Math.abs(grad[i]!));
    if (gmax <= 1e-10 * Math.max(1, games)) break;
    free.forEach((i, r) => free.forEach((j, c) => (info[r * m + c] = hess[i * n + j]!)));
    const inv = invertSpd(info, m);
    const step = free.map((_, r) => free.reduce((s, j, c) => s + inv[r * m + c]! * grad[j]!, 0));
    let scale = 1;
    const next = new Float64Array(n);
    for (;;) {
      free.forEach((i, r) => (next[i] = theta[i]! + scale * step[r]!));
      const nextLl = evaluate(next, false);
      if (nextLl >= ll - 1e-12 * Math.abs(ll) || scale < 1e-8) {
        theta.set(next);
        break;
      }
      scale /= 2;
    }
    ll = evaluate(theta, true);
  }
  free.forEach((i, r) => free.forEach((j, c) => (info[r * m + c] = hess[i * n + j]!)));
  const fisher = invertSpd(info, m);
  // Sandwich: H^-1 (sum over deals of g_d g_d^T) H^-1, with the C/(C-1) small-sample factor. A
  // deal's games share its cards, so they are not independent; the deal is the unit.
  const meat = new Float64Array(m * m);
  const g = new Float64Array(n);
  for (let a = 0; a < n; a++) w[a] = Math.exp(theta[a]!);
  for (const cluster of data.clusters) {
    g.fill(0);
    for (const [o, count] of cluster) accumulate(compiled[o]!, w, theta, count, n, g, undefined);
    for (let r = 0; r < m; r++) for (let c = 0; c < m; c++) meat[r * m + c]! += g[free[r]!]! * g[free[c]!]!;
  }
  const C = data.clusters.length;
  const sandwich = new Float64Array(m * m);
  for (let r = 0; r < m; r++) {
    for (let c = 0; c < m; c++) {
      let s = 0;
      for (let k = 0; k < m; k++) for (let l = 0; l < m; l++) s += fisher[r * m + k]! * meat[k * m + l]! * fisher[l * m + c]!;
      sandwich[r * m + c] = C > 1 ? (s * C) / (C - 1) : NaN;
    }
  }
  const covariance = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const se = new Array<number>(n).fill(0);
  const seFisher = new Array<number>(n).fill(0);
  free.forEach((i, r) => {
    free.forEach((j, c) => (covariance[i]![j] = sandwich[r * m + c]!));
    se[i] = Math.sqrt(sandwich[r * m + r]!);
    seFisher[i] = Math.sqrt(fisher[r * m + r]!);
  });
  return { theta: Array.from(theta), anchor, se, seFisher, covariance, logLikelihood: ll, iterations, games, clusters: C };
}

/** Probability that each seat of a lineup finishes first under the model: w / (sum of w at the table). */
export function winProbabilities(theta: readonly number[], lineup: readonly number[]): number[] {
  const w = lineup.map((a) => Math.exp(theta[a]!));
  const total = w.reduce((s, x) => s + x, 0);
  return w.map((x) => x / total);
}
