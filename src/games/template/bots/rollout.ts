import type { State } from '../../../game/contract.js';
import { protectData } from '../../../game/protect.js';
import type { ContractPolicy, RolloutPolicyMaker } from '../../../search/contract.js';
import type { Rules } from '../agent.js';
import { ForwardModel, SeatView } from '../kit.js';
import { matchBid } from './match.js';

/**
 * The policy generic evaluation (the analysis) plays every seat with after a decision: the
 * heuristic's match-the-prize rule, read through each seat's own view of the scratch state.
 */
export const rollout: RolloutPolicyMaker = protectData('Goofspiel rollout policy', {
  describe: 'the heuristic (bid the card of the prize’s rank) in every seat, to the end of the game',
  make(rules: { players: number }) {
    const scratch = new ForwardModel(rules as Rules);
    // One view per seat, made once: act() allocates nothing.
    const views = Array.from({ length: rules.players }, (_, seat) => new SeatView(scratch, seat));
    const policy: ContractPolicy<State> = { act: (_state, seat) => matchBid(views[seat]!) - 1 };
    return { scratch, policy };
  },
});
