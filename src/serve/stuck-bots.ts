import { Worker } from 'node:worker_threads';
import { CLOCK_SLOT } from '../game/clock.js';

/**
 * A decision clock (src/game/clock.ts) watched by a thread of its own (stuck-bots-thread.ts): the
 * table session's limit on a lab bot's call. `clock` is the slot its table ticks; `stuck()` says
 * whether the watchdog has stopped a call since the last `clear()`.
 */
export class StuckBots {
  readonly clock = new Int32Array(new SharedArrayBuffer(4 * (CLOCK_SLOT + 1)));

  constructor(readonly limitSeconds: number) {
    const thread = new Worker(new URL('./stuck-bots-thread.js', import.meta.url), { workerData: { clock: this.clock, limitMs: limitSeconds * 1000 } });
    // The server ends when its client does, whatever this thread is doing.
    thread.unref();
  }

  stuck(): boolean {
    return Atomics.load(this.clock, CLOCK_SLOT) === 1;
  }

  clear(): void {
    Atomics.store(this.clock, CLOCK_SLOT, 0);
  }
}
