import { protectData } from '../../../game/protect.js';
import { defineAgent, KINDS, SPECIAL_BASE, type Action, type GameStart, type Observation, type Random, type Rules, type SpecialsAgent } from '../agent.js';
import { SeatView, HiddenSampler, SpecialsState, toAction } from '../kit.js';
import { VALUE_PARAMS, valueDecide, type ValueParams } from './value.js';

/**
 * Monte Carlo for the special cards: each sample re-deals what this seat cannot see through the
 * game's HiddenSampler (face-down deck, unseen set-aside cards), then plays every legal answer out
 * to the end with the value heuristic in every seat, on the same sample (common random numbers).
 * Picks the answer with the lowest mean final score of its own.
 */
export interface McParams {
  [key: string]: number;
  rollouts: number;
}

const rolloutPolicy = protectData('mc rollout policy', Object.fromEntries(Object.entries(VALUE_PARAMS).map(([k, spec]) => [k, spec.default])) as ValueParams);

export default defineAgent<McParams>({
  name: 'mc',
  description: 'Monte Carlo: plays every legal answer out over re-dealt hidden cards with the value heuristic in every seat; picks the lowest mean own score.',
  params: { rollouts: { description: 'samples per decision (each plays out every answer)', default: 60, min: 1, max: 100000, integer: true } },
  create: (p) => new McAgent(p),
});

class McAgent implements SpecialsAgent {
  private rules: Rules | undefined;
  private sampler!: HiddenSampler;
  private sim!: SpecialsState;
  /** One observation per seat over the rollout state, made once: the policy reads them. */
  private simViews: SeatView[] = [];
  private random!: Random;
  private readonly answers: Action[] = [];
  private readonly totals = new Float64Array(256);

  constructor(private readonly p: McParams) {}

  newGame(start: GameStart): void {
    if (this.rules !== start.rules) {
      this.rules = start.rules;
      this.sampler = new HiddenSampler(start.rules);
      this.sim = new SpecialsState(start.rules);
      this.simViews = Array.from({ length: start.rules.players }, (_, seat) => new SeatView(this.sim, seat));
    }
    this.random = start.random;
  }

  decide(obs: Observation): Action {
    const n = this.legalAnswers(obs);
    if (n === 1) return this.answers[0]!;
    const { sampler, sim, totals } = this;
    sampler.observe(obs);
    totals.fill(0, 0, n);
    for (let r = 0; r < this.p.rollouts; r++) {
      sampler.sample(this.random);
      for (let i = 0; i < n; i++) {
        sim.copyFrom(sampler.position);
        sim.act(toAction(sim.phase, this.answers[i]));
        this.rollout();
        totals[i]! += sim.score(obs.seat);
      }
    }
    let best = 0;
    for (let i = 1; i < n; i++) if (totals[i]! < totals[best]!) best = i;
    return this.answers[best]!;
  }

  private legalAnswers(obs: Observation): number {
    const a = this.answers;
    a.length = 0;
    const phase = obs.phase;
    if (phase === 'take' || phase === 'bid') {
      a.push(phase === 'take' ? 'take' : 'decline');
      if (obs.myChips > 0) a.push(phase === 'take' ? 'pass' : 'bid');
      if (obs.canSitOut) a.push('sit-out');
      return a.length;
    }
    for (let c = 1; c < SPECIAL_BASE + KINDS.length; c++) if (c < SPECIAL_BASE ? obs.has(obs.seat, c) : obs.held(obs.seat, c) > 0) a.push(c);
    return a.length;
  }

  private rollout(): void {
    const s = this.sim;
    while (!s.over) s.act(toAction(s.phase, valueDecide(rolloutPolicy, this.simViews[s.current]!)));
  }
}
