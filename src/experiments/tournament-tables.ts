import { intervalText } from '../text.js';
import { join } from 'node:path';
import { renderChart, type RenderedChart } from '../charts/render.js';
import { distributionChart, leaderboardChart, pairwiseChart, seatChart } from '../charts/specs.js';
import { escapeHtml, htmlTable, writeReport, type ReportSection } from '../output/report.js';
import { writtenEntries } from '../files.js';
import { rankingHeadline } from './ranking-headline.js';
import { sampleGameLink, writeReplayViewer } from '../output/sample-game.js';
import { decisionTimeCell, type Summary } from '../output/tournament-outputs.js';
import { gameById } from '../registry.js';
import { formatP, isSignificant } from '../stats/moments.js';

const ci = (c: [number, number], d = 2): string => intervalText(c[0], c[1], d);

/** How to read a pairwise table: what the intervals and p-values are adjusted for, and that they agree. */
function pairwiseNote(family: number, players: number, csvPath: string): string {
  return (
    `Paired over deals; each measure is one family of the ${family} pairs at ${players} players. The intervals are simultaneous 95% (Bonferroni: t quantile at 1 - 0.05/${2 * family}); ` +
    `the adjusted p is Bonferroni's min(1, ${family} p), below 0.05 (*) exactly when the interval excludes 0. A negative score difference and a positive win-share difference favour a. Holm's p (never larger) and the unadjusted intervals and p are in ${csvPath}. pp = percentage points.`
  );
}

/** The record rules of a custom table, for people: "startChips 11, removed 9, ...". */
export function customRules(s: Summary): string {
  return Object.entries(s.rules)
    .filter(([k]) => k !== 'custom')
    .map(([k, v]) => `${k} ${JSON.stringify(v)}`)
    .join(', ');
}

/**
 * The report's tables of one or more tournaments (an experiment's player counts, or one
 * `tournament`): each leaderboard with how its tables were filled, each bot's time per decision
 * and a link to its first game in the replay viewer (`samples`: played again in a worker), and
 * each pairwise table. `folderOf` is a summary's folder inside `dir` ("players-4", or "." for a
 * tournament's own folder).
 */
export async function tournamentTables(
  summaries: Summary[],
  dir: string,
  folderOf: (s: Summary) => string,
  samples = true,
): Promise<{ tablesHtml: string; pairHtml: string }> {
  const links = samples ? await Promise.all(summaries.map((s) => sampleGameLink(s, folderOf(s), dir))) : summaries.map(() => '');
  if (samples && links.length) await writeReplayViewer(dir);
  const tablesHtml = summaries
    .map((s, i) => {
      const metrics = gameById(s.game).metrics;
      const time = new Map(s.decisionTime.map((t) => [t.agent, t]));
      return (
        `<h3>${s.players} players${s.rules.custom ? ` (custom rules: ${escapeHtml(customRules(s))})` : ''}</h3>` +
        `<p>Tables: ${escapeHtml(s.tableFill)}. Time per decision: this run's wall clock in its worker threads (${escapeHtml(DECISION_TIME_NOTE)}).</p>` +
        htmlTable(
          ['bot', 'seat-games', 'mean score', '95% CI', 'win share', '95% CI', 'mean rank', ...metrics.map((m) => m.label), 'µs per decision (mean / worst)'],
          [...s.agents]
            .sort((a, b) => a.meanScore - b.meanScore)
            .map((a) => [
              a.agent,
              a.games,
              a.meanScore.toFixed(2),
              ci(a.meanScoreCI),
              `${(a.winShare * 100).toFixed(1)}%`,
              ci([a.winShareCI[0] * 100, a.winShareCI[1] * 100], 1),
              a.meanRank.toFixed(2),
              ...s.metrics.map((m) => (a[m.field] as number).toFixed(2)),
              decisionTimeCell(time.get(a.agent)),
            ]),
        ) +
        links[i]!
      );
    })
    .join('');
  const pairHtml = summaries
    .map(
      (s) =>
        `<h3>${s.players} players: paired differences</h3>` +
        `<p>${escapeHtml(pairwiseNote(s.pairwise[0]?.family ?? 0, s.players, join(folderOf(s), 'pairwise.csv')))}</p>` +
        htmlTable(
          ['a', 'b', 'deals', 'score a - b', 'simultaneous 95% CI', 'adjusted p', 'win share a - b', 'simultaneous 95% CI', 'adjusted p'],
          s.pairwise.map((p) => [
            p.a,
            p.b,
            p.deals,
            p.meanDiff.toFixed(2),
            ci(p.ciSimultaneous),
            formatP(p.pAdjusted) + (isSignificant(p) ? ' *' : ''),
            `${(p.winShare.meanDiff * 100).toFixed(1)} pp`,
            ci([p.winShare.ciSimultaneous[0] * 100, p.winShare.ciSimultaneous[1] * 100], 1),
            formatP(p.winShare.pAdjusted) + (isSignificant(p.winShare) ? ' *' : ''),
          ]),
        ),
    )
    .join('');
  return { tablesHtml, pairHtml };
}

/** How the decision times are taken (batch.ts DecisionTimer), for the report. */
export const DECISION_TIME_NOTE =
  "one game in 256 is timed, and every game of a bot whose decisions took 10 µs or more on average in each of its first 4 timed games; a fast bot's worst is the worst of its sample, and short runs include the cold start";

export const LEADERBOARD_NOTE =
  "Each bot's own 95% intervals, with deals as the independent units (mean score: t interval over per-deal means; win share: Wilson at the deal-clustered effective sample size).";

/** The two report sections of strategies-style tournaments: leaderboards (with the first chart), then comparisons and the other charts. */
export function tournamentSections(tables: { tablesHtml: string; pairHtml: string }, charts: RenderedChart[]): ReportSection[] {
  return [
    {
      heading: 'Leaderboards',
      html: `<p>${escapeHtml(`${LEADERBOARD_NOTE} Overlapping intervals do not mean "no difference": the paired tables below compare bots on the same deals.`)}</p>${tables.tablesHtml}`,
      charts: charts.slice(0, 1),
    },
    { heading: 'Comparisons, distributions and seats', html: tables.pairHtml, charts: charts.slice(1) },
  ];
}

export function meanRows(summaries: Summary[]) {
  return summaries.flatMap((s) => s.agents.map((a) => ({ players: s.players, agent: a.agent, mean: a.meanScore, lo: a.meanScoreCI[0], hi: a.meanScoreCI[1] })));
}

/** The charts of one or more tournaments' leaderboards, pairs, score distributions and seats (an experiment's or `tournament`'s report). */
export async function strategyCharts(summaries: Summary[], dir: string, png: boolean): Promise<RenderedChart[]> {
  const pairs = summaries.flatMap((s) =>
    s.pairwise.flatMap((p) => [
      { players: s.players, row: p.a, column: p.b, diff: p.meanDiff, significant: isSignificant(p) },
      { players: s.players, row: p.b, column: p.a, diff: -p.meanDiff, significant: isSignificant(p) },
    ]),
  );
  const distributions = summaries.flatMap((s) =>
    s.agents.flatMap((a) => (s.distributions[a.agent] ?? []).map(([score, count]) => ({ players: s.players, agent: a.agent, score, share: count / a.games }))),
  );
  const seats = summaries.flatMap((s) =>
    s.seats
      .filter((r) => r.agent === 'all')
      .map((r) => ({ players: s.players, position: r.position, mean: r.meanScore, lo: r.meanScoreCI[0], hi: r.meanScoreCI[1] })),
  );
  return [
    await renderChart(dir, 'leaderboard', leaderboardChart(meanRows(summaries)), png),
    await renderChart(dir, 'pairwise', pairwiseChart(pairs), png),
    await renderChart(dir, 'distributions', distributionChart(distributions), png),
    await renderChart(dir, 'seats', seatChart(seats), png),
  ];
}

/**
 * A tournament's report.html beside its outputs: the experiment report's tables and charts for its
 * one table size, its ranking headline, how its tables were filled. `samples`: link its first game
 * in the replay viewer (played again in a worker; not for contest runs, whose bots run sandboxed).
 */
export async function writeTournamentReport(dir: string, summary: Summary, samples: boolean, png = false): Promise<string> {
  const charts = await strategyCharts([summary], dir, png);
  const tables = await tournamentTables([summary], dir, () => '.', samples);
  const game = gameById(summary.game);
  const intro = escapeHtml(
    `${game.name}, ${summary.players} players: pool ${summary.agents.map((a) => a.agent).join(', ')}; ${summary.dealsPerSeating} deals per seating (${summary.seatingMode} seatings), ${summary.gamesPlayed} games, seed ${summary.seed}, version ${summary.version}, ${summary.elapsedSeconds.toFixed(0)} s. Tables: ${summary.tableFill}.`,
  );
  const partial = summary.partial ? ` <strong>PARTIAL: ${escapeHtml(summary.stopped ?? 'interrupted')}</strong>` : '';
  const files = [...new Set([...writtenEntries(dir).filter((f) => f !== 'state'), 'report.html'])].sort();
  return writeReport(
    dir,
    `Tournament: ${summary.agents.map((a) => a.agent).join(', ')} at ${summary.players} players`,
    intro + partial,
    [
      { heading: 'Findings', html: `<ul><li>${escapeHtml(rankingHeadline(summary))}</li></ul><p>${escapeHtml(FINDINGS_NOTE)}</p>` },
      ...tournamentSections(tables, charts),
    ],
    files,
  );
}

export const FINDINGS_NOTE =
  "A bracket after a bot's own figure is its 95% interval; after a difference it is the simultaneous 95% interval of the paired tables below, beside the adjusted p of the same test: " +
  '"significantly" means that interval excludes 0. Lower scores are better.';
