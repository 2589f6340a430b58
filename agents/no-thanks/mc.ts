import { defineAgent, type GameEvent, type GameStart, type Observation, type Random, type Rules } from '../../src/games/no-thanks/agent.js';
import { HiddenSampler } from '../../src/games/no-thanks/sampler.js';
import { GameState } from '../../src/games/no-thanks/state.js';
import { greedyTakes } from './greedy.js';
import { progress, thresholdTakes, type ThresholdParams } from './threshold.js';

/**
 * Monte Carlo rollouts over the unseen cards. Each sample draws the hidden information from what
 * this seat may see, through the game's HiddenSampler (which unseen cards are still in the deck and
 * their order; opponents' chips as counted from the public history when counters are hidden), then plays both actions out to the end
 * with the rollout policy in every seat, on the same sample (common random numbers). Picks the
 * action with the better mean objective; ties go to taking.
 *
 * policy=adaptive (the default) plays its own future moves with the threshold preset and models
 * each opponent by whichever candidate policy (threshold, greedy, random, eager taker) best explains
 * that opponent's public decisions so far in this game (likelihood with 5% noise). A fixed policy
 * plays every seat with that policy.
 */
export interface McParams {
  [key: string]: number | string;
  rollouts: number;
  policy: string;
  objective: string;
}

/**
 * The threshold preset of mc's rollouts and first opponent model: the threshold bot's defaults
 * when mc was measured (margin 4, pot weight 1.5), written out so that tuning the threshold bot's
 * defaults does not silently change mc.
 */
const thresholdDefaults: ThresholdParams = { cost: 'marginal', margin: 4, potWeight: 1.5, reserve: 2, bonus: 6, late: 0 };

export default defineAgent<McParams>({
  name: 'mc',
  description: 'Monte Carlo: plays both actions out over sampled hidden cards with a rollout policy and picks the better.',
  params: {
    rollouts: { description: 'sampled deals per decision (each plays out both actions)', default: 300, min: 1, max: 100000, integer: true },
    policy: {
      description: 'rollout policy: adaptive models each opponent from its decisions; the others play every seat alike',
      default: 'adaptive',
      choices: ['adaptive', 'threshold', 'greedy', 'random'],
    },
    objective: {
      description: 'score: own expected score; margin: own score minus best opponent; win: win probability',
      default: 'score',
      choices: ['score', 'margin', 'win'],
    },
  },
  create(p) {
    return new McAgent(p);
  },
});

const POLICY_THRESHOLD = 0;
const POLICY_GREEDY = 1;
const POLICY_RANDOM = 2;
const POLICY_TAKER = 3;
const MODELS = 4;
const eagerTaker: ThresholdParams = { cost: 'marginal', margin: 10, potWeight: 1, reserve: 0, bonus: 0, late: 0 };
const LOG_FIT = Math.log(0.95);
const LOG_MISS = Math.log(0.05);
const LOG_COIN = Math.log(0.5);

/** Whether model `policy` takes; `coin` is a uniform draw for the random model. */
function modelTakes(policy: number, card: number, cost: number, pot: number, chips: number, prog: number, coin: () => number): boolean {
  if (chips === 0) return true;
  switch (policy) {
    case POLICY_THRESHOLD:
      return thresholdTakes(thresholdDefaults, false, card, cost, pot, chips, prog);
    case POLICY_GREEDY:
      return greedyTakes(cost, pot, chips);
    case POLICY_TAKER:
      return thresholdTakes(eagerTaker, false, card, cost, pot, chips, prog);
    default:
      return coin() < 0.5;
  }
}

class McAgent {
  private readonly adaptive: boolean;
  /** Rollout policy per seat. */
  private readonly seatPolicy = new Int32Array(8);
  /** Log-likelihood of each model per seat: seat * MODELS + model. */
  private readonly fit = new Float64Array(8 * MODELS);
  private me = 0;
  private readonly objective: 'score' | 'margin' | 'win';
  private rules: Rules | undefined;
  private sampler!: HiddenSampler;
  private sim!: GameState;
  private deckCards = 0;
  private random!: Random;

  constructor(private readonly p: McParams) {
    this.adaptive = p.policy === 'adaptive';
    this.seatPolicy.fill(this.adaptive ? POLICY_THRESHOLD : ['threshold', 'greedy', 'random'].indexOf(p.policy));
    this.objective = p.objective as 'score' | 'margin' | 'win';
  }

  newGame(start: GameStart): void {
    // Learn afresh every game: which games a bot instance plays before this one depends on how the
    // tournament cut its work, and results must depend on the deal only.
    this.fit.fill(0);
    this.me = start.seat;
    if (this.rules !== start.rules) {
      this.rules = start.rules;
      this.sampler = new HiddenSampler(start.rules);
      this.sim = new GameState(start.rules, false);
      this.deckCards = this.sampler.deckCards;
    }
    this.random = start.random;
  }

  /** Scores every opponent decision against each candidate model (adaptive policy only). */
  onEvent(e: Readonly<GameEvent>, obs: Observation): void {
    if (!this.adaptive || e.seat === this.me) return;
    // The event arrives after the move: rebuild the chips and deck count the opponent decided with.
    const took = e.type === 'take';
    const chips = obs.countedChips(e.seat) + (took ? -e.pot : 1);
    if (chips === 0) return; // a forced take says nothing about the policy
    const cardsLeft = took ? (obs.card === 0 ? 0 : obs.cardsLeft + 1) : obs.cardsLeft;
    const cost = obs.marginalCost(e.seat, e.card);
    const prog = progress(cardsLeft, this.deckCards);
    const row = e.seat * MODELS;
    for (let m = 0; m < MODELS; m++) {
      if (m === POLICY_RANDOM) this.fit[row + m]! += LOG_COIN;
      else this.fit[row + m]! += modelTakes(m, e.card, cost, e.pot, chips, prog, this.random) === took ? LOG_FIT : LOG_MISS;
    }
  }

  decide(obs: Observation): 'take' | 'pass' {
    if (obs.myChips === 0) return 'take';
    if (this.adaptive) this.chooseModels(obs);
    const { sampler, sim, p, random } = this;
    sampler.observe(obs);
    const position = sampler.position;
    let take = 0;
    let pass = 0;
    for (let r = 0; r < p.rollouts; r++) {
      sampler.sample(random);
      sim.copyFrom(position);
      sim.take();
      this.rollout();
      take += this.value(obs.seat);
      sim.copyFrom(position);
      sim.pass();
      this.rollout();
      pass += this.value(obs.seat);
    }
    return take <= pass ? 'take' : 'pass';
  }

  private chooseModels(obs: Observation): void {
    for (let seat = 0; seat < obs.players; seat++) {
      if (seat === obs.seat) continue;
      let best = POLICY_THRESHOLD;
      for (let m = 1; m < MODELS; m++) if (this.fit[seat * MODELS + m]! > this.fit[seat * MODELS + best]!) best = m;
      this.seatPolicy[seat] = best;
    }
  }

  private rollout(): void {
    const s = this.sim;
    const { seatPolicy, deckCards, random } = this;
    while (s.card !== 0) {
      const seat = s.current;
      const takes = modelTakes(seatPolicy[seat]!, s.card, s.marginalCost(seat), s.pot, s.chips[seat]!, progress(s.cardsLeft, deckCards), random);
      if (takes) s.take();
      else s.pass();
    }
  }

  /** The objective for `me` in the finished rollout, lower is better. */
  private value(me: number): number {
    const s = this.sim;
    const mine = s.score(me);
    if (this.objective === 'score') return mine;
    let best = Infinity;
    let tied = 0;
    for (let seat = 0; seat < s.players; seat++) {
      const v = s.score(seat);
      if (seat !== me && v < best) best = v;
      if (v === mine) tied++;
    }
    if (this.objective === 'margin') return mine - best;
    return mine <= best ? -1 / tied : 0;
  }
}
