import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vega from 'vega';
import { compile } from 'vega-lite';
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

/** The 5-player strategies run of the report whose charts were reviewed: random 108 points behind. */
const fivePlayers = { threshold: [5.58, 4.12, 7.05], greedy: [6.04, 2.82, 9.25], mc: [6.36, 4.3, 8.42], random: [114.03, 107.49, 120.57] } as const;
const meanRowsOf = (players: number, bots: Record<string, readonly number[]>): specs.MeanRow[] =>
  Object.entries(bots).map(([agent, [mean, lo, hi]]) => ({ players, agent, mean: mean!, lo: lo!, hi: hi! }));

/** Both cells of every pair of bots at the given mean scores. */
const cells = (means: Record<string, number>) =>
  Object.entries(means).flatMap(([row, x]) =>
    Object.entries(means)
      .filter(([column]) => column !== row)
      .map(([column, y]) => ({ row, column, diff: x - y })),
  );

const seatRows: specs.SeatRow[] = [3, 4, 5].flatMap((players) =>
  Array.from({ length: players }, (_, position) => ({ players, position, mean: 50 - position, lo: 46 - position, hi: 54 - position })),
);

const cases: [string, ReturnType<typeof specs.leaderboardChart>][] = [
  ['leaderboard', specs.leaderboardChart(means)],
  ['leaderboard-broken', specs.leaderboardChart([...meanRowsOf(5, fivePlayers), ...means])],
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
  ['seats-three-tables', specs.seatChart(seatRows)],
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

/** Runs a spec through vega (as report.html does) and returns every mark item with a datum. */
async function items(spec: ReturnType<typeof specs.leaderboardChart>) {
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
  await view.runAsync();
  const found: { mark: string; role: string; datum: Record<string, unknown>; fill?: string; text?: string; x?: number }[] = [];
  const walk = (node: unknown, mark = '', role = ''): void => {
    if (!node || typeof node !== 'object') return;
    const n = node as { marktype?: string; role?: string; items?: unknown[]; datum?: Record<string, unknown>; fill?: string; text?: string; x?: number };
    const here = n.marktype ?? mark;
    const r = n.role ?? role;
    if (n.datum && !n.items) found.push({ mark: here, role: r, datum: n.datum, fill: n.fill, text: n.text, x: n.x });
    for (const child of n.items ?? []) walk(child, here, r);
  };
  walk((view.scenegraph() as unknown as { root: unknown }).root);
  view.finalize();
  return found;
}

/** The red, green and blue of a #rrggbb or rgb() colour, 0-255. */
function channels(colour: string): number[] {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour);
  const rgb = hex
    ? [0, 2, 4].map((i) => Number.parseInt(hex[1]!.slice(i, i + 2), 16))
    : (/rgb\((\d+), ?(\d+), ?(\d+)\)/.exec(colour)?.slice(1).map(Number) ?? []);
  expect(rgb, colour).toHaveLength(3);
  return rgb;
}

/** Relative luminance: 1 white, 0 black. */
function luminance(colour: string): number {
  const [r, g, b] = channels(colour);
  return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
}

describe('pairwise heat map', () => {
  // The case: at 5 players a not significant +0.5 beside random's significant +108.
  const five = cells({ threshold: 5.58, greedy: 6.04, mc: 6.36, random: 114.03 }).map((r) => ({
    ...r,
    players: 5,
    significant: r.row === 'random' || r.column === 'random',
  }));
  const four = cells({ mc: 21.13, threshold: 22.03, greedy: 38.34, random: 120.54 }).map((r) => ({
    ...r,
    players: 4,
    significant: !(['mc', 'threshold'].includes(r.row) && ['mc', 'threshold'].includes(r.column)),
  }));

  it('takes its colour limit from the largest gap of any panel, so nothing is clipped', () => {
    expect(specs.pairwiseColourLimit([...five, ...four])).toBeCloseTo(114.03 - 5.58, 9);
    expect(specs.pairwiseColourLimit([{ diff: 0 }])).toBeGreaterThan(0);
  });

  it('greys out cells that are not significant and shades the rest by size on one symmetric scale', async () => {
    const cellsDrawn = (await items(specs.pairwiseChart([...four, ...five]))).filter((i) => i.mark === 'rect' && typeof i.datum.diff === 'number');
    const fill = (players: number, row: string, column: string): string =>
      cellsDrawn.find((c) => c.datum.players === players && c.datum.row === row && c.datum.column === column)!.fill!;
    // Not significant: muted whatever its size (+0.5, and +0.9 at 4 players).
    expect(fill(5, 'greedy', 'threshold')).toBe('#eeeeee');
    expect(fill(4, 'threshold', 'mc')).toBe('#eeeeee');
    // Significant: deeper with size, on the same scale in both panels.
    const depth = (players: number, row: string, column: string) => 1 - luminance(fill(players, row, column));
    expect(depth(4, 'random', 'mc')).toBeGreaterThan(depth(4, 'greedy', 'mc'));
    expect(depth(4, 'greedy', 'mc')).toBeGreaterThan(0.2);
    expect(depth(5, 'random', 'threshold')).toBeGreaterThan(depth(4, 'greedy', 'threshold'));
    // Positive (row worse) is red, its mirror blue.
    const [r1, , b1] = channels(fill(5, 'random', 'greedy'));
    const [r2, , b2] = channels(fill(5, 'greedy', 'random'));
    expect(r1!).toBeGreaterThan(b1!);
    expect(b2!).toBeGreaterThan(r2!);
  });

  it('prints every value, with a sign and * where significant, and one legend with a full title', () => {
    const spec = specs.pairwiseChart([...four, ...five]) as unknown as {
      concat: {
        data: { values: { label: string; diff: number }[] };
        layer: { encoding: { color: { title: unknown; scale: { type: string; domain: number[] }; legend: { values: number[] } } } }[];
      }[];
      columns: number;
      resolve?: unknown;
    };
    const labels = spec.concat.flatMap((p) => p.data.values.map((v) => v.label));
    expect(labels).toContain('+0.5');
    expect(labels).toContain('+108.0*');
    expect(labels).toContain('-0.9');
    expect(spec.resolve).toBeUndefined();
    const colour = spec.concat[0]!.layer[0]!.encoding.color;
    expect(colour.scale.type).toBe('symlog');
    expect(colour.scale.domain[0]).toBeCloseTo(-108.45, 9);
    expect(colour.scale.domain[1]).toBeCloseTo(108.45, 9);
    expect(colour.title).toBe('row - column (points per game)');
    expect(colour.legend.values).toEqual([-108.4, -10, 0, 10, 108.4]);
  });

  it('wraps its panels to fit the report column: three of four bots in a row, fewer as bots are added', () => {
    const withBots = (n: number) =>
      (
        specs.pairwiseChart(
          [3, 4, 5].flatMap((players) =>
            cells(Object.fromEntries(Array.from({ length: n }, (_, i) => [`bot${i}`, i]))).map((r) => ({ ...r, players, significant: true })),
          ),
        ) as unknown as { columns: number }
      ).columns;
    expect(withBots(4)).toBe(3);
    expect(withBots(6)).toBe(2);
    expect(withBots(12)).toBe(1);
  });

  it('is no wider than the report column at four bots and three table sizes', async () => {
    const chart = await renderChart(dir, 'pairwise-width', specs.pairwiseChart([...four, ...five, ...five.map((r) => ({ ...r, players: 3 }))]), false);
    const width = Number(/width="(\d+)"/.exec(readFileSync(join(dir, 'pairwise-width.svg'), 'utf8'))![1]);
    // 1120 px: the report's column at a 1280 px window (72rem less its padding).
    expect(width).toBeLessThanOrEqual(1120);
    expect(chart.name).toBe('pairwise-width');
  });
});

describe('leaderboard dot plot', () => {
  it('sets a far-off bot apart only when it would squeeze the others', () => {
    expect(specs.farBots(meanRowsOf(5, fivePlayers))).toEqual(['random']);
    // 3 players: greedy 27 points behind the best, random 95: only random is set apart.
    expect(
      specs.farBots(
        meanRowsOf(3, { mc: [30.91, 28.06, 33.77], threshold: [32.88, 30.46, 35.3], greedy: [59.29, 53.98, 64.59], random: [127.61, 117.37, 137.85] }),
      ),
    ).toEqual(['random']);
    // A far-off best bot goes apart on the low side.
    expect(specs.farBots(meanRowsOf(4, { star: [-90, -95, -85], a: [10, 8, 12], b: [11, 9, 13], c: [12, 10, 14] }))).toEqual(['star']);
    // Spread evenly: no break.
    expect(specs.farBots(meanRowsOf(4, { a: [10, 8, 12], b: [20, 18, 22], c: [30, 28, 32], d: [40, 38, 42] }))).toEqual([]);
    // Two bots: nothing to compare on the main scale, so no break.
    expect(specs.farBots(meanRowsOf(4, { a: [10, 8, 12], b: [110, 108, 112] }))).toEqual([]);
  });

  it('draws a set-apart bot right of a break, on a scale of its own that says so, in line with its row', async () => {
    const spec = specs.leaderboardChart([...meanRowsOf(5, fivePlayers), ...means]) as unknown as {
      vconcat: { title: string; hconcat?: { width: number; data: { values: { agent: string }[] }; layer: { encoding: { x: { title?: string } } }[] }[] }[];
    };
    const [five, three] = spec.vconcat;
    expect(five!.title).toBe('5 players');
    expect(five!.hconcat!.map((s) => s.data.values.map((v) => v.agent))).toEqual([['threshold', 'greedy', 'mc'], ['random']]);
    expect(five!.hconcat!.map((s) => s.layer[0]!.encoding.x.title)).toEqual(['mean score (points per game)', 'set apart: own scale']);
    expect(three!.hconcat).toBeUndefined();
    // Drawn: the near side's axis spans the three close bots only, so their 1-point gaps are not a sliver.
    const drawn = await items(spec as never);
    const dots = drawn.filter((i) => i.mark === 'symbol' && i.datum.players === 5);
    const x = (agent: string) => dots.find((d) => d.datum.agent === agent)?.x;
    expect(dots).toHaveLength(4);
    expect(x('mc')! - x('threshold')!).toBeGreaterThan(30);
  });
});

describe('seat effect chart', () => {
  it('gives each table size its own hue, dash and point shape in one legend', () => {
    const spec = specs.seatChart(seatRows) as unknown as {
      encoding: { color: { scale: { range: string[] }; title: string } };
      layer: { encoding: { strokeDash?: { scale: { range: number[][] }; title: string }; shape?: { scale: { range: string[] }; title: string } } }[];
    };
    const colours = spec.encoding.color.scale.range;
    const dashes = spec.layer.find((l) => l.encoding.strokeDash)!.encoding.strokeDash!;
    const shapes = spec.layer.find((l) => l.encoding.shape)!.encoding.shape!;
    for (const range of [colours, dashes.scale.range, shapes.scale.range]) {
      expect(range).toHaveLength(3);
      expect(new Set(range.map((v) => JSON.stringify(v))).size).toBe(3);
    }
    // 4 and 5 players differ in hue, not just in lightness.
    expect(colours[1]).toBe('#f28e2b');
    expect(colours[2]).toBe('#59a14f');
    expect(new Set([spec.encoding.color.title, dashes.title, shapes.title])).toEqual(new Set(['players at the table']));
  });

  it('names each line at its last seat, nudged apart where two would overlap', () => {
    // Range 46-4 .. 54: 12 points over 260 px, so 14 px is 0.646 points.
    expect(specs.seatLabels(seatRows, 260)).toEqual([
      { players: 5, text: '5 players', y: 46 },
      { players: 4, text: '4 players', y: 47 },
      { players: 3, text: '3 players', y: 48 },
    ]);
    const close = specs.seatLabels(
      [
        { players: 4, position: 0, mean: 50, lo: 40, hi: 60 },
        { players: 5, position: 0, mean: 50.1, lo: 40, hi: 60 },
      ],
      200,
    );
    expect(close[1]!.y - close[0]!.y).toBeCloseTo((14 / 200) * 20, 9);
  });
});

describe('bot colours', () => {
  /** Every colour encoding by bot in a spec, wherever it sits. */
  const botColours = (spec: unknown): unknown[] => {
    const found: unknown[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        const o = node as Record<string, unknown>;
        const color = o.color as { field?: string; scale?: unknown } | undefined;
        if (color?.field === 'agent') found.push(color.scale);
        Object.values(o).forEach(walk);
      }
    };
    walk(spec);
    return found;
  };
  it('gives a bot one colour in every chart of a report, whatever order each chart meets the bots in (before, each chart had its own)', () => {
    const bots = ['threshold', 'mc', 'search', 'greedy'];
    const reversed = [...bots].reverse();
    const mean = (agent: string, i: number) => ({ players: 3, agent, mean: i, lo: i - 1, hi: i + 1 });
    const charts = [
      specs.leaderboardChart(bots.map(mean)),
      specs.trendChart(
        reversed.map((agent, i) => ({ players: 3, agent, value: i, lo: i, hi: i })),
        't',
        's',
        'y',
      ),
      specs.distributionChart(reversed.map((agent) => ({ players: 3, agent, score: 10, share: 1 }))),
      specs.lossChart(
        bots.map((agent, i) => ({ decision: i, loss: 0.1, agent })),
        { mistake: 0.1 },
      ),
    ];
    const scales = charts.flatMap(botColours);
    expect(scales.length).toBeGreaterThanOrEqual(charts.length);
    for (const scale of scales) expect(scale).toEqual({ domain: ['greedy', 'mc', 'search', 'threshold'], range: expect.any(Array) });
    expect(new Set(scales.map((s) => JSON.stringify(s))).size).toBe(1);
  });
});

describe('the sequential test chart', () => {
  it('draws the LLR path where it is, past 1.5x a bound too, and marks an infinite ratio (before, both were cut at 1.5x unmarked)', async () => {
    const bounds = { lower: -2.9, upper: 2.9 };
    const trace = [
      { deals: 10, llr: 1 },
      { deals: 20, llr: 12 },
      { deals: 30, llr: Number.POSITIVE_INFINITY },
    ];
    const spec = specs.llrPathChart(trace, bounds, 'a vs b') as unknown as { layer: { data: { values: { llr: number; value?: string }[] } }[] };
    const path = spec.layer[0]!.data.values;
    expect(path[1]!.llr).toBe(12);
    expect(path[2]!.llr).toBeGreaterThan(12);
    expect(path[2]!.value).toBe('+infinite');
    expect(JSON.stringify(spec)).toContain('"text":{"value":"infinite"}');
    await renderChart(dir, 'llr-marked', spec as never);
    expect(readFileSync(join(dir, 'llr-marked.svg'), 'utf8')).toContain('infinite');
    // A path that stays finite has no marks.
    expect(JSON.stringify(specs.llrPathChart(trace.slice(0, 2), bounds, 'a vs b'))).not.toContain('"text":{"value":"infinite"}');
  });
});

describe('the sweep ranking chart', () => {
  it('labels every grid point, 48 of them too (before, over 40 rows had no labels)', () => {
    const rows = Array.from({ length: 48 }, (_, i) => ({ ...sweep[0]!, label: `margin=${i}`, mean: i }));
    const spec = specs.sweepRankingChart(rows, 'threshold') as unknown as { encoding: { y: { axis: { labels?: boolean } } }; height: { step: number } };
    expect(spec.encoding.y.axis.labels).not.toBe(false);
    expect(spec.height.step).toBeGreaterThanOrEqual(11);
  });
});
