import type { State } from './contract.js';

/**
 * What an exact evaluator (src/analysis/exact.ts) needs of a game whose hidden part it enumerates
 * instead of sampling: the chance a move reveals, as equally likely outcomes, and a key of the
 * position for memoisation.
 *
 * The contract: from the evaluating seat's view, what no seat has seen yet is uniform over its
 * completions (as the game's `resample` draws it), and a move that reveals some of it reveals each
 * outcome with the same probability; `choose` lays outcome k into a State's hidden part before the
 * move is applied, so the move then reveals exactly it. Two positions with the same key have the
 * same future under every policy that reads only what the seats see.
 */
export interface HiddenChance {
  /** How many equally likely outcomes `seat` playing `action` in `state` reveals (1: it reveals nothing). */
  outcomes(state: State, seat: number, action: number): number;
  /** Makes `state`'s hidden part such that `seat` playing `action` reveals outcome k (0 <= k < outcomes). */
  choose(state: State, seat: number, action: number, k: number): void;
  /** Everything the rest of the game depends on besides the order of what no seat has seen. */
  key(state: State): string;
}
