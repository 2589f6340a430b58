import { defineAgent, type Action, type NoThanksAgent, type Observation } from '../agent.js';

/**
 * Myopic: taking changes its score by the card's run-aware marginal cost minus the chips on it;
 * passing costs one chip, i.e. one point. Ties go to taking (it keeps the chip).
 */
export function greedyTakes(marginalCost: number, pot: number, chips: number): boolean {
  return chips === 0 || marginalCost - pot <= 1;
}

export default defineAgent({
  name: 'greedy',
  description: 'Myopic: takes when (run-aware marginal cost - chips on the card) <= 1, the cost of passing.',
  params: {},
  create: () => new GreedyAgent(),
});

class GreedyAgent implements NoThanksAgent {
  decide(obs: Observation): Action {
    return greedyTakes(obs.marginalCost(), obs.pot, obs.myChips) ? 'take' : 'pass';
  }
}
