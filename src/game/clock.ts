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
/** 1 from the first bot call of a batch to its end: a queued task, or bots being created, is not on the clock. */
export const CLOCK_ACTIVE = 4;
/** Which call: CALL_DECIDE, CALL_NEW_GAME or CALL_EVENT. */
export const CLOCK_CALL = 5;
export const CALL_DECIDE = 0;
export const CALL_NEW_GAME = 1;
export const CALL_EVENT = 2;
/** Int32s per slot. */
export const CLOCK_SLOT = 8;

/** Where tables write when no watchdog listens (tests, `play`, search bots' own tables). */
export const NO_CLOCK = new Int32Array(CLOCK_SLOT);

/** Before a bot call: which seat and which call, and one more call. */
export function tick(clock: Int32Array, seat: number, call: number = CALL_DECIDE): void {
  clock[CLOCK_SEAT] = seat;
  clock[CLOCK_CALL] = call;
  clock[CLOCK_ACTIVE] = 1;
  clock[CLOCK_CALLS]!++;
}
