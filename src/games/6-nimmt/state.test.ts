import { describe, expect, it } from 'vitest';
import { dealKeyInto, masterKey, Sfc32 } from '../../game/seed.js';
import { SixNimmtState } from './forward-model.js';
import { makeRecord } from './record.js';
import { BULLHEADS, makeRules, type RulesInput } from './rules.js';
import { DRAFT, GameState, OVER, PLAY, ROW, winners } from './state.js';

/** A hand-built turn: these rows, each seat holding the listed cards (first round, seat 0 starts). */
function position(rows: number[][], hands: number[][], rules: Partial<RulesInput> = {}): GameState {
  const r = makeRules({ players: hands.length, handSize: hands[0]!.length, ...rules });
  const s = new GameState(r);
  s.startGame(0);
  const used = new Set([...hands.flat(), ...rows.flat()]);
  // Deal the hands and any four other cards as rows, then lay the wanted rows over them.
  const filler = Array.from({ length: r.maxCard }, (_, i) => i + 1)
    .filter((c) => !used.has(c))
    .slice(0, 4);
  s.beginRound([...hands.flat(), ...filler]);
  rows.forEach((row, i) => {
    row.forEach((c, k) => (s.rows[i * r.rowLimit + k] = c));
    s.rowLen[i] = row.length;
    s.rowEnd[i] = row[row.length - 1]!;
    s.rowBull[i] = row.reduce((a, c) => a + BULLHEADS[c]!, 0);
  });
  return s;
}

function turn(s: GameState, cards: number[]): void {
  cards.forEach((c, p) => s.choose(p, c));
  s.reveal();
}

describe("placing the cards (the seed's worked example)", () => {
  it('ends 8, 13, 17, 24; 16 and 20 revealed: 16 goes behind 13, then 20 behind 17', () => {
    const s = position([[8], [13], [17], [24]], [[16], [20]]);
    turn(s, [16, 20]);
    expect(s.resolve()).toBe(true);
    expect([0, 1, 2, 3].map((r) => s.rowOf(r))).toEqual([[8], [13, 16], [17, 20], [24]]);
    expect(Array.from(s.total)).toEqual([0, 0]);
  });

  it("if the 17 row was full, the 20's player takes its 5 cards and 20 starts the row", () => {
    const s = position([[8], [13], [9, 10, 11, 12, 17], [24]], [[16], [20]]);
    turn(s, [16, 20]);
    expect(s.resolve()).toBe(true);
    expect([0, 1, 2, 3].map((r) => s.rowOf(r))).toEqual([[8], [13, 16], [20], [24]]);
    expect(Array.from(s.total)).toEqual([0, 1 + 3 + 5 + 1 + 1]);
    expect(s.rowsTaken[1]).toBe(1);
  });

  it('places the lower card first even when the higher one was chosen first, and the sixth card takes the row', () => {
    // 43, 44 and 45 fill the row 40 42 to five cards; the sixth card (46, chosen first) takes them.
    const s = position(
      [[10], [20], [30], [40, 42]],
      [
        [43, 47],
        [46, 48],
        [44, 49],
        [45, 50],
      ],
    );
    turn(s, [43, 46, 44, 45]);
    expect(s.resolve()).toBe(true);
    expect(s.rowOf(3)).toEqual([46]);
    expect(Array.from(s.total)).toEqual([0, 3 + 1 + 1 + 5 + 2, 0, 0]); // 40 42 43 44 45
    expect(s.turnTakes).toBe(1);
    expect([s.turnTakeSeat[0], s.turnTakeRow[0], s.turnTakeBull[0], s.turnTakeCard[0]]).toEqual([1, 3, 12, 46]);
  });
});

describe('a card lower than every row', () => {
  it("stops the turn for its seat's row choice, before any other card is placed; it takes the chosen row", () => {
    const s = position(
      [[30], [40, 55], [50], [60]],
      [
        [5, 6],
        [45, 46],
      ],
    );
    turn(s, [5, 45]);
    expect(s.resolve()).toBe(false);
    expect(s.phase).toBe(ROW);
    expect(s.rowSeat).toBe(0);
    expect(s.rowOf(1)).toEqual([40, 55]); // nothing placed yet
    s.chooseRow(1);
    expect(s.resolve()).toBe(true);
    expect(s.phase).toBe(PLAY);
    // 5 starts row 1 anew; 45 goes behind the highest end below it, 30.
    expect([0, 1, 2, 3].map((r) => s.rowOf(r))).toEqual([[30, 45], [5], [50], [60]]);
    expect(Array.from(s.total)).toEqual([3 + 7, 0]);
    expect(s.takes[0]).toBe(1);
    expect(s.takes[1]).toBe(-1);
  });
});

describe('rounds and the end of the game', () => {
  it('ends once someone has 66 or more after a round; the lowest total wins and ties share the win', () => {
    const s = position([[1, 2, 3, 4, 10], [12, 13, 14, 16, 20], [30], [40]], [[11], [21]]);
    s.total[0] = 59;
    s.total[1] = 59;
    turn(s, [11, 21]);
    expect(s.resolve()).toBe(true);
    s.endTurn();
    expect(s.phase).toBe(OVER);
    expect(Array.from(s.total)).toEqual([66, 66]);
    expect(winners(s.total)).toEqual([0, 1]);
  });

  it('goes on below 66: a new round, dealt from its own stream, the starter one seat on', () => {
    const s = position([[1, 2, 3, 4, 10], [30], [40], [50]], [[11], [60]]);
    s.total[0] = 58;
    turn(s, [11, 60]);
    s.resolve();
    s.endTurn();
    expect(s.total[0]).toBe(65);
    expect(s.phase).toBe(PLAY);
    expect(s.round).toBe(1);
    expect(s.roundStarter).toBe(1);
    expect(s.handLen[0]).toBe(1);
  });

  it("deals the same game from the same seed; the first starter is the seed's first draw", () => {
    const rules = makeRules({ players: 4 });
    const key = dealKeyInto(masterKey('6-nimmt', 't'), 7, { hi: 0, lo: 0 });
    const a = new GameState(rules);
    const b = new GameState(rules);
    a.newGame(key);
    b.newGame(key);
    expect(a.handOf(2)).toEqual(b.handOf(2));
    expect(a.starter).toBe(GameState.dealtStarter(key, 4, new Sfc32()));
    const rng = new Sfc32();
    rng.reset(key, 0);
    expect(a.starter).toBe(Math.floor(rng.next() * 4));
    // Hands sorted, 10 each, 4 one-card rows, 104 - 44 set aside.
    for (let p = 0; p < 4; p++) expect(a.handOf(p)).toEqual([...a.handOf(p)].sort((x, y) => x - y));
    expect([0, 1, 2, 3].map((r) => a.rowLen[r])).toEqual([1, 1, 1, 1]);
    expect(new Set([...a.deck]).size).toBe(104);
  });

  it('stops at the round cap when the rows never fill (custom rules)', () => {
    const rules = makeRules({ players: 2, handSize: 1, rowLimit: 100, maxRounds: 3 });
    const s = new SixNimmtState(rules);
    s.deal({ hi: 1, lo: 2 });
    while (s.phase !== OVER) {
      const a = s.handOf(0)[0]!;
      const b = s.handOf(1)[0]!;
      s.apply(0, a);
      s.apply(1, b);
      if (s.phase === ROW) {
        s.apply(s.rowSeat, s.rowAction);
        if ((s.phase as number) === ROW) s.apply(s.rowSeat, s.rowAction);
      }
    }
    expect(s.round).toBe(3);
  });
});

describe('the pro variant', () => {
  it("drafts one card at a time from the round's starter on, then lays the 4 left ascending", () => {
    const rules = makeRules({ players: 2, variant: 'pro' });
    const s = new SixNimmtState(rules);
    s.deal({ hi: 3, lo: 4 });
    expect(s.phase).toBe(DRAFT);
    const first = s.starter;
    const pickers: number[] = [];
    // Each picker takes the highest open card except the cards 5, 9, 13 and 2, left for the rows.
    const keep = new Set([5, 9, 13, 2]);
    for (let i = 0; i < 20; i++) {
      pickers.push(s.picker);
      let c = 24;
      while (s.open[c] !== 1 || keep.has(c)) c--;
      s.apply(s.picker, s.pickAction + c);
    }
    expect(pickers).toEqual(Array.from({ length: 20 }, (_, i) => (first + i) % 2));
    expect(s.phase).toBe(PLAY);
    expect([0, 1, 2, 3].map((r) => s.rowOf(r))).toEqual([[2], [5], [9], [13]]);
    expect(s.handOf(first)).toEqual([3, 6, 8, 11, 14, 16, 18, 20, 22, 24]);
    const picksOf = (seat: number): number[] => Array.from(s.draftOrder).filter((_, i) => (first + i) % 2 === seat);
    expect(s.handOf(first)).toEqual(picksOf(first).sort((a, b) => a - b));
    const record = makeRecord(s, 'x', ['a', 'b']);
    expect(record.rounds).toEqual([]);
  });

  it('redrafts every round with the next seat picking first', () => {
    const rules = makeRules({ players: 3, variant: 'pro', handSize: 2 });
    const s = new SixNimmtState(rules);
    s.deal({ hi: 5, lo: 6 });
    const first = s.starter;
    const play = (): void => {
      while (s.phase === DRAFT) {
        let c = rules.maxCard;
        while (s.open[c] !== 1) c--;
        s.apply(s.picker, s.pickAction + c);
      }
      for (let p = 0; p < 3; p++) s.apply(p, s.handOf(p)[0]!);
      while (s.phase === ROW) s.apply(s.rowSeat, s.rowAction);
    };
    play();
    play();
    expect(s.round).toBe(1);
    expect(s.phase).toBe(DRAFT);
    expect(s.picker).toBe((first + 1) % 3);
  });
});

describe("the forward model's actions", () => {
  it('are unambiguous across phases: play c = c, take row r = maxCard + 1 + r, pick c = maxCard + 4 + c', () => {
    const s = new SixNimmtState(makeRules({ players: 2, variant: 'pro' }));
    expect(s.maxCard).toBe(24);
    expect([s.describeAction(17), s.describeAction(27), s.describeAction(33), s.describeAction(1500)]).toEqual([
      'play 17',
      'take row 2',
      'pick 5',
      'unknown action 1500',
    ]);
    s.deal({ hi: 9, lo: 9 });
    const out = new Int32Array(64);
    const seats = new Int32Array(4);
    expect(s.actingSeats(seats)).toBe(1);
    expect(s.legalActions(s.picker, out)).toBe(24);
    expect(out[0]).toBe(s.pickAction + 1);
    expect(s.legalActions(1 - s.picker, out)).toBe(0);
    expect(() => s.apply(s.picker, 17)).toThrow(/not open/);
    while (s.phase === DRAFT) s.apply(s.picker, s.pickAction + [...Array(24).keys()].map((i) => 24 - i).find((c) => s.open[c] === 1)!);
    expect(s.actingSeats(seats)).toBe(2);
    const n = s.legalActions(0, out);
    expect(Array.from(out.subarray(0, n))).toEqual(s.handOf(0));
    s.apply(0, out[0]!);
    // Seat 0 has chosen: only seat 1 acts, and seat 0 may not choose again.
    expect(s.actingSeats(seats)).toBe(1);
    expect(seats[0]).toBe(1);
    expect(() => s.apply(0, s.handOf(0)[1]!)).toThrow(/already chosen/);
  });
});
