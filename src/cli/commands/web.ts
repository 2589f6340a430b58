import { overwrite } from '../option-groups.js';
import { webCommand } from '../web.js';
import { defineCommand } from './command.js';

export const web = defineCommand({
  command: 'web',
  describe: 'build the web app (replay viewer, play page) and serve it locally, or write it with --out',
  builder: (y) =>
    y
      .option('out', { alias: 'o', type: 'string', describe: 'write the page (index.html, self-contained) to this folder instead of serving it' })
      .option('port', { alias: 'p', type: 'number', default: 8080, describe: 'port to serve on (0: any free port)' })
      .option('host', { type: 'string', default: '127.0.0.1', describe: 'address to serve on' })
      .option('results', { type: 'string', default: 'results', describe: 'folder whose *.jsonl game logs the page may list and open (read-only)' })
      .option('force', overwrite('an index.html in --out')),
  handler: (a) => webCommand(a),
});
