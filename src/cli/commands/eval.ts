import { adviseCommand, type AdviseArgs, evalCommand, type EvalArgs } from '../eval.js';
import { masterSeed } from '../option-groups.js';
import { withRuleOptions } from '../options.js';
import { defineCommand } from './command.js';

const ANALYST = {
  type: 'string',
  describe:
    "the evaluator: exact (No Thanks!: the rollouts' exact value, small positions only) or rollouts:samples=N (default: exact when the position is small enough, else rollouts at the game's analysis budget)",
} as const;

export const evaluate = defineCommand({
  command: 'eval [position]',
  describe: "one position in the game's notation (docs/advisor.md): each legal action's win chance and expected score with 95% intervals",
  builder: (y) =>
    withRuleOptions(y)
      .positional('position', { type: 'string', describe: 'the position, quoted: "17+3 | *3-5 10 c7 | 20-22 c14 | c9 | 33 c11"' })
      .option('record', { type: 'string', describe: 'evaluate a recorded decision instead: a records file (a --log)' })
      .option('decision', { type: 'string', describe: "with --record: GAME:N, the game's line and the decision's number (as analysis.jsonl numbers them)" })
      .option('with', ANALYST)
      .option('seed', masterSeed('seed of the samples'))
      .option('json', { type: 'boolean', default: false, describe: 'print the evaluation as JSON' }),
  handler: (a) => {
    evalCommand(a as unknown as EvalArgs);
  },
});

export const advise = defineCommand({
  command: 'advise',
  describe: 'relay a game at a real table, line by line on stdin, and see the advice for your seat at each of its turns',
  builder: (y) =>
    withRuleOptions(y)
      .option('seat', { type: 'number', demandOption: true, describe: 'your seat (0 = the first seat)' })
      .option('with', ANALYST)
      .option('seed', masterSeed('seed of the samples')),
  handler: (a) => adviseCommand(a as unknown as AdviseArgs),
});
