import { defineAgent, type Action, type GoofspielAgent, type Observation } from '../agent.js';
import { matchBid } from './match.js';

export default defineAgent({
  name: 'heuristic',
  description: "Matches the prize: bids the card whose rank in its hand is the prize's rank among the prizes left.",
  params: {},
  create: () => new HeuristicAgent(),
});

class HeuristicAgent implements GoofspielAgent {
  decide(obs: Observation): Action {
    return matchBid(obs);
  }
}
