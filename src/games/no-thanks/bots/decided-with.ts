import type { GameEvent, Observation } from '../agent.js';
import { deckSize } from '../kit.js';
import { progress } from './threshold.js';

/** What a seat decided with, the inputs of the bots' opponent rules. */
export interface DecidedWith {
  chips: number;
  cost: number;
  prog: number;
}

/**
 * Rebuilds, from a decision's event and the observation after it (events arrive after the move),
 * the chips, marginal cost and deck progress the seat decided with, into `out` (no allocation).
 * False for a forced take (no chips), which says nothing about a policy.
 */
export function decidedWith(e: Readonly<GameEvent>, obs: Observation, out: DecidedWith): boolean {
  const took = e.type === 'take';
  out.chips = obs.countedChips(e.seat) + (took ? -e.pot : 1);
  if (out.chips === 0) return false;
  const cardsLeft = took ? (obs.card === 0 ? 0 : obs.cardsLeft + 1) : obs.cardsLeft;
  out.cost = obs.marginalCost(e.seat, e.card);
  out.prog = progress(cardsLeft, deckSize(obs.rules));
  return true;
}
