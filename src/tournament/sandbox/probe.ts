import { Worker } from 'node:worker_threads';
import type { AgentDefinition, ParamValues } from '../../game/agent.js';
import { UserError } from '../../errors.js';
import { distModule } from '../../paths.js';
import { killChildProcesses } from './child-processes.js';
import type { Program } from './program.js';

/**
 * A bot file or program is checked in a throwaway worker thread, never in the main thread: the
 * main thread holds the master seed, the statistics and the outputs, and a bot file's top level or
 * create() could patch what they rely on there (JSON.stringify from a timer, after every check),
 * loop forever, wait forever, or call process.exit(0). Here any of those ends in one line: the
 * thread is given `seconds` to load (or greet) and start one bot, and a heap limit.
 */
export const PROBE_HEAP_MB = 2048;

/** What a probed bot declares: JSON data only, no code of a bot file reaches this thread. */
export type Declared = Pick<AgentDefinition, 'name' | 'description' | 'params' | 'game'>;

/** Node's exit code for a module whose top-level await can never settle. */
const UNSETTLED_TOP_LEVEL_AWAIT = 13;

export interface ProbeTask {
  kind: 'file' | 'program';
  /** The spec (a file bot is probed with its default parameters, so `text` is its path). */
  text: string;
  game: string;
  /** What `what` the errors name: "agent file /x/bot.ts", "bot program exec:python3 x.py". */
  what: string;
  params: ParamValues;
  /** The program to start (kind "program"). */
  program?: Program;
  sandbox: boolean;
  logs: string;
}

export function probe(task: ProbeTask, seconds: number): Promise<Declared> {
  const { what } = task;
  return new Promise((resolveProbe, reject) => {
    const worker = new Worker(distModule('tournament/sandbox/probe-worker.js'), {
      workerData: task,
      resourceLimits: { maxOldGenerationSizeMb: PROBE_HEAP_MB },
      // A bot's console output while loading is its own business: not the lab's terminal.
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const finish = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () =>
        finish(() => {
          // A program that never greets holds the probe in a blocking read: ending it frees the thread.
          killChildProcesses();
          reject(
            new UserError(
              task.kind === 'program'
                ? `${what} did not answer the greeting within ${seconds} s`
                : `${what} did not load and start a bot within ${seconds} s (an endless loop or a promise that never settles at its top level or in create()?)`,
            ),
          );
        }),
      seconds * 1000,
    );
    worker.on('message', (m: { ok?: Declared; error?: string; user?: boolean }) =>
      finish(() => (m.ok ? resolveProbe(m.ok) : reject(new UserError(m.user ? m.error! : `${what}: ${m.error}`)))),
    );
    worker.on('error', (err: Error & { code?: string }) =>
      finish(() =>
        reject(
          new UserError(
            err.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? `${what} ran out of memory while loading (the limit is ${PROBE_HEAP_MB} MB)`
              : `${what} failed to load: ${err.message}`,
          ),
        ),
      ),
    );
    worker.on('exit', (code) =>
      finish(() =>
        reject(
          new UserError(
            code === UNSETTLED_TOP_LEVEL_AWAIT
              ? `${what} never finished loading: a top-level await in it never settles`
              : `${what} ended its thread while loading (exit code ${code}: process.exit at its top level or in create()?)`,
          ),
        ),
      ),
    );
  });
}
