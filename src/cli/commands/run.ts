import { runCommand } from '../experiment.js';
import { DECISION_TIMEOUT, OVERWRITE_FILES, outFolder, QUIET_UNDESCRIBED, RESUME, SHARD_HELP, THREADS } from '../option-groups.js';
import { defineCommand } from './command.js';

export const run = defineCommand({
  command: 'run <file>',
  describe: 'run an experiment file (experiments/*.json): tournaments or a sweep, charts and report.html',
  builder: (y) =>
    y
      .positional('file', { type: 'string', demandOption: true })
      .option('games', { type: 'number', describe: 'override the deals per seating of the file' })
      .option('out', outFolder('<kind>'))
      .option('force', OVERWRITE_FILES)
      .option('threads', THREADS)
      .option('decision-timeout', DECISION_TIMEOUT)
      .option('shard', { type: 'string', describe: `${SHARD_HELP} (strategies and player-count experiments)` })
      .option('resume', RESUME)
      .option('quiet', QUIET_UNDESCRIBED),
  handler: (a) => runCommand(a),
});
