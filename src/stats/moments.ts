import { createRequire } from 'node:module';

// @stdlib's distributions load on first use, not with this module: they are about 400 CommonJS
// modules (a quarter of a second of CPU), and every tournament worker thread imports this module
// for its tallies only, so each paid it at start-up, inside the run's time.
const require = createRequire(import.meta.url);
type TQuantile = typeof import('@stdlib/stats-base-dists-t-quantile');
type TCdf = typeof import('@stdlib/stats-base-dists-t-cdf');
type NormalQuantile = typeof import('@stdlib/stats-base-dists-normal-quantile');
let stdlib: { tQuantile: TQuantile; tCdf: TCdf; normalQuantile: NormalQuantile } | undefined;
const dists = (): NonNullable<typeof stdlib> =>
  (stdlib ??= {
    tQuantile: require('@stdlib/stats-base-dists-t-quantile') as TQuantile,
    tCdf: require('@stdlib/stats-base-dists-t-cdf') as TCdf,
    normalQuantile: require('@stdlib/stats-base-dists-normal-quantile') as NormalQuantile,
  });
const tQuantile = (p: number, v: number): number => dists().tQuantile(p, v);
const tCdf = (x: number, v: number): number => dists().tCdf(x, v);
const normalQuantile = (p: number, mu: number, sigma: number): number => dists().normalQuantile(p, mu, sigma);

/**
 * Streaming mean and variance (Welford), so a run of millions of games keeps no per-game values.
 * Results are order-dependent in the last bits, which is why the tournament feeds deals in order.
 */
export class Moments {
  n = 0;
  mean = 0;
  private m2 = 0;

  add(x: number): void {
    this.n++;
    const d = x - this.mean;
    this.mean += d / this.n;
    this.m2 += d * (x - this.mean);
  }

  /** Sample variance (n - 1). */
  get variance(): number {
    return this.n > 1 ? this.m2 / (this.n - 1) : NaN;
  }

  get standardError(): number {
    return Math.sqrt(this.variance / this.n);
  }

  /** Two-sided t-based confidence interval of the mean. */
  ci(level = 0.95): [number, number] {
    return meanCI(this.mean, this.variance, this.n, level);
  }

  /** Two-sided p-value of the t-test that the mean is zero (paired test when fed differences). */
  pValue(): number {
    if (this.n < 2) return NaN;
    const se = this.standardError;
    if (se === 0) return this.mean === 0 ? 1 : 0;
    const t = Math.abs(this.mean / se);
    return 2 * (1 - tCdf(t, this.n - 1));
  }
}

/** Two-sided t-based confidence interval of a mean from its sample variance. */
export function meanCI(mean: number, variance: number, n: number, level = 0.95): [number, number] {
  if (n < 2) return [NaN, NaN];
  const half = tQuantile(1 - (1 - level) / 2, n - 1) * Math.sqrt(variance / n);
  return [mean - half, mean + half];
}

/** Wilson score interval for a proportion of `successes` (may be fractional: shared wins) in n trials. */
export function wilson(successes: number, n: number, level = 0.95): [number, number] {
  if (n === 0) return [NaN, NaN];
  // simple-statistics' probit is a rough approximation (1.9572 for 1.9600); use the exact quantile.
  const z = normalQuantile(1 - (1 - level) / 2, 0, 1);
  const p = successes / n;
  const z2n = (z * z) / n;
  const centre = (p + z2n / 2) / (1 + z2n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2n / (4 * n))) / (1 + z2n);
  return [centre - half, centre + half];
}

/**
 * A Wilson interval for a share whose trials come in correlated clusters (a bot's seat-games within
 * one deal share the cards): Wilson's formula at the effective sample size p(1 - p) / Var(mean),
 * with Var(mean) estimated over the clusters (Korn and Graubard's design-effect correction; capped
 * at the trial count, as the plain Wilson interval is the narrowest it may be). Without variation
 * to estimate it from (p 0 or 1, or the same share in every cluster) the trial count is used, as
 * Korn and Graubard do.
 */
export function clusteredWilson(p: number, trials: number, clusters: number, varianceOfMean: number, level = 0.95): [number, number] {
  if (trials === 0 || clusters < 2) return [NaN, NaN];
  const effective = varianceOfMean > 0 ? Math.min(trials, (p * (1 - p)) / varianceOfMean) : trials;
  return wilson(p * effective, effective, level);
}

/** The family-wise error rate of every adjusted comparison the lab reports. */
export const ALPHA = 0.05;

/** A paired comparison over deals, adjusted for its family (docs/statistics.md). */
export interface PairedComparison {
  /** Mean over deals of the paired difference. */
  meanDiff: number;
  /** Per-comparison (unadjusted) 95% t interval. */
  ci: [number, number];
  /** Unadjusted two-sided p of the paired t-test. */
  p: number;
  /**
   * Simultaneous 95% intervals over the family of m comparisons (Bonferroni: the t quantile at
   * 1 - ALPHA / (2m)); all of them cover their true differences together with probability >= 95%.
   */
  ciSimultaneous: [number, number];
  /**
   * Bonferroni-adjusted p, min(1, m p): below ALPHA exactly when ciSimultaneous excludes 0 (both are
   * the same t statistic against the same quantile), so an interval and its p never disagree.
   */
  pAdjusted: number;
  /** Holm's step-down adjusted p: never above pAdjusted (Holm rejects whatever Bonferroni rejects, and may reject more). */
  pHolm: number;
}

/** Whether a comparison is significant at ALPHA family-wise (its simultaneous interval excludes 0). */
export const isSignificant = (c: Pick<PairedComparison, 'pAdjusted'>): boolean => c.pAdjusted < ALPHA;

/**
 * Adjusts a family of paired comparisons (the moments of their per-deal differences) together: m is
 * the number of comparisons with data, so a comparison with no deals neither counts nor gets numbers.
 */
export function adjustFamily(family: readonly Moments[]): PairedComparison[] {
  const m = family.filter((x) => x.n > 0).length;
  const ps = family.map((x) => x.pValue());
  const holmAll = holm(ps.filter((_, i) => family[i]!.n > 0));
  let k = 0;
  return family.map((x, i) => {
    if (x.n === 0) return { meanDiff: NaN, ci: [NaN, NaN], p: NaN, ciSimultaneous: [NaN, NaN], pAdjusted: NaN, pHolm: NaN };
    const p = ps[i]!;
    return { meanDiff: x.mean, ci: x.ci(), p, ciSimultaneous: x.ci(1 - ALPHA / m), pAdjusted: Math.min(1, m * p), pHolm: holmAll[k++]! };
  });
}

/** Holm's step-down adjustment of several p-values (same order as given). */
export function holm(pValues: readonly number[]): number[] {
  const order = pValues.map((p, i) => [p, i] as const).sort((a, b) => a[0] - b[0]);
  const adjusted = new Array<number>(pValues.length);
  let running = 0;
  order.forEach(([p, i], rank) => {
    running = Math.max(running, Math.min(1, (pValues.length - rank) * p));
    adjusted[i] = running;
  });
  return adjusted;
}

/**
 * A p-value for people: below double precision's reach (1 - CDF rounds to 0) it reads "< 1e-15"
 * rather than a false 0.
 */
export function formatP(p: number, digits = 2): string {
  if (Number.isNaN(p)) return 'n/a';
  return p < 1e-15 ? '< 1e-15' : p.toExponential(digits);
}
