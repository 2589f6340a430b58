/**
 * The sequential probability ratio test on paired differences, in Fishtest's generalised form
 * (GSPRT): the log-likelihood ratio of H1 (mean difference d1) against H0 (mean d0) for normal
 * observations whose variance is estimated from the sample,
 *
 *   LLR = n (d1 - d0) (2 xbar - d0 - d1) / (2 s^2),
 *
 * compared with Wald's bounds log(beta / (1 - alpha)) (accept H0) and log((1 - beta) / alpha)
 * (accept H1). Each observation is one deal's difference (all its seats and seatings together),
 * so the correlation inside a deal is respected as Fishtest's pentanomial model does for game
 * pairs. Pure maths: src/tournament/sequential.ts plays the deals.
 */
export interface SprtHypotheses {
  /** H0: the difference is at most d0. */
  d0: number;
  /** H1: the difference is at least d1 (d1 > d0). */
  d1: number;
  /** Type I error: accepting H1 when the difference is d0. */
  alpha: number;
  /** Type II error: accepting H0 when the difference is d1. */
  beta: number;
}

export const bounds = (h: SprtHypotheses): { lower: number; upper: number } => ({
  lower: Math.log(h.beta / (1 - h.alpha)),
  upper: Math.log((1 - h.beta) / h.alpha),
});

/** The GSPRT log-likelihood ratio of n observations with this mean and (sample) variance. */
export function llr(n: number, mean: number, variance: number, h: SprtHypotheses): number {
  if (n < 2) return 0;
  // No spread at all: every deal gave the same difference (two bots that play alike on duplicate
  // deals differ by exactly 0), which is certain evidence for the side of the midpoint it is on.
  if (variance === 0) return mean === (h.d0 + h.d1) / 2 ? 0 : mean > (h.d0 + h.d1) / 2 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  if (!(variance > 0)) return 0;
  return (n * (h.d1 - h.d0) * (2 * mean - h.d0 - h.d1)) / (2 * variance);
}

export type Verdict = 'H1' | 'H0' | 'continue';

export function verdict(value: number, h: SprtHypotheses): Verdict {
  const b = bounds(h);
  return value >= b.upper ? 'H1' : value <= b.lower ? 'H0' : 'continue';
}

/**
 * The truncated test's rule at the cap: the hypothesis the LLR leans to (H1 when it is above 0,
 * i.e. the mean is above (d0 + d1) / 2), reported as truncated, with error rates no longer those
 * asked for.
 */
export const truncatedVerdict = (value: number): 'H1' | 'H0' => (value > 0 ? 'H1' : 'H0');

/**
 * An anytime-valid confidence interval for the mean: the two-sided normal-mixture confidence
 * sequence (Robbins 1970; Howard, Ramdas, McAuliffe and Sekhon 2021, eq. 14), which holds
 * uniformly over n with probability 1 - level's complement, so it stays valid at a data-dependent
 * stop such as the SPRT's (a fixed-n interval read at the stop would not). `rho` tunes where it is
 * tightest (about n = rho); sigma is the sample's, so the guarantee is asymptotic.
 */
export function confidenceSequence(n: number, mean: number, sd: number, level = 0.95, rho = 100): [number, number] {
  if (n < 2) return [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY];
  const a = 1 - level;
  const half = sd * Math.sqrt(((n + rho) / (n * n)) * Math.log((n + rho) / (rho * a * a)));
  return [mean - half, mean + half];
}

/**
 * The standard normal quantile (Acklam's rational approximation, relative error below 1.2e-9).
 * Not simple-statistics' probit: its value at 0.95 is 1.6434 (1.6449 is right), which moves a
 * sample size by a deal.
 */
export function normalQuantile(p: number): number {
  const a = [-39.69683028665376, 220.9460984245205, -275.928510446969, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const tail = (q: number): number =>
    (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  if (p < 0.02425) return tail(Math.sqrt(-2 * Math.log(p)));
  if (p > 1 - 0.02425) return -tail(Math.sqrt(-2 * Math.log(1 - p)));
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) / (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  );
}

/** Deals a fixed-size one-sided test of d0 against d1 with the same error rates would need, for this spread. */
export function fixedSizeDeals(sd: number, h: SprtHypotheses): number {
  const z = normalQuantile(1 - h.alpha) + normalQuantile(1 - h.beta);
  return Math.ceil(((z * sd) / (h.d1 - h.d0)) ** 2);
}

/**
 * Wald's approximation of the expected number of observations when the true mean is `mean` and
 * the spread `sd` (overshoot ignored): E[N] = (L A + (1 - L) B) / E[z], with L the chance of
 * accepting H0 and z one observation's LLR increment. At d0 and d1, L is 1 - alpha and beta.
 */
export function waldExpectedDeals(mean: number, sd: number, h: SprtHypotheses): number {
  const { lower, upper } = bounds(h);
  const drift = ((h.d1 - h.d0) * (2 * mean - h.d0 - h.d1)) / (2 * sd * sd);
  // The OC function of the normal SPRT: L(theta) = (e^{hB} - 1) / (e^{hB} - e^{hA}), h = (d0 + d1 - 2 theta) / (d1 - d0).
  const hh = (h.d0 + h.d1 - 2 * mean) / (h.d1 - h.d0);
  if (Math.abs(hh) < 1e-9) return (-lower * upper) / ((h.d1 - h.d0) ** 2 / (sd * sd)); // the midpoint: E[N] = -A B / E[z^2]
  const accept0 = (Math.exp(hh * upper) - 1) / (Math.exp(hh * upper) - Math.exp(hh * lower));
  return (accept0 * lower + (1 - accept0) * upper) / drift;
}
