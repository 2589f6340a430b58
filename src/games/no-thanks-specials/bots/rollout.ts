import type { Rules } from '../agent.js';
import type { State } from '../../../game/contract.js';
import { protectData } from '../../../game/protect.js';
import { SeatView, SpecialsForwardModel } from '../kit.js';
import type { ContractPolicy, RolloutPolicyMaker } from '../../../search/contract.js';
import { ValuePolicy } from './search.js';

export const rollout: RolloutPolicyMaker = protectData('no-thanks-specials rollout policy', {
  describe: 'the value heuristic (the rollout policy of mc and search) in every seat',
  make(rules: { players: number }) {
    const scratch = new SpecialsForwardModel(rules as Rules);
    const policy = new ValuePolicy();
    policy.views = Array.from({ length: rules.players }, (_, seat) => new SeatView(scratch, seat));
    return { scratch, policy: policy as unknown as ContractPolicy<State> };
  },
});
