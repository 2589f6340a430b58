import { withRuleOptions } from '../options.js';
import { playCommand } from '../play.js';
import { defineCommand } from './command.js';

export const play = defineCommand({
  command: 'play',
  describe: 'play at the terminal against bots',
  builder: (y) =>
    withRuleOptions(y)
      .option('agents', { alias: 'a', type: 'string', demandOption: true, describe: 'the bots at your table' })
      .option('seat', { type: 'number', describe: 'your seat (default 0)' })
      .option('games', { type: 'number', default: 1 })
      .option('seed', { type: 'string', default: String(Date.now()) }),
  handler: (a) => playCommand(a as unknown as Parameters<typeof playCommand>[0]),
});
