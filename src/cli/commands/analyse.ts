import { analyseCommand, type AnalyseArgs } from '../analyse.js';
import { EXPECTED_GAME, masterSeed, OVERWRITE_RUN, outFolder, QUIET, THREADS } from '../option-groups.js';
import { defineCommand } from './command.js';

export const analyse = defineCommand({
  command: 'analyse <file>',
  describe: "evaluate every decision of game records from the acting seat's view: win chance of each action, losses, inaccuracies, mistakes, blunders",
  builder: (y) =>
    y
      .positional('file', { type: 'string', demandOption: true, describe: 'JSON Lines file of game records (a --log)' })
      .option('game', EXPECTED_GAME)
      .option('with', { type: 'string', describe: "the analyst: rollouts:samples=N (default: rollouts at the game's default budget)" })
      .option('games', { type: 'string', describe: 'games (lines) to analyse: 1,3-5 (default: every line)' })
      .option('seed', masterSeed("seed of the analyst's samples"))
      .option('threads', THREADS)
      .option('out', outFolder('analysis'))
      .option('force', OVERWRITE_RUN)
      .option('quiet', QUIET),
  handler: async (a) => {
    await analyseCommand(a as unknown as AnalyseArgs);
  },
});
