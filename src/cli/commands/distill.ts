import { distillCommand, type DistillArgs } from '../distill.js';
import { masterSeed, OVERWRITE_RUN, outFolder, QUIET, THREADS } from '../option-groups.js';
import { withRuleOptions } from '../options.js';
import { defineCommand } from './command.js';

export const distill = defineCommand({
  command: 'distill <bot>',
  describe: "fit a human-readable threshold rule to a bot's decisions, print it with its agreement per context, and write it as a bot",
  builder: (y) =>
    withRuleOptions(y)
      .positional('bot', { type: 'string', demandOption: true, describe: 'the bot to distill (an agent spec)' })
      .option('games', { alias: 'g', type: 'number', default: 500, describe: 'games the bot plays in every seat to give its decisions' })
      .option('seed', masterSeed('master seed of the games (fresh games and measurements derive their own from it)'))
      .option('threads', THREADS)
      .option('min-count', { type: 'number', default: 100, describe: 'fewest decisions in a context: a smaller band joins its neighbour' })
      .option('tolerance', {
        type: 'number',
        default: 0.002,
        describe: 'agreement each context must buy, as a share of all decisions: a context splits only for more, neighbours merge when apart they gain no more',
      })
      .option('measure', {
        type: 'number',
        default: 0,
        describe:
          "also measure, on this many fresh deals: the rule's agreement on the bot's own games and on the rule bot's games (the bot shadowing it), and the rule bot's win share against the bot and --against",
      })
      .option('against', {
        type: 'string',
        describe:
          "opponents of the rule bot in --measure besides the bot itself, comma-separated (default: the game's simple bot, No Thanks! threshold, 6 nimmt! heuristic)",
      })
      .option('out', outFolder('distill'))
      .option('force', OVERWRITE_RUN)
      .option('quiet', QUIET),
  handler: async (a) => {
    await distillCommand(a as unknown as DistillArgs);
  },
});
