import { describe, expect, it } from 'vitest';
import { makeRandom, type Random } from '../game/seed.js';
import { FlatSearch, type SearchBudget, type SearchDomain, winShareUtility } from './flat.js';
import { softminShare } from './softmin-share.js';

/** Candidate c wins when the sample's shared uniform is below p[c]; scores as flat.ts reads them. */
class Scored implements SearchDomain {
  readonly players = 2;
  playouts = 0;
  private u = 0;
  private win = false;
  constructor(private readonly p: number[]) {}
  sample(random: Random): void {
    this.u = random();
  }
  playout(c: number): void {
    this.playouts++;
    this.win = this.u < this.p[c]!;
  }
  score(seat: number): number {
    return (seat === 0) === this.win ? 1 : 2;
  }
}

/** The same coins, valued by the domain itself (as 6 nimmt!'s search does), here by the win share. */
class Coins extends Scored {
  utility(me: number): number {
    return winShareUtility(this, me, 0);
  }
}

/** Coins whose domain values losing: the search must follow the domain's utility, not the scores. */
class Inverted extends Scored {
  utility(me: number): number {
    return 1 - winShareUtility(this, me, 0);
  }
}

const budget = (over: Partial<SearchBudget> = {}): SearchBudget => ({ samples: 2000, batch: 50, minSamples: 100, z: 2.5, marginWeight: 0, ...over });

describe('the flat search with a domain-given utility', () => {
  it('with the win share as utility, decides and prunes exactly as the flat search does', () => {
    for (const p of [
      [0.3, 0.5, 0.7, 0.6],
      [0.5, 0.5],
      [0.1, 0.9],
      [0.48, 0.52, 0.5],
    ]) {
      const a = new Coins(p);
      const b = new Scored(p);
      const valued = new FlatSearch(8, 5000);
      const flat = new FlatSearch(8, 5000);
      const ra = makeRandom(`same ${p}`);
      const rb = makeRandom(`same ${p}`);
      for (let k = 0; k < 5; k++) {
        expect(valued.run(a, p.length, 0, ra, budget())).toBe(flat.run(b, p.length, 0, rb, budget()));
        expect(valued.lastSamples).toBe(flat.lastSamples);
      }
      expect(a.playouts).toBe(b.playouts);
    }
  });

  it('finds the best candidate and stops early when it is clear', () => {
    const search = new FlatSearch(8, 5000);
    expect(search.run(new Coins([0.3, 0.5, 0.7, 0.6]), 4, 0, makeRandom('coins'), budget())).toBe(2);
    expect(search.run(new Inverted([0.3, 0.5, 0.7, 0.6]), 4, 0, makeRandom('coins'), budget())).toBe(0);
    search.run(new Coins([0.1, 0.9]), 2, 0, makeRandom('clear'), budget());
    expect(search.lastSamples).toBe(100);
    expect(search.mean(1)).toBeCloseTo(0.9, 1);
  });
});

describe('softminShare', () => {
  it('is the win share (ties split) once nothing can change, and even odds when anything can', () => {
    expect(softminShare([10, 12, 10], 3, 0, 0)).toBe(0.5);
    expect(softminShare([10, 12, 10], 3, 1, 0)).toBe(0);
    expect(softminShare([10, 12, 9], 3, 2, 0)).toBe(1);
    expect(softminShare([10, 40, 25], 3, 1, 1e9)).toBeCloseTo(1 / 3, 6);
    let sum = 0;
    for (let p = 0; p < 3; p++) sum += softminShare([10, 40, 25], 3, p, 7);
    expect(sum).toBeCloseTo(1, 12);
    expect(softminShare([10, 40, 25], 3, 0, 7)).toBeGreaterThan(softminShare([10, 40, 25], 3, 2, 7));
  });

  it('is the chance of the lowest total when a Gumbel draw of that scale is taken off each total', () => {
    const totals = [20, 24, 31, 22];
    const beta = 6;
    const random = makeRandom('gumbel');
    const wins = [0, 0, 0, 0];
    const n = 200000;
    for (let k = 0; k < n; k++) {
      let best = 0;
      let low = Infinity;
      for (let p = 0; p < 4; p++) {
        // Total minus a Gumbel(0, beta) draw G = -beta log(-log U): the argmin's law is the softmin.
        const x = totals[p]! + beta * Math.log(-Math.log(random()));
        if (x < low) {
          low = x;
          best = p;
        }
      }
      wins[best]!++;
    }
    for (let p = 0; p < 4; p++) expect(wins[p]! / n).toBeCloseTo(softminShare(totals, 4, p, beta), 2);
  });
});
