import { DEFAULT_GAME, GAMES } from '../../registry.js';
import { benchCommand } from '../bench.js';
import { defineCommand } from './command.js';

export const bench = defineCommand({
  command: 'bench',
  describe: 'measure engine, bots and tournament speed on fixed workloads',
  builder: (y) =>
    y
      .option('json', { type: 'boolean', default: false, describe: 'print one JSON object' })
      .option('quick', { type: 'boolean', default: false, describe: 'workloads 10x smaller' })
      .option('reference', { type: 'boolean', default: true, describe: 'also build and run the C reference (../shared/perf)' })
      .option('game', {
        type: 'string',
        default: DEFAULT_GAME,
        choices: [...GAMES.keys(), 'all'],
        describe: `whose workloads: ${[...GAMES.keys()].join(', ')} or all`,
      }),
  handler: (a) => benchCommand(a),
});
