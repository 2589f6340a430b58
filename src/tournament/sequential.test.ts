import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSequentialTest, type SequentialTestOptions } from './sequential.js';

// Worker threads run the compiled build: `npm test` builds first.
const base: SequentialTestOptions = {
  candidate: 'threshold',
  baseline: 'greedy',
  rules: { players: 4 },
  unit: 'win',
  d0: 0,
  d1: 3,
  alpha: 0.05,
  beta: 0.05,
  maxDeals: 2000,
  batchDeals: 20,
  seed: 'sprt',
  threads: 1,
};
const outcome = (r: Awaited<ReturnType<typeof runSequentialTest>>) => JSON.stringify([r.verdict, r.deals, r.llr, r.estimate, r.trace]);

describe('runSequentialTest', () => {
  it('stops at the same look with the same numbers for any thread count and chunk size', async () => {
    const one = await runSequentialTest(base);
    expect(one.verdict).toBe('H1');
    expect(one.deals % 20).toBe(0);
    expect(one.deals).toBeLessThan(one.fixedSizeDeals);
    for (const o of [{ threads: 2 }, { threads: 2, chunk: 7 }, { threads: 1, chunk: 3 }])
      expect(outcome(await runSequentialTest({ ...base, ...o }))).toBe(outcome(one));
  });

  it('pairs each seat of the candidate with the baseline in that seat: the same moves give a difference of exactly 0, and H0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nothanks-sprt-'));
    const twin = join(dir, 'twin.mjs');
    writeFileSync(
      twin,
      `export default { name: 'twin', params: {}, create: () => ({ decide: (o) => (o.myChips === 0 || o.marginalCost() - o.pot <= 1 ? 'take' : 'pass') }) };`,
    );
    const r = await runSequentialTest({ ...base, candidate: twin, baseline: 'greedy', field: ['threshold', 'random', 'greedy'] });
    expect(r.verdict).toBe('H0');
    expect(r.deals).toBe(20);
    expect(r.diffs.every((d) => d === 0)).toBe(true);
    expect(r.estimate.mean).toBe(0);
  });

  it('continues an interrupted test from the deals it kept, to the uninterrupted verdict', async () => {
    const o = { ...base, candidate: 'threshold:margin=3', baseline: 'threshold', unit: 'score' as const, d1: 1, maxDeals: 400 };
    const whole = await runSequentialTest(o);
    const stop = new AbortController();
    const first = await runSequentialTest({ ...o, signal: stop.signal, onLook: (l) => l.deals >= 40 && stop.abort() });
    expect(first.verdict).toBe('interrupted');
    expect(first.deals).toBeGreaterThanOrEqual(40);
    expect(first.deals).toBeLessThan(whole.deals);
    const resumed = await runSequentialTest({ ...o, done: first.diffs });
    expect(outcome(resumed)).toBe(outcome(whole));
    expect(resumed.finishedBefore).toBeUndefined();
    // Resumed again once finished: nothing to play, and it says so.
    const again = await runSequentialTest({ ...o, done: resumed.diffs });
    expect(again.finishedBefore).toBe(true);
    expect(outcome(again)).toBe(outcome(whole));
  });

  it('ends a test that reaches its cap as truncated, saying which way it leans', async () => {
    const r = await runSequentialTest({ ...base, candidate: 'threshold:margin=3', baseline: 'threshold', maxDeals: 30, batchDeals: 10 });
    expect(r.verdict).toBe('truncated');
    expect(r.deals).toBe(30);
    expect(r.leaning).toBe(r.llr > 0 ? 'H1' : 'H0');
  });

  it('refuses a test that cannot be: equal bots, d1 not above d0, error rates out of range, a field of the wrong size', async () => {
    await expect(runSequentialTest({ ...base, baseline: 'threshold' })).rejects.toThrow(/the candidate and the baseline are the same bot/);
    await expect(runSequentialTest({ ...base, d1: 0 })).rejects.toThrow(/d1 must be above d0/);
    await expect(runSequentialTest({ ...base, d1: Number.POSITIVE_INFINITY })).rejects.toThrow(/d0 and d1 must be finite numbers/);
    await expect(runSequentialTest({ ...base, done: [1, Number.NaN] })).rejects.toThrow(/not a finite number: it is damaged/);
    await expect(runSequentialTest({ ...base, alpha: 0.7 })).rejects.toThrow(/alpha must be above 0 and below 0.5/);
    await expect(runSequentialTest({ ...base, field: ['random', 'greedy'] })).rejects.toThrow(/--field gives the other 3 seats/);
  });
});
