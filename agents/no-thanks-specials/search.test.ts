import { describe, expect, it } from 'vitest';
import { SeatView, SpecialsForwardModel } from '../../src/games/no-thanks-specials/kit.js';
import { makeRules } from '../../src/games/no-thanks-specials/rules.js';
import { SeatPolicies, tunedPolicy, ValuePolicy } from './search.js';
import { VALUE_PARAMS, type ValueParams } from './value.js';

const defaults = Object.fromEntries(Object.entries(VALUE_PARAMS).map(([k, spec]) => [k, spec.default])) as ValueParams;

describe("the special-card search's playout policies", () => {
  it("play value's defaults in every seat unless told otherwise, and the tuned setting only where asked", () => {
    const rules = makeRules({ players: 4 });
    const s = new SpecialsForwardModel(rules);
    const views = Array.from({ length: 4 }, (_, p) => new SeatView(s, p));
    const plain = new ValuePolicy();
    plain.views = views;
    const same = new SeatPolicies(defaults, defaults);
    same.views = views;
    const own = new SeatPolicies(tunedPolicy, defaults);
    own.views = views;
    own.me = 2;
    const seats = new Int32Array(8);
    let decisions = 0;
    let ownDiffers = 0;
    for (let g = 0; g < 40; g++) {
      s.deal({ hi: g, lo: 5 });
      while (!s.isOver()) {
        const n = s.actingSeats(seats);
        expect(n).toBe(1);
        const seat = seats[0]!;
        const a = plain.act(s, seat);
        same.me = seat;
        expect(same.act(s, seat)).toBe(a);
        const b = own.act(s, seat);
        if (seat !== 2) expect(b).toBe(a);
        else if (b !== a) ownDiffers++;
        decisions++;
        s.apply(seat, a);
      }
    }
    expect(decisions).toBeGreaterThan(2000);
    // The tuned setting is a different player: its own seat answers otherwise now and then.
    expect(ownDiffers).toBeGreaterThan(10);
  });
});
