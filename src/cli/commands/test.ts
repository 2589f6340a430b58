import { withRuleOptions } from '../options.js';
import { sequentialTestCommand, type TestArgs } from '../sequential-test.js';
import { DECISION_TIMEOUT, masterSeed, OVERWRITE_RUN, outFolder, QUIET_UNDESCRIBED, THREADS } from '../option-groups.js';
import { defineCommand } from './command.js';

export const test = defineCommand({
  command: 'test',
  describe: 'is the candidate stronger than the baseline? a sequential test (GSPRT) on duplicate deals, stopped when the answer is sure',
  builder: (y) =>
    withRuleOptions(y)
      .option('candidate', { type: 'string', demandOption: true, describe: 'the bot to test (B)' })
      .option('baseline', { type: 'string', demandOption: true, describe: 'the bot it must beat (A)' })
      .option('field', { type: 'string', describe: 'the other seats: one bot, or players-1 comma-separated (default: copies of the baseline)' })
      .option('unit', {
        type: 'string',
        choices: ['win', 'score'],
        default: 'win',
        describe: 'win: win share in points of percentage; score: mean score in points',
      })
      .option('d0', { type: 'number', default: 0, describe: 'H0: the candidate is better by at most d0' })
      .option('d1', { type: 'number', describe: 'H1: the candidate is better by at least d1 (default 3 win-share points, or 1 score point)' })
      .option('alpha', { type: 'number', default: 0.05, describe: 'the chance of accepting H1 when the difference is d0' })
      .option('beta', { type: 'number', default: 0.05, describe: 'the chance of accepting H0 when the difference is d1' })
      .option('max-deals', { type: 'number', default: 20000, describe: 'the cap: a truncated test stops here' })
      .option('batch', { type: 'number', default: 50, describe: 'deals between looks at the evidence' })
      .option('seatings', { type: 'string', choices: ['rotations', 'all'], default: 'rotations', describe: 'seatings per deal (all: every permutation)' })
      .option('seed', masterSeed())
      .option('threads', THREADS)
      .option('decision-timeout', DECISION_TIMEOUT)
      .option('out', outFolder('test'))
      .option('force', OVERWRITE_RUN)
      .option('resume', { type: 'string', describe: 'continue the interrupted test in this folder' })
      .option('quiet', QUIET_UNDESCRIBED),
  handler: (a) => sequentialTestCommand(a as unknown as TestArgs),
});
