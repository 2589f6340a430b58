import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderChart } from './render.js';
import * as specs from './specs.js';

const dir = mkdtempSync(join(tmpdir(), 'nothanks-charts-'));
const means = [3, 4].flatMap((players) => ['a', 'b'].map((agent, i) => ({ players, agent, mean: 20 + i * 5, lo: 18 + i * 5, hi: 22 + i * 5 })));
const sweep: specs.SweepRow[] = [0, 2, 4].flatMap((margin) =>
  [1, 2].map((w) => ({
    margin,
    w,
    label: `m${margin} w${w}`,
    mean: margin + w,
    lo: margin + w - 1,
    hi: margin + w + 1,
    status: margin === 0 && w === 1 ? ('winner' as const) : ('finalist' as const),
  })),
);

const cases: [string, ReturnType<typeof specs.leaderboardChart>][] = [
  ['leaderboard', specs.leaderboardChart(means)],
  [
    'pairwise',
    specs.pairwiseChart(
      [3, 4].flatMap((players) => [
        { players, row: 'a', column: 'b', diff: -5, significant: true },
        { players, row: 'b', column: 'a', diff: 5, significant: true },
      ]),
    ),
  ],
  [
    'distributions',
    specs.distributionChart([
      { players: 4, agent: 'a', score: 10, share: 0.5 },
      { players: 4, agent: 'a', score: 20, share: 0.5 },
    ]),
  ],
  ['seats', specs.seatChart([0, 1, 2].map((position) => ({ players: 3, position, mean: 30 - position, lo: 28 - position, hi: 32 - position })))],
  [
    'trend',
    specs.trendChart(
      [3, 4, 5].map((players) => ({ players, agent: 'a', value: 10 * players, lo: 10 * players - 2, hi: 10 * players + 2 })),
      'Mean score',
      'sub',
      'points',
    ),
  ],
  ['sweep-ranking', specs.sweepRankingChart(sweep, 'threshold')],
  ['sweep-heatmap', specs.sweepHeatmapChart(sweep, 'margin', 'w', 'threshold')],
  [
    'sweep-line',
    specs.sweepLineChart(
      sweep.filter((r) => r.w === 1),
      'margin',
      'threshold',
    ),
  ],
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

describe('pairwise colour scale', () => {
  /** Both cells of every pair of bots at the given mean scores. */
  const cells = (means: Record<string, number>) =>
    Object.entries(means).flatMap(([row, x]) =>
      Object.entries(means)
        .filter(([column]) => column !== row)
        .map(([column, y]) => ({ row, column, diff: x - y })),
    );

  it('leaves a far-off bot out of the scale, so the gaps between the others show', () => {
    // The 5-player strategies run: random 110 points behind, the others within 2.
    expect(specs.pairwiseColourLimit(cells({ threshold: 5.39, mc: 6.02, greedy: 7.41, random: 116.21 }))).toBeCloseTo(2.02, 9);
    expect(specs.pairwiseColourLimit(cells({ a: 0, b: 1, c: 2, worst: 100, best: -100 }))).toBeCloseTo(2, 9);
  });

  it('keeps every bot when none is far off, and always two', () => {
    expect(specs.pairwiseColourLimit(cells({ mc: 29.3, threshold: 39.6, greedy: 57.7, random: 75 }))).toBeCloseTo(45.7, 9);
    expect(specs.pairwiseColourLimit(cells({ a: 0, b: 100 }))).toBe(100);
    expect(specs.pairwiseColourLimit(cells({ a: 3, b: 3 }))).toBeGreaterThan(0);
  });

  it('clips the colour scale at the limit, per panel, and says so in the legend', () => {
    const spec = specs.pairwiseChart([
      ...cells({ a: 0, b: 1, c: 2, r: 100 }).map((r) => ({ ...r, players: 4, significant: true })),
      ...cells({ a: 0, b: 30 }).map((r) => ({ ...r, players: 5, significant: false })),
    ]) as unknown as { hconcat: { layer: { encoding: { color: { title: unknown; scale: { domain: number[]; clamp: boolean } } } }[] }[] };
    const [four, five] = spec.hconcat.map((p) => p.layer[0]!.encoding.color);
    expect(four!.scale).toMatchObject({ domain: [-2, 2], clamp: true });
    expect(four!.title).toEqual(['row - column', '(clipped at ±2.0)']);
    expect(five!.scale.domain).toEqual([-30, 30]);
    expect(five!.title).toBe('row - column');
  });
});
