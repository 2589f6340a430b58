import { describe, expect, it } from 'vitest';
import { makeRandom, type Random } from '../game/seed.js';
import { FlatSearch, winShareUtility, type SearchBudget, type SearchDomain } from './flat.js';
import { OnlineLogit } from './online-logit.js';
import { PolicyPosterior } from './posterior.js';

/**
 * A synthetic game: seat 0 picks candidate c, which wins with probability p[c] (the other seat
 * wins otherwise); candidate c's win is drawn from the sample's shared uniform, so candidates share
 * their luck as common random numbers do in a real game.
 */
class CoinDomain implements SearchDomain {
  readonly players = 2;
  playouts = 0;
  private u = 0;
  private scores = [0, 0];
  constructor(private readonly p: number[]) {}
  sample(random: Random): void {
    this.u = random();
  }
  playout(c: number): void {
    this.playouts++;
    const win = this.u < this.p[c]!;
    this.scores = win ? [1, 2] : [2, 1];
  }
  score(seat: number): number {
    return this.scores[seat]!;
  }
}

const budget = (over: Partial<SearchBudget> = {}): SearchBudget => ({ samples: 2000, batch: 50, minSamples: 100, z: 2.5, marginWeight: 0, ...over });

describe('the flat search', () => {
  it('finds the candidate that wins most often', () => {
    const search = new FlatSearch(8, 5000);
    const d = new CoinDomain([0.3, 0.5, 0.7, 0.6]);
    expect(search.run(d, 4, 0, makeRandom('coins'), budget())).toBe(2);
  });

  it('prunes clearly worse candidates early and spends the whole budget on a tie', () => {
    const search = new FlatSearch(8, 5000);
    const clear = new CoinDomain([0.1, 0.9]);
    search.run(clear, 2, 0, makeRandom('clear'), budget());
    expect(search.lastSamples).toBe(100); // decided at the first check
    const tie = new CoinDomain([0.5, 0.5]);
    expect(search.run(tie, 2, 0, makeRandom('tie'), budget())).toBe(0); // ties go to the lower index
    expect(search.lastSamples).toBe(2000);
    expect(tie.playouts).toBe(4000);
    const never = new CoinDomain([0.1, 0.9]);
    search.run(never, 2, 0, makeRandom('clear'), budget({ z: 0 }));
    expect(never.playouts).toBe(4000);
  });

  it('with an indifference zone, stops drawing samples for candidates that are clearly close to the leader', () => {
    const search = new FlatSearch(8, 5000);
    // Two equal candidates: the plain rule plays the whole budget, a zone of 0.2 win share drops
    // one once the paired difference is known to within 0.2 (the tie goes to the lower index).
    const tie = new CoinDomain([0.5, 0.5]);
    expect(search.run(tie, 2, 0, makeRandom('zone'), budget({ indifference: 0.2 }))).toBe(0);
    expect(search.lastSamples).toBeLessThan(2000);
    // A clearly better candidate is never dropped for being close.
    const apart = new CoinDomain([0.3, 0.7]);
    expect(search.run(apart, 2, 0, makeRandom('zone'), budget({ indifference: 0.05 }))).toBe(1);
  });

  it('with root moves (groups), stops once the live candidates all begin with the same move', () => {
    const search = new FlatSearch(8, 5000);
    // Candidates 1 and 2 are two plans of one move, equal: without groups they are never told apart
    // and the whole budget goes; with groups the decision is made when candidate 0 is out.
    const plans = new CoinDomain([0.1, 0.9, 0.9]);
    expect(search.run(plans, 3, 0, makeRandom('plans'), budget())).toBe(1);
    expect(search.lastSamples).toBe(2000);
    expect(search.run(plans, 3, 0, makeRandom('plans'), budget({ groups: [0, 1, 1] }))).toBe(1);
    expect(search.lastSamples).toBe(100);
    // While candidates of both moves are alive it goes on: here 0 and 2 tie, so the whole budget.
    const open = new CoinDomain([0.5, 0.1, 0.5]);
    search.run(open, 3, 0, makeRandom('open'), budget({ groups: [0, 1, 1] }));
    expect(search.lastSamples).toBe(2000);
  });

  it('decides the same for the same stream', () => {
    const run = (): number[] => {
      const search = new FlatSearch(8, 5000);
      const random = makeRandom('same');
      return Array.from({ length: 20 }, () => search.run(new CoinDomain([0.5, 0.52, 0.48]), 3, 0, random, budget({ samples: 300 })));
    };
    expect(run()).toEqual(run());
  });

  it('scores a playout as the win share (ties split) plus the weighted margin', () => {
    const d = {
      players: 3,
      scores: [10, 10, 14],
      sample() {},
      playout() {},
      score(s: number) {
        return this.scores[s]!;
      },
    };
    expect(winShareUtility(d, 0, 0)).toBe(0.5);
    expect(winShareUtility(d, 2, 0)).toBe(0);
    expect(winShareUtility(d, 2, 0.01)).toBeCloseTo(-0.04);
    d.scores = [5, 10, 14];
    expect(winShareUtility(d, 0, 0.01)).toBeCloseTo(1.05);
  });
});

describe('the policy posterior', () => {
  it('moves toward the model that explains the moves, never all the way', () => {
    const post = new PolicyPosterior(2, 3, 0.1);
    for (let i = 0; i < 30; i++) {
      post.observe(1, 0, true);
      post.observe(1, 1, i % 3 !== 0); // wrong a third of the time
      post.observeProbability(1, 2, 0.5); // a coin
    }
    post.prepare(1);
    expect(post.weight(1, 0)).toBeGreaterThan(0.99);
    expect(post.weight(1, 0)).toBeLessThan(1);
    expect(post.weight(1, 1) + post.weight(1, 2)).toBeGreaterThan(0);
    post.prepare(0); // a seat with no moves: the uniform prior
    for (let m = 0; m < 3; m++) expect(post.weight(0, m)).toBeCloseTo(1 / 3);
  });

  it('keeps a model that missed once alive: one surprise costs a factor epsilon / (1 - epsilon)', () => {
    const post = new PolicyPosterior(1, 2, 0.2);
    post.observe(0, 0, true);
    post.observe(0, 1, false);
    post.prepare(0);
    expect(post.weight(0, 1) / post.weight(0, 0)).toBeCloseTo(0.2 / 0.8);
  });

  it('starts every game from its prior: the prior times the likelihood, renormalised', () => {
    const post = new PolicyPosterior(2, 3, 0.2);
    post.setPrior([Math.log(0.5), Math.log(0.25), Math.log(0.25)]);
    post.reset();
    post.prepare(1);
    expect([0, 1, 2].map((m) => post.weight(1, m))).toEqual([0.5, 0.25, 0.25]);
    post.observe(1, 0, false); // 0.5 * 0.2 : 0.25 * 0.8 : 0.25 * 0.8 = 1 : 2 : 2
    post.observe(1, 1, true);
    post.observe(1, 2, true);
    post.prepare(1);
    expect(post.weight(1, 0)).toBeCloseTo(0.2);
    expect(post.weight(1, 1)).toBeCloseTo(0.4);
    post.reset(); // a new game: back to the prior, for every seat
    post.prepare(1);
    expect(post.weight(1, 0)).toBeCloseTo(0.5);
  });

  it('draws models in proportion to their weights', () => {
    const post = new PolicyPosterior(1, 2, 0.2);
    post.observe(0, 0, true);
    post.observe(0, 1, false);
    post.prepare(0);
    const random = makeRandom('draw');
    let first = 0;
    for (let i = 0; i < 10000; i++) if (post.draw(0, random()) === 0) first++;
    expect(first / 10000).toBeCloseTo(0.8, 1);
    post.reset();
    post.prepare(0);
    expect(post.weight(0, 0)).toBeCloseTo(0.5);
  });
});

describe('the online logistic opponent model', () => {
  /** A synthetic opponent: says yes with probability sigmoid(truth . x), x = [1, a, b], a and b uniform in [-2, 2]. */
  const play = (fit: OnlineLogit, seat: number, truth: number[], n: number, seed: string): void => {
    const random = makeRandom(seed);
    const x = new Float64Array(3);
    for (let i = 0; i < n; i++) {
      x[0] = 1;
      x[1] = random() * 4 - 2;
      x[2] = random() * 4 - 2;
      const p = 1 / (1 + Math.exp(-(truth[0]! + truth[1]! * x[1] + truth[2]! * x[2])));
      fit.add(seat, x, random() < p);
    }
  };

  it('recovers a known opponent from its decisions, each seat on its own', () => {
    const fit = new OnlineLogit(2, 3, 2000, 0.1);
    fit.reset([0, 0, 0]);
    play(fit, 1, [0.5, -2, 1], 2000, 'logit');
    const w = Array.from(fit.weights.subarray(3, 6));
    expect(w[0]).toBeCloseTo(0.5, 0); // standard errors about 0.1
    expect(w[1]).toBeCloseTo(-2, 0);
    expect(w[2]).toBeCloseTo(1, 0);
    expect(Array.from(fit.weights.subarray(0, 3))).toEqual([0, 0, 0]); // seat 0 saw nothing
    expect(fit.predict(1, [1, 1, 0])).toBeLessThan(0.3); // sigmoid(-1.5) = 0.18
    fit.reset([0, 0, 0]);
    expect(fit.count(1)).toBe(0);
    expect(Array.from(fit.weights.subarray(3, 6))).toEqual([0, 0, 0]);
  });

  it('is the penalised maximum-likelihood fit: the gradient vanishes at its weights', () => {
    const fit = new OnlineLogit(1, 3, 64, 2, 6);
    const prior = [0.3, -0.2, 0.1];
    fit.reset(prior);
    play(fit, 0, [1, 1, -1], 40, 'map');
    // Recompute the gradient of sum log p(y | x) - ridge/2 |w - prior|^2 from the same draws.
    const random = makeRandom('map');
    const w = fit.weights;
    const g = [0, 0, 0];
    for (let i = 0; i < 40; i++) {
      const x = [1, random() * 4 - 2, random() * 4 - 2];
      const p = 1 / (1 + Math.exp(-(1 + x[1]! - x[2]!)));
      const y = random() < p ? 1 : 0;
      const q = 1 / (1 + Math.exp(-(w[0]! * x[0]! + w[1]! * x[1]! + w[2]! * x[2]!)));
      for (let j = 0; j < 3; j++) g[j]! += (y - q) * x[j]!;
    }
    for (let j = 0; j < 3; j++) expect(g[j]! - 2 * (w[j]! - prior[j]!)).toBeCloseTo(0, 6);
  });

  it('stays at its prior with a strong ridge and stops recording at capacity', () => {
    const fit = new OnlineLogit(1, 3, 10, 1e6);
    fit.reset([0.2, 0, 0]);
    play(fit, 0, [3, 3, 3], 50, 'ridge');
    expect(fit.count(0)).toBe(10);
    expect(fit.weights[0]).toBeCloseTo(0.2, 3);
    expect(() => new OnlineLogit(1, 3, 10, 0)).toThrow(RangeError);
  });
});
