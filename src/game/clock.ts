/**
 * The decision clock: how a game loop in a worker thread tells the tournament's watchdog (main
 * thread) what it is doing, through shared memory. A synchronous decide() cannot be interrupted,
 * but its worker can be terminated: the watchdog sees a slot whose call count stops moving and
 * names the bot, seat and game from the slot. One slot per task in flight; plain stores in the
 * game loop (an int32 store costs nothing next to a decision), Atomics.load on the reading side.
 */
export const CLOCK_CALLS = 0;
export const CLOCK_SEAT = 1;
export const CLOCK_DEAL = 2;
export const CLOCK_SEATING = 3;
/** 1 while a worker plays the slot's batch: a queued task is not on the clock. */
export const CLOCK_ACTIVE = 4;
/** Int32s per slot. */
export const CLOCK_SLOT = 8;

/** Where tables write when no watchdog listens (tests, `play`, search bots' own tables). */
export const NO_CLOCK = new Int32Array(CLOCK_SLOT);

/** Before a bot call: which seat is deciding, and one more call. */
export function tick(clock: Int32Array, seat: number): void {
  clock[CLOCK_SEAT] = seat;
  clock[CLOCK_CALLS]!++;
}
