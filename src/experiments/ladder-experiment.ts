import { experimentRules, type LadderExperiment, type RunOptions } from './experiment.js';
import { ProgressBars } from '../output/progress.js';
import type { ReportSection } from '../output/report.js';
import { runLadder } from '../ladder/ladder.js';
import { ladderHeadlines, ladderText, writeLadderData, writeLadderOutputs } from '../ladder/outputs.js';

/** The ladder experiment: the same outputs as `nothanks ladder`, inside the experiment's folder. */
export async function runLadderExperiment(
  exp: LadderExperiment,
  games: number,
  dir: string,
  o: RunOptions,
): Promise<{ headlines: string[]; sections: ReportSection[]; partial: boolean; stopped?: string }> {
  const info = { seed: exp.seed, games, selfPlay: false, fill: exp.fill };
  const bars = new ProgressBars((p) => `ladder, ${p} players`, !o.quiet);
  const result = await runLadder({
    game: exp.game,
    pool: exp.agents,
    players: exp.players,
    rules: (players) => experimentRules(exp, players),
    games,
    seed: exp.seed,
    seatings: exp.seatings,
    fill: exp.fill,
    anchor: exp.anchor === '' ? undefined : exp.anchor,
    holdout: exp.holdout,
    threads: o.threads,
    decisionSeconds: o.decisionSeconds,
    botLogs: o.botLogs,
    signal: o.signal,
    onProgress: (p, done, total) => bars.update(p, done, total),
    // What is finished is on disk as it goes (labelled partial), as in `nothanks ladder`.
    onPartial: (snapshot, progress) => writeLadderData(dir, snapshot, info, progress),
  });
  bars.done();
  const { sections } = await writeLadderOutputs(dir, result, info, exp.png);
  o.log?.(ladderText(result) + '\n');
  return { headlines: ladderHeadlines(result), sections, partial: result.partial, stopped: result.stopped };
}
