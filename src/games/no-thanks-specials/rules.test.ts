import { describe, expect, it } from 'vitest';
import { dealKeyInto, makeRandom, masterKey } from '../../game/seed.js';
import { deal as baseDeal } from '../no-thanks/deal.js';
import { makeRules as makeBaseRules } from '../no-thanks/rules.js';
import { CODE, FORTY_VALUE, isSpecial, kindIndex } from './cards.js';
import { Observation } from './observation.js';
import { makeRecord } from './record.js';
import { replayRecord } from './replay.js';
import { makeRules, parseSpecials, recordRules, STANDARD, type RulesInput } from './rules.js';
import { BID, CHOOSE, DECLINE, PASS, PHASE_BID, PHASE_GIVE, PHASE_REMOVE, PHASE_TAKE, SIT_OUT, SpecialsState, TAKE } from './state.js';

const K = (code: number): number => code - 100;

/** A state with a hand-made deck (first card first) and set-aside cards; seat 0 starts. */
function table(deck: number[], opts: Partial<RulesInput> & { setAside?: number[] } = {}): SpecialsState {
  const { setAside = [], ...rest } = opts;
  const s = new SpecialsState(makeRules({ players: 3, removed: setAside.length, specials: 'none', ...rest }));
  s.cards.set([...setAside, ...deck]);
  s.begin(0, setAside.length + deck.length);
  return s;
}

/** A seat holding these number cards and specials, for scoring. */
function holding(numbers: number[], specials: number[] = [], chips = 0, input: Partial<RulesInput> = {}): SpecialsState {
  const s = table([3], input);
  for (const c of numbers) s.addCard(0, c);
  for (const c of specials) s.held[K(c)]!++;
  s.chips[0] = chips;
  return s;
}

describe('settings', () => {
  it("the standard set is the seed's bonus counts (2, 2, 3, 2) and one of every other special", () => {
    expect(STANDARD.slice(0, 4)).toEqual([2, 2, 3, 2]);
    expect(STANDARD.slice(4)).toEqual(Array(13).fill(1));
    expect(recordRules(makeRules({ players: 4 })).custom).toBe(false);
    expect(recordRules(makeRules({ players: 4, specials: 'joker' })).custom).toBe(true);
  });

  it('parses name[:count] lists', () => {
    const c = parseSpecials('joker,bonus15:3,fetch');
    expect([c[kindIndex('joker')], c[kindIndex('bonus15')], c[kindIndex('fetch')], c[kindIndex('look')]]).toEqual([1, 3, 1, 0]);
  });

  it.each([
    [{ specials: 'dragon' }, /unknown special "dragon" \(known: bonus5, /],
    [{ specials: 'joker:3' }, /at most 2 jokers/],
    [{ specials: 'bonus5:x' }, /the count of bonus5 must be an integer from 0 to 9, got "x"/],
    [{ specials: 'forty:2' }, /one number 40/],
    [{ specials: 'forty', maxCard: 39 }, /the number 40 needs a deck that ends below 39/],
    [{ unbidGreen: 'keep' }, /unbidGreen must be "discard" or "decliner"/],
    [{ colour: 'red' }, /unknown rule setting "colour"/],
  ])('rejects %j with one clear line', (input, message) => {
    expect(() => makeRules({ players: 4, ...(input as object) })).toThrow(message);
  });
});

describe('dealing', () => {
  it("deal k has the base game's deal k: the same set-aside cards, number order and starter, with the specials mixed in", () => {
    const rules = makeRules({ players: 4 });
    const base = makeBaseRules({ players: 4 });
    const s = new SpecialsState(rules);
    for (let k = 0; k < 50; k++) {
      const key = dealKeyInto(masterKey('no-thanks', 'dup'), k, { hi: 0, lo: 0 });
      s.deal(key);
      const b = baseDeal(base, (key.hi >>> 0).toString(16).padStart(8, '0') + (key.lo >>> 0).toString(16).padStart(8, '0'));
      const deck = Array.from(s.cards.subarray(s.deckStart, s.deckEnd));
      expect(Array.from(s.cards.subarray(0, s.deckStart))).toEqual(b.removed);
      expect(deck.filter((c) => !isSpecial(c) && c !== FORTY_VALUE)).toEqual(b.deck);
      expect(s.starter).toBe(b.starter);
      expect(deck.filter((c) => isSpecial(c) || c === FORTY_VALUE)).toHaveLength(21 + 1);
    }
  });
});

describe('scoring (README table "Special cards")', () => {
  it('bonus cards lower the score; chips count as minus points as in the base game', () => {
    expect(holding([8, 13, 14, 16], [], 5).score(0)).toBe(32);
    expect(holding([8, 13, 14, 16], [CODE.bonus5, CODE.bonus20], 5).score(0)).toBe(7);
  });

  it('a joker bridges two runs: 13-15 and 17-20 count 13 instead of 30', () => {
    const s = holding([13, 14, 15, 17, 18, 19, 20], [CODE.joker]);
    expect(s.score(0)).toBe(13);
    expect(s.jokerValues(0)).toEqual([16]);
  });

  it('a joker extends a lone card downwards (3 counts as 2), counts as nothing when nothing helps, and two jokers fill a gap of two', () => {
    expect(holding([3], [CODE.joker]).score(0)).toBe(2);
    expect(holding([], [CODE.joker]).score(0)).toBe(0);
    const two = holding([10, 13], [CODE.joker, CODE.joker]);
    expect(two.score(0)).toBe(10);
    expect(two.jokerValues(0)).toEqual([11, 12]);
  });

  it('double-highest counts the lowest card of the highest run twice', () => {
    expect(holding([5, 20, 21, 22], [CODE.doubleHighest]).score(0)).toBe(5 + 20 + 20);
    expect(holding([5, 20, 21, 22], [CODE.doubleHighest, CODE.joker]).score(0)).toBe(5 + 19 + 19);
  });

  it('scores jokers and double-highest on bitmasks exactly as the loop over values does, for any display and card range', () => {
    // score() takes the bitmask path; the loop (bestNumberPoints) is what records' joker placement uses.
    const loop = (st: SpecialsState, seat: number): number =>
      (st as unknown as { bestNumberPoints(seat: number, placement: number[]): number }).bestNumberPoints(seat, []);
    const random = makeRandom('specials/bit-scoring');
    let checked = 0;
    for (const range of [{}, { minCard: 1, maxCard: 30 }, { minCard: 2, maxCard: 38 }, { minCard: 10, maxCard: 60 }, { minCard: 1, maxCard: 64 }]) {
      const rules = makeRules({ players: 3, specials: 'none', ...range });
      for (let trial = 0; trial < 400; trial++) {
        const s = new SpecialsState(rules);
        s.cards.set([rules.minCard]);
        s.begin(0, 1);
        const density = random();
        for (let c = rules.minCard; c <= rules.maxCard; c++) if (random() < density) s.addCard(0, c);
        s.held[K(CODE.joker)] = Math.floor(random() * 3);
        s.held[K(CODE.doubleHighest)] = Math.floor(random() * 3);
        const numbers = s.score(0) + s.chips[0]!;
        expect(numbers, `range ${JSON.stringify(range)} trial ${trial}`).toBe(loop(s, 0));
        checked++;
      }
    }
    expect(checked).toBe(2000);
  });

  it('remembers number points by display (the memo): one state scoring many displays, again and again, matches the loop', () => {
    // One state, so the memo's 64 entries fill, collide and are overwritten; a third of the
    // displays are earlier ones again, after others displaced them.
    const loop = (st: SpecialsState, seat: number): number =>
      (st as unknown as { bestNumberPoints(seat: number, placement: number[]): number }).bestNumberPoints(seat, []);
    const random = makeRandom('specials/memo');
    for (const range of [{}, { minCard: 10, maxCard: 60 }]) {
      const rules = makeRules({ players: 3, specials: 'none', ...range });
      const s = new SpecialsState(rules);
      s.cards.set([rules.minCard]);
      const kept: { cards: number[]; jokers: number; doubles: number; points: number }[] = [];
      for (let trial = 0; trial < 1000; trial++) {
        const again = trial % 3 === 2 ? kept[Math.floor(random() * kept.length)] : undefined;
        s.begin(0, 1); // empties the display; the memo lives on
        const density = random();
        const cards = again?.cards ?? [];
        if (!again) for (let c = rules.minCard; c <= rules.maxCard; c++) if (random() < density) cards.push(c);
        for (const c of cards) s.addCard(0, c);
        // The same display with other jokers and double-highest cards first (same words, other key).
        for (let other = 0; other < 9; other++) {
          s.held[K(CODE.joker)] = other % 3;
          s.held[K(CODE.doubleHighest)] = Math.floor(other / 3);
          expect(s.score(0) + s.chips[0]!).toBe(loop(s, 0));
        }
        s.held[K(CODE.joker)] = again?.jokers ?? Math.floor(random() * 3);
        s.held[K(CODE.doubleHighest)] = again?.doubles ?? Math.floor(random() * 3);
        const numbers = s.score(0) + s.chips[0]!;
        expect(numbers, `range ${JSON.stringify(range)} trial ${trial}`).toBe(loop(s, 0));
        if (again) expect(numbers).toBe(again.points);
        else kept.push({ cards, jokers: s.held[K(CODE.joker)]!, doubles: s.held[K(CODE.doubleHighest)]!, points: numbers });
      }
    }
  });

  it('finds the highest card without neighbours on the bitmask as a loop over the values does', () => {
    const random = makeRandom('specials/lone-card');
    for (const range of [{}, { minCard: 1, maxCard: 30 }, { minCard: 10, maxCard: 60 }, { minCard: 1, maxCard: 64 }]) {
      const rules = makeRules({ players: 3, specials: 'none', ...range });
      for (let trial = 0; trial < 300; trial++) {
        const s = new SpecialsState(rules);
        s.cards.set([rules.minCard]);
        s.begin(0, 1);
        const density = random();
        for (let c = rules.minCard; c <= rules.maxCard; c++) if (random() < density) s.addCard(0, c);
        for (const atMost of [0, rules.minCard - 1, rules.minCard, 30, 31, 40, rules.minCard + 31, rules.minCard + 32, rules.maxCard, 999]) {
          let expected = 0;
          for (let c = rules.minCard; c <= Math.min(atMost, rules.maxCard); c++) if (s.has(0, c) && !s.has(0, c - 1) && !s.has(0, c + 1)) expected = c;
          expect(s.highestLoneCard(0, atMost), `range ${JSON.stringify(range)} trial ${trial} atMost ${atMost}`).toBe(expected);
        }
      }
    }
  });

  it('chip cards: half (rounded down) before double; chips-minus adds them', () => {
    expect(holding([10], [CODE.halfChips], 7).score(0)).toBe(10 - 3);
    expect(holding([10], [CODE.doubleChips], 7).score(0)).toBe(10 - 14);
    expect(holding([10], [CODE.halfChips, CODE.doubleChips], 7).score(0)).toBe(10 - 6);
    expect(holding([10], [CODE.chipsMinus], 7).score(0)).toBe(10 + 7);
  });

  it('per-card cards count every card of the display, specials and themselves included', () => {
    expect(holding([10, 11, 30], [CODE.plusPerCard, CODE.bonus5]).score(0)).toBe(40 - 5 - 5);
    expect(holding([10, 11, 30], [CODE.minusPerCard]).score(0)).toBe(40 + 4);
  });

  it('the forty is a number card worth 40', () => {
    const s = holding([FORTY_VALUE, 20], [], 0, { specials: 'forty' });
    expect(s.score(0)).toBe(60);
  });
});

describe('green cards: bidding', () => {
  it('bids go round until someone declines: the decliner takes the chips, the last bidder the card, the decliner reveals next', () => {
    const s = table([CODE.bonus10, 20, 21]);
    expect(s.phase).toBe(PHASE_BID);
    s.act(BID); // seat 0
    s.act(BID); // seat 1
    s.act(DECLINE); // seat 2 takes 2 chips; seat 1 gets the bonus
    expect([s.chips[0], s.chips[1], s.chips[2]]).toEqual([10, 10, 13]);
    expect(s.heldCount(1, K(CODE.bonus10))).toBe(1);
    expect([s.card, s.current, s.phase]).toEqual([20, 2, PHASE_TAKE]);
  });

  it('with greenNext=receiver the receiver reveals next', () => {
    const s = table([CODE.bonus10, 20], { greenNext: 'receiver' });
    s.act(BID);
    s.act(DECLINE);
    expect(s.current).toBe(0);
  });

  it('a green card nobody bid on is discarded (or, with unbidGreen=decliner, goes to the decliner); no chips: must decline', () => {
    const d = table([CODE.bonus10, 20]);
    d.act(DECLINE);
    expect([d.heldCount(0, K(CODE.bonus10)), d.card]).toEqual([0, 20]);
    const g = table([CODE.bonus10, 20], { unbidGreen: 'decliner' });
    g.act(DECLINE);
    expect(g.heldCount(0, K(CODE.bonus10))).toBe(1);
    const broke = table([CODE.bonus10, 20], { startChips: 0, players: 3 } as never);
    expect([broke.isLegal(0, BID), broke.isLegal(0, DECLINE)]).toEqual([false, true]);
  });
});

describe('green cards with effects', () => {
  it('sit out: the holder discards it and is skipped for the rest of this card; not as the last one deciding', () => {
    const s = table([20, 21, 22]);
    s.held[K(CODE.sitOut)] = 1; // seat 0
    expect(s.isLegal(0, SIT_OUT)).toBe(true);
    s.act(SIT_OUT);
    expect([s.current, s.heldCount(0, K(CODE.sitOut))]).toEqual([1, 0]);
    s.act(PASS); // seat 1
    s.act(PASS); // seat 2 -> skips seat 0
    expect(s.current).toBe(1);
    s.act(TAKE);
    expect(s.sitting[0]).toBe(0); // back in on the next card
  });

  it('give-left: the receiver gives a card of its choice to its left neighbour at once', () => {
    const s = table([30, CODE.giveLeft, 5]);
    s.act(TAKE); // seat 0 takes 30, decides on give-left
    s.act(BID);
    s.act(DECLINE); // seat 1 declines: seat 0 receives give-left
    expect([s.phase, s.current]).toEqual([PHASE_GIVE, 0]);
    expect(s.isLegal(0, CHOOSE + 31)).toBe(false);
    s.act(CHOOSE + 30);
    expect([s.has(0, 30), s.has(1, 30), s.card, s.current]).toEqual([false, true, 5, 1]);
  });

  it('remove: the receiver discards a card; with an empty display nothing happens', () => {
    const s = table([30, CODE.remove, 5]);
    s.act(TAKE);
    s.act(BID);
    s.act(DECLINE);
    expect(s.phase).toBe(PHASE_REMOVE);
    s.act(CHOOSE + 30);
    expect([s.has(0, 30), s.displaySize(0)]).toEqual([false, 0]);
    const empty = table([CODE.remove, 5]);
    empty.act(BID);
    empty.act(DECLINE);
    expect([empty.phase, empty.card]).toEqual([PHASE_TAKE, 5]);
  });

  it('look: its holder sees the set-aside cards from then on, others never', () => {
    const s = table([CODE.look, 5], { setAside: [12, 7] });
    const me = new Observation(s, 0);
    expect(() => me.removedCards()).toThrow(/hidden until you hold a look card/);
    s.act(BID);
    s.act(DECLINE);
    expect(me.removedCards()).toEqual([7, 12]);
    expect(() => new Observation(s, 1).removedCards()).toThrow();
  });
});

describe('red cards', () => {
  it('fetch: the taker also takes the first face-down card that is not green', () => {
    const s = table([CODE.fetch, CODE.bonus5, 25, 9]);
    s.act(TAKE);
    expect([s.has(0, 25), s.card, s.cardsLeft]).toEqual([true, CODE.bonus5, 1]);
  });

  it('fetch with no number or red card left takes the top set-aside card; a fetched fetch fetches again', () => {
    const s = table([CODE.fetch, CODE.bonus5], { setAside: [12, 7] });
    s.act(TAKE);
    expect([s.has(0, 7), s.removedLeft]).toEqual([true, 1]);
    const chain = table([CODE.fetch, CODE.fetch, 25, 30], { specials: 'fetch:2' });
    chain.act(TAKE);
    expect([chain.heldCount(0, K(CODE.fetch)), chain.has(0, 25), chain.card]).toEqual([2, true, 30]);
  });
});

describe('records', () => {
  it('capture every decision and effect, replay move by move, and reject a tampered one', () => {
    const s = table([CODE.fetch, 20, CODE.giveLeft, 5, CODE.bonus10], { specials: 'none' });
    // The deck above does not match the rules' deck: records come from real deals (see the
    // conformance battery); here the replay must reject it.
    s.act(TAKE);
    expect(() => replayRecord(makeRecord(s, '0000000000000000', ['a', 'b', 'c']))).toThrow(/the deal holds card|deck has/);
  });
});

describe('bots through the observation', () => {
  it('offers the exact worth of a card: scoreWith restores the state', () => {
    const s = holding([13, 14, 15, 17, 18], [], 3);
    const o = new Observation(s, 0);
    const before = o.scoreNow(0);
    expect(o.scoreWith(0, 16)).toBe(13 - 3);
    expect(o.scoreWith(0, CODE.joker)).toBe(13 - 3);
    expect(o.scoreWith(0, 13, false)).toBe(14 + 17 - 3);
    expect(o.scoreNow(0)).toBe(before);
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
