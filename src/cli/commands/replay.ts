import { replayCommand } from '../replay.js';
import { EXPECTED_GAME } from '../option-groups.js';
import { defineCommand } from './command.js';

export const replay = defineCommand({
  command: 'replay <file>',
  describe: 'validate game records by replaying them; print one game decision by decision',
  builder: (y) =>
    y
      .positional('file', { type: 'string', demandOption: true, describe: 'JSON Lines file of game records' })
      .option('show', { type: 'number', describe: 'print this game (1 = first line)' })
      .option('game', EXPECTED_GAME),
  handler: (a) => console.log(replayCommand(a.file, a.show, a.game)),
});
