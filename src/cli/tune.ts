import { join } from 'node:path';
import { refuseRunInsideBotFolders } from '../tournament/sandbox/load.js';
import { splitLineup } from '../agents/spec.js';
import { renderChart } from '../charts/render.js';
import { tuneProgressChart } from '../charts/specs.js';
import { newResultsDir, prepareOutputDir, writeFileAtomic } from '../files.js';
import { Progress } from '../output/progress.js';
import { escapeHtml, htmlTable, writeReport } from '../output/report.js';
import { csv } from '../output/tournament-outputs.js';
import { gameById } from '../registry.js';
import { checkTune, runTune, type TuneOptions, type TuneResult } from '../tournament/tune.js';
import { interruptible } from './interrupt.js';
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
  threads?: number;
  out?: string;
  force?: boolean;
  quiet: boolean;
};

const show = (p: Record<string, unknown>): string =>
  Object.entries(p)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');

export function tuneHeadlines(r: TuneResult): string[] {
  const h = r.holdout;
  return [
    `${r.partial ? 'PARTIAL (interrupted): ' : ''}${r.method} tuned ${r.agent} (${r.dimensions.map((d) => d.name).join(', ')}) against ${r.field.join(', ')} at ${r.players} players in ${r.gamesUsed} of ${r.budget} games: ${show(r.tuned)} (started from ${show(r.start)}).`,
    h.deals === 0
      ? 'The tuned setting is the starting one: nothing to confirm.'
      : `Held out (${h.deals} deals of seed ${h.seed}, not used to tune): tuned minus start ${(-h.meanGain).toFixed(2)} points per game, i.e. a gain of ${h.meanGain.toFixed(2)} [${h.ci[0].toFixed(2)}, ${h.ci[1].toFixed(2)}] (paired 95%); ${h.holds ? 'the gain holds' : 'the gain is not confirmed'}.`,
    `Winning spec: --agents '${r.spec}'`,
  ];
}

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
    dealsPerEvaluation: a.deals,
    holdoutDeals: a.holdout,
  };
  // Mistakes fail before the folder is made: a typo leaves nothing behind.
  await checkTune(options);
  const dir = a.out ?? newResultsDir('tune');
  refuseRunInsideBotFolders(dir, [a.agent, ...splitLineup(a.field)]);
  prepareOutputDir(dir, a.force);
  const progress = new Progress('tune', !a.quiet);
  const stop = interruptible();
  let r: TuneResult;
  try {
    r = await runTune({
      ...options,
      signal: stop.signal,
      onProgress: (done, total) => progress.update(done, total),
    });
  } finally {
    stop.release();
  }
  progress.done();
  writeFileAtomic(join(dir, 'tune.json'), JSON.stringify(r, null, 2) + '\n');
  const names = r.dimensions.map((d) => d.name);
  writeFileAtomic(
    join(dir, 'trace.csv'),
    csv(
      r.evaluations.map((e) => ({
        step: e.step,
        games: e.games,
        ...e.params,
        meanScore: e.meanScore,
        gain: e.gain,
        best: show(e.best),
        partial: String(r.partial),
      })),
      ['step', 'games', ...names, 'meanScore', 'gain', 'best', 'partial'],
    ),
  );
  const chart = await renderChart(dir, 'tune-progress', tuneProgressChart(r.evaluations, `${r.method}: ${r.agent}`));
  const lines = tuneHeadlines(r);
  writeReport(
    dir,
    `Tuning ${r.agent} (${r.method})`,
    escapeHtml(`${game.name}, ${players} players, field ${r.field.join(', ')}, seed ${r.seed}, budget ${r.budget} games.`),
    [
      { heading: 'Result', html: `<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`, charts: [chart] },
      {
        heading: 'The last evaluations',
        html: htmlTable(
          ['step', 'games', ...names, 'gain'],
          r.evaluations.slice(-15).map((e) => [e.step, e.games, ...names.map((n) => String(e.params[n])), e.gain.toFixed(2)]),
        ),
      },
    ],
    ['tune.json', 'trace.csv', 'tune-progress.svg'],
  );
  for (const l of lines) console.log(l);
  console.log(`Outputs: ${join(dir, 'report.html')}`);
  if (r.partial) process.exitCode = 130;
}
