import { sweepCommand } from '../experiment.js';
import { withRuleOptions } from '../options.js';
import { DECISION_TIMEOUT, masterSeed, OPPONENTS, OVERWRITE_FILES, outFolder, QUIET_UNDESCRIBED, THREADS, TUNED_AGENT } from '../option-groups.js';
import { defineCommand } from './command.js';

export const sweep = defineCommand({
  command: 'sweep',
  describe: "tune a bot's parameters (numbers, choices, text such as a model file) against a field, with racing",
  builder: (y) =>
    withRuleOptions(y)
      .option('agent', TUNED_AGENT)
      .option('grid', { type: 'string', array: true, demandOption: true, describe: 'name=lo..hi, name=lo..hi:step or name=a|b|c' })
      .option('field', OPPONENTS)
      .option('games', { alias: 'g', type: 'number', default: 2000, describe: 'deals for a point raced to the end' })
      .option('seed', masterSeed())
      .option('rounds', { type: 'number', default: 4, describe: 'racing rounds (1: no racing)' })
      .option('alpha', { type: 'number', default: 0.05, describe: 'drop points worse than the leader at this Holm-corrected level' })
      .option('threads', THREADS)
      .option('decision-timeout', DECISION_TIMEOUT)
      .option('out', outFolder('sweep'))
      .option('force', OVERWRITE_FILES)
      .option('quiet', QUIET_UNDESCRIBED),
  handler: (a) => sweepCommand(a as unknown as Parameters<typeof sweepCommand>[0]),
});
