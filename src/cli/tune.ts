import { join } from 'node:path';
import { refuseRunInsideBotFolders } from '../tournament/sandbox/load.js';
import { splitLineup } from '../agents/spec.js';
import { newResultsDir, prepareOutputDir } from '../files.js';
import { listBotLogs, runBotLogs } from '../tournament/bot-logs.js';
import { Progress } from '../output/progress.js';
import { escapeHtml, writeReport } from '../output/report.js';
import { writeTuneOutputs } from '../output/tune-outputs.js';
import { gameById } from '../registry.js';
import { checkTune, runTune, type TuneOptions } from '../tournament/tune.js';
import { AgentError } from '../errors.js';
import { runInterruptibly } from './interrupt.js';
import { rulesFromArgs, type RuleArgs } from './options.js';

export type TuneArgs = RuleArgs & {
  agent: string;
  params: string[];
  field: string;
  budget: number;
  method: 'spsa' | 'ntbea';
  seed: string;
  deals: number;
  holdout: number;
  compare?: string[];
  threads?: number;
  decisionTimeout?: number;
  out?: string;
  force?: boolean;
  quiet: boolean;
};

export async function tuneCommand(a: TuneArgs): Promise<void> {
  const game = gameById(a.game);
  const players = a.players ?? game.defaultPlayers;
  const rules = rulesFromArgs(a, game, players);
  const options: TuneOptions = {
    game: game.id,
    agent: a.agent,
    params: a.params,
    field: [a.field],
    rules,
    budget: a.budget,
    method: a.method,
    seed: a.seed,
    threads: a.threads,
    decisionSeconds: a.decisionTimeout,
    dealsPerEvaluation: a.deals,
    holdoutDeals: a.holdout,
    compare: a.compare ?? [],
  };
  // Mistakes fail before the folder is made: a typo leaves nothing behind.
  await checkTune(options);
  const dir = a.out ?? newResultsDir('tune');
  refuseRunInsideBotFolders(dir, [a.agent, ...splitLineup(a.field), ...(a.compare ?? [])]);
  prepareOutputDir(dir, a.force);
  const botLogs = runBotLogs(dir, [a.agent, ...splitLineup(a.field), ...(a.compare ?? [])]);
  let r: Awaited<ReturnType<typeof runTune>>;
  try {
    r = await runInterruptibly(new Progress('tune', !a.quiet), (signal, onProgress) => runTune({ ...options, botLogs, signal, onProgress }));
  } finally {
    listBotLogs(botLogs);
  }
  const { headlines, sections, files } = await writeTuneOutputs(dir, r);
  writeReport(
    dir,
    `Tuning ${r.agent} (${r.method})${r.partial ? ` (PARTIAL: ${r.stopped === undefined ? 'interrupted' : 'stopped by a bot'})` : ''}`,
    escapeHtml(
      `${game.name}, ${players} players, field ${r.fieldLabels.join(', ')}, seed ${r.seed}, budget ${r.budget} games, ${r.elapsedSeconds.toFixed(0)} s.`,
    ),
    sections,
    files,
  );
  for (const l of headlines) console.log(l);
  console.log(`Outputs: ${join(dir, 'report.html')}`);
  // What finished is written (marked partial); a run a bot stopped still fails, with its one line.
  if (r.stopped !== undefined) throw new AgentError(`${r.stopped}; the partial tuning run is in ${dir}`);
  if (r.partial) process.exitCode = 130;
}
