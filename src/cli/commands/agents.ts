import { gameById } from '../../registry.js';
import { agentsCommand } from '../agents.js';
import { defineCommand } from './command.js';

export const agents = defineCommand({
  command: 'agents',
  describe: 'list the built-in bots of every game and their parameters',
  builder: (y) => y.option('game', { type: 'string', describe: 'only this game' }),
  handler: (a) => console.log(agentsCommand(a.game === undefined ? undefined : gameById(a.game).id)),
});
