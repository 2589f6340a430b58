import type { Progress } from '../output/progress.js';

/** Interrupts this close together are one Ctrl-C delivered twice; a person pressing again is slower. */
export const SAME_INTERRUPT_MS = 500;

/**
 * Ctrl-C once: the run stops, drops the work under way and writes what is finished (marked partial
 * unless every game had already finished: the run's own outcome decides, and says so at the end);
 * twice: quit now (the checkpoint in the run folder stays consistent, so --resume still works).
 * Call release() when the run is over.
 */
export function interruptible(): { signal: AbortSignal; release(): void } {
  const controller = new AbortController();
  let first = 0;
  const onInterrupt = (): void => {
    // One Ctrl-C often arrives twice: `timeout -s INT` and `npm run` send it to the process and
    // again to its group, a few milliseconds apart. That second copy is not a second Ctrl-C: taken
    // as one it quit before anything was written.
    if (controller.signal.aborted) {
      if (performance.now() - first < SAME_INTERRUPT_MS) return;
      process.exit(130);
    }
    first = performance.now();
    process.stderr.write('\ninterrupted: stopping and writing what is finished (Ctrl-C again to quit now)\n');
    controller.abort();
  };
  process.on('SIGINT', onInterrupt);
  return { signal: controller.signal, release: () => process.off('SIGINT', onInterrupt) };
}

/**
 * Runs a long piece of work with Ctrl-C wired to its signal and its progress shown on `progress`;
 * the bar is closed and the handler released however the work ends.
 */
export async function runInterruptibly<T>(
  progress: Progress,
  work: (signal: AbortSignal, onProgress: (done: number, total: number) => void) => Promise<T>,
): Promise<T> {
  const stop = interruptible();
  try {
    return await work(stop.signal, (done, total) => progress.update(done, total));
  } finally {
    stop.release();
    progress.done();
  }
}
