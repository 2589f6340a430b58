import type { Rules } from '../agent.js';
import type { State } from '../../../game/contract.js';
import { protectData } from '../../../game/protect.js';
import { deckSize, NoThanksState, PASS, TAKE } from '../kit.js';
import { type Random, type SeedKey, Sfc32 } from '../../../game/seed.js';
import type { ContractPolicy, RolloutPolicyMaker } from '../../../search/contract.js';
import { progress, thresholdTakes, type ThresholdParams } from './threshold.js';

/** The threshold preset search plays its own later moves with (margin 4, pot weight 1.5), written out so tuning the bot leaves the analyst as measured. */
const preset: ThresholdParams = protectData('rollout threshold rule', { cost: 'marginal', margin: 4, potWeight: 1.5, reserve: 2, bonus: 6, late: 0 });

/**
 * Chance that another seat's rollout move is a coin flip instead of the rule's. Without it the
 * rollouts' opponents are certain to pass a card they do not want, and the analyst learns to milk
 * every card for chips at no risk; real opponents take a card to spoil a run or by mistake.
 */
const NOISE = 0.1;

/** Every seat plays the threshold rule; the others, with probability NOISE, a coin flip (the same draws for every candidate of a sample). */
class ThresholdPolicy implements ContractPolicy<State> {
  private readonly rng = new Sfc32();
  private readonly key: SeedKey = { hi: 0, lo: 0 };
  private me = 0;

  constructor(private readonly deckCards: number) {}

  evaluating(seat: number): void {
    this.me = seat;
  }

  beginSample(random: Random): void {
    this.key.hi = Math.floor(random() * 4294967296);
    this.key.lo = Math.floor(random() * 4294967296);
  }

  beginPlayout(): void {
    this.rng.reset(this.key);
  }

  act(state: State, seat: number): number {
    const s = state as NoThanksState;
    const chips = s.chips[seat]!;
    if (chips === 0) return TAKE;
    if (seat !== this.me && this.rng.next() < NOISE) return this.rng.next() < 0.5 ? TAKE : PASS;
    return this.rule(s, seat, chips);
  }

  /** act's law, for the exact evaluator: the rule's move, or for another seat with probability NOISE a fair coin. */
  distribution(state: State, seat: number, actions: Int32Array, probs: Float64Array): number {
    const s = state as NoThanksState;
    const chips = s.chips[seat]!;
    actions[0] = TAKE;
    probs[0] = 1;
    if (chips === 0) return 1;
    const rule = this.rule(s, seat, chips);
    actions[1] = PASS;
    probs[1] = 0;
    const noise = seat === this.me ? 0 : NOISE;
    probs[rule === TAKE ? 0 : 1] = 1 - noise / 2;
    probs[rule === TAKE ? 1 : 0] = noise / 2;
    return 2;
  }

  private rule(s: NoThanksState, seat: number, chips: number): number {
    return thresholdTakes(preset, false, s.card, s.marginalCost(seat), s.pot, chips, progress(s.cardsLeft, this.deckCards)) ? TAKE : PASS;
  }
}

export const rollout: RolloutPolicyMaker = protectData('no-thanks rollout policy', {
  describe: `the threshold rule (marginal cost - 1.5 x chips on the card <= 4, +6 at 2 chips or fewer) in every seat, the other seats' moves a coin flip with probability ${NOISE}`,
  make(rules: { players: number }) {
    const r = rules as Rules;
    return { scratch: new NoThanksState(r), policy: new ThresholdPolicy(deckSize(r)) };
  },
});
