/**
 * This process's CPU time in ms (user + system, every thread: V8's compiler and GC helpers too, so
 * it errs high), the clock of single decisions: a loaded machine inflates the wall clock, much
 * less this. getrusage is exact to the microsecond; /proc/thread-self/schedstat, this thread's
 * alone, is not: it moves only at the scheduler's ticks and switches (0.1-4 ms steps here).
 */
export function cpuNow(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * The time a bench bot spends, for its decisions: every decide() and onEvent() run through
 * charge() adds to `spent` (by `wallNow`, the wall clock unless given) and to `cpu`; count() ends
 * a decision that counts, whose single time (tail) is the CPU charged since the one counted before
 * (its onEvent() work included); skip() drops that for one that does not (6 nimmt!'s last card).
 * Times and counts start at start(), after the untimed warm-up.
 */
/**
 * A timed bot's onEvent: the bot's, charged to `clock` (what a bot does there, such as modelling the
 * other seats, counts toward its next decision); undefined when the bot has none, so the table sends
 * it no events, as it would the bot itself.
 */
export function chargedOnEvent<E, O>(clock: DecisionClock<O>, bot: { onEvent?(event: E, obs: O): void }): ((event: E, obs: O) => void) | undefined {
  return bot.onEvent ? (event, obs) => clock.charge(() => bot.onEvent!(event, obs)) : undefined;
}

export class DecisionClock<O> {
  spent = 0;
  cpu = 0;
  decisions = 0;
  private pending = 0;
  private warm = false;
  private readonly times: number[] = [];

  constructor(
    private readonly onDecision?: (obs: O, ms: number) => void,
    private readonly wallNow: () => number = () => performance.now(),
  ) {}

  charge<T>(f: () => T): T {
    const t = this.wallNow();
    const c = cpuNow();
    const result = f();
    const used = cpuNow() - c;
    this.spent += this.wallNow() - t;
    this.cpu += used;
    this.pending += used;
    return result;
  }

  count(obs: O): void {
    this.decisions++;
    if (this.warm) {
      this.times.push(this.pending);
      this.onDecision?.(obs, this.pending);
    }
    this.pending = 0;
  }

  skip(): void {
    this.pending = 0;
  }

  start(): void {
    this.spent = this.cpu = this.decisions = this.pending = 0;
    this.warm = true;
  }

  tail(): Tail {
    return tailOf(this.times);
  }
}

/**
 * The distribution of a bot's time per decision: a tournament with a per-decision time limit
 * needs its tail, not its mean. Quantiles by nearest rank (the smallest time at least a share q of
 * the decisions take no longer than), so p99 of 500 decisions is the 495th fastest, and max the
 * slowest itself.
 */
export interface Tail {
  decisions: number;
  mean: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export function tailOf(times: ArrayLike<number>): Tail {
  const sorted = Float64Array.from(times).sort();
  const n = sorted.length;
  const at = (q: number): number => (n === 0 ? Number.NaN : sorted[Math.min(n - 1, Math.max(0, Math.ceil(q * n) - 1))]!);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += sorted[i]!;
  return { decisions: n, mean: n === 0 ? Number.NaN : sum / n, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1) };
}

/** Milliseconds: two decimals, three figures from 10 on. */
const ms = (x: number): string => (x >= 10 ? x.toFixed(1) : x.toFixed(2));

/** "mean 4.81 p50 3.90 p90 9.12 p99 21.3 max 34.0 ms". */
export function formatTail(t: Tail): string {
  return `mean ${ms(t.mean)} p50 ${ms(t.p50)} p90 ${ms(t.p90)} p99 ${ms(t.p99)} max ${ms(t.max)} ms`;
}

/**
 * The bench rows' short form: "p50 3.90 p99 13.5 max 25.0 ms". Under 100 decisions p99 is the
 * maximum itself, so it is left out (a --quick run).
 */
export function tailText(t: Tail): string {
  return t.decisions < 100 ? `p50 ${ms(t.p50)} max ${ms(t.max)} ms` : `p50 ${ms(t.p50)} p99 ${ms(t.p99)} max ${ms(t.max)} ms`;
}
