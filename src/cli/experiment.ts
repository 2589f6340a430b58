import { join } from 'node:path';
import { refuseRunInsideBotFolders } from '../tournament/sandbox/load.js';
import { splitLineup } from '../agents/spec.js';
import { loadExperiment } from '../experiments/experiment.js';
import { runExperiment, sweepHeadlines, writeSweepOutputs } from '../experiments/run-experiment.js';
import { AgentError, UserError } from '../errors.js';
import { printable } from '../text.js';
import { newResultsDir, prepareOutputDir } from '../files.js';
import { listBotLogs, runBotLogs } from '../tournament/bot-logs.js';
import { escapeHtml, writeReport } from '../output/report.js';
import { gameById } from '../registry.js';
import { rulesFromArgs, type RuleArgs } from './options.js';
import { checkSweep, runSweep, type SweepOptions } from '../tournament/sweep.js';
import { interruptible } from './interrupt.js';
import { Progress } from '../output/progress.js';
import { resolveShard } from '../tournament/shard.js';
import { resumeHint } from './tournament.js';

export async function runCommand(a: {
  file: string;
  games?: number;
  out?: string;
  threads?: number;
  decisionTimeout?: number;
  quiet: boolean;
  force?: boolean;
  shard?: string;
  resume?: string;
}): Promise<void> {
  const exp = loadExperiment(a.file);
  if (a.games !== undefined && (!Number.isInteger(a.games) || a.games < 1)) throw new UserError(`--games must be a positive integer, got ${a.games}`);
  if (a.resume !== undefined && a.out !== undefined) throw new UserError('--resume DIR continues the run in DIR: leave out --out');
  const shard = a.shard === undefined ? undefined : resolveShard(a.shard);
  const stop = interruptible();
  try {
    const run = await runExperiment(exp, {
      games: a.games,
      out: a.resume ?? a.out,
      resume: a.resume !== undefined,
      shard,
      force: a.force,
      threads: a.threads,
      decisionSeconds: a.decisionTimeout,
      quiet: a.quiet,
      signal: stop.signal,
      log: (l) => console.log(l),
    });
    console.log(`\n${printable(exp.title)}${run.partial ? ` (PARTIAL: ${run.stopped === undefined ? 'interrupted' : 'stopped by a bot'})` : ''}`);
    for (const h of run.headlines) console.log(`- ${h}`);
    if (run.partial && (exp.kind === 'strategies' || exp.kind === 'player-count')) console.log(resumeHint(run.dir));
    else if (stop.signal.aborted && !run.partial) console.log('The interrupt came after the last game had finished: the results are complete.');
    // A partial run did not finish: say what ended it.
    const ended = !run.partial ? 'Finished in' : run.stopped === undefined ? 'Interrupted after' : 'Stopped by a bot after';
    console.log(`\n${ended} ${run.elapsedSeconds.toFixed(0)} s. ${shard ? 'Shard state' : 'Report'}: ${run.report}`);
    // What finished is written (marked partial); a run a bot stopped still fails, with its one line.
    if (run.stopped !== undefined) throw new AgentError(`${run.stopped}; what finished before is in ${run.dir}`);
    if (run.partial) process.exitCode = 130;
  } finally {
    stop.release();
  }
}

export async function sweepCommand(
  a: RuleArgs & {
    agent: string;
    grid: string[];
    field: string;
    games: number;
    seed: string;
    rounds: number;
    alpha: number;
    threads?: number;
    decisionTimeout?: number;
    out?: string;
    quiet: boolean;
    force?: boolean;
  },
): Promise<void> {
  const game = gameById(a.game);
  const players = a.players ?? game.defaultPlayers;
  const rules = rulesFromArgs(a, game, players);
  const dir = a.out ?? newResultsDir('sweep');
  refuseRunInsideBotFolders(dir, [a.agent, ...splitLineup(a.field)]);
  const progress = new Progress('sweep', !a.quiet);
  const stop = interruptible();
  try {
    const { players: _players, ...settings } = rules;
    const options: SweepOptions = {
      ...a,
      game: game.id,
      players,
      rules: settings,
      field: [a.field],
      decisionSeconds: a.decisionTimeout,
      signal: stop.signal,
      onProgress: (done, atMost) => progress.update(done, atMost),
    };
    // Mistakes fail before the folder is made (or a --force run's cleared).
    await checkSweep(options);
    prepareOutputDir(dir, a.force);
    const botLogs = runBotLogs(dir, [a.agent, ...splitLineup(a.field)]);
    let result: Awaited<ReturnType<typeof runSweep>>;
    try {
      result = await runSweep({ ...options, botLogs });
    } finally {
      listBotLogs(botLogs);
    }
    progress.done();
    const { charts, table } = await writeSweepOutputs(result, dir, true);
    const headlines = sweepHeadlines(result);
    writeReport(
      dir,
      `Sweep of ${a.agent}`,
      escapeHtml(`${game.name}: field ${result.field.join(', ')}, ${players} players, seed ${a.seed}.`),
      [{ heading: 'Sweep', html: `<ul>${headlines.map((h) => `<li>${escapeHtml(h)}</li>`).join('')}</ul>${table}`, charts }],
      ['sweep.json', 'sweep.csv'],
    );
    for (const h of headlines) console.log(h);
    console.log(`Outputs: ${join(dir, 'report.html')}`);
    if (result.stopped !== undefined) throw new AgentError(`${result.stopped}; the partial sweep is in ${dir}`);
    if (result.partial) process.exitCode = 130;
  } finally {
    stop.release();
  }
}
