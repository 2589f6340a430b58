import { intervalText } from '../text.js';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { metricField } from '../stats/tournament-stats.js';
import { formatP } from '../stats/moments.js';
import type { TournamentResult } from '../tournament/run.js';
import type { TableFill } from '../tournament/schedule.js';
import { VERSION, writeFileAtomic } from '../files.js';

export interface RunInfo {
  seed: string;
  games: number;
  format: string;
  seatingMode: string;
  selfPlay: boolean;
  /** The table fill asked for (absent for runs on given tables: --table, sweeps, tests). */
  fill?: TableFill;
}

/** summary.json: the headline fields, then everything needed to redo the run. */
export function summaryJson(r: TournamentResult, info: RunInfo) {
  return {
    agents: r.stats.agents(),
    players: r.rules.players,
    seed: info.seed,
    gamesPlayed: r.gamesPlayed,
    elapsedSeconds: round(r.elapsedSeconds, 3),
    partial: r.partial,
    /** Why a partial run ended early, when a bot stopped it (absent when interrupted or complete). */
    ...(r.stopped === undefined ? {} : { stopped: r.stopped }),
    version: VERSION,
    game: r.game.id,
    rules: r.game.recordRules(r.rules),
    format: info.format,
    dealsPerSeating: info.games,
    dealsPlayed: r.dealsPlayed,
    seatingMode: info.seatingMode,
    selfPlay: info.selfPlay,
    ...(info.fill === undefined ? {} : { fill: info.fill }),
    /** How the tables were filled, in words (schedule.ts fillNote). */
    tableFill: r.tableFill,
    seatings: r.seatings.map((s) => s.map((a) => r.labels[a])),
    /** Where each bot came from: the spec as written and, for a bot file, its path. */
    agentOrigins: r.origins,
    threads: r.threads,
    chunk: r.chunk,
    decisions: r.decisions,
    /**
     * Each bot's time per decision, microseconds of wall clock in the worker threads (batch.ts
     * DecisionTimer: every decision of a bot averaging 10 µs or more, else those of one game in
     * 64). Varies from run to run; nothing else in the summary depends on it.
     */
    decisionTime: r.decisionTimes.map((t) => ({
      agent: t.agent,
      decisionsTimed: t.timed,
      meanMicroseconds: Number.isNaN(t.meanMicroseconds) ? null : round(t.meanMicroseconds, 3),
      worstMicroseconds: Number.isNaN(t.worstMicroseconds) ? null : round(t.worstMicroseconds, 3),
    })),
    gamesPerSecond: round(r.gamesPlayed / r.elapsedSeconds, 0),
    pairwise: r.stats.pairwise(),
    seats: r.stats.seats(),
    distributions: Object.fromEntries(r.stats.labels.map((label, a) => [label, r.stats.distribution(a)])),
    /** The game's per-seat metrics (summary fields mean<Id>, mean<Id>CI). */
    metrics: r.game.metrics.map((m) => ({ ...m, field: metricField(m.id) })),
  };
}

export type Summary = ReturnType<typeof summaryJson>;

const round = (x: number, digits: number): number => Number(x.toFixed(digits));
const fmt = (x: number | undefined, digits = 4): string => (x === undefined || Number.isNaN(x) ? '' : x.toFixed(digits));

/**
 * A text cell a spreadsheet will not run: one that starts like a formula (=, +, -, @, tab, CR: a bot
 * named `=HYPERLINK(...)`) gets a leading apostrophe, unless it is a number written as text.
 */
export function spreadsheetSafe(text: string): string {
  return /^[=+\-@\t\r]/.test(text) && !Number.isFinite(Number(text)) ? `'${text}` : text;
}

/** csv-stringify's options for every CSV the lab writes: text cells made spreadsheet-safe. */
export const CSV_OPTIONS = { cast: { string: spreadsheetSafe } } as const;

/** CSV with a header row even when there are no rows (a pool of one has no pairs). */
export function csv(rows: Record<string, unknown>[], columns: string[]): string {
  return stringify(rows, { ...CSV_OPTIONS, header: true, columns });
}

/** A p-value as a CSV number (4 significant digits; 0 where it is below double precision's reach, under 1e-15). */
const pNumber = (p: number): number | string => (Number.isNaN(p) ? '' : Number(p.toPrecision(4)));

/** Microseconds for people: 3 significant digits (0.0412, 1.23, 4560). */
const micro = (us: number | null | undefined): string => (us === null || us === undefined ? '' : us < 1000 ? String(Number(us.toPrecision(3))) : us.toFixed(0));

/**
 * A bot's time per decision as "mean / worst" µs, or "not timed" when none of its decisions was
 * (games are sampled for timing, one in 256: a short run may time no game of a fast bot; before,
 * the cell was blank).
 */
export function decisionTimeCell(t: Summary['decisionTime'][number] | undefined): string {
  return t === undefined || t.meanMicroseconds === null || Number.isNaN(t.meanMicroseconds)
    ? 'not timed'
    : `${micro(t.meanMicroseconds)} / ${micro(t.worstMicroseconds)}`;
}

export function writeTournamentOutputs(dir: string, summary: Summary): void {
  writeFileAtomic(join(dir, 'summary.json'), JSON.stringify(summary, null, 2) + '\n');
  const metricColumns = summary.metrics.map((m) => m.field);
  const time = new Map(summary.decisionTime.map((t) => [t.agent, t]));
  writeFileAtomic(
    join(dir, 'summary.csv'),
    csv(
      summary.agents.map((a) => ({
        ...Object.fromEntries(metricColumns.map((f) => [f, fmt(a[f] as number | undefined)])),
        agent: a.agent,
        games: a.games,
        meanScore: fmt(a.meanScore),
        meanScoreLo: fmt(a.meanScoreCI[0]),
        meanScoreHi: fmt(a.meanScoreCI[1]),
        winShare: fmt(a.winShare),
        winShareLo: fmt(a.winShareCI[0]),
        winShareHi: fmt(a.winShareCI[1]),
        meanRank: fmt(a.meanRank),
        matchWinShare: fmt(a.matchWinShare),
        decisionTimeSamples: time.get(a.agent)?.decisionsTimed ?? '',
        decisionTimeMeanUs: time.get(a.agent)?.meanMicroseconds ?? '',
        decisionTimeWorstUs: time.get(a.agent)?.worstMicroseconds ?? '',
        // On every row: a spreadsheet of a partial run must say so wherever it is cut.
        partial: String(summary.partial),
      })),
      [
        'agent',
        'games',
        'meanScore',
        'meanScoreLo',
        'meanScoreHi',
        'winShare',
        'winShareLo',
        'winShareHi',
        'meanRank',
        ...metricColumns,
        'matchWinShare',
        'decisionTimeMeanUs',
        'decisionTimeWorstUs',
        'decisionTimeSamples',
        'partial',
      ],
    ),
  );
  writeFileAtomic(
    join(dir, 'pairwise.csv'),
    csv(
      summary.pairwise.map((p) => ({
        a: p.a,
        b: p.b,
        deals: p.deals,
        meanDiff: fmt(p.meanDiff),
        ciLo: fmt(p.ci[0]),
        ciHi: fmt(p.ci[1]),
        p: pNumber(p.p),
        pHolm: pNumber(p.pHolm),
        family: p.family,
        simLo: fmt(p.ciSimultaneous[0]),
        simHi: fmt(p.ciSimultaneous[1]),
        pAdjusted: pNumber(p.pAdjusted),
        winShareDiff: fmt(p.winShare.meanDiff),
        winShareSimLo: fmt(p.winShare.ciSimultaneous[0]),
        winShareSimHi: fmt(p.winShare.ciSimultaneous[1]),
        winSharePAdjusted: pNumber(p.winShare.pAdjusted),
      })),
      // ciLo/ciHi and p are per comparison; sim*, pAdjusted (Bonferroni) and pHolm are adjusted over the family.
      [
        'a',
        'b',
        'deals',
        'meanDiff',
        'ciLo',
        'ciHi',
        'p',
        'pHolm',
        'family',
        'simLo',
        'simHi',
        'pAdjusted',
        'winShareDiff',
        'winShareSimLo',
        'winShareSimHi',
        'winSharePAdjusted',
      ],
    ),
  );
  writeFileAtomic(
    join(dir, 'seats.csv'),
    csv(
      summary.seats.map((s) => ({
        agent: s.agent,
        position: s.position,
        games: s.games,
        meanScore: fmt(s.meanScore),
        meanScoreLo: fmt(s.meanScoreCI[0]),
        meanScoreHi: fmt(s.meanScoreCI[1]),
        winShare: fmt(s.winShare),
        winShareLo: fmt(s.winShareCI[0]),
        winShareHi: fmt(s.winShareCI[1]),
      })),
      ['agent', 'position', 'games', 'meanScore', 'meanScoreLo', 'meanScoreHi', 'winShare', 'winShareLo', 'winShareHi'],
    ),
  );
}

/** "[a, b]" to d decimals, or "n/a" where the run is too small for an interval (one deal). */
const interval = (c: readonly [number, number], d: number): string => intervalText(c[0], c[1], d);

/** x to d decimals (and a unit), or n/a for a figure with no value (NaN). */
const fixed = (x: number, d: number, unit = ''): string => (Number.isNaN(x) ? 'n/a' : `${x.toFixed(d)}${unit}`);

/** The leaderboard as a text table, best mean score first. */
export function leaderboard(summary: Summary): string {
  const rows = [...summary.agents].sort((a, b) => a.meanScore - b.meanScore);
  const ci = interval;
  const time = new Map(summary.decisionTime.map((t) => [t.agent, t]));
  const table = [
    [
      '#',
      'agent',
      'seat-games',
      'mean score',
      '95% CI',
      'win share',
      '95% CI',
      'mean rank',
      ...(summary.format === 'circuit' ? ['match wins'] : []),
      'µs/decision mean / worst',
    ],
    ...rows.map((a, i) => [
      String(i + 1),
      a.agent,
      String(a.games),
      // A pool bot that no table seats (--table 0,0,0) has no figures, not NaN.
      fixed(a.meanScore, 2),
      ci(a.meanScoreCI, 2),
      fixed(a.winShare * 100, 1, '%'),
      ci([a.winShareCI[0] * 100, a.winShareCI[1] * 100], 1),
      fixed(a.meanRank, 2),
      ...(summary.format === 'circuit' ? [`${((a.matchWinShare ?? 0) * 100).toFixed(1)}%`] : []),
      decisionTimeCell(time.get(a.agent)),
    ]),
  ];
  const widths = table[0]!.map((_, c) => Math.max(...table.map((r) => r[c]!.length)));
  const line = (r: string[]): string => r.map((cell, c) => (c === 1 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  const title = `${summary.game}, ${summary.players} players, ${summary.gamesPlayed} games${summary.partial ? ` (PARTIAL: ${summary.stopped === undefined ? 'interrupted' : 'stopped by a bot'})` : ''}, seed ${summary.seed}; lower score is better`;
  return [title, `tables: ${summary.tableFill}`, line(table[0]!), ...table.slice(1).map(line)].join('\n');
}

/**
 * The pairwise comparisons as a text table: each pair's paired mean score difference over deals
 * with its simultaneous 95% interval and Bonferroni p over the pairs, as the report shows them:
 * both from one t statistic and quantile, so the star marks exactly the intervals that exclude 0
 * (docs/statistics.md; a per-pair interval beside Holm's p could exclude 0 with no star).
 * pairwise.csv has every column, Holm's p included.
 */
export function pairwiseText(summary: Summary): string {
  if (summary.pairwise.length === 0) return '';
  const ci = (c: [number, number]): string => interval(c, 2);
  const table = [
    ['a', 'b', 'deals', 'score a - b', '95% CI', 'adjusted p', ''],
    ...summary.pairwise.map((p) => [
      p.a,
      p.b,
      String(p.deals),
      p.meanDiff.toFixed(2),
      ci(p.ciSimultaneous),
      formatP(p.pAdjusted),
      p.pAdjusted < 0.05 ? '*' : '',
    ]),
  ];
  const widths = table[0]!.map((_, c) => Math.max(...table.map((r) => r[c]!.length)));
  const line = (r: string[]): string =>
    r
      .map((cell, c) => (c < 2 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
      .join('  ')
      .trimEnd();
  return [
    `Paired differences over deals (negative: a scores less, better); simultaneous 95% CI and Bonferroni p over the ${summary.pairwise.length} pairs (* below 0.05):`,
    line(table[0]!),
    ...table.slice(1).map(line),
  ].join('\n');
}
