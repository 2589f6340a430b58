import { intervalText } from '../text.js';
import { join } from 'node:path';
import { linearRegression } from 'simple-statistics';
import { renderChart, type RenderedChart } from '../charts/render.js';
import { sweepHeatmapChart, sweepLineChart, sweepRankingChart, trendChart, type SweepRow } from '../charts/specs.js';
import { Progress } from '../output/progress.js';
import { listBotLogs, runBotLogs } from '../tournament/bot-logs.js';
import { newResultsDir, prepareOutputDir, VERSION, writeFileAtomic, writtenEntries } from '../files.js';
import { newManifest, openForResume, stateDir, writeManifest, type RunManifest } from '../tournament/run-state.js';
import { UserError } from '../errors.js';
import { playPart, shardLabel } from '../tournament/shard.js';
import { checkDecisionSeconds, untilStopped, type TournamentOptions } from '../tournament/run.js';
import { botFileDigests } from '../agents/registry.js';
import { checkAgent, refuseRunInsideBotFolders } from '../tournament/sandbox/load.js';
import { splitLineup } from '../agents/spec.js';
import { escapeHtml, htmlTable, writeReport, type ReportSection } from '../output/report.js';
import { csv, leaderboard, summaryJson, writeTournamentOutputs, type Summary } from '../output/tournament-outputs.js';
import { formatP } from '../stats/moments.js';
import { checkSweep, runSweep, type SweepOptions, type SweepResult } from '../tournament/sweep.js';
import { gameById } from '../registry.js';
import { runCompare } from './compare.js';
import { plainHeadline, rankingHeadline } from './ranking-headline.js';
import { customRules, FINDINGS_NOTE, LEADERBOARD_NOTE, strategyCharts, tournamentSections, tournamentTables } from './tournament-tables.js';
import { runLadderExperiment } from './ladder-experiment.js';
import { runTuneExperiment, tuneOptionsOf } from './tune-experiment.js';
import { checkTune } from '../tournament/tune.js';
import {
  experimentRules,
  type Experiment,
  type RunOptions,
  type PlayerCountExperiment,
  type StrategiesExperiment,
  type ThresholdsExperiment,
} from './experiment.js';

export interface ExperimentRun {
  dir: string;
  report: string;
  /** One-line findings, for the terminal and the closing note. */
  headlines: string[];
  partial: boolean;
  /** Why a partial run ended early, when a bot stopped it (absent when interrupted or complete). */
  stopped?: string;
  elapsedSeconds: number;
}

/** An experiment's manifest (tournament/run-state.ts): the validated file and the deals per seating fix its numbers. */
export const experimentManifest = (exp: Experiment, games: number, o: RunOptions = {}): RunManifest =>
  newManifest('run', exp.seed, { experiment: exp, games, ...botFilesOf(exp) }, o.shard);

/** Every bot spec an experiment names. */
function botSpecsOf(exp: Experiment): string[] {
  switch (exp.kind) {
    case 'thresholds':
      return [exp.agent, ...exp.field];
    case 'tune':
      return [exp.agent, ...exp.field, ...exp.compare];
    case 'compare':
      return exp.arms.flatMap((a) => a.agents);
    default:
      return exp.agents;
  }
}

/** The digests of an experiment's bot files (see botFileDigests), when it names any. */
function botFilesOf(exp: Experiment): { botFiles?: Record<string, string> } {
  const specs = botSpecsOf(exp);
  const botFiles = botFileDigests(specs.flatMap(splitLineup));
  return Object.keys(botFiles).length ? { botFiles } : {};
}

export async function runExperiment(exp: Experiment, o: RunOptions = {}): Promise<ExperimentRun> {
  const started = performance.now();
  const games = o.games ?? exp.games;
  if ((o.shard || o.resume) && (exp.kind === 'thresholds' || exp.kind === 'compare' || exp.kind === 'ladder' || exp.kind === 'tune')) {
    // A race decides after each round on all of its deals; compare folds per-game values (the
    // table's mean, what each card is worth) and the ladder per-game finishing orders, which the
    // checkpoints do not keep yet.
    throw new UserError(
      `--shard and --resume work for the strategies and player-count experiments; a ${exp.kind} experiment runs on one machine from the start`,
    );
  }
  checkDecisionSeconds(o.decisionSeconds);
  // Every bot is checked before the folder is made, so a typo leaves nothing behind.
  const lineups = exp.kind === 'compare' ? exp.arms : [{ game: exp.game, agents: botSpecsOf(exp) }];
  // A program's greeting gets the run's decision limit, as in a tournament.
  for (const { game, agents } of lineups) for (const spec of agents.flatMap(splitLineup)) await checkAgent(spec, game, { seconds: o.decisionSeconds });
  const botSpecs = lineups.flatMap((l) => l.agents.flatMap(splitLineup));
  if (exp.kind === 'tune') await checkTune(tuneOptionsOf(exp, games));
  if (exp.kind === 'thresholds') await checkSweep(sweepOptionsOf(exp, games, o));
  let dir: string;
  let shard = o.shard;
  if (o.resume) {
    if (o.out === undefined) throw new Error('resume needs the run folder');
    dir = o.out;
    shard = openForResume(dir, experimentManifest(exp, games, o));
  } else {
    dir = o.out ?? newResultsDir(shard ? `${exp.kind}-shard-${shard.index}-of-${shard.count}` : exp.kind);
    refuseRunInsideBotFolders(dir, botSpecs);
    prepareOutputDir(dir, o.force);
    // The tournament kinds keep their exact state, for --resume and merge.
    if (!o.play && (exp.kind === 'strategies' || exp.kind === 'player-count')) writeManifest(dir, experimentManifest(exp, games, { shard }));
  }
  // The copy records what is played: an override replaces the field and is noted beside it.
  const overridden = games !== exp.games ? { games: exp.games } : {};
  writeFileAtomic(join(dir, 'experiment.json'), JSON.stringify({ ...exp, games, overridden }, null, 2) + '\n');
  const play = o.play ?? ((part: string, t: TournamentOptions) => untilStopped(playPart(t, part, stateDir(dir), shard)));
  // Results handed in (merge) play nothing, so no bot writes a log.
  const botLogs = o.play ? undefined : runBotLogs(dir, botSpecs);
  const opts = { ...o, shard, play, botLogs };
  let run: Stage;
  try {
    run =
      exp.kind === 'thresholds'
        ? await runThresholds(exp, games, dir, opts)
        : exp.kind === 'compare'
          ? await runCompare(exp, games, dir, opts)
          : exp.kind === 'ladder'
            ? await runLadderExperiment(exp, games, dir, opts)
            : exp.kind === 'tune'
              ? await runTuneExperiment(exp, games, dir, opts)
              : await runTables(exp, games, dir, opts);
  } finally {
    listBotLogs(botLogs);
  }
  const elapsedSeconds = (performance.now() - started) / 1000;
  writeFileAtomic(
    join(dir, 'run.json'),
    JSON.stringify(
      {
        kind: exp.kind,
        title: exp.title,
        seed: exp.seed,
        games,
        overridden,
        version: VERSION,
        node: process.version,
        partial: run.partial,
        ...(run.stopped === undefined ? {} : { stopped: run.stopped }),
        elapsedSeconds,
        headlines: run.headlines,
        ...(shard ? { shard } : {}),
      },
      null,
      2,
    ) + '\n',
  );
  // A shard keeps its state and run.json; the charts and report come from nothanks merge.
  const outcome = { headlines: run.headlines, partial: run.partial, ...(run.stopped === undefined ? {} : { stopped: run.stopped }), elapsedSeconds };
  if (shard) return { dir, report: join(dir, 'run.json'), ...outcome };
  const files = writtenEntries(dir)
    .filter((f) => f !== 'state')
    .sort();
  const intro = `${escapeHtml(exp.description ?? '')} Seed <code>${escapeHtml(exp.seed)}</code>, ${games} deals per seating${games !== exp.games ? ` (--games ${games}; the experiment file says ${exp.games})` : ''}, version ${VERSION}, ${elapsedSeconds.toFixed(0)} s${run.partial ? `, <strong>PARTIAL: ${escapeHtml(run.stopped ?? 'interrupted')}</strong>` : ''}.`;
  const report = writeReport(
    dir,
    exp.title,
    intro,
    [
      {
        heading: 'Findings',
        html: `<ul>${run.headlines.map((h) => `<li>${escapeHtml(h)}</li>`).join('')}</ul>${run.findingsNote ? `<p>${escapeHtml(run.findingsNote)}</p>` : ''}`,
      },
      ...run.sections,
    ],
    files,
  );
  return { dir, report, ...outcome };
}

const ci = (c: [number, number], d = 2): string => intervalText(c[0], c[1], d);

interface Stage {
  headlines: string[];
  /** How to read the headlines' numbers, under them in the report. */
  findingsNote?: string;
  sections: ReportSection[];
  partial: boolean;
  /** The one line of the bot that stopped a stage (its run is partial). */
  stopped?: string;
}

/** strategies and player-count: one tournament per player count, then the charts across them. */
async function runTables(
  exp: StrategiesExperiment | PlayerCountExperiment,
  games: number,
  dir: string,
  o: RunOptions & Required<Pick<RunOptions, 'play'>>,
): Promise<Stage> {
  const summaries: Summary[] = [];
  let partial = false;
  let stopped: string | undefined;
  const shardLines: string[] = [];
  for (const players of exp.players) {
    const progress = new Progress(`${players} players`, !o.quiet);
    const result = await o.play(`players-${players}`, {
      game: exp.game,
      pool: exp.agents,
      fill: exp.fill,
      rules: experimentRules(exp, players),
      games,
      seed: exp.seed,
      seatings: exp.seatings,
      threads: o.threads,
      decisionSeconds: o.decisionSeconds,
      botLogs: o.botLogs,
      signal: o.signal,
      onProgress: (done, total) => progress.update(done, total),
    });
    progress.done();
    if (o.shard) {
      shardLines.push(
        `shard ${shardLabel(o.shard)}, ${players} players: ${result.dealsPlayed} of its deals finished${result.partial ? ' (interrupted)' : ''}.`,
      );
      if (result.partial) return { headlines: shardLines, partial: true, stopped: result.stopped, sections: [] };
      continue;
    }
    const summary = summaryJson(result, { seed: exp.seed, games, format: 'single', seatingMode: exp.seatings, selfPlay: false, fill: exp.fill });
    if (summary.gamesPlayed > 0) {
      writeTournamentOutputs(join(dir, `players-${players}`), summary);
      o.log?.(leaderboard(summary) + '\n');
      summaries.push(summary);
    }
    if (result.partial) {
      partial = true;
      stopped = result.stopped;
      break;
    }
  }
  if (o.shard) return { headlines: shardLines, partial, stopped, sections: [] };
  const charts = exp.kind === 'strategies' ? await strategyCharts(summaries, dir, exp.png) : await playerCountCharts(summaries, dir, exp.png);
  const folderOf = (s: Summary): string => `players-${s.players}`;
  const { tablesHtml, pairHtml } = await tournamentTables(summaries, dir, folderOf);
  const headlines =
    summaries.length === 0
      ? [`${stopped === undefined ? 'Interrupted' : 'Stopped by a bot'} before any deal finished: nothing to report.`]
      : exp.kind === 'strategies'
        ? strategyHeadlines(summaries)
        : playerCountHeadlines(summaries, exp);
  return {
    headlines,
    findingsNote: exp.kind === 'strategies' ? FINDINGS_NOTE : undefined,
    partial,
    stopped,
    sections:
      exp.kind === 'strategies'
        ? tournamentSections({ tablesHtml, pairHtml }, charts)
        : [
            { heading: 'Leaderboards', html: `<p>${escapeHtml(LEADERBOARD_NOTE)}</p>${tablesHtml}`, charts: charts.slice(0, 1) },
            { heading: 'Trends by player count', html: '', charts: charts.slice(1) },
          ],
  };
}

function strategyHeadlines(summaries: Summary[]): string[] {
  // The answer in plain words first, then each table size's numbers.
  return [plainHeadline(summaries), ...summaries.map(rankingHeadline)];
}

async function playerCountCharts(summaries: Summary[], dir: string, png: boolean): Promise<RenderedChart[]> {
  const rows = (pick: (a: Summary['agents'][number]) => [number, [number, number]]) =>
    summaries.flatMap((s) =>
      s.agents.map((a) => {
        const [value, [lo, hi]] = pick(a);
        return { players: s.players, agent: a.agent, value, lo, hi };
      }),
    );
  const custom = summaries.filter((s) => s.rules.custom).map((s) => s.players);
  const note = custom.length === 0 ? '95% CI bands' : `95% CI bands; custom rules at ${custom.join(', ')} players (see the tables)`;
  // A bot far off the others at every table size (random, a hundred points behind) would squash
  // the lines that matter into the bottom of the score chart: it is left out there, and the
  // subtitle says so with its range (the tables and the other charts keep it).
  const scores = rows((a) => [a.meanScore, a.meanScoreCI]);
  const everyBot = [...new Set(scores.map((r) => r.agent))];
  // Far off: at every table size its interval lies wholly above every other bot's, by more than the others' own span
  // (farBots' test of a broken axis, with this bot alone on the far side), and at least two bots remain.
  const far = everyBot.filter(
    (bot) =>
      everyBot.length > 2 &&
      summaries.every((s) => {
        const own = s.agents.find((a) => a.agent === bot);
        const others = s.agents.filter((a) => a.agent !== bot);
        if (!own || others.length < 2) return false;
        const top = Math.max(...others.map((a) => a.meanScoreCI[1]));
        const span = top - Math.min(...others.map((a) => a.meanScoreCI[0]));
        return own.meanScoreCI[0] - top > span / 2;
      }),
  );
  const farText = far.map((bot) => {
    const own = scores.filter((r) => r.agent === bot).map((r) => r.value);
    return `${bot} (${Math.min(...own).toFixed(0)}-${Math.max(...own).toFixed(0)})`;
  });
  const charts = [
    await renderChart(
      dir,
      'score-by-players',
      trendChart(
        scores.filter((r) => !far.includes(r.agent)),
        'Mean score by player count',
        [`${note}; lower is better`, ...(far.length ? [`left out, far above the others: ${farText.join(', ')} points (see the tables)`] : [])],
        'mean score (points per game)',
        false,
        everyBot,
      ),
      png,
    ),
    await renderChart(
      dir,
      'winshare-by-players',
      trendChart(
        rows((a) => [a.winShare, a.winShareCI]),
        'Win share by player count',
        `${note}; parity is 1/players`,
        'win share',
        true,
      ),
      png,
    ),
  ];
  for (const m of summaries[0]?.metrics ?? []) {
    const chart = trendChart(
      rows((a) => [a[m.field] as number, a[`${m.field}CI`] as [number, number]]),
      `${capitalize(m.label)} at the end by player count`,
      note,
      `${m.label} (per player)`,
    );
    charts.push(await renderChart(dir, `${m.id}-by-players`, chart, png));
  }
  return charts;
}

const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

function playerCountHeadlines(summaries: Summary[], exp: PlayerCountExperiment): string[] {
  const game = gameById(exp.game);
  // The trend is only a line while the other settings stay the same (No Thanks!: 11 chips for 2-5
  // players): fit it over the largest group of player counts with identical settings.
  const settings = (s: Summary): string => JSON.stringify({ ...s.rules, custom: undefined });
  const groups = new Map<string, number[]>();
  for (const s of summaries) groups.set(settings(s), [...(groups.get(settings(s)) ?? []), s.players]);
  const [sameKey] = [...groups.entries()].reduce((a, b) => (b[1].length > a[1].length ? b : a), ['', [] as number[]]);
  const sameText = summaries.length ? customRules(summaries.find((s) => settings(s) === sameKey)!) : '';
  // Summary rows follow the pool, which an experiment keeps as given: row i is exp.agents[i] (its label may differ from the spec).
  const lines = exp.agents.map((_, i) => {
    const agent = summaries[0]?.agents[i]?.agent ?? exp.agents[i]!;
    const points = summaries.flatMap((s) => [s.agents[i]!].map((a) => [s.players, a.meanScore, settings(s)] as const));
    const text = points.map(([p, m]) => `${p}p ${m.toFixed(1)}`).join(', ');
    const best = points.reduce((a, b) => (b[1] < a[1] ? b : a));
    const line = points.filter(([, , key]) => key === sameKey).map(([p, m]) => [p, m]);
    const m = line.length > 1 ? linearRegression(line).m : NaN;
    const slope =
      line.length > 1
        ? `; with the same settings (${sameText}) the score ${m <= 0 ? 'falls' : 'rises'} ${Math.abs(m).toFixed(1)} points per extra player (least squares)`
        : '';
    return `${agent}: mean score ${text}; lowest at ${best[0]} players${slope}.`;
  });
  if (game.tableFactor && summaries.length > 0) {
    // Where the bots score lowest beside the game's factor (No Thanks!: chips per played card), as
    // facts: before, the line claimed that the bots bottom out where the factor peaks ("0 of 4 bots
    // score lowest at 5 players"), a hypothesis the data had left behind.
    const factor = summaries.map((s) => [s.players, game.tableFactor!.of(game.makeRules(experimentRules(exp, s.players)))] as const);
    const top = factor.reduce((a, b) => (b[1] > a[1] ? b : a));
    const lowest = new Map<number, string[]>();
    exp.agents.forEach((_, i) => {
      const best = summaries.reduce((a, b) => (b.agents[i]!.meanScore < a.agents[i]!.meanScore ? b : a));
      lowest.set(best.players, [...(lowest.get(best.players) ?? []), best.agents[i]!.agent]);
    });
    const where = [...lowest.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([p, bots]) => `${bots.join(', ')} at ${p}`)
      .join('; ');
    lines.push(
      `Lowest mean score by bot: ${where} players. ${game.tableFactor.label[0]!.toUpperCase()}${game.tableFactor.label.slice(1)} by player count: ${factor.map(([p, c]) => `${p}p ${c.toFixed(2)}`).join(', ')} (most at ${top[0]} players).`,
    );
  }
  for (const s of summaries.filter((x) => x.rules.custom)) lines.push(`${s.players} players were played with custom rules (${customRules(s)}).`);
  return lines;
}

/** A thresholds experiment's sweep. */
function sweepOptionsOf(exp: ThresholdsExperiment, games: number, o: RunOptions): SweepOptions {
  return {
    game: exp.game,
    rules: experimentRules(exp, exp.players),
    agent: exp.agent,
    grid: Object.entries(exp.grid).map(([k, v]) => `${k}=${v}`),
    field: exp.field,
    players: exp.players,
    games,
    seed: exp.seed,
    rounds: exp.rounds,
    alpha: exp.alpha,
    threads: o.threads,
    decisionSeconds: o.decisionSeconds,
    botLogs: o.botLogs,
    signal: o.signal,
  };
}

async function runThresholds(exp: ThresholdsExperiment, games: number, dir: string, o: RunOptions): Promise<Stage> {
  const progress = new Progress('sweep', !o.quiet);
  const result = await runSweep({ ...sweepOptionsOf(exp, games, o), onProgress: (done, atMost) => progress.update(done, atMost) });
  progress.done();
  const { charts, table } = await writeSweepOutputs(result, dir, exp.png);
  // The caller prints the headlines (nothanks run lists them at the end), so they are not logged here too.
  const headlines = sweepHeadlines(result);
  return { headlines, partial: result.partial, stopped: result.stopped, sections: [{ heading: 'Sweep', html: table, charts }] };
}

export function sweepHeadlines(r: SweepResult): string[] {
  const partialLine = `PARTIAL: ${r.stopped ?? 'interrupted'} after ${r.dealsPlayed} of ${r.games} deals`;
  const w = r.winner ?? r.leader;
  const v = r.winnerVsDefault;
  // Stopped before any deal finished: no scores, so nothing leads; one line, not a row of NaNs.
  if (w === undefined || v === undefined) return [`${partialLine}: no deal finished, so no point leads.`];
  const best = r.partial ? 'leader' : 'winner';
  const lines = [
    `${r.partial ? 'Leading so far:' : 'Best'} ${r.agent} against ${r.field.join(', ')} at ${r.players} players: ${w.label}${w.label === w.spec ? '' : ` (--agents ${w.spec})`}, mean score ${w.meanScore.toFixed(2)} ${ci(w.meanScoreCI)} over ${w.deals} deals.`,
    `Default parameters (${r.defaults.label}): ${r.defaults.meanScore.toFixed(2)} ${ci(r.defaults.meanScoreCI)}; ${best} minus default ${v.meanDiff.toFixed(2)} ${ci(v.ci)} points per game (paired, p ${formatP(v.p, 1)}; the ${best} was picked on these same games, so the gap is optimistic: confirm it on fresh seeds).`,
    `Racing played ${r.gamesPlayed} games instead of ${r.gamesFullGrid} for the full grid (saved ${((r.gamesSaved / r.gamesFullGrid) * 100).toFixed(0)}%); ${r.points.filter((p) => p.droppedAfterRound !== undefined).length} of ${r.points.length} points dropped.`,
  ];
  // An interrupted sweep has no best point, only a leader so far, and saved nothing by racing.
  if (!r.partial) return lines;
  return [`${partialLine}; the figures below are of the deals played and no point has won yet.`, ...lines.slice(0, 2)];
}

export async function writeSweepOutputs(r: SweepResult, dir: string, png: boolean): Promise<{ charts: RenderedChart[]; table: string }> {
  writeFileAtomic(join(dir, 'sweep.json'), JSON.stringify(r, null, 2) + '\n');
  const names = r.axes.map((a) => a.name);
  const rows: SweepRow[] = r.points.map((p) => ({
    ...p.params,
    label: names.map((n) => `${n}=${p.params[n]}`).join(' '),
    mean: p.meanScore,
    lo: p.meanScoreCI[0],
    hi: p.meanScoreCI[1],
    status: p === r.winner ? 'winner' : p === r.leader ? 'leader' : p.isDefault ? 'default' : p.droppedAfterRound === undefined ? 'finalist' : 'dropped',
  }));
  writeFileAtomic(
    join(dir, 'sweep.csv'),
    csv(
      r.points.map((p, i) => ({
        ...p.params,
        label: p.label,
        spec: p.spec,
        status: rows[i]!.status,
        deals: p.deals,
        // A point with no deal has no score: empty cells, not NaN.
        meanScore: p.deals === 0 ? '' : p.meanScore.toFixed(4),
        ciLo: p.deals === 0 ? '' : p.meanScoreCI[0].toFixed(4),
        ciHi: p.deals === 0 ? '' : p.meanScoreCI[1].toFixed(4),
        droppedAfterRound: p.droppedAfterRound ?? '',
        partial: String(r.partial),
      })),
      [...names, 'label', 'spec', 'status', 'deals', 'meanScore', 'ciLo', 'ciHi', 'droppedAfterRound', 'partial'],
    ),
  );
  const charts = [await renderChart(dir, 'sweep-ranking', sweepRankingChart(rows, r.agent), png)];
  if (names.length === 2) charts.push(await renderChart(dir, 'sweep-heatmap', sweepHeatmapChart(rows, names[0]!, names[1]!, r.agent), png));
  if (names.length === 1) charts.push(await renderChart(dir, 'sweep-line', sweepLineChart(rows, names[0]!, r.agent), png));
  const top = [...r.points].sort((a, b) => a.meanScore - b.meanScore).slice(0, 15);
  const table = htmlTable(
    ['point', 'deals', 'mean score', '95% CI', 'status'],
    top.map((p) => [
      p.label,
      p.deals,
      p.deals === 0 ? 'n/a' : p.meanScore.toFixed(2),
      p.deals === 0 ? 'n/a' : ci(p.meanScoreCI),
      rows[r.points.indexOf(p)]!.status,
    ]),
  );
  return { charts, table };
}
