import { afterEach, describe, expect, it, vi } from 'vitest';
import { interruptible, SAME_INTERRUPT_MS } from './interrupt.js';

describe('interruptible', () => {
  afterEach(() => vi.restoreAllMocks());

  it('takes one Ctrl-C delivered twice (to the process and its group) as one, and a later one as quit now', () => {
    let now = 1000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    const stop = interruptible();
    try {
      process.emit('SIGINT', 'SIGINT');
      now += 5;
      process.emit('SIGINT', 'SIGINT');
      expect(stop.signal.aborted).toBe(true);
      expect(exit).not.toHaveBeenCalled();
      now += SAME_INTERRUPT_MS;
      process.emit('SIGINT', 'SIGINT');
      expect(exit).toHaveBeenCalledWith(130);
    } finally {
      stop.release();
    }
  });
});
