import { ladderCommand, printLadder, type LadderArgs } from '../ladder.js';
import { withRuleOptions } from '../options.js';
import { CHUNK, DECISION_TIMEOUT, FILL, masterSeed, OVERWRITE_FILES, outFolder, QUIET, SELF_PLAY, THREADS } from '../option-groups.js';
import { defineCommand } from './command.js';

export const ladder = defineCommand({
  command: 'ladder',
  describe: 'rate a pool of bots (Plackett-Luce, Elo-like scale, 95% intervals) from games at one or more table sizes',
  builder: (y) =>
    withRuleOptions(y, { type: 'string', demandOption: true, describe: 'table sizes, comma-separated (e.g. 3,4,5)' })
      .option('agents', { alias: 'a', type: 'string', demandOption: true, describe: 'the pool: comma-separated agent specs (any bots, files too)' })
      .option('games', { alias: 'g', type: 'number', default: 100, describe: 'deals per seating at each table size' })
      .option('seed', masterSeed('master seed (the same deals at every table size)'))
      .option('seatings', {
        choices: ['all', 'rotations'] as const,
        default: 'all' as const,
        describe: 'every permutation of each table, or the rotations of a seat order drawn from the seed',
      })
      .option('self-play', SELF_PLAY)
      .option('fill', FILL)
      .option('anchor', { type: 'string', describe: 'the bot rated 0 (default: random if in the pool, else the first)' })
      .option('holdout', { type: 'number', default: 5, describe: "hold out every k-th deal to test the ratings' predictions (0: none)" })
      .option('threads', THREADS)
      .option('chunk', CHUNK)
      .option('out', outFolder('ladder'))
      .option('force', OVERWRITE_FILES)
      .option('decision-timeout', DECISION_TIMEOUT)
      .option('quiet', QUIET),
  handler: async (a) => {
    const { result, dir } = await ladderCommand(a as unknown as LadderArgs);
    printLadder(result, dir);
    if (result.partial) process.exitCode = 130;
  },
});
