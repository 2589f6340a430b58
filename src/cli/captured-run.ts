import { format } from 'node:util';
import { UserError } from '../errors.js';
import { releaseRunFolders } from '../files.js';
import { failureLine } from './failure-line.js';

/** What a command run by runCli printed, and the exit code the binary would end with. */
export interface CliResult {
  status: number;
  stdout: string;
  stderr: string;
}

let running: Promise<unknown> = Promise.resolve();

/**
 * Runs one CLI command (`command`, parseAndRun given its arguments) in this process, its output
 * captured and in `cwd`, as runCli does; calls wait for each other, as they swap process globals.
 */
export function runCaptured(command: () => Promise<void>, cwd?: string): Promise<CliResult> {
  const next = running.then(() => captured(command, cwd));
  running = next.catch(() => undefined);
  return next;
}

async function captured(command: () => Promise<void>, cwd: string | undefined): Promise<CliResult> {
  const result: CliResult = { status: 0, stdout: '', stderr: '' };
  const saved = {
    stdout: process.stdout.write,
    stderr: process.stderr.write,
    log: console.log,
    info: console.info,
    warn: console.warn,
    error: console.error,
    exitCode: process.exitCode,
    cwd: process.cwd(),
    stdoutTTY: Object.getOwnPropertyDescriptor(process.stdout, 'isTTY'),
    stderrTTY: Object.getOwnPropertyDescriptor(process.stderr, 'isTTY'),
  };
  const sink =
    (stream: 'stdout' | 'stderr') =>
    (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
      result[stream] += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      if (done) queueMicrotask(done);
      return true;
    };
  const line =
    (stream: 'stdout' | 'stderr') =>
    (...values: unknown[]): void => {
      result[stream] += `${format(...values)}\n`;
    };
  // What the command writes goes to a string, not a terminal: no progress bar, whatever runs the tests.
  Object.defineProperty(process.stdout, 'isTTY', { value: false, configurable: true, writable: true });
  Object.defineProperty(process.stderr, 'isTTY', { value: false, configurable: true, writable: true });
  process.stdout.write = sink('stdout') as typeof process.stdout.write;
  process.stderr.write = sink('stderr') as typeof process.stderr.write;
  console.log = console.info = line('stdout');
  console.warn = console.error = line('stderr');
  process.exitCode = undefined;
  try {
    if (cwd !== undefined) process.chdir(cwd);
    try {
      await command();
      result.status = typeof process.exitCode === 'number' ? process.exitCode : Number(process.exitCode ?? 0);
    } catch (err) {
      if (!(err instanceof UserError)) throw err;
      result.stderr += failureLine(err.message);
      result.status = 1;
    }
    return result;
  } finally {
    // The binary releases its run folders as it exits; this process goes on.
    releaseRunFolders();
    process.chdir(saved.cwd);
    process.stdout.write = saved.stdout;
    process.stderr.write = saved.stderr;
    console.log = saved.log;
    console.info = saved.info;
    console.warn = saved.warn;
    console.error = saved.error;
    process.exitCode = saved.exitCode;
    for (const [stream, tty] of [
      [process.stdout, saved.stdoutTTY],
      [process.stderr, saved.stderrTTY],
    ] as const) {
      if (tty) Object.defineProperty(stream, 'isTTY', tty);
      else delete (stream as { isTTY?: boolean }).isTTY;
    }
  }
}
