/**
 * Ctrl-C once: the run finishes what is under way and writes it, marked partial; twice: quit now.
 * Call release() when the run is over.
 */
export function interruptible(): { signal: AbortSignal; release(): void } {
  const controller = new AbortController();
  const onInterrupt = (): void => {
    if (controller.signal.aborted) process.exit(130);
    process.stderr.write('\ninterrupted: finishing the work under way and writing what is done (Ctrl-C again to quit now)\n');
    controller.abort();
  };
  process.on('SIGINT', onInterrupt);
  return { signal: controller.signal, release: () => process.off('SIGINT', onInterrupt) };
}
