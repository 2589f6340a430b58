import { join, resolve } from 'node:path';
import { checkAnalysis, parseGameList, readRecords, runAnalysis, type AnalysisOptions, type AnalysisResult } from '../analysis/run.js';
import { botPhaseSummaries, seatSummaries } from '../analysis/summary.js';
import { renderChart } from '../charts/render.js';
import { lossChart, winChancePathChart } from '../charts/specs.js';
import { AtomicLineWriter, newResultsDir, prepareOutputDir, refuseInputAsOutput, writeFileAtomic } from '../files.js';
import { Progress } from '../output/progress.js';
import { csv } from '../output/tournament-outputs.js';
import { escapeHtml, htmlTable, writeReport } from '../output/report.js';
import type { DecisionEntry } from '../analysis/walk.js';
import { printable } from '../text.js';
import { runInterruptibly } from './interrupt.js';

export interface AnalyseArgs {
  file: string;
  game?: string;
  with?: string;
  games?: string;
  seed: string;
  threads?: number;
  out?: string;
  force?: boolean;
  quiet: boolean;
}

/** Games whose win-chance paths are drawn (one panel each): more would make an unreadable chart. */
const PATH_PANELS = 6;

/** `nothanks analyse`: every decision of the chosen games evaluated, then analysis.jsonl, summary.csv, bots.csv, analysis.json and two charts. */
export async function analyseCommand(a: AnalyseArgs): Promise<{ result: AnalysisResult; dir: string }> {
  // Mistakes fail before the folder is made: a typo leaves nothing behind.
  const lines = readRecords(a.file);
  const games = a.games === undefined ? undefined : parseGameList(a.games, lines.length);
  const options: AnalysisOptions = {
    file: a.file,
    ...(games === undefined ? {} : { games }),
    ...(a.game === undefined ? {} : { game: a.game }),
    ...(a.with === undefined ? {} : { analyst: a.with }),
    seed: a.seed,
    ...(a.threads === undefined ? {} : { threads: a.threads }),
  };
  checkAnalysis(options);
  const dir = a.out ?? newResultsDir('analysis');
  refuseInputAsOutput(dir, [a.file]);
  prepareOutputDir(dir, a.force);
  const result = await runInterruptibly(new Progress('analyse', !a.quiet), (signal, onProgress) => runAnalysis({ ...options, signal, onProgress }));
  const files = await writeAnalysisOutputs(dir, resolve(a.file), result);
  for (const line of analysisHeadlines(result)) console.log(printable(line));
  // Every file it wrote, by name (before, only summary.csv was named).
  console.log(`Outputs in ${dir}: ${files.join(', ')}`);
  console.log(`Report: ${join(dir, 'report.html')}`);
  if (result.stopped) process.exitCode = 130;
  return { result, dir };
}

export function analysisHeadlines(r: AnalysisResult): string[] {
  const entries = r.games.flatMap((g) => g.entries);
  const out = [
    `${r.stopped ? `PARTIAL (${r.stopped}): ` : ''}${r.games.length} game${r.games.length === 1 ? '' : 's'}, ${entries.length} decisions analysed in ${r.elapsedSeconds.toFixed(1)} s (${r.threads} thread${r.threads === 1 ? '' : 's'}; ${((1000 * r.elapsedSeconds * r.threads) / Math.max(1, entries.length)).toFixed(1)} ms per decision per thread).`,
    'Mistake rate (mistakes and blunders per decision with a choice) by bot:',
  ];
  for (const b of botPhaseSummaries(entries).filter((b) => b.phase === 'all'))
    out.push(
      `  ${b.agent.padEnd(24)} ${(100 * b.mistakeRate).toFixed(1).padStart(5)}% ± ${(100 * b.mistakeRateSe).toFixed(1)} of ${b.choices} choices; mean win chance lost ${(100 * b.meanWinLoss).toFixed(2)} percentage points`,
    );
  const worst = r.games.map((g) => ({ line: g.line, mistakes: biggestMistakes(g.entries) }));
  out.push(`The biggest mistakes of each game (at most ${BIGGEST}; win chance lost by the action played against the better one):`);
  for (const g of worst) {
    if (g.mistakes.length === 0) out.push(`  game ${g.line}: none (no decision with a choice lost win chance)`);
    for (const e of g.mistakes) out.push(`  game ${g.line}: ${mistakeText(e)}`);
  }
  return out;
}

/** Mistakes listed per game. */
const BIGGEST = 3;

/** A game's decisions that lost the most win chance (choices only, a loss above zero), worst first. */
export function biggestMistakes(entries: readonly DecisionEntry[], n = BIGGEST): DecisionEntry[] {
  return entries
    .filter((e) => !e.forced && e.winLoss > 0 && e.played !== e.best)
    .sort((a, b) => b.winLoss - a.winLoss || a.decision - b.decision)
    .slice(0, n);
}

const lostText = (e: DecisionEntry): string => `${(100 * e.winLoss).toFixed(1)} percentage points of win chance`;

function mistakeText(e: DecisionEntry): string {
  return `decision ${e.decision}, seat ${e.seat} (${e.agent}) played ${e.played}, better ${e.best}: lost ${lostText(e)}${e.mark ? ` (${e.mark})` : ''}`;
}

/** Writes the analysis's files and report.html; returns their names (in dir). */
export async function writeAnalysisOutputs(dir: string, file: string, r: AnalysisResult): Promise<string[]> {
  const partial = r.stopped !== undefined;
  const jsonl = new AtomicLineWriter(join(dir, 'analysis.jsonl'));
  for (const g of r.games) for (const e of g.entries) jsonl.write(`${JSON.stringify(e)}\n`);
  jsonl.close();
  const seats = seatSummaries(r.games);
  writeFileAtomic(
    join(dir, 'summary.csv'),
    csv(
      seats.map((s) => ({ ...s, won: String(s.won), partial: String(partial) })),
      [
        'game',
        'seed',
        'seat',
        'agent',
        'score',
        'won',
        'decisions',
        'choices',
        'meanWinLoss',
        'meanPointLoss',
        'inaccuracies',
        'mistakes',
        'blunders',
        'worst',
        'partial',
      ],
    ),
  );
  const entries = r.games.flatMap((g) => g.entries);
  writeFileAtomic(
    join(dir, 'bots.csv'),
    csv(
      botPhaseSummaries(entries).map((b) => ({ ...b, partial: String(partial) })),
      ['agent', 'phase', 'choices', 'meanWinLoss', 'inaccuracies', 'mistakes', 'blunders', 'mistakeRate', 'mistakeRateSe', 'partial'],
    ),
  );
  writeFileAtomic(
    join(dir, 'analysis.json'),
    JSON.stringify(
      {
        records: file,
        games: r.games.map((g) => g.line),
        analyst: r.analyst,
        decisions: entries.length,
        elapsedSeconds: Number(r.elapsedSeconds.toFixed(2)),
        threads: r.threads,
        partial,
        ...(r.stopped ? { stopped: r.stopped } : {}),
      },
      null,
      2,
    ) + '\n',
  );
  const paths = r.games
    .slice(0, PATH_PANELS)
    // One colour per seat across the panels; each panel's title says who sat where.
    .flatMap((g) =>
      g.entries.map((e) => ({
        game: `game ${g.line}: ${g.agents.map((a, p) => `${p} ${a}`).join(', ')}`,
        decision: e.decision,
        seat: `seat ${e.seat}`,
        win: e.winAfter,
      })),
    );
  const winChance = await renderChart(dir, 'win-chance', winChancePathChart(paths));
  const loss = await renderChart(
    dir,
    'loss',
    lossChart(
      entries.filter((e) => !e.forced).map((e) => ({ decision: e.decision, loss: e.winLoss, agent: e.agent })),
      r.analyst.thresholds,
    ),
  );
  const files = ['analysis.jsonl', 'summary.csv', 'bots.csv', 'analysis.json'];
  for (const c of [winChance, loss]) files.push(`${c.name}.svg`, `${c.name}.png`, `${c.name}.vl.json`);
  const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
  const bots = botPhaseSummaries(entries).filter((b) => b.phase === 'all');
  const mistakes = r.games.flatMap((g) =>
    biggestMistakes(g.entries).map((e) => [g.line, e.decision, `${e.seat} (${e.agent})`, e.played, e.best, pct(e.winLoss), e.mark ?? '']),
  );
  writeReport(
    dir,
    `Analysis of ${printable(file)}`,
    `${r.games.length} game${r.games.length === 1 ? '' : 's'} of ${printable(file)}, every decision evaluated by the analyst${partial ? ` (PARTIAL: ${r.stopped})` : ''}.`,
    [
      {
        heading: 'Findings',
        html: `<ul>${analysisHeadlines(r)
          .map((h) => `<li>${escapeHtml(h.trim())}</li>`)
          .join('')}</ul>`,
      },
      {
        heading: 'Mistakes by bot',
        html: htmlTable(
          ['bot', 'choices', 'mistake rate', '± se', 'mean win chance lost', 'inaccuracies', 'mistakes', 'blunders'],
          bots.map((b) => [b.agent, b.choices, pct(b.mistakeRate), pct(b.mistakeRateSe), pct(b.meanWinLoss), b.inaccuracies, b.mistakes, b.blunders]),
        ),
      },
      {
        heading: `The biggest mistakes of each game (at most ${BIGGEST})`,
        html:
          mistakes.length === 0
            ? '<p>No decision with a choice lost win chance.</p>'
            : htmlTable(['game', 'decision', 'seat (bot)', 'played', 'better', 'win chance lost', 'mark'], mistakes),
        charts: [loss, winChance],
      },
    ],
    files,
  );
  return [...files, 'report.html'];
}
