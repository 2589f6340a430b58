import { describe, expect, it } from 'vitest';
import { makeRecord } from './record.js';
import { replayRecord } from './replay.js';
import { makeRules, type Rules } from './rules.js';
import { dealSeed, makeRandom, parseSeedHex } from '../../game/seed.js';
import { GameState } from './state.js';

/**
 * The generic tests every game passes (OpenSpiel style): thousands of seeded random games per
 * player count, with the invariants checked after every single move.
 */
const GAMES_PER_COUNT = 2000;

/** Plain checks per move (vitest's expect is too slow to call millions of times). */
function checkInvariants(s: GameState, rules: Rules, where: string): void {
  let chips = s.pot;
  for (let p = 0; p < rules.players; p++) {
    if (s.chips[p]! < 0) throw new Error(`${where}: seat ${p} has ${s.chips[p]} chips`);
    chips += s.chips[p]!;
    if (s.cardPoints[p] !== s.recountCardPoints(p))
      throw new Error(`${where}: seat ${p} incremental points ${s.cardPoints[p]} != recount ${s.recountCardPoints(p)}`);
  }
  if (chips !== rules.players * rules.startChips) throw new Error(`${where}: ${chips} chips in play, expected ${rules.players * rules.startChips}`);
}

describe.each([2, 3, 4, 5, 6, 7])('random play with %i players', (players) => {
  const rules = makeRules({ players, startChips: players === 2 ? 11 : undefined });

  it(`keeps every invariant over ${GAMES_PER_COUNT} games`, () => {
    const s = new GameState(rules);
    for (let g = 0; g < GAMES_PER_COUNT; g++) {
      const seed = dealSeed('no-thanks', 'invariants', g);
      const rng = makeRandom(`${seed}/moves`);
      s.deal(parseSeedHex(seed));
      let decisions = 0;
      while (!s.over) {
        const seat = s.current;
        const canPass = s.chips[seat]! > 0;
        if (canPass && rng() < 0.6) s.pass();
        else s.take();
        decisions++;
        checkInvariants(s, rules, `game ${g} decision ${decisions}`);
      }
      expect(s.decisions).toBe(decisions);
      // Every played card is in exactly one display; no removed card is.
      const held = new Map<number, number>();
      for (let p = 0; p < players; p++) for (const c of s.displayOf(p)) held.set(c, (held.get(c) ?? 0) + 1);
      const deck = Array.from(s.cards.subarray(s.deckStart, s.deckEnd)).sort((a, b) => a - b);
      expect([...held.keys()].sort((a, b) => a - b)).toEqual(deck);
      expect([...held.values()].every((n) => n === 1)).toBe(true);
      // Scores and winners, worked out here from the final displays and chips alone (a card counts
      // unless the card one below it is in the same display; chips count against), must be the
      // record's; the record replays.
      const record = makeRecord(s, seed, Array(players).fill('random'));
      const scores = Array.from({ length: players }, (_, p) => {
        const display = new Set(s.displayOf(p));
        return [...display].reduce((sum, c) => (display.has(c - 1) ? sum : sum + c), 0) - s.chips[p]!;
      });
      const best = Math.min(...scores);
      expect(record.scores).toEqual(scores);
      expect(record.winners).toEqual(scores.flatMap((v, i) => (v === best ? [i] : [])));
      const replayed = replayRecord(JSON.parse(JSON.stringify(record)));
      expect(Array.from(replayed.chips.subarray(0, players))).toEqual(record.chips);
    }
  });
});

describe('passing with no chips', () => {
  it('is never needed: with one chip each, seats run out, are forced to take, and chips never go negative', () => {
    const rules = makeRules({ players: 3, startChips: 1 });
    const s = new GameState(rules);
    let forced = 0;
    for (let g = 0; g < 500; g++) {
      s.deal(parseSeedHex(dealSeed('no-thanks', 'broke', g)));
      while (!s.over) {
        if (s.chips[s.current] === 0) {
          const before = s.current;
          s.take();
          forced++;
          expect(s.current).toBe(before); // the taker decides again
        } else s.pass();
        checkInvariants(s, rules, `broke game ${g}`);
      }
    }
    expect(forced).toBeGreaterThan(500);
  });
});
