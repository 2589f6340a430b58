import { describe, expect, it } from 'vitest';
import { Sfc32 } from '../../game/seed.js';
import { PlayoutBoard } from './board.js';
import { makeRules, type RulesInput } from './rules.js';
import { GameState, OVER, PLAY } from './state.js';

describe('the playout board (a round on bare arrays)', () => {
  it('plays every turn as the engine does: same hands, rows, totals and turn, the same seat left to take a row', () => {
    // Random games on the engine; before every turn the board is loaded from the engine's position
    // and both play the same random cards (the board by index) and take the same random row.
    const rulesList: RulesInput[] = [{ players: 2 }, { players: 4 }, { players: 7 }, { players: 10 }, { players: 5, rowLimit: 3, maxCard: 80 }];
    const rng = new Sfc32();
    let turns = 0;
    let rowTakes = 0;
    let fullRows = 0;
    for (const input of rulesList) {
      const rules = makeRules(input);
      const { players: P, handSize: H } = rules;
      const s = new GameState(rules, false);
      const b = new PlayoutBoard(rules);
      const copy = new PlayoutBoard(rules);
      for (let g = 0; g < 25; g++) {
        rng.reset({ hi: g, lo: P });
        s.newGame({ hi: g + 1, lo: 7 * P });
        while (s.phase !== OVER) {
          expect(s.phase).toBe(PLAY);
          b.load(s);
          // A copy plays the turn: copyFrom carries the whole board.
          copy.copyFrom(b);
          const totalsBefore = Array.from(s.total);
          for (let p = 0; p < P; p++) {
            const i = Math.floor(rng.next() * s.handLen[p]!);
            copy.pick[p] = i;
            s.choose(p, s.hands[p * H + i]!);
          }
          s.reveal();
          const low = copy.reveal();
          let row = -1;
          if (!s.resolve()) {
            expect(low).toBe(s.rowSeat);
            row = Math.floor(rng.next() * 4);
            s.chooseRow(row);
            expect(s.resolve()).toBe(true);
            rowTakes++;
          } else expect(low).toBe(-1);
          copy.place(row);
          for (let k = 0; k < s.turnTakes; k++) if (s.turnTakeRow[k] !== row || s.turnTakeSeat[k] !== low) fullRows++;
          for (let p = 0; p < P; p++) {
            expect(copy.handLen[p]).toBe(s.handLen[p]);
            expect(Array.from(copy.hands.subarray(p * H, p * H + copy.handLen[p]!))).toEqual(s.handOf(p));
          }
          expect(Array.from(copy.rowEnd)).toEqual(Array.from(s.rowEnd));
          expect(Array.from(copy.rowLen)).toEqual(Array.from(s.rowLen));
          expect(Array.from(copy.rowBull)).toEqual(Array.from(s.rowBull));
          expect(Array.from(copy.total)).toEqual(Array.from(s.total));
          expect(copy.turn).toBe(s.turn + 1);
          // The board it was copied from is untouched.
          expect(Array.from(b.total)).toEqual(totalsBefore);
          turns++;
          s.endTurn();
        }
      }
    }
    expect(turns).toBeGreaterThan(4000);
    expect(rowTakes).toBeGreaterThan(500);
    expect(fullRows).toBeGreaterThan(500);
  });
});
