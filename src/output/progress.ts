/** Seconds between progress lines when stderr is not a terminal (a cluster log); NOTHANKS_PROGRESS_SECONDS sets it. */
const PIPED_SECONDS = Number(process.env.NOTHANKS_PROGRESS_SECONDS) > 0 ? Number(process.env.NOTHANKS_PROGRESS_SECONDS) : 30;

/**
 * Progress on stderr (games done, rate, time left): on a terminal a one-line bar redrawn at most
 * ten times a second; when stderr is piped (a cluster job's log) a plain line every 30 s, so a
 * long run shows it is alive; nothing with `shown` false (--quiet).
 */
export class Progress {
  private readonly started = performance.now();
  private lastDraw: number;
  private readonly mode: 'off' | 'bar' | 'lines';

  constructor(
    /** Shown before the counts; a caller may change it as it goes (a sequential test shows its LLR). */
    public label: string,
    shown = true,
    private readonly unit = 'games',
  ) {
    this.mode = !shown ? 'off' : process.stderr.isTTY === true ? 'bar' : 'lines';
    this.lastDraw = this.mode === 'lines' ? this.started : 0;
  }

  update(done: number, total: number): void {
    if (this.mode === 'off') return;
    const now = performance.now();
    if (this.mode === 'lines') {
      if (now - this.lastDraw < PIPED_SECONDS * 1000 || done >= total) return;
    } else if (now - this.lastDraw < 100 && done < total) return;
    this.lastDraw = now;
    const seconds = (now - this.started) / 1000;
    const rate = done / Math.max(seconds, 1e-9);
    const left = rate > 0 ? (total - done) / rate : Infinity;
    const width = 24;
    const filled = Math.round((done / total) * width);
    const bar = '#'.repeat(filled) + '.'.repeat(width - filled);
    const counts = `${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} ${this.unit} · ${Math.round(rate).toLocaleString('en-US')}/s · ${clock(left)} left`;
    if (this.mode === 'lines') {
      process.stderr.write(`${this.label}: ${counts} (${Math.floor((100 * done) / total)}%)\n`);
      return;
    }
    const text = `${this.label} [${bar}] ${counts}`;
    process.stderr.write(`\r${text.slice(0, (process.stderr.columns ?? 120) - 1)}\x1b[K`);
  }

  done(): void {
    if (this.mode === 'bar') process.stderr.write('\r\x1b[K');
  }
}

/** One bar per key (e.g. per table size), each made on first use and cleared when it is full. */
export class ProgressBars {
  private readonly bars = new Map<number, Progress>();

  constructor(
    private readonly label: (key: number) => string,
    private readonly shown: boolean,
  ) {}

  update(key: number, done: number, total: number): void {
    let bar = this.bars.get(key);
    if (!bar) this.bars.set(key, (bar = new Progress(this.label(key), this.shown)));
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
