import { describe, expect, it } from 'vitest';
import { Observation } from '../observation.js';
import { makeRules } from '../rules.js';
import { GameState, OVER } from '../state.js';
import { CardCosts } from './card-costs.js';
import { HeuristicAgent } from './heuristic.js';
import { MC_FEATURES, MC_WEIGHTS, McModel } from './mc-model.js';

describe("the search's model of mc", () => {
  it("gives every hand card a probability, summing to 1, whose logits are the weights' product with the features", () => {
    const rules = makeRules({ players: 4 });
    const costs = new CardCosts();
    costs.prepare(rules);
    const model = new McModel(costs);
    model.prepare(rules);
    const bot = new HeuristicAgent({ lowPenalty: 1, caution: 3, dump: 1, draft: 'high' });
    bot.prepare(rules);
    const s = new GameState(rules, false);
    const views = Array.from({ length: 4 }, (_, p) => new Observation(s, p));
    const x = new Float64Array(10 * MC_FEATURES);
    const z = new Float64Array(10);
    const p = new Float64Array(10);
    let checked = 0;
    let spread = 0;
    for (let g = 0; g < 10; g++) {
      s.newGame({ hi: g, lo: 27 });
      while (s.phase !== OVER) {
        for (let seat = 0; seat < 4; seat++) {
          const hand = s.handOf(seat);
          const n = hand.length;
          model.features(hand, 0, n, s.rowEnd, s.rowLen, s.rowBull, x);
          model.logitsInto(hand, 0, n, s.rowEnd, s.rowLen, s.rowBull, z);
          model.probabilities(hand, 0, n, s.rowEnd, s.rowLen, s.rowBull, p);
          let sum = 0;
          for (let i = 0; i < n; i++) {
            let dot = 0;
            for (let j = 0; j < MC_FEATURES; j++) dot += MC_WEIGHTS[j]! * x[i * MC_FEATURES + j]!;
            expect(z[i]).toBeCloseTo(dot, 10);
            expect(p[i]).toBeGreaterThan(0);
            sum += p[i]!;
          }
          expect(sum).toBeCloseTo(1, 12);
          // The draw: u below the first card's probability gives the first card, u near 1 the last.
          expect(model.indexOf(hand, 0, n, s.rowEnd, s.rowLen, s.rowBull, p[0]! / 2)).toBe(0);
          expect(model.indexOf(hand, 0, n, s.rowEnd, s.rowLen, s.rowBull, 1 - 1e-12)).toBe(n - 1);
          if (n > 1 && Math.max(...p.subarray(0, n)) - Math.min(...p.subarray(0, n)) > 0.1) spread++;
          checked++;
          s.choose(seat, bot.decide(views[seat]!));
        }
        s.reveal();
        while (!s.resolve()) s.chooseRow(bot.decide(views[s.rowSeat]!));
        s.endTurn();
      }
    }
    expect(checked).toBeGreaterThan(1000);
    // The pinned weights are not uniform: the model tells cards apart.
    expect(spread).toBeGreaterThan(checked / 2);
  });
});
