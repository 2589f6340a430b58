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
  legend: { symbolOpacity: 1 },
  title: { fontSize: 14, anchor: 'start' as const },
};

export interface MeanRow {
  players: number;
  agent: string;
  mean: number;
  lo: number;
  hi: number;
}

/**
 * Mean score per bot with 95% CI error bars, one panel per player count (or per `panel` label:
 * the compare experiment's "arm, P players").
 */
export function leaderboardChart(rows: (MeanRow & { panel?: string })[], byPanel = false): TopLevelSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: 'Mean score per game with 95% CI', subtitle: 'lower is better; duplicate deals, every seating' },
    data: { values: rows },
    facet: { row: byPanel ? { field: 'panel', type: 'nominal', title: null } : { field: 'players', type: 'ordinal', title: 'players' } },
    spec: {
      width: WIDTH,
      height: { step: 22 },
      encoding: {
        y: { field: 'agent', type: 'nominal', sort: { field: 'mean', op: 'min', order: 'ascending' }, title: null },
      },
      layer: [
        {
          mark: { type: 'rule', strokeWidth: 2 },
          encoding: { x: { field: 'lo', type: 'quantitative', title: 'mean score (points per game)', scale: { zero: false } }, x2: { field: 'hi' } },
        },
        {
          mark: { type: 'point', filled: true, size: 70 },
          encoding: {
            x: { field: 'mean', type: 'quantitative' },
            color: { field: 'agent', type: 'nominal', legend: null },
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
    },
    // Each panel sorts its own bots, best first.
    resolve: { scale: { y: 'independent' } },
    config,
  };
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
 * The colour limit of a pairwise panel: the largest gap among the bots that are not outliers, so
 * one far-off bot (random, a hundred points behind) does not wash every other cell out to white.
 * Bots sit at their mean row difference; a bot is an outlier when it sits more than 3 scaled
 * median absolute deviations (1.4826 MAD) from the median bot, a common robust rule; at least two
 * bots stay. Gaps beyond the limit take the end colour; every cell prints its number.
 */
export function pairwiseColourLimit(rows: readonly Pick<PairRow, 'row' | 'column' | 'diff'>[]): number {
  const position = botPositions(rows);
  const median = (xs: number[]): number => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  };
  const centre = median([...position.values()]);
  const distance = new Map([...position].map(([b, x]) => [b, Math.abs(x - centre)]));
  const mad = median([...distance.values()]);
  let kept = [...position.keys()].filter((b) => distance.get(b)! <= 3 * 1.4826 * mad);
  if (kept.length < 2) kept = [...position.keys()].sort((a, b) => distance.get(a)! - distance.get(b)!).slice(0, 2);
  const inner = rows.filter((r) => kept.includes(r.row) && kept.includes(r.column)).map((r) => Math.abs(r.diff));
  const limit = Math.max(0, ...inner);
  return limit > 0 ? limit : Math.max(1e-9, ...rows.map((r) => Math.abs(r.diff)));
}

/**
 * Paired mean score difference, row bot minus column bot; starred where significant (its
 * simultaneous interval excludes 0). Each panel has its own colour scale, clipped at
 * pairwiseColourLimit.
 */
export function pairwiseChart(rows: PairRow[]): TopLevelSpec {
  // One panel per player count side by side (a facet with step sizes and independent scales
  // does not compile in vega-lite 6).
  const panel = (players: number) => {
    const own = rows.filter((r) => r.players === players);
    const limit = pairwiseColourLimit(own);
    const clipped = own.some((r) => Math.abs(r.diff) > limit);
    const order = [...botPositions(own).keys()];
    return {
      title: `${players} players`,
      data: { values: own.map((r) => ({ ...r, label: `${r.diff.toFixed(1)}${r.significant ? '*' : ''}`, dark: Math.abs(r.diff) > 0.55 * limit })) },
      width: { step: 56 },
      height: { step: 28 },
      encoding: {
        // Best bot first on both axes, so the panel reads like the leaderboard.
        x: { field: 'column', type: 'nominal' as const, title: null, axis: { labelAngle: -30 }, sort: order },
        y: { field: 'row', type: 'nominal' as const, title: null, sort: order },
      },
      layer: [
        {
          mark: 'rect' as const,
          encoding: {
            color: {
              field: 'diff',
              type: 'quantitative' as const,
              title: clipped ? ['row - column', `(clipped at ±${limit.toFixed(1)})`] : 'row - column',
              scale: { scheme: 'redblue', reverse: true, domain: [-limit, limit], clamp: true },
            },
            tooltip: [{ field: 'row' }, { field: 'column' }, { field: 'diff', format: '.2f' }, { field: 'significant' }],
          },
        },
        {
          mark: { type: 'text' as const, fontSize: 10 },
          encoding: { text: { field: 'label' }, color: { condition: { test: 'datum.dark', value: 'white' }, value: 'black' } },
        },
      ],
    };
  };
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: {
      text: 'Paired score difference: row minus column',
      subtitle: [
        'points per game over shared deals; negative (blue) = row bot better; * significant (simultaneous 95% interval excludes 0)',
        'each panel has its own colour scale, clipped so that one far-off bot does not hide the other gaps',
      ],
    },
    hconcat: [...new Set(rows.map((r) => r.players))].map(panel),
    resolve: { scale: { color: 'independent' } },
    config,
  } as TopLevelSpec;
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
        color: { field: series, type: 'nominal', title: series === 'agent' ? 'bot' : 'arm' },
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

/** Mean score by seat after the starter (0 revealed the first card). */
export function seatChart(rows: SeatRow[]): TopLevelSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: 'Seat effect: mean score by seat after the starter', subtitle: 'all bots together, 95% CI; seat 0 reveals the first card; lower is better' },
    data: { values: rows },
    width: WIDTH,
    height: 240,
    encoding: {
      x: { field: 'position', type: 'ordinal', title: 'seats after the starter' },
      color: { field: 'players', type: 'ordinal', title: 'players' },
    },
    layer: [
      {
        mark: { type: 'line', point: true },
        encoding: {
          y: { field: 'mean', type: 'quantitative', title: 'mean score (points per game)', scale: { zero: false } },
          tooltip: [{ field: 'players' }, { field: 'position' }, { field: 'mean', format: '.2f' }],
        },
      },
      { mark: { type: 'rule' }, encoding: { y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' } } },
    ],
    config,
  };
}

export interface TrendRow {
  players: number;
  agent: string;
  value: number;
  lo: number;
  hi: number;
}

/** A quantity against the player count, one line per bot with its 95% CI band. */
export function trendChart(rows: TrendRow[], title: string, subtitle: string, yTitle: string, percent = false): TopLevelSpec {
  const format = percent ? '%' : undefined;
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: title, subtitle },
    data: { values: rows },
    width: WIDTH,
    height: 260,
    encoding: {
      x: { field: 'players', type: 'quantitative', title: 'players at the table', axis: { tickMinStep: 1, format: 'd' }, scale: { zero: false } },
      color: { field: 'agent', type: 'nominal', title: 'bot' },
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
  status: 'winner' | 'default' | 'finalist' | 'dropped';
  [param: string]: number | string;
}

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
    height: { step: Math.max(6, Math.min(16, Math.floor(600 / Math.max(rows.length, 1)))) },
    encoding: {
      y: {
        field: 'label',
        type: 'nominal',
        sort: { field: 'mean', order: 'ascending' },
        title: null,
        axis: rows.length > 40 ? { labels: false, ticks: false } : {},
      },
      color: {
        field: 'status',
        type: 'nominal',
        title: null,
        scale: { domain: ['winner', 'default', 'finalist', 'dropped'], range: ['#d62728', '#1f77b4', '#555555', '#bbbbbb'] },
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
    title: { text: `Tuning ${agent}: mean score over ${x} x ${y}`, subtitle: 'points per game, lower is better; the winner is outlined' },
    data: { values: rows.map((r) => ({ ...r, text: r.mean.toFixed(1) })) },
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
      { mark: { type: 'rect', fill: null, stroke: '#d62728', strokeWidth: 3 }, transform: [{ filter: "datum.status === 'winner'" }] },
      { mark: { type: 'text', fontSize: 9 }, encoding: { text: { field: 'text' }, color: { value: 'white' } } },
    ],
    config,
  };
}

/** Mean score along a one-parameter grid with its CI band; the winner marked. */
export function sweepLineChart(rows: SweepRow[], x: string, agent: string): TopLevelSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: `Tuning ${agent}: mean score by ${x} (95% CI)`, subtitle: 'lower is better; red = winner, blue = default' },
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
            scale: { domain: ['winner', 'default', 'finalist', 'dropped'], range: ['#d62728', '#1f77b4', '#555555', '#bbbbbb'] },
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

/** A sequential test's log-likelihood ratio at each look, between its two bounds (accept H1 above, H0 below). */
export function llrPathChart(trace: readonly { deals: number; llr: number }[], bounds: { lower: number; upper: number }, title: string): TopLevelSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: `Sequential test: ${title}`, subtitle: 'log-likelihood ratio at each look; it stops at a bound (upper: H1, lower: H0)' },
    width: WIDTH,
    height: 260,
    layer: [
      {
        // A certain verdict (no spread: an infinite LLR) is drawn just past its bound.
        data: { values: trace.map((t) => ({ deals: t.deals, llr: Math.max(1.5 * bounds.lower, Math.min(1.5 * bounds.upper, t.llr)) })) },
        mark: { type: 'line', point: true },
        encoding: {
          x: { field: 'deals', type: 'quantitative', title: 'deals played' },
          y: { field: 'llr', type: 'quantitative', title: 'log-likelihood ratio' },
        },
      },
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
export function tuneProgressChart(evaluations: readonly { games: number; gain: number }[], title: string): TopLevelSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: {
      text: `Tuning ${title}`,
      subtitle: 'each evaluation: its paired gain (points per game, positive is better) by games spent; line: moving mean of 10',
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
          color: { field: 'agent', type: 'nominal', title: 'bot' },
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
