import { describe, expect, it } from 'vitest';
import { formatTail, tailOf, tailText } from './tail.js';

describe('the tail of the time a decision (nearest-rank quantiles)', () => {
  it('matches a hand count on 1..200 ms in shuffled order', () => {
    // 200 decisions of 1, 2, ..., 200 ms: p50 is the 100th fastest, p90 the 180th, p99 the 198th.
    const times = Array.from({ length: 200 }, (_, i) => ((i * 73) % 200) + 1);
    const t = tailOf(times);
    expect(t).toEqual({ decisions: 200, mean: 100.5, p50: 100, p90: 180, p99: 198, max: 200 });
    expect(formatTail(t)).toBe('mean 100.5 p50 100.0 p90 180.0 p99 198.0 max 200.0 ms');
    expect(tailText(t)).toBe('p50 100.0 p99 198.0 max 200.0 ms');
  });

  it('leaves p99 out under 100 decisions, where it is the maximum itself', () => {
    const t = tailOf([3, 1, 2]);
    expect([t.p50, t.p99, t.max]).toEqual([2, 3, 3]);
    expect(tailText(t)).toBe('p50 2.00 max 3.00 ms');
  });

  it('says NaN for no decisions rather than a number', () => {
    const t = tailOf([]);
    expect(t.decisions).toBe(0);
    expect(Number.isNaN(t.mean) && Number.isNaN(t.max)).toBe(true);
  });
});
