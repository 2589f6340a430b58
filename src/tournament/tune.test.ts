import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRandom } from '../game/seed.js';
import { runTune, type TuneOptions } from './tune.js';
import type { TuneDimension } from './tune-dimensions.js';
import { Ntbea } from './tune-ntbea.js';
import type { Optimiser } from './tune-optimiser.js';
import { Spsa } from './tune-spsa.js';

// Worker threads run the compiled build: `npm test` builds first.
const base: TuneOptions = {
  agent: 'threshold',
  params: ['margin=-4..8', 'reserve=0..6', 'cost=marginal|face'],
  field: ['greedy'],
  rules: { players: 3 },
  budget: 1200,
  seed: 'tune',
  threads: 1,
  dealsPerEvaluation: 20,
  holdoutDeals: 100,
};

describe('runTune', () => {
  it.each(['spsa', 'ntbea'] as const)('%s: stays in its budget, checks the winner on held-out deals, the same for any thread count', async (method) => {
    const one = await runTune({ ...base, method });
    expect(one.gamesUsed).toBeLessThanOrEqual(base.budget);
    expect(one.evaluations.length).toBeGreaterThan(3);
    expect(one.spec).toMatch(/^threshold:margin=-?[\d.]+,reserve=\d+,cost=(marginal|face)$/);
    expect(Number.isInteger(one.tuned.reserve)).toBe(true);
    // The held-out check plays other deals than tuning did (its own seed), both settings on each.
    if (one.spec !== one.startSpec) expect(one.holdout).toMatchObject({ seed: 'tune/holdout', deals: 100 });
    const two = await runTune({ ...base, method, threads: 2 });
    expect(JSON.stringify([two.tuned, two.holdout, two.evaluations.map((e) => e.gain)])).toBe(
      JSON.stringify([one.tuned, one.holdout, one.evaluations.map((e) => e.gain)]),
    );
  });

  it.each(['spsa', 'ntbea'] as const)('%s: from a setting known to be bad, finds one that beats it on held-out deals', async (method) => {
    // margin 10 takes cards that cost up to 10 points net; against greedy at 3 players a margin
    // near 0 is far better, so the held-out gain must be large and sure, and the margin must fall.
    const r = await runTune({ ...base, agent: 'threshold:margin=10', params: ['margin=-8..12'], budget: 1600, holdoutDeals: 200, method, threads: 2 });
    expect(r.start).toEqual({ margin: 10 });
    expect(r.tuned.margin).toBeLessThan(6);
    expect(r.holdout.ci[0]).toBeGreaterThan(5);
    expect(r.holdout.holds).toBe(true);
  });

  it('replays the compared settings on the same held-out deals as the tuned one', async () => {
    const r = await runTune({
      ...base,
      agent: 'threshold:margin=10',
      params: ['margin=-8..12'],
      budget: 600,
      holdoutDeals: 100,
      compare: ['threshold:margin=10', 'greedy'],
    });
    // The start compared with itself is the held-out check's own difference, to the last bit.
    const self = r.holdout.against.find((c) => c.spec === 'threshold:margin=10')!;
    expect([self.meanGain, self.ci]).toEqual([r.holdout.meanGain, r.holdout.ci]);
    expect(r.holdout.against.map((c) => c.deals)).toEqual([100, 100]);
  });

  it('names a file bot of the field by its own name, never its path', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'nothanks-tune-field-')), 'taker.mjs');
    writeFileSync(path, `export default { name: 'taker', params: {}, create: () => ({ decide: () => 'take' }) };`);
    const r = await runTune({ ...base, field: [`greedy,${path}`], budget: 240, holdoutDeals: 20 });
    expect(r.field).toEqual(['greedy', path]);
    expect(r.fieldLabels).toEqual(['greedy', 'taker']);
  });

  it('an interrupt keeps the evaluations so far, labelled partial, with no held-out claim', async () => {
    const stop = new AbortController();
    let seen = 0;
    const r = await runTune({ ...base, budget: 5000, signal: stop.signal, onProgress: () => ++seen === 3 && stop.abort() });
    expect(r.partial).toBe(true);
    expect(r.evaluations.length).toBe(3);
    expect(r.holdout).toMatchObject({ deals: 0, games: 0 });
    const { tuneHeadlines } = await import('../output/tune-outputs.js');
    const lines = tuneHeadlines(r);
    expect(lines.at(-1)).toMatch(/^Leading spec so far \(partial, unconfirmed\): --agents 'threshold:/);
    expect(lines.join('\n')).not.toMatch(/Winning/);
  });

  it('refuses parameters the bot does not declare or ranges outside its limits, in one line', async () => {
    await expect(runTune({ ...base, params: ['colour=1..2'] })).rejects.toThrow(/threshold has no parameter "colour"/);
    await expect(runTune({ ...base, params: ['reserve=0..90'] })).rejects.toThrow(/reserve=0..90 must be lo < hi within threshold's limits 0..50/);
    await expect(runTune({ ...base, params: ['cost=cheap'] })).rejects.toThrow(/cost must be one of marginal\|face/);
    await expect(runTune({ ...base, holdoutDeals: 5 })).rejects.toThrow(/held-out deals must be an integer from 20/);
    await expect(runTune({ ...base, threads: 0 })).rejects.toThrow(/threads must be an integer from 1 to 256, got 0/);
    await expect(runTune({ ...base, budget: 119 })).rejects.toThrow(/at least one evaluation \(2 settings x 20 deals x 3 seatings = 120 games\), got 119/);
    await expect(runTune({ ...base, params: ['cost=marginal'] })).rejects.toThrow(/needs at least two different choices/);
    await expect(runTune({ ...base, params: ['cost=face|face'] })).rejects.toThrow(/needs at least two different choices/);
    await expect(runTune({ ...base, params: ['reserve=0.2..0.7'] })).rejects.toThrow(/reserve is a whole number/);
    await expect(runTune({ ...base, compare: ['nobody'] })).rejects.toThrow(/nobody/);
    // A text parameter (a model file) has nothing between two values to search.
    await expect(runTune({ ...base, agent: 'net', params: ['model=a.onnx|b.onnx'] })).rejects.toThrow(
      '--params: model is text (the ONNX model file (a path)), which tuning cannot search: compare values with `nothanks sweep --grid model=a|b`',
    );
  });
});

describe('the optimisers', () => {
  const dims: TuneDimension[] = [
    { name: 'margin', lo: -4, hi: 8, integer: false },
    { name: 'cost', lo: 0, hi: 1, integer: true, choices: ['marginal', 'face'] },
  ];
  const start = { margin: 2, cost: 'marginal' };
  const inRange = (p: Record<string, number | string>) => Number(p.margin) >= -4 && Number(p.margin) <= 8 && ['marginal', 'face'].includes(String(p.cost));

  it.each([
    ['spsa', (random: () => number): Optimiser => new Spsa(dims, start, random)],
    ['ntbea', (random: () => number): Optimiser => new Ntbea(dims, start, random)],
  ] as const)('%s: answers the start until it has observed a step, then proposes settings in range and learns from their scores', (_, make) => {
    const optimiser = make(makeRandom('optimiser'));
    expect(optimiser.best()).toEqual(start);
    for (let k = 0; k < 20; k++) {
      const proposed = optimiser.propose();
      expect(proposed).toHaveLength(2);
      expect(proposed.every(inRange)).toBe(true);
      // A lower margin scores lower (better) here: the answer must move down from the start.
      const step = optimiser.observe(proposed.map((p) => Number(p.margin)));
      expect(step.params).toEqual(proposed[0]);
      expect(inRange(step.best)).toBe(true);
    }
    expect(Number(optimiser.best().margin)).toBeLessThan(start.margin);
  });
});
