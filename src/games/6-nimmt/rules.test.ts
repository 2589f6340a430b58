import { describe, expect, it } from 'vitest';
import { BULLHEADS, bullheads, deckBullheads, isCustom, makeRules, recordRules, rulesFromRecord, scoreRange } from './rules.js';

describe('bullheads', () => {
  it('follow the cards: 55 has 7, multiples of 11 have 5, of 10 have 3, of 5 have 2, the rest 1', () => {
    expect(bullheads(55)).toBe(7);
    expect(bullheads(11)).toBe(5);
    expect(bullheads(99)).toBe(5);
    expect(bullheads(10)).toBe(3);
    expect(bullheads(100)).toBe(3);
    expect(bullheads(5)).toBe(2);
    expect(bullheads(95)).toBe(2);
    expect(bullheads(1)).toBe(1);
    expect(bullheads(104)).toBe(1);
    expect(BULLHEADS[55]).toBe(7);
  });

  it('add up to 171 over the 104 cards', () => {
    let sum = 0;
    for (let c = 1; c <= 104; c++) sum += bullheads(c);
    expect(sum).toBe(171);
    expect(deckBullheads(makeRules({ players: 4 }))).toBe(171);
  });
});

describe('rules', () => {
  it('defaults to AMIGO 04910: cards 1..104, hands of 10, rows of 5, to 66', () => {
    const r = makeRules({ players: 4 });
    expect(r).toEqual({ players: 4, variant: 'base', maxCard: 104, handSize: 10, rowLimit: 5, endScore: 66, maxRounds: 1000 });
    expect(isCustom(r)).toBe(false);
    expect(recordRules(r)).toEqual({ variant: 'base', maxCard: 104, handSize: 10, rowLimit: 5, endScore: 66, custom: false });
  });

  it('derives the pro deck: handSize x players + 4 (24 for two), official, not custom', () => {
    const r = makeRules({ players: 2, variant: 'pro' });
    expect(r.maxCard).toBe(24);
    expect(isCustom(r)).toBe(false);
    expect(makeRules({ players: 5, variant: 'pro' }).maxCard).toBe(54);
    expect(makeRules({ players: 2, variant: 'pro', maxCard: 24 }).maxCard).toBe(24);
    expect(makeRules({ players: 2, variant: 'pro', handSize: 8 }).maxCard).toBe(20);
  });

  it('marks any departure as custom, and carries maxRounds in records only when it is not the default', () => {
    expect(isCustom(makeRules({ players: 4, rowLimit: 4 }))).toBe(true);
    expect(isCustom(makeRules({ players: 4, maxCard: 90 }))).toBe(true);
    expect(recordRules(makeRules({ players: 4, maxRounds: 1 }))).toMatchObject({ maxRounds: 1, custom: true });
  });

  it('round-trips through a record', () => {
    for (const input of [{ players: 3 }, { players: 2, variant: 'pro' as const }, { players: 6, handSize: 7, rowLimit: 3, endScore: 40, maxRounds: 5 }]) {
      const r = makeRules(input);
      expect(rulesFromRecord(r.players, recordRules(r))).toEqual(r);
    }
  });

  it('rejects bad settings with one clear line each', () => {
    expect(() => makeRules({ players: 11 })).toThrow(/^players must be an integer from 2 to 10, got 11$/);
    expect(() => makeRules({ players: 1 })).toThrow('players must be an integer from 2 to 10, got 1');
    expect(() => makeRules({ players: 2.5 })).toThrow('players must be an integer from 2 to 10, got 2.5');
    expect(() => makeRules({ players: 10, handSize: 11 })).toThrow(/^handSize x players \+ 4 rows = 114 cards, but the deck has only 104 \(maxCard\)$/);
    expect(() => makeRules({ players: 4, maxCard: 40 })).toThrow('handSize x players + 4 rows = 44 cards, but the deck has only 40 (maxCard)');
    expect(() => makeRules({ players: 4, variant: 'open' as never })).toThrow('variant must be "base" or "pro", got "open"');
    expect(() => makeRules({ players: 2, variant: 'pro', maxCard: 104 })).toThrow(
      'the pro variant plays the cards 1..handSize x players + 4 = 24: leave maxCard out (got 104)',
    );
    expect(() => makeRules({ players: 4, rowLimit: 0 })).toThrow('rowLimit must be an integer from 1 to 100, got 0');
    expect(() => makeRules({ players: 4, handSize: 0 })).toThrow('handSize must be an integer from 1 to 100, got 0');
    expect(() => makeRules({ players: 4, endScore: -5 })).toThrow('endScore must be an integer from 1 to 100000, got -5');
    expect(() => makeRules({ players: 4, maxCard: 300 })).toThrow('maxCard must be an integer from 1 to 255, got 300');
    expect(() => makeRules({ players: 4, startChips: 3 } as never)).toThrow(/^unknown rule setting "startChips"/);
  });

  it('bounds the score: below the end score before the last round, plus at most the whole deck in it', () => {
    expect(scoreRange(makeRules({ players: 4 }))).toEqual([0, 65 + 171]);
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
