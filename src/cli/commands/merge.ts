import { mergeCommand } from '../merge.js';
import { OVERWRITE_RUN, outFolder, QUIET_UNDESCRIBED } from '../option-groups.js';
import { defineCommand } from './command.js';

export const merge = defineCommand({
  command: 'merge <shards..>',
  describe: 'combine the shard folders of a tournament or experiment into the outputs of the single run',
  builder: (y) =>
    y
      .positional('shards', { type: 'string', array: true, demandOption: true, describe: 'the shard folders (every shard of the run, once)' })
      .option('out', outFolder('<kind>'))
      .option('force', OVERWRITE_RUN)
      .option('quiet', QUIET_UNDESCRIBED),
  handler: async (a) => void (await mergeCommand({ shards: a.shards as string[], out: a.out, force: a.force, quiet: a.quiet })),
});
