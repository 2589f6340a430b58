import { writeTournamentReport } from '../experiments/tournament-tables.js';
import { join } from 'node:path';
import { UserError } from '../errors.js';
import { printable } from '../text.js';
import type { Experiment } from '../experiments/experiment.js';
import { runExperiment } from '../experiments/run-experiment.js';
import { newResultsDir, prepareOutputDir, refuseInputAsOutput } from '../files.js';
import { leaderboard, summaryJson, writeTournamentOutputs, type Summary } from '../output/tournament-outputs.js';
import { checkPart, mergePart, openShards } from '../tournament/merge.js';
import type { TournamentOptions } from '../tournament/run.js';
import type { SeatingMode } from '../tournament/schedule.js';
import { TOURNAMENT_PART } from './tournament.js';

/**
 * nothanks merge SHARD_DIR... --out DIR: checks that the shards belong together, then writes the
 * outputs a single run would have written (summary.json, CSVs; for an experiment also its charts
 * and report), from the shards' exact states.
 */
export async function mergeCommand(a: {
  shards: string[];
  out?: string;
  force?: boolean;
  quiet?: boolean;
}): Promise<{ dir: string; summary?: Summary; report?: string }> {
  const { shards, manifest } = openShards(a.shards);
  // --force replaces the output folder: never a shard the merge reads (it could not be redone).
  if (a.out !== undefined) refuseInputAsOutput(a.out, a.shards);
  if (manifest.command === 'tournament') {
    const s = manifest.settings as unknown as Omit<TournamentOptions, 'seed'> & { seatings: SeatingMode; format: 'single' | 'circuit'; selfPlay: boolean };
    const options: TournamentOptions = { ...s, seed: manifest.seed };
    const result = mergePart(shards, TOURNAMENT_PART, options);
    const dir = a.out ?? newResultsDir('tournament');
    prepareOutputDir(dir, a.force);
    const summary = summaryJson(result, { seed: manifest.seed, games: s.games, format: s.format, seatingMode: s.seatings, selfPlay: s.selfPlay, fill: s.fill });
    writeTournamentOutputs(dir, summary);
    await writeTournamentReport(dir, summary, true);
    if (!a.quiet)
      console.log(
        `${leaderboard(summary)}\n\nMerged ${shards.length} shard${shards.length === 1 ? '' : 's'} (${summary.gamesPlayed} games). Outputs: ${join(dir, 'summary.json')}, ${join(dir, 'report.html')}`,
      );
    return { dir, summary };
  }
  if (manifest.command !== 'run') throw new UserError(`merge: unknown command ${JSON.stringify(manifest.command)} in ${shards[0]!.dir}`);
  const { experiment, games } = manifest.settings as { experiment: Experiment; games: number };
  // The stored experiment is the validated one the shards ran (defaults filled in).
  const exp = experiment;
  // Every tournament of the experiment is checked before the output folder is made.
  if (exp.kind !== 'strategies' && exp.kind !== 'player-count') throw new UserError(`merge: a ${exp.kind} experiment is not sharded`);
  for (const players of exp.players) checkPart(shards, `players-${players}`, games);
  const run = await runExperiment(exp, {
    games,
    out: a.out,
    force: a.force,
    quiet: true,
    log: a.quiet ? undefined : (l) => console.log(l),
    play: async (part, options) => mergePart(shards, part, options),
  });
  if (!a.quiet) {
    console.log(`\n${printable(exp.title)}`);
    for (const h of run.headlines) console.log(`- ${h}`);
    console.log(`\nMerged ${shards.length} shard${shards.length === 1 ? '' : 's'}. Report: ${run.report}`);
  }
  return { dir: run.dir, report: run.report };
}
