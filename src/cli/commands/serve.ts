import { serve as serveEngines } from '../../serve/server.js';
import { defineCommand } from './command.js';

export const serve = defineCommand({
  command: 'serve',
  describe: 'the engine server of the Python environments: plays games for a client over stdin and stdout in binary frames (docs/engine-server.md)',
  builder: (y) => y,
  handler: () => serveEngines(),
});
