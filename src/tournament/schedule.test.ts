import { describe, expect, it } from 'vitest';
import { schedule, seatingsOf, tables } from './schedule.js';

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

  it('are multisets with self-play, or when the pool cannot fill a table', () => {
    expect(tables(2, 3, false)).toEqual([
      [0, 0, 0],
      [0, 0, 1],
      [0, 1, 1],
      [1, 1, 1],
    ]);
    expect(tables(4, 4, true)).toHaveLength(35); // C(4 + 4 - 1, 4)
    expect(tables(1, 5, false)).toEqual([[0, 0, 0, 0, 0]]);
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
