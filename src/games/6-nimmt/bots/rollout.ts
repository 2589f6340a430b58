import type { Rules } from '../agent.js';
import type { State } from '../../../game/contract.js';
import { protectData } from '../../../game/protect.js';
import { SeatView } from '../kit.js';
import type { ContractPolicy, RolloutPolicyMaker } from '../../../search/contract.js';
import heuristic, { HeuristicAgent, type HeuristicParams } from './heuristic.js';
import { NoisyHeuristic } from './opponent-model.js';
import { PlayoutState } from './playout.js';

const defaults = protectData(
  'rollout heuristic defaults',
  Object.fromEntries(Object.entries(heuristic.params).map(([k, spec]) => [k, spec.default])) as HeuristicParams,
);
/** search's opponent noise: a quarter to a third of the others' plays random keeps a sample from banking on the heuristic's exact cards. */
const NOISE = 0.35;

export const rollout: RolloutPolicyMaker = protectData('6-nimmt rollout policy', {
  describe: `the heuristic bot in every seat, the other seats' plays a random hand card with probability ${NOISE} (as search's opponent model), to the end of the game`,
  make(rules: { players: number }) {
    const r = { ...(rules as Rules) };
    const scratch = new PlayoutState(r);
    // Playouts read positions only: no round log.
    scratch.logging = false;
    const policy = new NoisyHeuristic(new HeuristicAgent(defaults), NOISE);
    policy.views = Array.from({ length: r.players }, (_, seat) => new SeatView(scratch, seat));
    policy.heuristic.prepare(r);
    return { scratch, policy: policy as unknown as ContractPolicy<State> };
  },
});
