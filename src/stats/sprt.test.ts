import { describe, expect, it } from 'vitest';
import { makeRandom } from '../game/seed.js';
import { Moments } from './moments.js';
import { bounds, confidenceSequence, fixedSizeDeals, llr, normalQuantile, verdict, waldExpectedDeals, type SprtHypotheses } from './sprt.js';

/**
 * The SPRT against simulations with known truth: thousands of tests on normal differences
 * (sd 1) whose true mean is d0 or d1, seeded. The error rates must come out near alpha and beta
 * and the mean length near Wald's; a deliberately wrong LLR must fail the same checks.
 */
const H: SprtHypotheses = { d0: 0, d1: 0.25, alpha: 0.05, beta: 0.05 };

type Llr = typeof llr;

/** Standard normal draws (Box-Muller) from a named seeded stream. */
function normals(seed: string): () => number {
  const random = makeRandom(seed);
  return () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

function simulate(truth: number, runs: number, seed: string, f: Llr = llr): { h1: number; meanLength: number } {
  const normal = normals(seed);
  let h1 = 0;
  let total = 0;
  for (let r = 0; r < runs; r++) {
    const m = new Moments();
    for (;;) {
      m.add(truth + normal());
      // Looks every 10 observations from the 20th on (a variance needs a few; the lab looks every 50 deals by default).
      if (m.n < 20 || m.n % 10 !== 0) continue;
      const v = verdict(f(m.n, m.mean, m.variance, H), H);
      if (v === 'continue' && m.n < 100_000) continue;
      if (v === 'H1') h1++;
      total += m.n;
      break;
    }
  }
  return { h1: h1 / runs, meanLength: total / runs };
}

/** What a test with this LLR does at d0 and at d1, against what the SPRT promises. */
function checks(f: Llr, seed: string): boolean[] {
  const at0 = simulate(H.d0, 2000, `${seed} d0`, f);
  const at1 = simulate(H.d1, 2000, `${seed} d1`, f);
  const wald0 = waldExpectedDeals(H.d0, 1, H);
  const wald1 = waldExpectedDeals(H.d1, 1, H);
  return [
    Math.abs(at0.h1 - H.alpha) < 0.02, // type I error
    Math.abs(1 - at1.h1 - H.beta) < 0.02, // type II error
    // Wald ignores the overshoot, which looks every 10 make larger: within a quarter.
    Math.abs(at0.meanLength / wald0 - 1) < 0.25,
    Math.abs(at1.meanLength / wald1 - 1) < 0.25,
  ];
}

describe('the sequential probability ratio test', () => {
  it("has Wald's bounds and the GSPRT's LLR, worked by hand", () => {
    expect(bounds(H).lower).toBeCloseTo(Math.log(0.05 / 0.95), 12);
    expect(bounds(H).upper).toBeCloseTo(Math.log(0.95 / 0.05), 12);
    // 100 deals, mean 0.2, variance 1: 100 * 0.25 * (0.4 - 0.25) / 2 = 1.875.
    expect(llr(100, 0.2, 1, H)).toBeCloseTo(1.875, 12);
    expect(llr(100, 0.125, 1, H)).toBeCloseTo(0, 12);
    // A fixed one-sided test: ((1.645 + 1.645) / 0.25)^2 = 173.2 deals.
    expect(fixedSizeDeals(1, H)).toBe(174);
    expect(normalQuantile(0.95)).toBeCloseTo(1.6448536269514722, 8);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232306167813, 8);
    expect(normalQuantile(0.5)).toBe(0);
  });

  it('keeps its error rates and Wald expected length over 2,000 simulated tests at d0 and at d1', () => {
    expect(checks(llr, 'sprt')).toEqual([true, true, true, true]);
  });

  it('fails those checks with a deliberately wrong LLR (variance not estimated, or the factor 2 dropped)', () => {
    const noVariance: Llr = (n, mean, _v, h) => llr(n, mean, 1, h) * 4; // as if the spread were half
    const noHalf: Llr = (n, mean, v, h) => llr(n, mean, v, h) * 2;
    expect(checks(noVariance, 'wrong').every(Boolean)).toBe(false);
    expect(checks(noHalf, 'wrong').every(Boolean)).toBe(false);
  });

  it('gives a confidence sequence that covers the truth at the stop, where the fixed-n interval read at the stop need not', () => {
    const normal = normals('coverage');
    let covered = 0;
    const runs = 1000;
    for (let r = 0; r < runs; r++) {
      const m = new Moments();
      for (;;) {
        m.add(0.1 + normal());
        if (m.n < 20 || m.n % 10 !== 0) continue;
        if (verdict(llr(m.n, m.mean, m.variance, H), H) !== 'continue') break;
      }
      const [lo, hi] = confidenceSequence(m.n, m.mean, Math.sqrt(m.variance));
      if (lo <= 0.1 && 0.1 <= hi) covered++;
    }
    expect(covered / runs).toBeGreaterThan(0.95);
  });
});
