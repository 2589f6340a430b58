import { describeError } from '../text.js';
import { serve } from './server.js';

/**
 * The engine server without the CLI around it: what the Python package starts. `nothanks serve`
 * is the same server, but loading every command's modules first doubles its start (about 0.7 s
 * of CPU against 0.4 s), which every environment a learner makes pays.
 */
serve().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`nothanks serve: ${describeError(err)}\n`);
    process.exit(1);
  },
);
