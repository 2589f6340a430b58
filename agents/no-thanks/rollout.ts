import type { Rules } from '../../src/games/no-thanks/agent.js';
import type { State } from '../../src/game/contract.js';
import { protectData } from '../../src/game/protect.js';
import { deckSize, NoThanksState, PASS, TAKE } from '../../src/games/no-thanks/kit.js';
import type { ContractPolicy, RolloutPolicyMaker } from '../../src/search/contract.js';
import { progress, thresholdTakes, type ThresholdParams } from './threshold.js';

/** The threshold preset search plays its own later moves with (margin 4, pot weight 1.5), written out so tuning the bot leaves the analyst as measured. */
const preset: ThresholdParams = protectData('rollout threshold rule', { cost: 'marginal', margin: 4, potWeight: 1.5, reserve: 2, bonus: 6, late: 0 });

/** Every seat plays the threshold rule (deterministic: a sample's only chance is its re-dealt deck). */
class ThresholdPolicy implements ContractPolicy<State> {
  constructor(private readonly deckCards: number) {}

  act(state: State, seat: number): number {
    const s = state as NoThanksState;
    return thresholdTakes(preset, false, s.card, s.marginalCost(seat), s.pot, s.chips[seat]!, progress(s.cardsLeft, this.deckCards)) ? TAKE : PASS;
  }
}

export const rollout: RolloutPolicyMaker = protectData('no-thanks rollout policy', {
  describe: 'the threshold rule (marginal cost - 1.5 x chips on the card <= 4, +6 at 2 chips or fewer) in every seat',
  make(rules: { players: number }) {
    const r = rules as Rules;
    return { scratch: new NoThanksState(r), policy: new ThresholdPolicy(deckSize(r)) };
  },
});
