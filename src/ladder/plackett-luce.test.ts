import { describe, expect, it } from 'vitest';
import { makeRandom, type Random } from '../game/seed.js';
import { ELO_SCALE, fitPlackettLuce, invertSpd, whyNoMaximum, winProbabilities, type Outcome, type PLData } from './plackett-luce.js';

/** PLData from [outcome, count] pairs, each pair its own cluster unless clusters are given. */
function data(n: number, rows: [Outcome, number][], clusters?: [number, number][][]): PLData {
  return { n, outcomes: rows.map((r) => r[0]), counts: rows.map((r) => r[1]), clusters: clusters ?? rows.map((r, i) => [[i, r[1]]]) };
}

const labels = ['a', 'b', 'c', 'd', 'e'];

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((x, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((r) => [x, ...r]));
}

/** Independent log-likelihood: ties expanded into every order of the tied seats, each 1/k!, PL product per order. */
function bruteLogLikelihood(theta: number[], rows: [Outcome, number][]): number {
  let ll = 0;
  for (const [outcome, count] of rows) {
    let orders: number[][] = [[]];
    for (const group of outcome) orders = orders.flatMap((prefix) => permutations(group).map((p) => [...prefix, ...p]));
    for (const order of orders) {
      let logP = 0;
      for (let t = 0; t < order.length; t++) {
        const rest = order.slice(t).reduce((s, a) => s + Math.exp(theta[a]!), 0);
        logP += theta[order[t]!]! - Math.log(rest);
      }
      ll += (count / orders.length) * logP;
    }
  }
  return ll;
}

describe('Plackett-Luce fit', () => {
  it('matches the Bradley-Terry closed form for two bots, a tie counting half a win each way', () => {
    // b beats a 30 times, a beats b 10 times, 8 ties: theta_b = ln((30 + 4) / (10 + 4)).
    const rows: [Outcome, number][] = [
      [[[1], [0]], 30],
      [[[0], [1]], 10],
      [[[0, 1]], 8],
    ];
    const fit = fitPlackettLuce(data(2, rows), 0, labels);
    expect(fit.theta[0]).toBe(0);
    expect(fit.theta[1]).toBeCloseTo(Math.log(34 / 14), 10);
    // Observed information N p (1 - p) with p = 34/48.
    const p = 34 / 48;
    expect(fit.seFisher[1]).toBeCloseTo(1 / Math.sqrt(48 * p * (1 - p)), 10);
    expect(fit.seFisher[0]).toBe(0);
    expect(fit.logLikelihood).toBeCloseTo(bruteLogLikelihood(fit.theta, rows), 10);
    // Elo scale: 400 points per factor 10 of strength.
    expect(ELO_SCALE * Math.log(10)).toBeCloseTo(400, 12);
  });

  it('clusters by deal: one cluster per game gives the robust (sandwich) standard error of a 2-bot fit', () => {
    // Without ties, games as clusters: sandwich = sum of squared scores / information^2, times C/(C-1).
    const fit = fitPlackettLuce(
      data(
        2,
        [
          [[[1], [0]], 30],
          [[[0], [1]], 10],
        ],
        [...Array(30).fill([[0, 1]]), ...Array(10).fill([[1, 1]])],
      ),
      0,
      labels,
    );
    const p = 0.75; // model probability that b wins, at the MLE
    const meat = 30 * (1 - p) ** 2 + 10 * p ** 2;
    const info = 40 * p * (1 - p);
    expect(fit.se[1]).toBeCloseTo(Math.sqrt(((meat / info ** 2) * 40) / 39), 10);
  });

  it('is the maximum of an independently computed likelihood with ties (3 and 4 seats)', () => {
    const rows: [Outcome, number][] = [
      [[[2], [0], [1]], 5],
      [[[0], [2], [1]], 3],
      [[[1], [0, 2]], 2],
      [[[0, 1, 2]], 1],
      [[[3], [1], [0], [2]], 4],
      [[[2, 3], [0], [1]], 2],
      [[[1], [3], [2, 0]], 3],
      [[[0], [1], [3], [2]], 1],
    ];
    const fit = fitPlackettLuce(data(4, rows), 1, labels);
    expect(fit.theta[1]).toBe(0);
    const best = bruteLogLikelihood(fit.theta, rows);
    expect(fit.logLikelihood).toBeCloseTo(best, 9);
    for (let i = 0; i < 4; i++) {
      if (i === 1) continue;
      for (const h of [-1e-3, 1e-3]) {
        const t = [...fit.theta];
        t[i]! += h;
        expect(bruteLogLikelihood(t, rows)).toBeLessThan(best);
      }
    }
  });

  it('splits a tie exactly as the k! orders of its seats with weight 1/k! each', () => {
    const tied: [Outcome, number][] = [
      [[[0, 1, 2]], 6],
      [[[0], [1], [2]], 2],
      [[[2], [0], [1]], 1],
    ];
    const expanded: [Outcome, number][] = [
      ...permutations([0, 1, 2]).map((o): [Outcome, number] => [o.map((a) => [a]), 1]),
      [[[0], [1], [2]], 2],
      [[[2], [0], [1]], 1],
    ];
    const a = fitPlackettLuce(data(3, tied), 0, labels);
    const b = fitPlackettLuce(data(3, expanded), 0, labels);
    for (let i = 0; i < 3; i++) expect(a.theta[i]).toBeCloseTo(b.theta[i]!, 10);
    expect(a.logLikelihood).toBeCloseTo(b.logLikelihood, 10);
  });

  it('has the same fit for a bot in two seats of a game as its multiset likelihood says', () => {
    // a, a, b at one table: b first in 3 games; b last in 6.
    const rows: [Outcome, number][] = [
      [[[1], [0], [0]], 3],
      [[[0], [0], [1]], 6],
      [[[0], [1], [0]], 2],
    ];
    const fit = fitPlackettLuce(data(2, rows), 0, labels);
    expect(fit.logLikelihood).toBeCloseTo(bruteLogLikelihood(fit.theta, rows), 10);
    const t = fit.theta[1]!;
    for (const h of [-1e-3, 1e-3]) expect(bruteLogLikelihood([0, t + h], rows)).toBeLessThan(fit.logLikelihood);
  });

  it('says when a bot never finished ahead of another (no finite maximum)', () => {
    const d = data(3, [
      [[[0], [1], [2]], 5],
      [[[1], [0], [2]], 5],
    ]);
    expect(whyNoMaximum(d, labels)).toBe('no finite ratings: c never finished ahead of or level with a, b (play more games or drop a bot)');
    expect(() => fitPlackettLuce(d, 0, labels)).toThrow(/c never finished ahead of or level with a, b/);
    // A tie with the others is enough.
    expect(
      whyNoMaximum(
        data(3, [
          [[[0], [1], [2]], 5],
          [[[1], [0], [2]], 5],
          [[[0, 2], [1]], 1],
        ]),
        labels,
      ),
    ).toBeUndefined();
    expect(
      whyNoMaximum(
        data(3, [
          [[[0], [1]], 5],
          [[[1], [0]], 5],
        ]),
        labels,
      ),
    ).toBe('c played no game');
  });

  it('inverts a positive definite matrix', () => {
    const a = Float64Array.from([4, 2, 0.6, 2, 2, 0.5, 0.6, 0.5, 3]);
    const inv = invertSpd(a, 3);
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 3; j++) expect([0, 1, 2].reduce((s, k) => s + a[i * 3 + k]! * inv[k * 3 + j]!, 0)).toBeCloseTo(i === j ? 1 : 0, 12);
    expect(() => invertSpd(Float64Array.from([1, 2, 2, 1]), 2)).toThrow(/positive definite/);
  });

  it('predicts the chance to finish first as w / (sum of w at the table)', () => {
    const p = winProbabilities([0, Math.log(2), Math.log(3)], [0, 1, 2, 1]);
    expect(p).toEqual([1 / 8, 2 / 8, 3 / 8, 2 / 8].map((x) => expect.closeTo(x, 12)));
  });
});

/** One Plackett-Luce game: the lineup's finishing order, winner drawn first. */
function playPL(theta: readonly number[], lineup: readonly number[], random: Random): Outcome {
  const left = [...lineup];
  const out: number[][] = [];
  while (left.length) {
    const w = left.map((a) => Math.exp(theta[a]!));
    let u = random() * w.reduce((s, x) => s + x, 0);
    let i = 0;
    while (i < left.length - 1 && (u -= w[i]!) > 0) i++;
    out.push([left[i]!]);
    left.splice(i, 1);
  }
  return out;
}

/** PLData from a list of deals, each a list of outcomes. */
function fromDeals(n: number, deals: Outcome[][]): PLData {
  const index = new Map<string, number>();
  const d: PLData = { n, outcomes: [], counts: [], clusters: [] };
  for (const deal of deals) {
    const cluster = new Map<number, number>();
    for (const o of deal) {
      const key = JSON.stringify(o);
      let i = index.get(key);
      if (i === undefined) {
        index.set(key, (i = d.outcomes.length));
        d.outcomes.push(o);
        d.counts.push(0);
      }
      d.counts[i]!++;
      cluster.set(i, (cluster.get(i) ?? 0) + 1);
    }
    d.clusters.push([...cluster.entries()]);
  }
  return d;
}

describe('Plackett-Luce intervals (seeded repeated samples)', () => {
  const truth = [0, 0.4, -0.3, 0.9];
  const tables = [
    [0, 1, 2],
    [0, 1, 3],
    [0, 2, 3],
    [1, 2, 3],
    [0, 1, 2, 3],
  ];
  const coverage = (replicates: number, deals: number, repeatChance: number, seed: string) => {
    const random = makeRandom(seed);
    let inside = 0;
    let insideFisher = 0;
    let checks = 0;
    for (let r = 0; r < replicates; r++) {
      const sample: Outcome[][] = [];
      for (let k = 0; k < deals; k++) {
        // repeatChance > 0: each table's game is played twice and the second copies the first with
        // that chance, so the games of a deal are positively correlated, as on duplicate deals.
        sample.push(
          tables.flatMap((t) => {
            const first = playPL(truth, t, random);
            return [first, random() < repeatChance ? first : playPL(truth, t, random)];
          }),
        );
      }
      const fit = fitPlackettLuce(fromDeals(4, sample), 0, labels);
      for (let i = 1; i < 4; i++) {
        checks++;
        if (Math.abs(fit.theta[i]! - truth[i]!) <= 1.96 * fit.se[i]!) inside++;
        if (Math.abs(fit.theta[i]! - truth[i]!) <= 1.96 * fit.seFisher[i]!) insideFisher++;
      }
    }
    return { clustered: inside / checks, fisher: insideFisher / checks };
  };

  it('recovers known strengths within 95% intervals about 95% of the time (independent games)', () => {
    // 300 replicates x 3 bots = 900 checks: binomial sd of the coverage 0.007.
    const c = coverage(300, 40, 0, 'pl-coverage');
    expect(c.clustered).toBeGreaterThan(0.925);
    expect(c.clustered).toBeLessThan(0.975);
    expect(c.fisher).toBeGreaterThan(0.925);
    expect(c.fisher).toBeLessThan(0.975);
  });

  it('keeps 95% coverage with deal-clustered intervals when games of a deal are correlated (Fisher does not)', () => {
    const c = coverage(300, 40, 0.6, 'pl-clustered');
    expect(c.clustered).toBeGreaterThan(0.925);
    expect(c.clustered).toBeLessThan(0.975);
    expect(c.fisher).toBeLessThan(0.9);
  });
});
