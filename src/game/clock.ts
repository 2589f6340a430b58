/**
 * The decision clock: how a game loop in a worker thread tells the tournament's watchdog (main
 * thread) what it is doing, through shared memory. A synchronous decide() cannot be interrupted,
 * but its worker can be terminated: the watchdog sees a slot whose stamp stops changing and names
 * the bot, seat and game from the slot. One slot per task in flight; plain stores in the game
 * loop, Atomics.load on the reading side.
 */

/**
 * One int32 that changes with every bot call: (count << 6) | (call << 4) | seat (seats < 16). One
 * store per decision costs the fastest No Thanks! games about 5%; four (seat, call, active, count)
 * cost 20%.
 */
export const CLOCK_STAMP = 0;
export const CLOCK_DEAL = 2;
export const CLOCK_SEATING = 3;
/** 1 while a game of the slot's batch is being played (set per game): queued tasks and bot creation are not on the clock. */
export const CLOCK_ACTIVE = 4;
export const CALL_DECIDE = 0;
export const CALL_NEW_GAME = 1;
export const CALL_EVENT = 2;
/** The limit on one bot call, in seconds, where a command sets none (--decision-timeout). Generous: the built-in bots answer in about a millisecond at their defaults. */
export const DEFAULT_DECISION_SECONDS = 10;

/** Int32s per slot. */
export const CLOCK_SLOT = 8;

/** Where tables write when no watchdog listens (tests, `play`, search bots' own tables). */
export const NO_CLOCK = new Int32Array(CLOCK_SLOT);

/** Before a bot call: a new stamp naming the seat and the call. */
export function tick(clock: Int32Array, seat: number, call: number = CALL_DECIDE): void {
  clock[CLOCK_STAMP] = ((clock[CLOCK_STAMP]! + 64) & ~63) | (call << 4) | seat;
}

/** Before a game of the batch: which deal and seating it is; from now on its bot calls are timed. */
export function startGame(clock: Int32Array, deal: number, seating: number): void {
  clock[CLOCK_DEAL] = deal;
  clock[CLOCK_SEATING] = seating;
  clock[CLOCK_ACTIVE] = 1;
}

/** The seat and call of a stamp. */
export function stampSeat(stamp: number): number {
  return stamp & 15;
}
export function stampCall(stamp: number): number {
  return (stamp >> 4) & 3;
}
