import { describe, expect, it } from 'vitest';
import { DEFAULT_FILL, fillNote, schedule, seatingsOf, TABLE_FILLS, tables } from './schedule.js';

describe('tables', () => {
  it('are every combination of P bots from the pool', () => {
    expect(tables(4, 3, false)).toEqual([
      [0, 1, 2],
      [0, 1, 3],
      [0, 2, 3],
      [1, 2, 3],
    ]);
    expect(tables(6, 4, false)).toHaveLength(15);
  });

  it('are multisets with self-play, or when the pool cannot fill a table and the fill says so', () => {
    expect(tables(2, 3, false, 'multisets')).toEqual([
      [0, 0, 0],
      [0, 0, 1],
      [0, 1, 1],
      [1, 1, 1],
    ]);
    expect(tables(4, 5, false, 'multisets')).toHaveLength(56); // C(4 + 5 - 1, 5)
    expect(tables(4, 4, true)).toHaveLength(35); // C(4 + 4 - 1, 4)
    expect(tables(4, 4, true, 'cycle')).toHaveLength(35); // self-play: every multiset, whatever the fill
    expect(tables(1, 5, false)).toEqual([[0, 0, 0, 0, 0]]);
  });
});

describe('table fill (a pool smaller than the table)', () => {
  it('balanced: every bot as often as the pool fits, the seats left over to each subset in turn', () => {
    expect(tables(4, 5, false, 'balanced')).toEqual([
      [0, 0, 1, 2, 3],
      [0, 1, 1, 2, 3],
      [0, 1, 2, 2, 3],
      [0, 1, 2, 3, 3],
    ]);
    expect(tables(2, 3, false, 'balanced')).toEqual([
      [0, 0, 1],
      [0, 1, 1],
    ]);
    expect(tables(3, 6, false, 'balanced')).toEqual([[0, 0, 1, 1, 2, 2]]);
    expect(tables(4, 6, false, 'balanced')).toHaveLength(6); // C(4, 2) pairs for the 2 seats left
    expect(tables(3, 10, false, 'balanced')).toHaveLength(3);
  });

  it('cycle: one table, the pool repeated in its order', () => {
    expect(tables(4, 5, false, 'cycle')).toEqual([[0, 1, 2, 3, 0]]);
    expect(tables(4, 6, false, 'cycle')).toEqual([[0, 1, 2, 3, 0, 1]]);
  });

  it('balanced and multisets seat every bot equally often; cycle favours the pool order', () => {
    const seats = (t: number[][], n: number) => Array.from({ length: n }, (_, a) => t.flat().filter((x) => x === a).length);
    for (const [n, p] of [
      [4, 5],
      [4, 6],
      [3, 7],
      [5, 7],
    ] as const) {
      for (const fill of ['balanced', 'multisets'] as const) expect(new Set(seats(tables(n, p, false, fill), n)).size, `${fill} ${n}/${p}`).toBe(1);
      // Every balanced table holds every bot.
      for (const t of tables(n, p, false, 'balanced')) expect(new Set(t).size).toBe(n);
    }
    expect(seats(tables(4, 5, false, 'cycle'), 4)).toEqual([2, 1, 1, 1]);
  });

  it('does not touch a pool that fills the table', () => {
    for (const fill of TABLE_FILLS) expect(tables(5, 4, false, fill)).toEqual(tables(5, 4, false, 'multisets'));
  });

  it('defaults to DEFAULT_FILL (balanced) in tables and schedule', () => {
    expect(DEFAULT_FILL).toBe('balanced');
    expect(tables(4, 5, false)).toEqual(tables(4, 5, false, DEFAULT_FILL));
    expect(schedule(4, 5, false, 'all')).toEqual(schedule(4, 5, false, 'all', DEFAULT_FILL));
    expect(schedule(4, 5, false, 'all', 'multisets')).toHaveLength(4 ** 5); // every seat any bot: 1,024 seatings
  });

  it('says in words how the tables were filled', () => {
    expect(fillNote(4, 5, {})).toBe('fill balanced: 4 bots for 5 seats, every bot once, the 1 seat left to each 1-bot subset in turn (4 tables)');
    expect(fillNote(2, 4, {})).toBe('fill balanced: 2 bots for 4 seats, every bot 2 times (1 table)');
    expect(fillNote(1, 3, {})).toBe('fill balanced: 1 bot for 3 seats, every bot 3 times (1 table)');
    expect(fillNote(4, 5, { fill: 'cycle' })).toBe('fill cycle: 4 bots for 5 seats, the pool repeated in its order (1 table)');
    expect(fillNote(4, 5, { fill: 'multisets' })).toMatch(/^fill multisets: .*every multiset of 5 of the 4 bots \(56 tables\)$/);
    expect(fillNote(5, 4, { fill: 'cycle' })).toBe('every combination of 4 of the 5 bots (5 tables: no seat to fill)');
    expect(fillNote(2, 3, { selfPlay: true })).toBe('self-play: every multiset of 3 of the 2 bots (4 tables)');
    expect(fillNote(2, 3, { givenTables: 1 })).toBe('tables as given (1 table, pool indices per seat)');
  });
});

describe('seatings', () => {
  it('rotate every seat cyclically by default', () => {
    expect(seatingsOf([0, 1, 2], 'rotations')).toEqual([
      [0, 1, 2],
      [1, 2, 0],
      [2, 0, 1],
    ]);
  });

  it('can be every permutation', () => {
    expect(seatingsOf([0, 1, 2], 'all')).toHaveLength(6);
    expect(seatingsOf([0, 1, 2, 3], 'all')).toHaveLength(24);
  });

  it('play coinciding seatings once', () => {
    expect(seatingsOf([0, 0, 0], 'rotations')).toEqual([[0, 0, 0]]);
    expect(seatingsOf([0, 0, 1], 'all')).toEqual([
      [0, 0, 1],
      [0, 1, 0],
      [1, 0, 0],
    ]);
  });

  it('give every bot every seat equally often', () => {
    const all = schedule(5, 3, false, 'rotations');
    expect(all).toHaveLength(30);
    for (let seat = 0; seat < 3; seat++) {
      const counts = [0, 1, 2, 3, 4].map((a) => all.filter((s) => s[seat] === a).length);
      expect(new Set(counts).size).toBe(1);
    }
  });
});
