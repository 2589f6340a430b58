import { describe, expect, it } from 'vitest';
import * as ss from 'simple-statistics';
import seedrandom from 'seedrandom';
import { adjustFamily, ALPHA, clusteredWilson, formatP, holm, isSignificant, Moments, wilson } from './moments.js';
import { TournamentStats, type StatsShape } from './tournament-stats.js';

/** No Thanks!'s shape: one metric (chips), shares in 1/420, scores -1000..3000. */
const shape = (matchLength: number): StatsShape => ({ matchLength, metrics: ['chips'], shareUnit: 420, scoreRange: [-1000, 3000] });

/**
 * A fixed result set small enough to compute by hand: agents A and B, two players, both seatings
 * ([A,B] and [B,A]) on three deals. Expected values were worked out independently (t quantile
 * t(0.975, 2) = 4.302652729911275; Student t CDF with 2 df is 1/2 + t / (2 sqrt(2 + t^2))).
 */
function fixture(matchLength = 0): TournamentStats {
  const stats = new TournamentStats(
    ['A', 'B'],
    [
      [0, 1],
      [1, 0],
    ],
    2,
    shape(matchLength),
  );
  // per deal: seating 0 (A, B), seating 1 (B, A); chips are score + 100 to tell them apart.
  const deals: [number[], number][] = [
    [[10, 20, 15, 5], 0],
    [[30, 30, 8, 12], 1],
    [[-2, 4, 7, 7], 0],
  ];
  deals.forEach(([scores, starter], k) => stats.addDeal(scores, [scores.map((s) => s + 100)], starter, k % 2));
  return stats;
}

describe('tournament statistics against hand computations', () => {
  it('mean score with a t interval over per-deal means, win share with Wilson, mean rank', () => {
    const [a, b] = fixture().agents();
    expect(a!.games).toBe(6);
    expect(a!.meanScore).toBeCloseTo(62 / 6, 12);
    expect(a!.meanScoreCI[0]).toBeCloseTo(-13.439661233985662, 7);
    expect(a!.meanScoreCI[1]).toBeCloseTo(34.10632790065233, 7);
    expect(b!.meanScore).toBeCloseTo(14, 12);
    expect(b!.meanScoreCI[0]).toBeCloseTo(-4.380940519581316, 7);
    expect(a!.winShare).toBeCloseTo(4 / 6, 12); // two ties count a half each
    expect(b!.winShare).toBeCloseTo(2 / 6, 12);
    // Deal-clustered Wilson: A's per-deal shares 1, 1/4, 3/4 have variance 7/48, so Var(mean) = 7/144
    // and the effective sample size (2/3)(1/3) / (7/144) = 32/7 (of 6 seat-games); Wilson at n = 32/7.
    expect(a!.winShareCI[0]).toBeCloseTo(0.26305547959167364, 7);
    expect(a!.winShareCI[1]).toBeCloseTo(0.9180725270943929, 7);
    expect(b!.winShareCI[0]).toBeCloseTo(0.08192747290560715, 7);
    expect(b!.winShareCI[1]).toBeCloseTo(0.7369445204083265, 7);
    expect(a!.meanRank).toBeCloseTo(8 / 6, 12);
    expect(a!.meanRank + b!.meanRank).toBeCloseTo(3, 12);
    expect(a!.meanChips).toBeCloseTo(62 / 6 + 100, 12);
  });

  it('paired differences over deals with a t test', () => {
    const [pair] = fixture().pairwise();
    expect(pair).toMatchObject({ a: 'A', b: 'B', deals: 3 });
    expect(pair!.meanDiff).toBeCloseTo(-11 / 3, 12);
    expect(pair!.ci[0]).toBeCloseTo(-18.64033776722481, 7);
    expect(pair!.ci[1]).toBeCloseTo(11.307004433891478, 7);
    expect(pair!.p).toBeCloseTo(0.4025620087470747, 7);
    expect(pair!.pHolm).toBeCloseTo(pair!.p, 12);
    // A family of one: the simultaneous interval and adjusted p are the unadjusted ones.
    expect(pair!.family).toBe(1);
    expect(pair!.ciSimultaneous[0]).toBeCloseTo(pair!.ci[0], 12);
    expect(pair!.pAdjusted).toBeCloseTo(pair!.p, 12);
    // Win shares paired over deals: A - B per deal 1, -1/2, 1/2 (scipy: t-test p, t(0.975, 2) interval).
    expect(pair!.winShare.meanDiff).toBeCloseTo(1 / 3, 12);
    expect(pair!.winShare.p).toBeCloseTo(0.5285954792089683, 7);
    expect(pair!.winShare.ci[0]).toBeCloseTo(-1.5639581834650464, 7);
    expect(pair!.winShare.ci[1]).toBeCloseTo(2.230624850131713, 7);
  });

  it('seat effects by position after the starter', () => {
    const all = fixture()
      .seats()
      .filter((s) => s.agent === 'all');
    expect(all.map((s) => s.games)).toEqual([6, 6]);
    expect(all[0]!.meanScore).toBeCloseTo(12, 12);
    expect(all[1]!.meanScore).toBeCloseTo(74 / 6, 12);
    // Deal-clustered: per-deal means 12.5, 21, 2.5 over 3 deals.
    expect(all[0]!.meanScoreCI[0]).toBeCloseTo(-11.003437127914609, 7);
    expect(all[0]!.meanScoreCI[1]).toBeCloseTo(35.00343712791461, 7);
    const aFirst = fixture()
      .seats()
      .find((s) => s.agent === 'A' && s.position === 0)!;
    expect(aFirst.games).toBe(3); // A sat in the starting seat in d0 s0, d1 s1, d2 s0
    expect(aFirst.meanScore).toBeCloseTo((10 + 12 - 2) / 3, 12);
    expect(aFirst.meanScoreCI[0]).toBeCloseTo(-12.142920511875573, 7);
    expect(aFirst.meanScoreCI[1]).toBeCloseTo(25.47625384520891, 7);
  });

  it('seat intervals are deal-clustered ratio estimates when a seat count varies by deal', () => {
    // A sits in 3 seats a deal; how many of them are "position 0" depends on the deal's starter.
    const stats = new TournamentStats(
      ['A', 'B'],
      [
        [0, 1],
        [0, 0],
      ],
      2,
      shape(0),
    );
    stats.addDeal([4, 6, 2, 8], [[0, 0, 0, 0]], 0); // position 0: A 4, A 2   (y 6, n 2)
    stats.addDeal([5, 1, 3, 9], [[0, 0, 0, 0]], 1); // position 0: B 1, A 9   (A: y 9, n 1)
    stats.addDeal([7, 3, 1, 1], [[0, 0, 0, 0]], 0); // position 0: A 7, A 1   (y 8, n 2)
    const a0 = stats.seats().find((r) => r.agent === 'A' && r.position === 0)!;
    expect(a0.games).toBe(5);
    expect(a0.meanScore).toBeCloseTo(23 / 5, 12);
    // sum_k (y_k - 4.6 n_k)^2 = 31.04; variance of the mean 31.04 / (3 * 2 * (5/3)^2); t(0.975, 2).
    expect(a0.meanScoreCI[0]).toBeCloseTo(-1.2718205801667848, 7);
    expect(a0.meanScoreCI[1]).toBeCloseTo(10.471820580166785, 7);
    // Wins at position 0: w_k 1 + 1, 0, 0 + 1/2 (a tie) over n_k 2, 1, 2: share 2.5 / 5; sum_k (w_k - 0.5 n_k)^2
    // = 1.5, Var(mean) 1.5 / (3 * 2 * (5/3)^2) = 0.09, effective sample size 0.25 / 0.09; Wilson there.
    expect(a0.winShare).toBeCloseTo(0.5, 12);
    expect(a0.winShareCI[0]).toBeCloseTo(0.11909721947600388, 7);
    expect(a0.winShareCI[1]).toBeCloseTo(0.8809027805239962, 7);
  });

  it('circuit matches: summed scores of complete matches decide', () => {
    const [a, b] = fixture(2).agents();
    expect([a!.matches, b!.matches]).toEqual([2, 2]);
    expect(a!.matchWinShare).toBe(1);
    expect(b!.matchWinShare).toBe(0);
  });

  it('score distributions count every seat-game', () => {
    expect(fixture().distribution(0)).toEqual([
      [-2, 1],
      [5, 1],
      [7, 1],
      [10, 1],
      [12, 1],
      [30, 1],
    ]);
  });
});

describe('building blocks', () => {
  it('Moments matches the textbook mean and sample variance', () => {
    const m = new Moments();
    [2, 4, 4, 4, 5, 5, 7, 9].forEach((x) => m.add(x));
    expect(m.mean).toBe(5);
    expect(m.variance).toBeCloseTo(32 / 7, 12);
  });

  it('Moments agrees with simple-statistics on 10,000 values', () => {
    const values = Array.from({ length: 10_000 }, (_, i) => ((i * 7919) % 201) - 60 + i / 1000);
    const m = new Moments();
    values.forEach((x) => m.add(x));
    expect(m.mean).toBeCloseTo(ss.mean(values), 9);
    expect(m.variance).toBeCloseTo(ss.sampleVariance(values), 6);
  });

  it('formats p-values below double precision as a bound, never as 0', () => {
    expect(formatP(0)).toBe('< 1e-15');
    expect(formatP(0.0123)).toBe('1.23e-2');
  });

  it('Holm adjusts step-down and keeps the order', () => {
    const adjusted = holm([0.01, 0.04, 0.03]);
    expect(adjusted[0]).toBeCloseTo(0.03, 12);
    expect(adjusted[1]).toBeCloseTo(0.06, 12);
    expect(adjusted[2]).toBeCloseTo(0.06, 12);
  });

  it('adjusts a family: Bonferroni intervals and p, Holm p (hand values from scipy)', () => {
    const x = new Moments();
    [1, 2, 3, 4, 5].forEach((v) => x.add(v));
    const y = new Moments();
    [0.5, -1, 2, 0.25].forEach((v) => y.add(v));
    const [cx, cy] = adjustFamily([x, new Moments(), y]).filter((c) => !Number.isNaN(c.meanDiff)); // an empty pair does not count
    // m = 2: t(1 - 0.05/4, 4) = 3.4954059325164417, se sqrt(2.5/5).
    expect(cx!.ciSimultaneous[0]).toBeCloseTo(0.5283747621179362, 9);
    expect(cx!.ciSimultaneous[1]).toBeCloseTo(5.471625237882064, 9);
    expect(cx!.p).toBeCloseTo(0.01323559956368269, 9);
    expect(cx!.pAdjusted).toBeCloseTo(0.02647119912736538, 9);
    expect(cx!.pHolm).toBeCloseTo(0.02647119912736538, 9);
    expect(cy!.ciSimultaneous[0]).toBeCloseTo(-2.1333811127206017, 9);
    expect(cy!.ciSimultaneous[1]).toBeCloseTo(3.0083811127206017, 9);
    expect(cy!.pAdjusted).toBe(1);
    expect(cy!.pHolm).toBeCloseTo(0.5285171863688882, 9);
  });

  it('a simultaneous interval excludes 0 exactly when its adjusted p is significant, over many random families', () => {
    const random = seedrandom('interval-p-consistency');
    const normal = (): number => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    let significant = 0;
    let nearAlpha = 0;
    let holmOnly = 0;
    for (let f = 0; f < 1500; f++) {
      const size = 1 + Math.floor(random() * 10);
      const family = Array.from({ length: size }, () => {
        const m = new Moments();
        const n = 2 + Math.floor(random() * 60);
        // Effects around the detection limit, so both outcomes and the boundary are common.
        const shift = (normal() * 3) / Math.sqrt(n);
        for (let i = 0; i < n; i++) m.add(shift + normal());
        return m;
      });
      for (const c of adjustFamily(family)) {
        const excludes = c.ciSimultaneous[0] > 0 || c.ciSimultaneous[1] < 0;
        expect(excludes, JSON.stringify(c)).toBe(isSignificant(c));
        expect(c.pHolm).toBeLessThanOrEqual(c.pAdjusted);
        expect(c.ciSimultaneous[0]).toBeLessThanOrEqual(c.ci[0]); // never narrower than the unadjusted interval
        if (excludes) significant++;
        if (Math.abs(c.pAdjusted - ALPHA) < 0.01) nearAlpha++;
        if (!excludes && c.pHolm < ALPHA) holmOnly++;
      }
    }
    expect(significant).toBeGreaterThan(1000);
    expect(nearAlpha).toBeGreaterThan(50);
    expect(holmOnly).toBeGreaterThan(0); // why the report shows Bonferroni p beside Bonferroni intervals
  });

  it('clustered Wilson: the design effect widens, never narrows; no variation falls back to the trials', () => {
    // p 0.3 over 100 trials in 10 clusters with Var(mean) 0.0042: n_eff = 0.21 / 0.0042 = 50.
    const [lo, hi] = clusteredWilson(0.3, 100, 10, 0.0042);
    const [wlo, whi] = wilson(15, 50);
    expect(lo).toBeCloseTo(wlo, 12);
    expect(hi).toBeCloseTo(whi, 12);
    expect(clusteredWilson(0.3, 100, 10, 1e-9)).toEqual(wilson(30, 100)); // capped at the trials
    expect(clusteredWilson(0, 100, 10, 0)).toEqual(wilson(0, 100));
  });

  it('Wilson interval stays inside [0, 1] at the extremes', () => {
    const [lo, hi] = wilson(0, 20);
    expect(lo).toBeCloseTo(0, 12);
    expect(hi).toBeCloseTo(0.16112515999567, 7);
  });
});
