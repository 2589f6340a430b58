import type { Observation } from '../agent.js';

/**
 * The "match the prize" rule (a classic Goofspiel heuristic): the prize is the k-th smallest of the
 * prizes not yet played (itself included), so bid the k-th smallest card of your hand. Hand and
 * prizes left are always the same size, so every card is spent on a prize of its own rank.
 * Shared by the heuristic bot and the rollout policy.
 */
export function matchBid(obs: Observation): number {
  const prize = obs.prize;
  let rank = 0;
  for (let c = 1; c < prize; c++) if (obs.isPrizeToCome(c)) rank++;
  return obs.handCard(rank);
}
