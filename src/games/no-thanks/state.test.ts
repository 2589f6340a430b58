import { describe, expect, it } from 'vitest';
import { makeRules } from './rules.js';
import { hashString } from '../../game/seed.js';
import { GameState, winners } from './state.js';
import { Observation } from './observation.js';

function holding(cards: number[], chips: number): GameState {
  const s = new GameState(makeRules({ players: 3 }));
  s.deal(hashString('any'));
  for (const c of cards) s.addCard(0, c);
  s.chips[0] = chips;
  return s;
}

describe('scoring (rule documents 000 and 004)', () => {
  it('8, 13, 14, 16 with 5 chips scores 32', () => {
    const s = holding([8, 13, 14, 16], 5);
    expect(s.score(0)).toBe(32);
    expect(s.recountCardPoints(0)).toBe(37);
  });

  it('adding 15 joins the run 13-16 and scores 16, whatever order the cards came in', () => {
    expect(holding([8, 13, 14, 16, 15], 5).score(0)).toBe(16);
    expect(holding([15, 16, 8, 14, 13], 5).score(0)).toBe(16);
  });

  it('no cards and 4 chips scores -4', () => {
    expect(holding([], 4).score(0)).toBe(-4);
  });

  it("the rules article's 3 singles and 2 runs are worth 59, and 51 with 8 chips", () => {
    const s = holding([3, 7, 10, 11, 12, 14, 15, 25], 8);
    expect(s.cardPoints[0]).toBe(59);
    expect(s.score(0)).toBe(51);
  });

  it('incremental marginal cost: extending a run up is free, down saves the gap', () => {
    const s = holding([20], 0);
    expect(s.marginalCost(0, 21)).toBe(0);
    expect(s.marginalCost(0, 19)).toBe(-1);
    expect(s.marginalCost(0, 30)).toBe(30);
    s.addCard(0, 22);
    expect(s.marginalCost(0, 21)).toBe(-22);
  });

  it('clearDisplays empties the bitmask, the owner index and the points together', () => {
    const s = holding([20, 21], 0);
    s.clearDisplays();
    expect([s.has(0, 20), s.marginalCost(0, 22), s.cardPoints[0], s.displayOf(0)]).toEqual([false, 22, 0, []]);
  });

  it('handles the 33rd card (35) in the second display word', () => {
    const s = holding([34, 35, 3], 0);
    expect(s.has(0, 35)).toBe(true);
    expect(s.displayOf(0)).toEqual([3, 34, 35]);
    expect(s.cardPoints[0]).toBe(37);
  });
});

describe('turn structure', () => {
  it('a take gives the card and its chips and the taker decides on the next card; a pass moves left', () => {
    const s = new GameState(makeRules({ players: 3 }));
    s.deal(hashString('turns'), 2);
    const first = s.card;
    s.pass(); // seat 2 pays
    expect([s.current, s.pot, s.chips[2]]).toEqual([0, 1, 10]);
    s.pass(); // seat 0 pays
    s.take(); // seat 1 takes first card with 2 chips
    expect(s.has(1, first)).toBe(true);
    expect([s.current, s.pot, s.chips[1]]).toEqual([1, 0, 13]);
    expect(s.card).toBe(s.cards[s.deckStart + 1]);
  });

  it('the game ends when the last card is taken', () => {
    const s = new GameState(makeRules({ players: 3 }));
    s.deal(hashString('end'));
    for (let i = 0; i < 24; i++) s.take();
    expect(s.over).toBe(true);
    expect(s.cardsLeft).toBe(0);
    expect(s.displayOf(s.starter)).toHaveLength(24);
  });

  it('winners are every seat with the lowest score', () => {
    expect(winners([5, -2, 7, -2])).toEqual([1, 3]);
    expect(winners([1])).toEqual([0]);
  });
});

describe('counted chips', () => {
  it('equal the count over the public history (start, minus a chip per pass, plus every pot taken) at every decision of random games', () => {
    for (const players of [3, 5]) {
      const rules = makeRules({ players });
      const s = new GameState(rules, true);
      for (let g = 0; g < 40; g++) {
        s.deal(hashString(`counted ${players} ${g}`));
        const obs = new Observation(s, 0);
        let x = g + 1;
        while (s.card !== 0) {
          for (let seat = 0; seat < players; seat++) {
            let counted = rules.startChips;
            for (const e of obs.history()) if (e.seat === seat) counted += e.type === 'pass' ? -1 : e.pot;
            expect(obs.countedChips(seat)).toBe(counted);
          }
          x = (x * 1103515245 + 12345) >>> 0;
          if (s.chips[s.current] === 0 || x % 3 === 0) s.take();
          else s.pass();
        }
      }
    }
  });
});
