/**
 * A one-line progress bar on stderr (games done, rate, time left), drawn only on a terminal and at
 * most ten times a second; silent when stderr is piped.
 */
export class Progress {
  private readonly started = performance.now();
  private lastDraw = 0;
  private readonly enabled: boolean;

  constructor(
    private readonly label: string,
    enabled = process.stderr.isTTY === true,
  ) {
    this.enabled = enabled;
  }

  update(done: number, total: number): void {
    if (!this.enabled) return;
    const now = performance.now();
    if (now - this.lastDraw < 100 && done < total) return;
    this.lastDraw = now;
    const seconds = (now - this.started) / 1000;
    const rate = done / Math.max(seconds, 1e-9);
    const left = rate > 0 ? (total - done) / rate : Infinity;
    const width = 24;
    const filled = Math.round((done / total) * width);
    const bar = '#'.repeat(filled) + '.'.repeat(width - filled);
    const text = `${this.label} [${bar}] ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} games · ${Math.round(rate).toLocaleString('en-US')}/s · ${clock(left)} left`;
    process.stderr.write(`\r${text.slice(0, (process.stderr.columns ?? 120) - 1)}\x1b[K`);
  }

  done(): void {
    if (this.enabled) process.stderr.write('\r\x1b[K');
  }
}

/** One bar per key (e.g. per table size), each made on first use and cleared when it is full. */
export class ProgressBars {
  private readonly bars = new Map<number, Progress>();

  constructor(
    private readonly label: (key: number) => string,
    private readonly enabled: boolean,
  ) {}

  update(key: number, done: number, total: number): void {
    let bar = this.bars.get(key);
    if (!bar) this.bars.set(key, (bar = new Progress(this.label(key), this.enabled)));
    bar.update(done, total);
    if (done === total) bar.done();
  }

  /** Clears every bar (a run stopped before its bars were full). */
  done(): void {
    for (const bar of this.bars.values()) bar.done();
  }
}

function clock(seconds: number): string {
  if (!Number.isFinite(seconds)) return '--:--';
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}
