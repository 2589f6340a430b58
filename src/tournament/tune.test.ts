import { describe, expect, it } from 'vitest';
import { runTune, type TuneOptions } from './tune.js';

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

  it('refuses parameters the bot does not declare or ranges outside its limits, in one line', async () => {
    await expect(runTune({ ...base, params: ['colour=1..2'] })).rejects.toThrow(/threshold has no parameter "colour"/);
    await expect(runTune({ ...base, params: ['reserve=0..90'] })).rejects.toThrow(/reserve=0..90 must be lo < hi within threshold's limits 0..50/);
    await expect(runTune({ ...base, params: ['cost=cheap'] })).rejects.toThrow(/cost must be one of marginal\|face/);
  });
});
