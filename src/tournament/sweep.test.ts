import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAgent } from '../agents/registry.js';
import { gridPoints, parseGrid, runSweep } from './sweep.js';

describe('sweep grids', () => {
  it('parse ranges, steps and lists against the bot parameters', async () => {
    const def = (await loadAgent('threshold')).definition;
    expect(parseGrid(def, ['margin=-4..8'])[0]!.values).toEqual([-4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(parseGrid(def, ['potWeight=0.5..2:0.5'])[0]!.values).toEqual([0.5, 1, 1.5, 2]);
    expect(parseGrid(def, ['reserve=0|2|5'])[0]!.values).toEqual([0, 2, 5]);
    expect(parseGrid(def, ['cost=face|marginal'])[0]!.values).toEqual(['face', 'marginal']);
    expect(gridPoints(parseGrid(def, ['margin=0..2', 'reserve=0..4']))).toHaveLength(15);
    // Text values as written (each point's bot checks its own file when it starts).
    const net = (await loadAgent('net')).definition;
    expect(parseGrid(net, ['model=a.onnx|models/b 2.onnx'])[0]!.values).toEqual(['a.onnx', 'models/b 2.onnx']);
    expect(() => parseGrid(net, ['model=a.onnx|'])).toThrow('grid: model=a.onnx| has an empty value');
  });

  it.each([
    ['colour=1..2', 'threshold has no parameter "colour"'],
    ['reserve=0..60', 'reserve must be an integer from 0 to 50'],
    ['reserve=0.5|1', 'reserve must be an integer from 0 to 50'],
    ['margin=5..1', 'needs lo <= hi'],
    ['margin', 'is not name=lo..hi'],
    ['cost=cheap', 'cost must be one of marginal|face'],
  ])('rejects %s', async (entry, message) => {
    const def = (await loadAgent('threshold')).definition;
    expect(() => parseGrid(def, [entry])).toThrow(message);
  });
});

describe('sweep options', () => {
  it.each([
    [{ players: 9 }, /players must be an integer from 2 to 7/],
    [{ games: 0 }, /games must be an integer from 1 to 10000000, got 0/],
    [{ rounds: 0 }, /rounds must be an integer from 1 to 100/],
    [{ alpha: 2 }, /alpha must be above 0 and at most 0.5/],
    [{ agent: 'nobody' }, /unknown agent "nobody"/],
  ])('rejects %j', async (o, message) => {
    await expect(runSweep({ agent: 'threshold', grid: ['margin=0..1'], field: ['greedy'], players: 3, games: 10, seed: 's', ...o })).rejects.toThrow(message);
  });
});

describe('racing', () => {
  it('drops a clearly worse point and keeps a tie with the leader', async () => {
    // margin=40 takes every card: far worse. The two late=0 copies of each margin are exact ties.
    const r = await runSweep({
      agent: 'threshold',
      grid: ['margin=2|40', 'late=0|0'],
      field: ['greedy'],
      players: 3,
      games: 300,
      seed: 'race',
      rounds: 3,
      threads: 2,
    });
    const bad = r.points.filter((p) => p.params.margin === 40);
    const good = r.points.filter((p) => p.params.margin === 2);
    expect(bad.every((p) => p.droppedAfterRound === 1)).toBe(true);
    expect(good.every((p) => p.droppedAfterRound === undefined && p.deals === 300)).toBe(true);
    expect(good[0]!.meanScore).toBe(good[1]!.meanScore);
    expect(r.winner!.params.margin).toBe(2);
    expect(r.defaults.isDefault).toBe(true);
    expect(r.gamesPlayed).toBe(2 * 3 * 300 + 2 * 3 * 100);
    expect(r.gamesSaved).toBe(r.gamesFullGrid - r.gamesPlayed);
  });
});

describe('sweep labels', () => {
  it('names a file bot by its own name in the result and its points, keeping the spec that seats it', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const file = join(mkdtempSync(join(tmpdir(), 'nothanks-sweep-')), 'tb.mjs');
    writeFileSync(
      file,
      "export default { name: 'tb', params: { m: { description: 'm', default: 2, min: 0, max: 10 } }, create: (p) => ({ decide: (o) => (o.myChips === 0 || o.marginalCost() - o.pot <= p.m ? 'take' : 'pass') }) };",
    );
    const r = await runSweep({ agent: file, grid: ['m=0..4:4'], field: ['greedy'], players: 3, games: 20, rounds: 1, seed: 'labels', threads: 1, rules: {} });
    expect(r.agent).toBe('tb');
    expect(r.points.map((p) => p.label)).toEqual(['tb:m=0', 'tb:m=4', 'tb']);
    expect(r.points.map((p) => p.spec)).toEqual([`${file}:m=0`, `${file}:m=4`, file]);
  });
});

describe('sweep grid limits', () => {
  it('refuses a grid of more points than it can hold, and a parameter given twice, before any play', async () => {
    const def = (await loadAgent('threshold')).definition;
    expect(() => parseGrid(def, ['margin=-10..10', 'potWeight=0..5:0.1', 'reserve=0..6', 'bonus=0..10'])).toThrow(
      /^grid of 82,467 points \(margin 21 x potWeight 51 x reserve 7 x bonus 11\): at most 10,000; use coarser steps$/,
    );
    expect(() => parseGrid(def, ['margin=0..4:2', 'margin=1..3'])).toThrow(/^grid: margin is given twice/);
    expect(parseGrid(def, ['margin=-10..10', 'potWeight=0..5:0.1', 'reserve=0..6']).reduce((n, a) => n * a.values.length, 1)).toBe(7497);
  });
});

describe('an interrupted sweep', () => {
  it('says so first in its headlines, names no winner and claims no racing savings', async () => {
    const { sweepHeadlines, writeSweepOutputs } = await import('../experiments/run-experiment.js');
    const controller = new AbortController();
    const result = await runSweep({
      agent: 'threshold',
      grid: ['margin=0..3'],
      field: ['greedy'],
      players: 3,
      games: 400,
      rounds: 4,
      seed: 'cut',
      threads: 1,
      signal: controller.signal,
      // Stop once the first round is under way.
      onProgress: (done) => done > 0 && controller.abort(),
    });
    expect(result.partial).toBe(true);
    const lines = sweepHeadlines(result);
    expect(lines[0]).toMatch(/^PARTIAL: interrupted after \d+ of 400 deals; .* no point has won yet/);
    expect(lines[1]).toMatch(/^Leading so far: threshold/);
    expect(lines.join('\n')).not.toMatch(/^Best |saved \d+%|winner/m);
    // Its files mark the best point a leader, nowhere a winner.
    const dir = mkdtempSync(join(tmpdir(), 'nothanks-sweep-cut-'));
    const { table } = await writeSweepOutputs(result, dir, false);
    expect(result.winner).toBeUndefined();
    expect(result.leader?.deals).toBeGreaterThan(0);
    expect(readFileSync(join(dir, 'sweep.csv'), 'utf8')).toMatch(/,leader,/);
    for (const f of ['sweep.csv', 'sweep.json', 'sweep-ranking.vl.json', 'sweep-line.vl.json'])
      expect(readFileSync(join(dir, f), 'utf8'), f).not.toMatch(/winner"?[,:]|'winner'/);
    expect(table).toMatch(/leader/);
    expect(table).not.toMatch(/winner/);
  });

  it('stopped before any deal finished: no leader, one line, and empty cells rather than NaN', async () => {
    const { sweepHeadlines, writeSweepOutputs } = await import('../experiments/run-experiment.js');
    const controller = new AbortController();
    controller.abort();
    const result = await runSweep({
      agent: 'threshold',
      grid: ['margin=0..4:4'],
      field: ['greedy'],
      players: 3,
      games: 20,
      seed: 'none',
      threads: 1,
      signal: controller.signal,
    });
    expect(result.partial).toBe(true);
    expect(result.dealsPlayed).toBe(0);
    expect(result.winner ?? result.leader).toBeUndefined();
    expect(sweepHeadlines(result)).toEqual(['PARTIAL: interrupted after 0 of 20 deals: no deal finished, so no point leads.']);
    const dir = mkdtempSync(join(tmpdir(), 'nothanks-sweep-none-'));
    const { table } = await writeSweepOutputs(result, dir, false);
    const csv = readFileSync(join(dir, 'sweep.csv'), 'utf8');
    expect(csv).not.toMatch(/NaN|winner|leader/);
    expect(csv).toMatch(/^0,threshold:margin=0,threshold:margin=0,finalist,0,,,,,true$/m);
    expect(readFileSync(join(dir, 'sweep.json'), 'utf8')).not.toMatch(/NaN|winner"|leader"/);
    expect(table).not.toMatch(/NaN/);
  });
});
