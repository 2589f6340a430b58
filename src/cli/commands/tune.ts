import { DEFAULT_TUNE_DEALS } from '../../tournament/tune.js';
import { withRuleOptions } from '../options.js';
import { DECISION_TIMEOUT, masterSeed, OPPONENTS, OVERWRITE_RUN, outFolder, QUIET_UNDESCRIBED, THREADS, TUNED_AGENT } from '../option-groups.js';
import { tuneCommand, type TuneArgs } from '../tune.js';
import { defineCommand } from './command.js';

export const tune = defineCommand({
  command: 'tune',
  describe: 'tune every parameter of a bot at once (SPSA or NTBEA on duplicate deals), then check the winner on held-out deals',
  builder: (y) =>
    withRuleOptions(y)
      .option('agent', TUNED_AGENT)
      .option('params', { type: 'string', array: true, demandOption: true, describe: 'name=lo..hi or name=a|b|c, one per parameter to tune' })
      .option('field', OPPONENTS)
      .option('budget', { type: 'number', default: 20000, describe: 'games the tuning may play (the held-out check comes on top)' })
      .option('method', { type: 'string', choices: ['spsa', 'ntbea'], default: 'spsa', describe: 'spsa (continuous) or ntbea (mixed, discrete levels)' })
      .option('deals', { type: 'number', default: DEFAULT_TUNE_DEALS, describe: 'deals per evaluation, shared by the settings it compares' })
      .option('holdout', { type: 'number', default: 1000, describe: 'deals of the held-out check (another seed)' })
      .option('compare', {
        type: 'string',
        array: true,
        describe: 'other specs (a grid winner) replayed with the tuned and starting settings on the held-out deals',
      })
      .option('seed', masterSeed())
      .option('threads', THREADS)
      .option('decision-timeout', DECISION_TIMEOUT)
      .option('out', outFolder('tune'))
      .option('force', OVERWRITE_RUN)
      .option('quiet', QUIET_UNDESCRIBED),
  handler: (a) => tuneCommand(a as unknown as TuneArgs),
});
