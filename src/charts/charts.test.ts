import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderChart } from './render.js';
import * as specs from './specs.js';

const dir = mkdtempSync(join(tmpdir(), 'nothanks-charts-'));
const means = [3, 4].flatMap((players) => ['a', 'b'].map((agent, i) => ({ players, agent, mean: 20 + i * 5, lo: 18 + i * 5, hi: 22 + i * 5 })));
const sweep: specs.SweepRow[] = [0, 2, 4].flatMap((margin) => [1, 2].map((w) => ({ margin, w, label: `m${margin} w${w}`, mean: margin + w, lo: margin + w - 1, hi: margin + w + 1, status: margin === 0 && w === 1 ? ('winner' as const) : ('finalist' as const) })));

const cases: [string, ReturnType<typeof specs.leaderboardChart>][] = [
  ['leaderboard', specs.leaderboardChart(means)],
  ['pairwise', specs.pairwiseChart([3, 4].flatMap((players) => [{ players, row: 'a', column: 'b', diff: -5, significant: true }, { players, row: 'b', column: 'a', diff: 5, significant: true }]))],
  ['distributions', specs.distributionChart([{ players: 4, agent: 'a', score: 10, share: 0.5 }, { players: 4, agent: 'a', score: 20, share: 0.5 }])],
  ['seats', specs.seatChart([0, 1, 2].map((position) => ({ players: 3, position, mean: 30 - position, lo: 28 - position, hi: 32 - position })))],
  ['trend', specs.trendChart([3, 4, 5].map((players) => ({ players, agent: 'a', value: 10 * players, lo: 10 * players - 2, hi: 10 * players + 2 })), 'Mean score', 'sub', 'points')],
  ['sweep-ranking', specs.sweepRankingChart(sweep, 'threshold')],
  ['sweep-heatmap', specs.sweepHeatmapChart(sweep, 'margin', 'w', 'threshold')],
  ['sweep-line', specs.sweepLineChart(sweep.filter((r) => r.w === 1), 'margin', 'threshold')],
];

describe('charts', () => {
  it.each(cases)('%s compiles and renders to a non-empty SVG and PNG', async (name, spec) => {
    const chart = await renderChart(dir, name, spec);
    const svg = readFileSync(join(dir, `${name}.svg`), 'utf8');
    expect(svg).toMatch(/^<svg/);
    expect(svg).toMatch(/<path|<rect|<line/);
    expect(svg.length).toBeGreaterThan(2000);
    const png = readFileSync(join(dir, `${name}.png`));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(statSync(join(dir, `${name}.png`)).size).toBeGreaterThan(5000);
    expect(JSON.parse(readFileSync(join(dir, `${name}.vl.json`), 'utf8'))).toEqual(JSON.parse(JSON.stringify(spec)));
    expect(chart.vega).toHaveProperty('marks');
  });
});
