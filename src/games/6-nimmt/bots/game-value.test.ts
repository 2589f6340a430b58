import { describe, expect, it } from 'vitest';
import { Sfc32 } from '../../../game/seed.js';
import { Observation } from '../observation.js';
import { makeRules } from '../rules.js';
import { GameState, OVER } from '../state.js';
import { GameValue, roundTakings } from './game-value.js';
import { HeuristicAgent } from './heuristic.js';

const heuristicDefaults = { lowPenalty: 1, caution: 3, dump: 1, draft: 'high' };

/** Draws from a law of takings by its cumulative sums. */
function drawer(law: ArrayLike<number>, rng: Sfc32): () => number {
  const cdf: number[] = [];
  let c = 0;
  for (let i = 0; i < law.length; i++) cdf.push((c += law[i]!));
  return () => {
    const u = rng.next() * c;
    let i = 0;
    while (i < cdf.length - 1 && cdf[i]! <= u) i++;
    return i;
  };
}

/** Win shares of every seat from these totals, the rounds drawn independently from `law`. */
function simulateModel(law: ArrayLike<number>, totals: number[], games: number): number[] {
  const rng = new Sfc32();
  rng.reset({ hi: 27, lo: totals.reduce((a, b) => a * 67 + b, 0) });
  const draw = drawer(law, rng);
  const wins = totals.map(() => 0);
  for (let g = 0; g < games; g++) {
    const t = totals.slice();
    while (Math.max(...t) < 66) for (let p = 0; p < t.length; p++) t[p]! += draw();
    const low = Math.min(...t);
    const tied = t.filter((x) => x === low).length;
    t.forEach((x, p) => {
      if (x === low) wins[p]! += 1 / tied;
    });
  }
  return wins.map((w) => w / games);
}

describe('the chance to win the game from the totals at a round end', () => {
  const value = new GameValue(4, 66, roundTakings(4));

  it('gives the same values, bit for bit, with the 4-player products unrolled as with the loops', () => {
    const rng = new Sfc32();
    rng.reset({ hi: 29, lo: 4 });
    for (const spread of [1, 0.5, 3]) {
      const law = roundTakings(4, spread);
      // A fresh pair per law (values are remembered by totals: each pair computes every one).
      const unrolled = new GameValue(4, 66, law);
      const loops = new GameValue(4, 66, law, false);
      let differ = 0;
      for (let i = 0; i < 3000; i++) {
        const totals = [0, 0, 0, 0].map(() => Math.floor(rng.next() * rng.next() * 70));
        const me = i % 4;
        if (unrolled.value(totals, me) !== loops.value(totals, me)) differ++;
      }
      expect(differ).toBe(0);
    }
  });

  it('is the win share once someone has reached the end, and shares out to 1 before', () => {
    expect(value.value([66, 20, 20, 30], 1)).toBe(0.5);
    expect(value.value([66, 20, 20, 30], 0)).toBe(0);
    expect(value.value([70, 80, 19, 66], 2)).toBe(1);
    for (const totals of [
      [0, 0, 0, 0],
      [10, 20, 30, 40],
      [50, 55, 60, 65],
      [30, 20, 20, 20],
      [64, 65, 65, 30],
    ]) {
      let sum = 0;
      for (let p = 0; p < 4; p++) sum += value.value(totals, p);
      expect(Math.abs(sum - 1)).toBeLessThan(1e-3);
    }
    // Equal totals, equal chances; the others' order does not matter, nor what was asked before.
    expect(value.value([40, 40, 40, 40], 2)).toBeCloseTo(value.value([40, 40, 40, 40], 0), 12);
    const a = value.value([35, 10, 50, 20], 0);
    expect(value.value([50, 20, 35, 10], 2)).toBe(a);
    expect(new GameValue(4, 66, roundTakings(4)).value([35, 10, 50, 20], 0)).toBe(a);
    // A lead is worth more the nearer the end: 10 bullheads ahead at 0-10 and at 50-60.
    expect(value.value([50, 60, 60, 60], 0)).toBeGreaterThan(value.value([0, 10, 10, 10], 0) + 0.1);
  });

  it('agrees with playing the model out (rounds drawn independently from the law)', () => {
    const law = roundTakings(4);
    for (const totals of [
      [10, 20, 30, 40],
      [60, 50, 50, 50],
      [5, 0, 0, 0],
    ]) {
      const sim = simulateModel(law, totals, 20000);
      // Standard error at most 0.0035 a seat: 0.015 is over 4 of them.
      for (let p = 0; p < 4; p++) expect(Math.abs(value.value(totals, p) - sim[p]!)).toBeLessThan(0.015);
    }
  });

  it('predicts the wins of real games of heuristic bots from fixed totals, its law measured from their rounds', () => {
    const rules = makeRules({ players: 4 });
    const s = new GameState(rules, false);
    const views = [0, 1, 2, 3].map((p) => new Observation(s, p));
    const bot = new HeuristicAgent(heuristicDefaults);
    bot.prepare(rules);
    /** Plays game `seed` from `totals` to its end; adds each seat's win share and each round's takings. */
    const play = (seed: number, totals: number[], wins: number[], takings: number[]): void => {
      s.newGame({ hi: seed, lo: 5 });
      totals.forEach((t, p) => (s.total[p] = t));
      let round = s.round;
      let before = Array.from(s.total);
      while (s.phase !== OVER) {
        for (let p = 0; p < 4; p++) s.choose(p, bot.decide(views[p]!));
        s.reveal();
        while (!s.resolve()) s.chooseRow(bot.decide(views[s.rowSeat]!));
        s.endTurn();
        if (s.round !== round) {
          for (let p = 0; p < 4; p++) takings[s.total[p]! - before[p]!] = (takings[s.total[p]! - before[p]!] ?? 0) + 1;
          before = Array.from(s.total);
          round = s.round;
        }
      }
      const low = Math.min(...s.total);
      const tied = s.total.filter((x) => x === low).length;
      for (let p = 0; p < 4; p++) if (s.total[p] === low) wins[p]! += 1 / tied;
    };
    const takings: number[] = [];
    for (let g = 0; g < 300; g++) play(g, [0, 0, 0, 0], [0, 0, 0, 0], takings);
    const law = Float64Array.from(takings, (c) => c ?? 0);
    const model = new GameValue(4, 66, law);
    const games = 600;
    for (const totals of [
      [20, 35, 35, 50],
      [45, 40, 55, 30],
    ]) {
      const wins = [0, 0, 0, 0];
      for (let g = 0; g < games; g++) play(1000 + g, totals, wins, []);
      for (let p = 0; p < 4; p++) {
        const predicted = model.value(totals, p);
        const se = Math.sqrt((predicted * (1 - predicted)) / games);
        // Within 4 standard errors, plus 0.03 for what the model leaves out (seats' takings in a
        // round are negatively correlated, the heuristic plays differently when the rows differ).
        expect(Math.abs(wins[p]! / games - predicted)).toBeLessThan(4 * se + 0.03);
      }
    }
  });
});
