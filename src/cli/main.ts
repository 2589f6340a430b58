#!/usr/bin/env node
import { hideBin } from 'yargs/helpers';
import { UserError } from '../errors.js';
import { failureLine } from './failure-line.js';
import { parseAndRun } from './program.js';

/** Every mistake a user can make ends here as one line on stderr and exit code 1. */
function fail(message: string): never {
  process.stderr.write(failureLine(message));
  process.exit(1);
}

async function main(): Promise<void> {
  // `npm run nothanks -- ...` runs in the package root; the user's relative paths are from where they typed it.
  if (process.env.npm_lifecycle_event === 'nothanks' && process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  await parseAndRun(hideBin(process.argv));
}

// A run that did not finish never exits 0: a bot file whose top-level await never settles leaves
// nothing to wait for (Node would exit 0 in silence), and one that calls process.exit(0) while it
// loads ends the process from inside the command.
let finished = false;
process.on('exit', (code) => {
  // --help and --version end the process from inside yargs, at exit code 0: they did finish.
  if (finished || code !== 0 || hideBin(process.argv).some((a) => a === '--help' || a === '-h' || a === '--version')) return;
  process.stderr.write(
    'nothanks: the command stopped before it finished (a bot file that never finishes loading, or that exits the process?): nothing more was written\n',
  );
  process.exitCode = 1;
});

// Output piped into a reader that stops early (`| head`): stop quietly, as Unix tools do.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code !== 'EPIPE') throw err;
  finished = true;
  process.exit(0);
});

main().then(
  () => {
    finished = true;
    // Done: a timer a bot file left behind (setInterval at its top level) must not keep the process
    // alive. Exit once what was printed has reached a piped stdout and stderr (writes to a pipe can
    // be asynchronous: an immediate exit would cut the output).
    process.stdout.write('', () => process.stderr.write('', () => process.exit()));
  },
  (err: unknown) => {
    finished = true;
    if (err instanceof UserError) fail(err.message);
    throw err;
  },
);
