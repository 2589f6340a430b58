/**
 * Ctrl-C once: the run stops, drops the work under way and writes what is finished, marked partial;
 * twice: quit now.
 * Call release() when the run is over.
 */
export function interruptible(): { signal: AbortSignal; release(): void } {
  const controller = new AbortController();
  const onInterrupt = (): void => {
    if (controller.signal.aborted) process.exit(130);
    process.stderr.write('\ninterrupted: stopping and writing what is finished, marked partial (Ctrl-C again to quit now)\n');
    controller.abort();
  };
  process.on('SIGINT', onInterrupt);
  return { signal: controller.signal, release: () => process.off('SIGINT', onInterrupt) };
}
