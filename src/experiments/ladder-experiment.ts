import { experimentRules, type LadderExperiment, type RunOptions } from './experiment.js';
import { ProgressBars } from '../output/progress.js';
import type { ReportSection } from '../output/report.js';
import { runLadder } from '../ladder/ladder.js';
import { ladderHeadlines, ladderText, writeLadderOutputs } from '../ladder/outputs.js';

/** The ladder experiment: the same outputs as `nothanks ladder`, inside the experiment's folder. */
export async function runLadderExperiment(
  exp: LadderExperiment,
  games: number,
  dir: string,
  o: RunOptions,
): Promise<{ headlines: string[]; sections: ReportSection[]; partial: boolean; stopped?: string }> {
  const bars = new ProgressBars((p) => `ladder, ${p} players`, !o.quiet);
  const result = await runLadder({
    game: exp.game,
    pool: exp.agents,
    players: exp.players,
    rules: (players) => experimentRules(exp, players),
    games,
    seed: exp.seed,
    seatings: exp.seatings,
    anchor: exp.anchor === '' ? undefined : exp.anchor,
    holdout: exp.holdout,
    threads: o.threads,
    signal: o.signal,
    onProgress: (p, done, total) => bars.update(p, done, total),
  });
  bars.done();
  const { sections } = await writeLadderOutputs(dir, result, { seed: exp.seed, games, selfPlay: false }, exp.png);
  o.log?.(ladderText(result) + '\n');
  return { headlines: ladderHeadlines(result), sections, partial: result.partial, stopped: result.stopped };
}
