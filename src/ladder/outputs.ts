import { join } from 'node:path';
import { renderChart, type RenderedChart } from '../charts/render.js';
import { ladderChart, type LadderRow } from '../charts/specs.js';
import { VERSION, writeFileAtomic } from '../files.js';
import { htmlTable, escapeHtml, type ReportSection } from '../output/report.js';
import { csv, summaryJson, writeTournamentOutputs } from '../output/tournament-outputs.js';
import type { LadderProgress, LadderResult, Rating, ScopeResult } from './ladder.js';
import type { TableFill } from '../tournament/schedule.js';

export interface LadderInfo {
  seed: string;
  /** Deals per seating asked for. */
  games: number;
  selfPlay: boolean;
  fill: TableFill;
}

const round = (x: number, digits: number): number => Number(x.toFixed(digits));

/** How the ratings are made, for summary.json and the report (docs/tournaments.md "The ladder"). */
export const METHOD = {
  model:
    "Plackett-Luce on each game's finishing order (lower score finishes ahead), maximum likelihood over all games at once (Newton on log-strengths): independent of game order",
  ties: 'a group of k tied finishers counts as each of its k! orders with weight 1/k! (a 2-player tie is half a win each way)',
  scale: 'rating = 400/ln(10) x log-strength: +400 points = 10:1 odds head to head; P(first at a table) = 10^(r/400) / sum over the table',
  anchor: 'the anchor bot is 0 (interval [0, 0]); every other interval is relative to it',
  intervals:
    "95%, normal, from the sandwich covariance clustered by deal (a deal's games share its cards); seFisher is the observed-information standard error that treats games as independent",
  goodness:
    "every k-th deal (deal % k = k-1) held out; ratings fitted on the other deals predict each held-out game's chance to finish first (w / sum of w at the table); win-share RMSE over bots and log-loss of the winners (ties split), each beside the parity baseline (1/players)",
};

export function ladderSummary(r: LadderResult, info: LadderInfo, progress?: LadderProgress) {
  return {
    game: r.game,
    pool: r.pool,
    anchor: r.anchor,
    players: r.players,
    seed: info.seed,
    dealsPerSeating: info.games,
    seatingMode: r.seatingMode,
    selfPlay: info.selfPlay,
    fill: info.fill,
    holdoutEvery: r.holdout,
    method: METHOD,
    scopes: r.scopes.map((s) => ({
      ...s,
      ratings: s.ratings?.map((x) => ({
        ...x,
        rating: round(x.rating, 3),
        lo: round(x.lo, 3),
        hi: round(x.hi, 3),
        se: round(x.se, 3),
        seFisher: round(x.seFisher, 3),
        winShare: round(x.winShare, 6),
        ...(x.gapToNext === undefined
          ? {}
          : { gapToNext: round(x.gapToNext, 3), gapToNextLo: round(x.gapToNextLo!, 3), gapToNextHi: round(x.gapToNextHi!, 3) }),
      })),
      covariance: s.covariance?.map((row) => row.map((v) => round(v, 3))),
    })),
    tournaments: r.tournaments.map((t) => ({
      players: t.rules.players,
      rules: t.game.recordRules(t.rules),
      seatings: t.seatings.length,
      tableFill: t.tableFill,
      dealsPlayed: t.dealsPlayed,
      gamesPlayed: t.gamesPlayed,
      decisions: t.decisions,
      elapsedSeconds: round(t.elapsedSeconds, 3),
      threads: t.threads,
      chunk: t.chunk,
    })),
    gamesPlayed: r.tournaments.reduce((s, t) => s + t.gamesPlayed, 0),
    elapsedSeconds: round(r.elapsedSeconds, 3),
    partial: r.partial,
    /** A snapshot written while the ladder runs: the table size being played and its deals done (rated above). */
    ...(progress === undefined ? {} : { inProgress: progress }),
    ...(r.stopped === undefined ? {} : { stopped: r.stopped }),
    version: VERSION,
  };
}

export type LadderSummary = ReturnType<typeof ladderSummary>;

const fmt = (x: number, d: number): string => x.toFixed(d);

/** ratings.csv: one row per scope and bot, best first; identical for any thread count or chunk size. */
export function ratingsCsv(r: LadderResult): string {
  const rows = r.scopes.flatMap((s) =>
    (s.ratings ?? []).map((x, i) => ({
      scope: s.scope,
      rank: i + 1,
      agent: x.agent,
      rating: fmt(x.rating, 2),
      ratingLo: fmt(x.lo, 2),
      ratingHi: fmt(x.hi, 2),
      se: fmt(x.se, 2),
      seFisher: fmt(x.seFisher, 2),
      games: x.games,
      winShare: fmt(x.winShare, 5),
      gapToNext: x.gapToNext === undefined ? '' : fmt(x.gapToNext, 2),
      gapToNextLo: x.gapToNextLo === undefined ? '' : fmt(x.gapToNextLo, 2),
      gapToNextHi: x.gapToNextHi === undefined ? '' : fmt(x.gapToNextHi, 2),
      // On every row: a spreadsheet of a partial ladder must say so wherever it is cut.
      partial: String(r.partial),
    })),
  );
  return csv(rows, [
    'scope',
    'rank',
    'agent',
    'rating',
    'ratingLo',
    'ratingHi',
    'se',
    'seFisher',
    'games',
    'winShare',
    'gapToNext',
    'gapToNextLo',
    'gapToNextHi',
    'partial',
  ]);
}

function goodnessCsv(r: LadderResult): string {
  const rows = r.scopes.flatMap((s) =>
    (s.goodness?.agents ?? []).map((a) => ({
      scope: s.scope,
      agent: a.agent,
      heldOutGames: a.games,
      observedWinShare: fmt(a.observed, 5),
      predictedWinShare: fmt(a.predicted, 5),
    })),
  );
  return csv(rows, ['scope', 'agent', 'heldOutGames', 'observedWinShare', 'predictedWinShare']);
}

const interval = (lo: number, hi: number): string => `[${lo.toFixed(0)}, ${hi.toFixed(0)}]`;
const gap = (x: Rating): string => (x.gapToNext === undefined ? '' : x.gapToNext.toFixed(0));
const gapInterval = (x: Rating): string => (x.gapToNext === undefined ? '' : interval(x.gapToNextLo!, x.gapToNextHi!));

/** One line on the held-out check of a scope. */
export function goodnessLine(s: ScopeResult): string {
  const g = s.goodness;
  if (!g) return `${s.scope}: no goodness check (${s.goodnessError})`;
  return `${s.scope}: held-out ${g.heldOutGames} games of ${g.heldOutDeals} deals: win-share RMSE ${(g.winShareRmse * 100).toFixed(2)} points vs ${(g.winShareRmseParity * 100).toFixed(2)} for parity; winner log-loss ${g.logLoss.toFixed(4)} vs ${g.logLossParity.toFixed(4)}`;
}

/** One headline per scope: the ratings with their intervals. */
export function ladderHeadlines(r: LadderResult): string[] {
  if (r.scopes.length === 0) return ['Interrupted before any deal finished: nothing to report.'];
  return [
    ...r.scopes.map((s) =>
      s.ratings
        ? `${s.scope} (${s.games} games, ${s.deals} deals): ${s.ratings.map((x) => `${x.agent} ${x.rating.toFixed(0)}${x.agent === r.anchor ? '' : ` ${interval(x.lo, x.hi)}`}`).join(', ')}.`
        : `${s.scope}: ${s.error}.`,
    ),
    ...r.scopes.map(goodnessLine),
  ];
}

/** The ratings as text tables for the terminal. */
export function ladderText(r: LadderResult): string {
  const out: string[] = [];
  for (const s of r.scopes) {
    out.push(`${s.scope}: ${s.games} games on ${s.deals} deals${r.partial ? ' (PARTIAL: interrupted)' : ''}; anchor ${r.anchor} = 0`);
    if (!s.ratings) {
      out.push(`  ${s.error}`, '');
      continue;
    }
    const table = [
      ['#', 'bot', 'rating', '95% interval', 'lead on next', '95% interval', 'seat-games', 'win share'],
      ...s.ratings.map((x, i) => [
        String(i + 1),
        x.agent,
        x.rating.toFixed(0),
        interval(x.lo, x.hi),
        gap(x),
        gapInterval(x),
        String(x.games),
        `${(x.winShare * 100).toFixed(1)}%`,
      ]),
    ];
    const widths = table[0]!.map((_, c) => Math.max(...table.map((row) => row[c]!.length)));
    for (const row of table) out.push(row.map((cell, c) => (c === 1 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  '));
    out.push('');
  }
  out.push('Goodness (ratings fitted without every ' + r.holdout + 'th deal, predicting who wins those):');
  for (const s of r.scopes) out.push(`  ${goodnessLine(s)}`);
  return out.join('\n');
}

/**
 * The ladder's data files: summary.json, ratings.csv, goodness.csv and each finished table size's
 * tournament outputs (players-P/). Also what a running ladder writes as it goes (`progress` then
 * says where it stands; summary.json and every ratings.csv row say partial).
 */
export function writeLadderData(dir: string, r: LadderResult, info: LadderInfo, progress?: LadderProgress): void {
  writeFileAtomic(join(dir, 'summary.json'), JSON.stringify(ladderSummary(r, info, progress), null, 2) + '\n');
  writeFileAtomic(join(dir, 'ratings.csv'), ratingsCsv(r));
  writeFileAtomic(join(dir, 'goodness.csv'), goodnessCsv(r));
  for (const t of r.tournaments) {
    if (t.gamesPlayed > 0)
      writeTournamentOutputs(
        join(dir, `players-${t.rules.players}`),
        summaryJson(t, { seed: info.seed, games: info.games, format: 'single', seatingMode: r.seatingMode, selfPlay: info.selfPlay, fill: info.fill }),
      );
  }
}

/**
 * Writes the ladder's data files (writeLadderData) and the ladder chart; returns the charts and
 * the report sections.
 */
export async function writeLadderOutputs(
  dir: string,
  r: LadderResult,
  info: LadderInfo,
  png = true,
): Promise<{ charts: RenderedChart[]; sections: ReportSection[] }> {
  writeLadderData(dir, r, info);
  const charts: RenderedChart[] = [];
  const rated = r.scopes.filter((s) => s.ratings);
  if (rated.length) {
    const reference = rated.find((s) => s.scope === 'pooled') ?? rated[0]!;
    const order = new Map(reference.ratings!.map((x, i) => [x.agent, i]));
    const rows: LadderRow[] = rated.flatMap((s) =>
      s.ratings!.map((x) => ({ scope: s.scope, agent: x.agent, rating: x.rating, lo: x.lo, hi: x.hi, order: order.get(x.agent) ?? 0 })),
    );
    charts.push(await renderChart(dir, 'ladder', ladderChart(rows, r.anchor), png));
  }
  const tables = r.scopes
    .map(
      (s) =>
        `<h3>${escapeHtml(s.scope)}: ${s.games} games, ${s.deals} deals</h3>` +
        (s.ratings
          ? htmlTable(
              ['#', 'bot', 'rating', '95% interval', 'se (deal-clustered)', 'se (Fisher)', 'lead on next', '95% interval', 'seat-games', 'win share'],
              s.ratings.map((x, i) => [
                i + 1,
                x.agent,
                x.rating.toFixed(0),
                interval(x.lo, x.hi),
                x.se.toFixed(1),
                x.seFisher.toFixed(1),
                gap(x),
                gapInterval(x),
                x.games,
                `${(x.winShare * 100).toFixed(1)}%`,
              ]),
            )
          : `<p>${escapeHtml(s.error ?? '')}</p>`),
    )
    .join('');
  const goodnessHtml =
    `<p>${escapeHtml(METHOD.goodness)}.</p>` +
    htmlTable(
      ['scope', 'held-out games', 'win-share RMSE', 'parity RMSE', 'winner log-loss', 'parity log-loss'],
      r.scopes.map((s) =>
        s.goodness
          ? [
              s.scope,
              s.goodness.heldOutGames,
              s.goodness.winShareRmse.toFixed(4),
              s.goodness.winShareRmseParity.toFixed(4),
              s.goodness.logLoss.toFixed(4),
              s.goodness.logLossParity.toFixed(4),
            ]
          : [s.scope, s.goodnessError ?? '', '', '', '', ''],
      ),
    );
  const method = `<ul>${Object.entries(METHOD)
    .map(([k, v]) => `<li><strong>${escapeHtml(k)}</strong>: ${escapeHtml(v)}</li>`)
    .join('')}</ul>`;
  return {
    charts,
    sections: [
      { heading: 'Ratings', html: tables, charts },
      { heading: 'Goodness of fit', html: goodnessHtml },
      { heading: 'Method', html: method },
    ],
  };
}
