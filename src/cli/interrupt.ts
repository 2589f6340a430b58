import type { Progress } from '../output/progress.js';

/**
 * Ctrl-C once: the run stops, drops the work under way and writes what is finished (marked partial
 * unless every game had already finished: the run's own outcome decides, and says so at the end);
 * twice: quit now (the checkpoint in the run folder stays consistent, so --resume still works).
 * Call release() when the run is over.
 */
export function interruptible(): { signal: AbortSignal; release(): void } {
  const controller = new AbortController();
  const onInterrupt = (): void => {
    if (controller.signal.aborted) process.exit(130);
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
