import type { TopLevelSpec } from 'vega-lite';

/**
 * Vega-Lite specs of every chart the lab draws. Each takes plain rows, so the same builders serve
 * tournaments, experiments and sweeps. Scores are points per game; lower is better.
 */
const WIDTH = 420;
const config = {
  font: 'DejaVu Sans',
  view: { stroke: null },
  axis: { labelFontSize: 11, titleFontSize: 12 },
  // Legends of line-over-band charts would otherwise take the pale band's opacity.
  // A legend title is never cut short (titleLimit 0; vega's default cuts at 180 px, and in Node it
  // measures text by an estimate that runs wide, so titles were cut in the PNGs); labels (bots,
  // arms) show whole up to 320 px rather than vega's 160.
  legend: { symbolOpacity: 1, titleLimit: 0, labelLimit: 320 },
  title: { fontSize: 14, anchor: 'start' as const },
};

/** Tableau 10, Vega's default categories, as a fixed range so a bot's colour is set by the domain alone. */
const BOT_PALETTE = ['#4c78a8', '#f58518', '#e45756', '#72b7b2', '#54a24b', '#eeca3b', '#b279a2', '#ff9da6', '#9d755d', '#bab0ac'];

/**
 * The colour scale of bots, the same in every chart of a report: its domain is the bots sorted by
 * label (not in the order each chart meets them), so a bot has one colour across the charts
 * that show the same bots. `also` adds bots a chart leaves out (their colours stay reserved).
 */
export function botColourScale(agents: Iterable<string>, also: Iterable<string> = []): { domain: string[]; range: string[] } {
  return { domain: [...new Set([...agents, ...also])].sort(), range: BOT_PALETTE };
}

export interface MeanRow {
  players: number;
  agent: string;
  mean: number;
  lo: number;
  hi: number;
}

/**
 * The bots a dot plot sets apart on a scale of their own (a broken axis), none when nothing is
 * squeezed. Bots sorted by mean split at the widest gap between the intervals below and above;
 * the larger side (the better one on a tie) keeps the main scale, and the other side is set apart
 * only when that gap is wider than the main side's own span: then one far-off bot (random, a
 * hundred points behind bots within a few of each other) would squeeze the bots that matter into
 * less than half of the axis. The main side needs two bots, since the break is there to compare them.
 */
export function farBots(rows: readonly Pick<MeanRow, 'agent' | 'mean' | 'lo' | 'hi'>[]): string[] {
  const sorted = [...rows].sort((a, b) => a.mean - b.mean);
  let split = { gap: Number.NEGATIVE_INFINITY, at: 0 };
  for (let at = 1; at < sorted.length; at++) {
    const gap = Math.min(...sorted.slice(at).map((r) => r.lo)) - Math.max(...sorted.slice(0, at).map((r) => r.hi));
    if (gap > split.gap) split = { gap, at };
  }
  const low = sorted.slice(0, split.at);
  const high = sorted.slice(split.at);
  const [main, far] = high.length > low.length ? [high, low] : [low, high];
  if (main.length < 2 || far.length === 0) return [];
  const span = Math.max(...main.map((r) => r.hi)) - Math.min(...main.map((r) => r.lo));
  return split.gap > span ? far.map((r) => r.agent) : [];
}

/** Width of the set-apart side of a broken dot-plot axis. */
const FAR_WIDTH = 90;

/**
 * Mean score per bot with 95% CI error bars, one panel per player count (or per `panel` label:
 * the compare experiment's "arm, P players"). Each panel has its own scale, and bots far off the
 * rest (farBots) sit beyond a break on a scale of their own, titled as such, so the gaps between
 * the others stay readable; every dot is still at its value on the axis below it.
 */
export function leaderboardChart(rows: (MeanRow & { panel?: string })[], byPanel = false): TopLevelSpec {
  const label = (r: MeanRow & { panel?: string }): string => (byPanel ? (r.panel ?? '') : `${r.players} players`);
  const bots = [...new Set(rows.map((r) => r.agent))];
  const side = (own: MeanRow[], order: string[], width: number, xTitle: string, yAxis: boolean) => ({
    data: { values: own },
    width,
    height: { step: 22 },
    encoding: {
      // Both sides list every bot of the panel in one order, so a bot's row lines up across the break.
      y: { field: 'agent', type: 'nominal' as const, title: null, sort: order, scale: { domain: order }, axis: yAxis ? {} : null },
    },
    layer: [
      {
        mark: { type: 'rule' as const, strokeWidth: 2 },
        encoding: {
          x: { field: 'lo', type: 'quantitative' as const, title: xTitle, scale: { zero: false }, axis: width === FAR_WIDTH ? { tickCount: 3 } : {} },
          x2: { field: 'hi' },
        },
      },
      {
        mark: { type: 'point' as const, filled: true, size: 70, opacity: 1 },
        encoding: {
          x: { field: 'mean', type: 'quantitative' as const },
          color: { field: 'agent', type: 'nominal' as const, legend: null, scale: botColourScale(bots) },
          tooltip: [
            { field: 'agent' },
            { field: 'players' },
            { field: 'mean', format: '.2f' },
            { field: 'lo', title: 'CI low', format: '.2f' },
            { field: 'hi', title: 'CI high', format: '.2f' },
          ],
        },
      },
    ],
  });
  const panel = (title: string) => {
    const own = rows.filter((r) => label(r) === title);
    // Best bot first, as in the tables.
    const order = [...own].sort((a, b) => a.mean - b.mean).map((r) => r.agent);
    const far = new Set(farBots(own));
    if (far.size === 0) return { title, ...side(own, order, WIDTH, 'mean score (points per game)', true) };
    const near = own.filter((r) => !far.has(r.agent));
    const apart = own.filter((r) => far.has(r.agent));
    const farIsWorse = Math.min(...apart.map((r) => r.mean)) > Math.max(...near.map((r) => r.mean));
    // Lower scores on the left, whichever side is set apart; the bot names on the leftmost side.
    const nearSide = side(near, order, WIDTH - FAR_WIDTH, 'mean score (points per game)', farIsWorse);
    const farSide = side(apart, order, FAR_WIDTH, 'set apart: own scale', !farIsWorse);
    return {
      title,
      hconcat: farIsWorse ? [nearSide, farSide] : [farSide, nearSide],
      spacing: 24,
      resolve: { scale: { x: 'independent' as const } },
    };
  };
  const broken = [...new Set(rows.map(label))].some((t) => farBots(rows.filter((r) => label(r) === t)).length > 0);
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: {
      text: 'Mean score per game with 95% CI',
      subtitle: [
        'lower is better; duplicate deals, every seating; each panel has its own scale',
        ...(broken ? ['axis broken where a bot is far off the rest: it sits on the right (or left), on a scale of its own'] : []),
      ],
    },
    vconcat: [...new Set(rows.map(label))].map(panel),
    spacing: 18,
    config,
  } as TopLevelSpec;
}

export interface PairRow {
  players: number;
  row: string;
  column: string;
  diff: number;
  significant: boolean;
}

/** Each bot's mean row difference (its mean score relative to the others), best (lowest) first. */
function botPositions(rows: readonly Pick<PairRow, 'row' | 'column' | 'diff'>[]): Map<string, number> {
  const bots = [...new Set(rows.flatMap((r) => [r.row, r.column]))];
  const position = bots.map((b) => {
    const own = rows.filter((r) => r.row === b);
    return [b, own.reduce((sum, r) => sum + r.diff, 0) / Math.max(1, own.length)] as const;
  });
  return new Map(position.sort((a, b) => a[1] - b[1]));
}

/**
 * The colour limit of the pairwise heat map: the largest gap of any panel, so one colour means
 * one gap in points in every panel, and no cell is clipped.
 */
export function pairwiseColourLimit(rows: readonly Pick<PairRow, 'diff'>[]): number {
  return Math.max(1e-9, ...rows.map((r) => Math.abs(r.diff)));
}

/**
 * The symlog colour scale's linear zone: gaps under about a point are pale, and each tenfold larger
 * gap is a step deeper, so +0.5 and +110 never look alike while +2 and +17 stay apart.
 */
export const PAIRWISE_SYMLOG_CONSTANT = 1;
/** A cell's share of the colour ramp past which its number is printed white. */
const DARK_CELL = 0.55;
const symlog = (x: number): number => Math.sign(x) * Math.log1p(Math.abs(x) / PAIRWISE_SYMLOG_CONSTANT);

/**
 * Pixels the heat map's panels may take side by side before they wrap to a new row: the report's
 * column at a 1280 px window (1120 px) less a margin; the legend sits below.
 */
const PAIRWISE_ROW_WIDTH = 1080;
/** A cell's width: room for '+108.4*' at 10 px. */
const PAIRWISE_STEP = 48;
/** About one bot-name character's width at the axis label size. */
const LABEL_CHAR_PX = 7;

/**
 * Paired mean score difference, row bot minus column bot. Only significant pairs (the
 * simultaneous 95% interval excludes 0, marked *) are coloured, on one symmetric symlog scale
 * shared by every panel; the other cells are grey with grey numbers. Every cell prints its value.
 */
export function pairwiseChart(rows: PairRow[]): TopLevelSpec {
  const limit = pairwiseColourLimit(rows);
  const bots = [...new Set(rows.flatMap((r) => [r.row, r.column]))];
  // A panel is its cells, its bot names, the slanted column names' overhang and the gap to the next
  // one (80 px, measured); wrap before the page's width.
  const names = Math.min(180, LABEL_CHAR_PX * Math.max(...bots.map((b) => b.length)));
  const columns = Math.max(1, Math.floor(PAIRWISE_ROW_WIDTH / (bots.length * PAIRWISE_STEP + names + 80)));
  const panel = (players: number) => {
    const own = rows.filter((r) => r.players === players);
    const order = [...botPositions(own).keys()];
    return {
      title: `${players} players`,
      data: {
        values: own.map((r) => ({
          ...r,
          label: `${r.diff > 0 ? '+' : ''}${r.diff.toFixed(1)}${r.significant ? '*' : ''}`,
          dark: r.significant && Math.abs(symlog(r.diff)) > DARK_CELL * symlog(limit),
        })),
      },
      width: { step: PAIRWISE_STEP },
      height: { step: 28 },
      encoding: {
        // Best bot first on both axes, so the panel reads like the leaderboard.
        x: { field: 'column', type: 'nominal' as const, title: null, axis: { labelAngle: -30 }, sort: order },
        y: { field: 'row', type: 'nominal' as const, title: null, sort: order },
      },
      layer: [
        {
          mark: { type: 'rect' as const, stroke: 'white', strokeWidth: 1 },
          encoding: {
            color: {
              condition: { test: '!datum.significant', value: MUTED_CELL },
              field: 'diff',
              type: 'quantitative' as const,
              title: 'row - column (points per game)',
              scale: { type: 'symlog' as const, constant: PAIRWISE_SYMLOG_CONSTANT, scheme: 'redblue', reverse: true, domain: [-limit, limit] },
              legend: {
                values: legendValues(limit),
                labelExpr: "(datum.value > 0 ? '+' : '') + format(datum.value, '.1~f')",
                // Below the panels, so they keep the page's width.
                orient: 'bottom' as const,
                direction: 'horizontal' as const,
                gradientLength: 320,
              },
            },
            tooltip: [
              { field: 'row' },
              { field: 'column' },
              { field: 'diff', title: 'row - column', format: '+.2f' },
              { field: 'significant', title: 'significant (simultaneous 95%)' },
            ],
          },
        },
        {
          mark: { type: 'text' as const, fontSize: 10 },
          encoding: {
            text: { field: 'label' },
            color: {
              condition: [
                { test: 'datum.dark', value: 'white' },
                { test: '!datum.significant', value: '#777777' },
              ],
              value: 'black',
            },
          },
        },
      ],
    };
  };
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: {
      text: 'Paired score difference: row minus column',
      subtitle: [
        'points per game over shared deals; negative (blue) = row bot better',
        '* and coloured: significant (simultaneous 95% interval excludes 0); grey: not significant',
        'one colour scale for every panel, logarithmic beyond ±1, so small and large gaps both show',
      ],
    },
    concat: [...new Set(rows.map((r) => r.players))].map(panel),
    columns,
    config,
  } as TopLevelSpec;
}

const MUTED_CELL = '#eeeeee';

/** Ticks of the symlog legend: 0, each power of ten from 10 (from 1 when the limit is small) and ±limit. */
function legendValues(limit: number): number[] {
  const ticks = [0];
  for (let v = limit < 10 ? 1 : 10; v < limit * 0.8; v *= 10) ticks.push(v, -v);
  // Rounded down, so the end tick stays on the gradient.
  const end = Math.floor(limit * 10) / 10;
  ticks.push(end, -end);
  return ticks.sort((a, b) => a - b);
}

export interface DistributionRow {
  players: number;
  agent: string;
  score: number;
  share: number;
}

/** Share of games ending on each score, one line per bot (or per arm: `series` 'arm'). */
export function distributionChart(
  rows: (DistributionRow | { players: number; arm: string; score: number; share: number })[],
  series: 'agent' | 'arm' = 'agent',
): TopLevelSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title:
      series === 'agent'
        ? { text: 'Score distribution per bot', subtitle: 'share of games ending on each score; lower scores are better' }
        : { text: 'Score distribution by arm', subtitle: 'all bots together; share of seat-games per score bin' },
    data: { values: rows },
    facet: { row: { field: 'players', type: 'ordinal', title: 'players' } },
    spec: {
      width: WIDTH,
      height: 140,
      mark: { type: 'line', interpolate: 'step-after', strokeWidth: 1.5 },
      encoding: {
        x: { field: 'score', type: 'quantitative', bin: { maxbins: 60 }, title: 'final score (points)' },
        y: { aggregate: 'sum', field: 'share', type: 'quantitative', title: 'share of games', axis: { format: '%' } },
        color:
          series === 'agent'
            ? { field: 'agent', type: 'nominal', title: 'bot', scale: botColourScale(rows.map((r) => (r as DistributionRow).agent)) }
            : { field: 'arm', type: 'nominal', title: 'arm' },
      },
    },
    config,
  };
}

export interface SeatRow {
  players: number;
  position: number;
  mean: number;
  lo: number;
  hi: number;
}

/**
 * Mean score by seat after the starter (0 revealed the first card). Each table size has its own
 * hue, dash and point shape, is nudged sideways so its intervals do not hide another's, and is
 * named at the end of its line, so 4 and 5 players stay apart in print and for colour-blind readers.
 */
export function seatChart(rows: SeatRow[]): TopLevelSpec {
  const height = 260;
  const tables = [...new Set(rows.map((r) => r.players))].sort((a, b) => a - b);
  // One legend: colour, dash and shape share the field and title, so vega-lite merges them.
  const byTable = (range: (string | number[])[]) => ({
    field: 'players',
    type: 'nominal' as const,
    title: 'players at the table',
    sort: tables,
    // Below the plot: the right margin holds the lines' names.
    legend: { orient: 'bottom' as const, direction: 'horizontal' as const },
    scale: { domain: tables, range: tables.map((_, i) => range[i % range.length]!) },
  });
  const x = { field: 'position', type: 'ordinal' as const, title: 'seats after the starter (0 = the starter)', axis: { labelAngle: 0 } };
  const xOffset = { field: 'players', type: 'nominal' as const, sort: tables, scale: { paddingInner: 0.2 } };
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: 'Seat effect: mean score by seat after the starter', subtitle: 'all bots together, 95% CI; seat 0 reveals the first card; lower is better' },
    data: { values: rows },
    width: WIDTH,
    height,
    encoding: { color: byTable(SEAT_COLOURS) },
    layer: [
      { mark: { type: 'rule', strokeWidth: 1.5 }, encoding: { x, xOffset, y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' } } },
      {
        mark: { type: 'line', strokeWidth: 2 },
        encoding: {
          x,
          xOffset,
          y: { field: 'mean', type: 'quantitative', title: 'mean score (points per game)', scale: { zero: false } },
          strokeDash: byTable(SEAT_DASHES),
        },
      },
      {
        mark: { type: 'point', filled: true, size: 60, opacity: 1 },
        encoding: {
          x,
          xOffset,
          y: { field: 'mean', type: 'quantitative' },
          shape: byTable(SEAT_SHAPES),
          tooltip: [
            { field: 'players' },
            { field: 'position', title: 'seats after the starter' },
            { field: 'mean', format: '.2f' },
            { field: 'lo', title: 'CI low', format: '.2f' },
            { field: 'hi', title: 'CI high', format: '.2f' },
          ],
        },
      },
      {
        // Each line named in the right margin, level with its last seat, nudged apart so no two overlap.
        data: { values: seatLabels(rows, height) },
        mark: { type: 'text', align: 'left', baseline: 'middle', dx: 6, fontSize: 11, fontWeight: 'bold' },
        encoding: { x: { value: WIDTH }, y: { field: 'y', type: 'quantitative' }, text: { field: 'text' } },
      },
    ],
    config,
  } as TopLevelSpec;
}

/**
 * Where each table size's name goes: level with its line's last seat, spread to at least 14 px
 * apart (reckoned on the data's range, which the nice scale only widens).
 */
export function seatLabels(rows: readonly SeatRow[], height: number): { players: number; text: string; y: number }[] {
  const range = Math.max(...rows.map((r) => r.hi)) - Math.min(...rows.map((r) => r.lo));
  const gap = (14 / height) * Math.max(range, 1e-9);
  const last = [...new Set(rows.map((r) => r.players))].map((players) => {
    const own = rows.filter((r) => r.players === players).sort((a, b) => a.position - b.position);
    return { players, text: `${players} players`, y: own[own.length - 1]!.mean };
  });
  last.sort((a, b) => a.y - b.y);
  for (let i = 1; i < last.length; i++) last[i]!.y = Math.max(last[i]!.y, last[i - 1]!.y + gap);
  return last;
}

/** Tableau-10 hues far apart in lightness as well as hue (blue, orange, green, red, purple, brown). */
const SEAT_COLOURS = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#b07aa1', '#9c755f'];
const SEAT_DASHES = [
  [1, 0],
  [6, 3],
  [2, 2],
  [8, 3, 2, 3],
  [12, 4],
  [4, 4],
];
const SEAT_SHAPES = ['circle', 'square', 'triangle-up', 'diamond', 'cross', 'triangle-down'];

export interface TrendRow {
  players: number;
  agent: string;
  value: number;
  lo: number;
  hi: number;
}

/** A quantity against the player count, one line per bot with its 95% CI band. */
/** `bots`: every bot of the report, when a chart leaves some out (their colours stay theirs). */
export function trendChart(
  rows: TrendRow[],
  title: string,
  subtitle: string | string[],
  yTitle: string,
  percent = false,
  bots: readonly string[] = [],
): TopLevelSpec {
  const format = percent ? '%' : undefined;
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: title, subtitle },
    data: { values: rows },
    width: WIDTH,
    height: 260,
    encoding: {
      x: { field: 'players', type: 'quantitative', title: 'players at the table', axis: { tickMinStep: 1, format: 'd' }, scale: { zero: false } },
      color: {
        field: 'agent',
        type: 'nominal',
        title: 'bot',
        scale: botColourScale(
          rows.map((r) => r.agent),
          bots,
        ),
        // The legend names only the bots drawn.
        legend: { values: [...new Set(rows.map((r) => r.agent))].sort() },
      },
    },
    layer: [
      { mark: { type: 'area', opacity: 0.2 }, encoding: { y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' } } },
      {
        mark: { type: 'line', point: true },
        encoding: {
          y: { field: 'value', type: 'quantitative', title: yTitle, axis: format ? { format } : {}, scale: { zero: false } },
          tooltip: [{ field: 'agent' }, { field: 'players' }, { field: 'value', format: percent ? '.1%' : '.2f' }],
        },
      },
    ],
    config,
  };
}

export interface SweepRow {
  label: string;
  mean: number;
  lo: number;
  hi: number;
  /** A partial sweep has a leader so far, never a winner. */
  status: 'winner' | 'leader' | 'default' | 'finalist' | 'dropped';
  [param: string]: number | string;
}

/** The best point's name: 'leader' on a partial sweep, so its legend never says winner. */
const bestOf = (rows: SweepRow[]): 'winner' | 'leader' => (rows.some((r) => r.status === 'leader') ? 'leader' : 'winner');
const statusScale = (rows: SweepRow[]) => ({ domain: [bestOf(rows), 'default', 'finalist', 'dropped'], range: ['#d62728', '#1f77b4', '#555555', '#bbbbbb'] });

/** Every grid point's mean score with its CI, best first; the winner and the default marked. */
export function sweepRankingChart(rows: SweepRow[], agent: string): TopLevelSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: {
      text: `Tuning ${agent}: mean score of each grid point (95% CI)`,
      subtitle: 'lower is better; dropped = significantly worse than the leader when racing stopped it',
    },
    data: { values: rows },
    width: WIDTH,
    // Every point labelled (before, a grid of over 40 points had no labels): rows at least 11 px apart, smaller text when many.
    height: { step: Math.max(11, Math.min(16, Math.floor(600 / Math.max(rows.length, 1)))) },
    encoding: {
      y: {
        field: 'label',
        type: 'nominal',
        sort: { field: 'mean', order: 'ascending' },
        title: null,
        axis: rows.length > 40 ? { labelFontSize: 9, labelLimit: 260 } : { labelLimit: 260 },
      },
      color: {
        field: 'status',
        type: 'nominal',
        title: null,
        scale: statusScale(rows),
      },
    },
    layer: [
      {
        mark: 'rule',
        encoding: { x: { field: 'lo', type: 'quantitative', title: 'mean score (points per game)', scale: { zero: false } }, x2: { field: 'hi' } },
      },
      {
        mark: { type: 'point', filled: true },
        encoding: { x: { field: 'mean', type: 'quantitative' }, tooltip: [{ field: 'label' }, { field: 'mean', format: '.2f' }, { field: 'status' }] },
      },
    ],
    config,
  };
}

/** Mean score over a two-parameter grid; the winner outlined. */
export function sweepHeatmapChart(rows: SweepRow[], x: string, y: string, agent: string): TopLevelSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: `Tuning ${agent}: mean score over ${x} x ${y}`, subtitle: `points per game, lower is better; the ${bestOf(rows)} is outlined` },
    data: { values: rows.map((r) => ({ ...r, text: Number.isFinite(r.mean) ? r.mean.toFixed(1) : 'n/a' })) },
    width: { step: 40 },
    height: { step: 28 },
    encoding: {
      x: { field: x, type: 'ordinal', title: x },
      y: { field: y, type: 'ordinal', title: y, sort: 'descending' },
    },
    layer: [
      {
        mark: 'rect',
        encoding: {
          color: { field: 'mean', type: 'quantitative', title: 'mean score', scale: { scheme: 'viridis' } },
          tooltip: [{ field: 'label' }, { field: 'mean', format: '.2f' }, { field: 'status' }],
        },
      },
      { mark: { type: 'rect', fill: null, stroke: '#d62728', strokeWidth: 3 }, transform: [{ filter: `datum.status === '${bestOf(rows)}'` }] },
      { mark: { type: 'text', fontSize: 9 }, encoding: { text: { field: 'text' }, color: { value: 'white' } } },
    ],
    config,
  };
}

/** Mean score along a one-parameter grid with its CI band; the winner marked. */
export function sweepLineChart(rows: SweepRow[], x: string, agent: string): TopLevelSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: `Tuning ${agent}: mean score by ${x} (95% CI)`, subtitle: `lower is better; red = ${bestOf(rows)}, blue = default` },
    data: { values: rows },
    width: WIDTH,
    height: 260,
    encoding: { x: { field: x, type: 'quantitative', title: x } },
    layer: [
      { mark: { type: 'area', opacity: 0.2 }, encoding: { y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' } } },
      { mark: { type: 'line' }, encoding: { y: { field: 'mean', type: 'quantitative', title: 'mean score (points per game)', scale: { zero: false } } } },
      {
        mark: { type: 'point', filled: true, size: 60 },
        encoding: {
          y: { field: 'mean', type: 'quantitative' },
          color: {
            field: 'status',
            type: 'nominal',
            title: null,
            scale: statusScale(rows),
          },
          tooltip: [{ field: 'label' }, { field: 'mean', format: '.2f' }, { field: 'status' }],
        },
      },
    ],
    config,
  };
}

/** Mean score by seat after the starter, one line per arm. */
export function armSeatChart(rows: (SeatRow & { arm: string })[]): TopLevelSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: 'Seat effect by arm: mean score by seat after the starter', subtitle: 'all bots together, 95% CI; seat 0 starts; lower is better' },
    data: { values: rows },
    facet: { column: { field: 'players', type: 'ordinal', title: 'players' } },
    spec: {
      width: 260,
      height: 220,
      encoding: { x: { field: 'position', type: 'ordinal', title: 'seats after the starter' }, color: { field: 'arm', type: 'nominal', title: 'arm' } },
      layer: [
        {
          mark: { type: 'line', point: true },
          encoding: {
            y: { field: 'mean', type: 'quantitative', title: 'mean score (points per game)', scale: { zero: false } },
            tooltip: [{ field: 'arm' }, { field: 'position' }, { field: 'mean', format: '.2f' }],
          },
        },
        { mark: { type: 'rule' }, encoding: { y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' } } },
      ],
    },
    resolve: { scale: { y: 'independent' } },
    config,
  };
}

/** What each card is worth to its holder at the end, with 95% CI; positive = it saved points. */
export function holdingChart(rows: { players: number; item: string; mean: number; lo: number; hi: number }[]): TopLevelSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: {
      text: 'What each card is worth to its holder',
      subtitle: 'final score without the card minus final score (points saved; negative = points cost), 95% CI',
    },
    data: { values: rows },
    facet: { row: { field: 'players', type: 'ordinal', title: 'players' } },
    spec: {
      width: WIDTH,
      height: { step: 16 },
      encoding: { y: { field: 'item', type: 'nominal', sort: { field: 'mean', op: 'max', order: 'descending' }, title: null } },
      layer: [
        {
          mark: { type: 'rule', strokeWidth: 2 },
          encoding: { x: { field: 'lo', type: 'quantitative', title: 'points saved at the end' }, x2: { field: 'hi' } },
        },
        {
          mark: { type: 'point', filled: true, size: 60 },
          encoding: {
            x: { field: 'mean', type: 'quantitative' },
            color: { condition: { test: 'datum.mean >= 0', value: '#2ca02c' }, value: '#d62728' },
            tooltip: [{ field: 'item' }, { field: 'mean', format: '.2f' }],
          },
        },
      ],
    },
    resolve: { scale: { y: 'independent' } },
    config,
  };
}

export interface LadderRow {
  /** "3 players", ..., "pooled". */
  scope: string;
  agent: string;
  rating: number;
  lo: number;
  hi: number;
  /** Position of the bot in the pooled (or first) ranking: the shared y order. */
  order: number;
}

/** Ladder ratings with 95% intervals, one colour per table size and pooled, bots in one shared order. */
export function ladderChart(rows: LadderRow[], anchor: string): TopLevelSpec {
  const scopes = [...new Set(rows.map((r) => r.scope))];
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: {
      text: 'Ladder: Elo-like ratings with 95% intervals',
      subtitle: [`Plackett-Luce fit on finishing orders; ${anchor} = 0`, '+400 = 10:1 odds head to head; 95% intervals clustered by deal'],
    },
    data: { values: rows },
    width: WIDTH,
    // With yOffset the step is per offset band (one per scope).
    height: { step: 12 },
    encoding: {
      // Presets have long specs: show them whole.
      y: { field: 'agent', type: 'nominal', sort: { field: 'order', op: 'min', order: 'ascending' }, title: null, axis: { labelLimit: 0 } },
      yOffset: { field: 'scope', type: 'nominal', sort: scopes },
      color: { field: 'scope', type: 'nominal', title: null, sort: scopes },
    },
    layer: [
      {
        mark: { type: 'rule', strokeWidth: 2 },
        encoding: { x: { field: 'lo', type: 'quantitative', title: 'rating (Elo-like points)' }, x2: { field: 'hi' } },
      },
      {
        mark: { type: 'point', filled: true, size: 50 },
        encoding: {
          x: { field: 'rating', type: 'quantitative' },
          tooltip: [
            { field: 'agent' },
            { field: 'scope' },
            { field: 'rating', format: '.0f' },
            { field: 'lo', title: 'CI low', format: '.0f' },
            { field: 'hi', title: 'CI high', format: '.0f' },
          ],
        },
      },
    ],
    config,
  };
}

/**
 * A sequential test's log-likelihood ratio at each look, between its two bounds (accept H1 above,
 * H0 below). Finite values are drawn where they are, however far past a bound (before, the path
 * was cut at 1.5 times the bound without a mark). Only an infinite LLR (a certain verdict, no
 * spread) has no place: it is drawn just past the farthest value, as a triangle labelled "infinite".
 */
export function llrPathChart(trace: readonly { deals: number; llr: number }[], bounds: { lower: number; upper: number }, title: string): TopLevelSpec {
  const finite = trace.map((t) => t.llr).filter(Number.isFinite);
  const top = Math.max(1.5 * bounds.upper, ...finite.map((v) => 1.1 * v));
  const bottom = Math.min(1.5 * bounds.lower, ...finite.map((v) => 1.1 * v));
  const values = trace.map((t) => {
    const infinite = !Number.isFinite(t.llr);
    return {
      deals: t.deals,
      llr: infinite ? (t.llr > 0 ? top : bottom) : t.llr,
      value: infinite ? (t.llr > 0 ? '+infinite' : '-infinite') : t.llr.toFixed(3),
      infinite,
      mark: t.llr > 0 ? 'triangle-up' : 'triangle-down',
    };
  });
  const marked = values.filter((v) => v.infinite);
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: {
      text: `Sequential test: ${title}`,
      subtitle: `log-likelihood ratio at each look; it stops at a bound (upper: H1, lower: H0)${marked.length ? '; triangles: an infinite ratio (a certain verdict), drawn past the path' : ''}`,
    },
    width: WIDTH,
    height: 260,
    layer: [
      {
        data: { values },
        mark: { type: 'line', point: true },
        encoding: {
          x: { field: 'deals', type: 'quantitative', title: 'deals played' },
          y: { field: 'llr', type: 'quantitative', title: 'log-likelihood ratio' },
          tooltip: [{ field: 'deals' }, { field: 'value', title: 'LLR' }],
        },
      },
      ...(marked.length
        ? [
            {
              data: { values: marked },
              mark: { type: 'point' as const, filled: true, size: 120, color: 'black' },
              encoding: {
                x: { field: 'deals', type: 'quantitative' as const },
                y: { field: 'llr', type: 'quantitative' as const },
                shape: { field: 'mark', type: 'nominal' as const, scale: null, legend: null },
              },
            },
            {
              data: { values: marked },
              mark: { type: 'text' as const, dx: -10, dy: -8, align: 'right' as const, fontSize: 10 },
              encoding: {
                x: { field: 'deals', type: 'quantitative' as const },
                y: { field: 'llr', type: 'quantitative' as const },
                text: { value: 'infinite' },
              },
            },
          ]
        : []),
      {
        data: {
          values: [
            { bound: 'accept H1', y: bounds.upper },
            { bound: 'accept H0', y: bounds.lower },
          ],
        },
        mark: { type: 'rule', strokeDash: [6, 4] },
        encoding: {
          y: { field: 'y', type: 'quantitative' },
          color: { field: 'bound', type: 'nominal', title: null, scale: { range: ['#c0392b', '#2471a3'] } },
        },
      },
    ],
  };
}

/** A tuner's evaluations: each one's paired gain over the setting it was played against, by games spent. */
export function tuneProgressChart(
  evaluations: readonly { games: number; gain: number }[],
  title: string,
  shows = 'each evaluation: its paired gain over the setting it was played against',
): TopLevelSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: {
      text: `Tuning ${title}`,
      subtitle: `${shows} (points per game, positive is better) by games spent; line: moving mean of 10`,
    },
    data: { values: evaluations.map((e) => ({ games: e.games, gain: e.gain })) },
    width: WIDTH,
    height: 260,
    transform: [{ window: [{ op: 'mean', field: 'gain', as: 'trend' }], frame: [-9, 0] }],
    layer: [
      {
        mark: { type: 'point', opacity: 0.4 },
        encoding: {
          x: { field: 'games', type: 'quantitative', title: 'games spent' },
          y: { field: 'gain', type: 'quantitative', title: 'paired gain (points per game)' },
        },
      },
      { mark: { type: 'line', color: '#c0392b' }, encoding: { x: { field: 'games', type: 'quantitative' }, y: { field: 'trend', type: 'quantitative' } } },
    ],
  };
}

/** Each seat's win chance (as the analyst sees it from that seat) after each of its decisions, one panel per game. */
export function winChancePathChart(rows: readonly { game: string; decision: number; seat: string; win: number }[]): TopLevelSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: {
      text: 'Win chance through the game',
      subtitle: "each seat's estimated win chance after its own decisions (from its own view); a jump between two points is the cards and the others' moves",
    },
    data: { values: rows },
    facet: { row: { field: 'game', type: 'nominal', title: null, header: { labelAngle: 0, labelAlign: 'left', labelAnchor: 'start', labelOrient: 'top' } } },
    spec: {
      width: WIDTH + 120,
      height: 140,
      mark: { type: 'line', point: { size: 18 } },
      encoding: {
        x: { field: 'decision', type: 'quantitative', title: 'decision' },
        y: { field: 'win', type: 'quantitative', title: 'win chance', scale: { domain: [0, 1] }, axis: { format: '%' } },
        color: { field: 'seat', type: 'nominal', title: 'seat' },
      },
    },
    config,
  };
}

/** Win chance lost at each decision with a choice, by bot, with the mark thresholds as rules. */
export function lossChart(rows: readonly { decision: number; loss: number; agent: string }[], thresholds: Readonly<Record<string, number>>): TopLevelSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: 'Win chance lost per decision', subtitle: 'best action minus the action played; dashed: the inaccuracy, mistake and blunder thresholds' },
    width: WIDTH + 120,
    height: 260,
    layer: [
      {
        data: { values: rows },
        mark: { type: 'point', filled: true, opacity: 0.5, size: 20 },
        encoding: {
          x: { field: 'decision', type: 'quantitative', title: 'decision of the game' },
          y: { field: 'loss', type: 'quantitative', title: 'win chance lost', axis: { format: '%' } },
          color: { field: 'agent', type: 'nominal', title: 'bot', scale: botColourScale(rows.map((r) => r.agent)) },
        },
      },
      {
        data: { values: Object.entries(thresholds).map(([mark, y]) => ({ mark, y })) },
        mark: { type: 'rule', strokeDash: [6, 4], color: '#888' },
        encoding: { y: { field: 'y', type: 'quantitative' } },
      },
    ],
    config,
  };
}
