import { workerData } from 'node:worker_threads';
import { CLOCK_ACTIVE, CLOCK_SLOT, CLOCK_STAMP } from '../game/clock.js';
import { killChildProcesses } from '../tournament/sandbox/child-processes.js';

/**
 * The table session's watchdog, in a thread of its own: the session's game loop runs in the
 * server's main thread, which a bot program blocks while it reads its answer, so no timer there
 * could fire. A clock whose stamp has not moved for the limit while active holds a stuck call: the
 * flag after the clock's slot is set (the session names the bot) and the lab's child processes
 * are killed, which ends the blocked read.
 */
const { clock, limitMs } = workerData as { clock: Int32Array; limitMs: number };
let last = Atomics.load(clock, CLOCK_STAMP);
let since = performance.now();
setInterval(
  () => {
    const now = performance.now();
    const stamp = Atomics.load(clock, CLOCK_STAMP);
    if (Atomics.load(clock, CLOCK_ACTIVE) === 0 || stamp !== last) {
      last = stamp;
      since = now;
    } else if (now - since > limitMs) {
      Atomics.store(clock, CLOCK_SLOT, 1);
      killChildProcesses();
      since = now;
    }
  },
  Math.max(20, Math.min(250, limitMs / 4)),
);
