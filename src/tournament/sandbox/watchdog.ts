import { CLOCK_ACTIVE, CLOCK_DEAL, CLOCK_SEATING, CLOCK_SLOT, CLOCK_STAMP, stampCall, stampSeat } from '../../game/clock.js';

/** Where a stuck bot sits: its task's deal and seating, and the seat that has not answered. */
export interface StuckCall {
  deal: number;
  seating: number;
  seat: number;
  /** CALL_DECIDE, CALL_NEW_GAME or CALL_EVENT (src/game/clock.ts). */
  call: number;
}

/**
 * Int32s between the starts of two slots: 128 bytes, though a slot uses CLOCK_SLOT (32 bytes).
 * Each worker stores into its slot before every bot call, tens of millions of times a second; two
 * slots in one cache line (64 bytes; CPUs fetch lines in pairs) would bounce that line between the
 * cores on every store (false sharing), a cost only a run with two or more threads pays.
 */
const SLOT_STRIDE = 32;

/**
 * The per-decision time limit, enforced from the main thread: each task in flight gets a slot of
 * a shared decision clock (src/game/clock.ts) that its game loop ticks before every bot call. A
 * slot that is active but has not ticked for `limitSeconds` holds a bot stuck in one call; the run
 * is then stopped (its workers terminated) and the call named. Checked a few times a second, so
 * the limit is kept to within a quarter of it or a second, whichever is less.
 */
export class DecisionWatchdog {
  private readonly clock: Int32Array;
  private readonly free: number[];
  private readonly lastCalls: Int32Array;
  private readonly since: Float64Array;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    slots: number,
    readonly limitSeconds: number,
  ) {
    this.clock = new Int32Array(new SharedArrayBuffer(slots * SLOT_STRIDE * 4));
    this.free = Array.from({ length: slots }, (_, i) => slots - 1 - i);
    this.lastCalls = new Int32Array(slots);
    this.since = new Float64Array(slots);
  }

  /** A free slot for a task about to be submitted (its batch carries the returned view). */
  take(): Int32Array {
    const slot = this.free.pop();
    if (slot === undefined) throw new Error('decision clock: more tasks in flight than slots');
    const view = this.clock.subarray(slot * SLOT_STRIDE, slot * SLOT_STRIDE + CLOCK_SLOT);
    view.fill(0);
    this.lastCalls[slot] = 0;
    this.since[slot] = performance.now();
    return view;
  }

  release(view: Int32Array): void {
    this.free.push(view.byteOffset / 4 / SLOT_STRIDE);
  }

  /** Starts watching; `onStuck` is called once, with the first stuck call found. */
  start(onStuck: (call: StuckCall) => void): void {
    const limitMs = this.limitSeconds * 1000;
    const slots = this.lastCalls.length;
    this.timer = setInterval(
      () => {
        const now = performance.now();
        for (let slot = 0; slot < slots; slot++) {
          const at = slot * SLOT_STRIDE;
          const calls = Atomics.load(this.clock, at + CLOCK_STAMP);
          if (Atomics.load(this.clock, at + CLOCK_ACTIVE) === 0 || calls !== this.lastCalls[slot]) {
            this.lastCalls[slot] = calls;
            this.since[slot] = now;
          } else if (now - this.since[slot]! > limitMs) {
            this.stop();
            onStuck({
              deal: Atomics.load(this.clock, at + CLOCK_DEAL),
              seating: Atomics.load(this.clock, at + CLOCK_SEATING),
              seat: stampSeat(calls),
              call: stampCall(calls),
            });
            return;
          }
        }
      },
      Math.min(1000, limitMs / 4),
    );
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
