import { describe, expect, it } from 'vitest';
import { isCustom, makeRules, officialChips } from './rules.js';

describe('rules', () => {
  it('deals the rulebook chip table: 11 for 3-5 players, 9 for 6, 7 for 7', () => {
    expect([3, 4, 5, 6, 7].map((p) => makeRules({ players: p }).startChips)).toEqual([11, 11, 11, 9, 7]);
    expect(officialChips(2)).toBeUndefined();
  });

  it('defaults to the 2024 base game: cards 3..35 with 9 removed unseen', () => {
    expect(makeRules({ players: 4 })).toEqual({
      players: 4,
      startChips: 11,
      removed: 9,
      minCard: 3,
      maxCard: 35,
      openChips: false,
      knownRemoved: false,
    });
  });

  it('needs an explicit chip count for 2 players and marks it custom', () => {
    expect(() => makeRules({ players: 2 })).toThrow(/2 players is outside the official rules/);
    const two = makeRules({ players: 2, startChips: 11 });
    expect(isCustom(two)).toBe(true);
    expect(isCustom(makeRules({ players: 4 }))).toBe(false);
    expect(isCustom(makeRules({ players: 4, startChips: 9 }))).toBe(true);
  });

  it.each([
    [{ players: 8 }, /players must be an integer from 2 to 7, got 8/],
    [{ players: 1 }, /players must be an integer from 2 to 7, got 1/],
    [{ players: 4, startChips: -1 }, /startChips must be an integer from 0 to 1000, got -1/],
    [{ players: 4, removed: 40 }, /removed must be an integer from 0 to 32, got 40/],
    [{ players: 4, maxCard: 80 }, /maxCard must be an integer from 3 to 66/],
    [{ players: 4, colour: 'red' } as never, /unknown rule setting "colour"/],
  ])('rejects %j with a clear message', (input, message) => {
    expect(() => makeRules(input)).toThrow(message);
  });
});

describe('newState', () => {
  it('refuses rules not made by makeRules in one line (before, { players: 3 } made deal() loop forever)', async () => {
    const { default: game } = await import('./manifest.js');
    const { UserError } = await import('../../errors.js');
    const { hashString } = await import('../../game/seed.js');
    const partial = { players: 3 } as Parameters<typeof game.newState>[0];
    expect(() => game.newState(partial)).toThrow(UserError);
    expect(() => game.newState(partial)).toThrow(/^[^\n]*newState was given rules without .*makeRules\(/);
    expect(() => game.newState({ ...game.makeRules({ players: 3 }), players: 99 })).toThrow(/players an integer from/);
    // Rules made by makeRules deal as before.
    const state = game.newState(game.makeRules({ players: 3 }));
    state.deal(hashString('made'));
    expect(state.isOver()).toBe(false);
  });
});
