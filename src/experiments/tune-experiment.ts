import { Progress } from '../output/progress.js';
import type { ReportSection } from '../output/report.js';
import { writeTuneOutputs } from '../output/tune-outputs.js';
import { runTune, type TuneOptions } from '../tournament/tune.js';
import { experimentRules, type RunOptions, type TuneExperiment } from './experiment.js';

/** What `nothanks tune` would be given for this experiment, with `games` as the budget. */
export const tuneOptionsOf = (exp: TuneExperiment, games: number): TuneOptions => ({
  game: exp.game,
  agent: exp.agent,
  params: Object.entries(exp.params).map(([name, range]) => `${name}=${range}`),
  field: exp.field,
  rules: experimentRules(exp, exp.players),
  budget: games,
  method: exp.method,
  seed: exp.seed,
  dealsPerEvaluation: exp.deals,
  holdoutDeals: exp.holdout,
  compare: exp.compare,
});

/** The tune experiment: the same outputs as `nothanks tune`, inside the experiment's folder; `games` is the budget. */
export async function runTuneExperiment(
  exp: TuneExperiment,
  games: number,
  dir: string,
  o: RunOptions,
): Promise<{ headlines: string[]; sections: ReportSection[]; partial: boolean; stopped?: string }> {
  const progress = new Progress('tune', !o.quiet);
  const result = await runTune({
    ...tuneOptionsOf(exp, games),
    threads: o.threads,
    decisionSeconds: o.decisionSeconds,
    botLogs: o.botLogs,
    signal: o.signal,
    onProgress: (done, total) => progress.update(done, total),
  });
  progress.done();
  const { headlines, sections } = await writeTuneOutputs(dir, result, exp.png);
  return { headlines, sections, partial: result.partial, stopped: result.stopped };
}
