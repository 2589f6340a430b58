import { defineAgent, type GameEvent, type GameStart, type Observation, type Random, type Rules } from '../../src/games/no-thanks/agent.js';
import { HiddenSampler } from '../../src/games/no-thanks/sampler.js';
import { GameState } from '../../src/games/no-thanks/state.js';
import { Sfc32, type SeedKey } from '../../src/game/seed.js';
import { FlatSearch, type SearchBudget, type SearchDomain } from '../../src/search/flat.js';
import { PolicyPosterior } from '../../src/search/posterior.js';
import { greedyTakes } from './greedy.js';
import { progress, thresholdTakes, type ThresholdParams } from './threshold.js';

/**
 * The lab's flagship No Thanks! bot: flat Monte Carlo over determinizations that maximises its
 * share of the win (src/search/flat.ts), with a Bayesian model of each opponent.
 *
 * - Each sample re-deals the unseen cards through the game's HiddenSampler (from this seat's
 *   Observation only) and draws every opponent's policy from that opponent's posterior over a
 *   family of rules (threshold rules over a grid of margins and pot weights, greedy, random),
 *   learnt from its public decisions in this game with noise `epsilon` (src/search/posterior.ts).
 * - Both actions are played out on the same sample (common random numbers), the bot's own later
 *   moves by the threshold rule at `selfMargin` / `selfPotWeight`; a candidate clearly behind
 *   after a batch of samples is dropped (progressive pruning), so the budget of `samples` goes to
 *   close decisions.
 * - Utility: win share (ties split) plus `marginWeight` per point of lead over the best opponent.
 *
 * Budgets are in samples, so a seed fixes every decision. The rollouts run on the engine's
 * GameState directly (the No Thanks! fast path; agents/six-nimmt/search.ts and
 * agents/no-thanks-specials/search.ts use the same core on their own forward models).
 */
export interface SearchParams {
  [key: string]: number;
  samples: number;
  epsilon: number;
  z: number;
  marginWeight: number;
  selfMargin: number;
  selfPotWeight: number;
}

export default defineAgent<SearchParams>({
  name: 'search',
  description: 'Flagship: win-share Monte Carlo over re-dealt hidden cards, opponents modelled by a posterior over a family of rules.',
  params: {
    samples: { description: 'most sampled deals per decision (each plays out both actions)', default: 1000, min: 2, max: 20000, integer: true },
    epsilon: { description: 'opponent-model noise: chance a model is taken to deviate from its rule', default: 0.1, min: 0.001, max: 0.5 },
    z: { description: 'prune the trailing action once it is this many standard errors behind (0: never)', default: 2.5, min: 0, max: 10 },
    marginWeight: { description: 'utility per point of lead over the best opponent, beside the win share', default: 0.02, min: 0, max: 1 },
    selfMargin: { description: "threshold margin of the bot's own moves in rollouts", default: 4, min: -40, max: 40 },
    selfPotWeight: { description: "threshold pot weight of the bot's own moves in rollouts", default: 1.5, min: 0, max: 10 },
  },
  create: (p) => new SearchAgent(p),
});

const THRESHOLD = 0;
const GREEDY = 1;
const RANDOM = 2;

/** The opponent family: threshold rules on a grid, then greedy and random. */
const FAMILY: { kind: number; rule: ThresholdParams }[] = [];
for (const margin of [-2, 1, 4, 7, 10]) {
  for (const potWeight of [1, 1.5, 2.5]) FAMILY.push({ kind: THRESHOLD, rule: { cost: 'marginal', margin, potWeight, reserve: 2, bonus: 6, late: 0 } });
}
FAMILY.push({ kind: GREEDY, rule: FAMILY[0]!.rule }, { kind: RANDOM, rule: FAMILY[0]!.rule });
export const OPPONENT_MODELS = FAMILY.length;

/** Whether family model `m` takes (the caller handles "no chips: must take"). */
function modelTakes(m: number, card: number, cost: number, pot: number, chips: number, prog: number, coin: number): boolean {
  const model = FAMILY[m]!;
  if (model.kind === THRESHOLD) return thresholdTakes(model.rule, false, card, cost, pot, chips, prog);
  if (model.kind === GREEDY) return greedyTakes(cost, pot, chips);
  return coin < 0.5;
}

class SearchAgent implements SearchDomain {
  private rules: Rules | undefined;
  private sampler!: HiddenSampler;
  private sim!: GameState;
  private posterior!: PolicyPosterior;
  private readonly search = new FlatSearch(2, 20000);
  private readonly budget: SearchBudget;
  private readonly self: ThresholdParams;
  private deckCards = 0;
  private random!: Random;
  private me = 0;
  players = 0;
  /** Family model per seat for the current sample (the own seat's entry is unused). */
  private readonly seatModel = new Int32Array(16);
  /** The random model's coins, re-keyed per sample so both candidates see the same draws. */
  private readonly coins = new Sfc32();
  private readonly coinKey: SeedKey = { hi: 0, lo: 0 };

  constructor(p: SearchParams) {
    this.budget = { samples: p.samples, batch: 50, minSamples: 100, z: p.z, marginWeight: p.marginWeight };
    this.self = { cost: 'marginal', margin: p.selfMargin, potWeight: p.selfPotWeight, reserve: 2, bonus: 6, late: 0 };
    this.epsilon = p.epsilon;
  }

  private readonly epsilon: number;

  newGame(start: GameStart): void {
    if (this.rules !== start.rules) {
      this.rules = start.rules;
      this.sampler = new HiddenSampler(start.rules);
      this.sim = new GameState(start.rules, false);
      this.deckCards = this.sampler.deckCards;
      this.players = start.rules.players;
      this.posterior = new PolicyPosterior(this.players, OPPONENT_MODELS, this.epsilon);
    }
    // Learn afresh every game, so results depend on the deal only (not on how work was cut).
    this.posterior.reset();
    this.me = start.seat;
    this.random = start.random;
  }

  /** Scores every opponent decision against each model of the family. */
  onEvent(e: Readonly<GameEvent>, obs: Observation): void {
    if (e.seat === this.me) return;
    // The event arrives after the move: rebuild the chips and deck count the opponent decided with.
    const took = e.type === 'take';
    const chips = obs.countedChips(e.seat) + (took ? -e.pot : 1);
    if (chips === 0) return; // a forced take says nothing about the policy
    const cardsLeft = took ? (obs.card === 0 ? 0 : obs.cardsLeft + 1) : obs.cardsLeft;
    const cost = obs.marginalCost(e.seat, e.card);
    const prog = progress(cardsLeft, this.deckCards);
    for (let m = 0; m < OPPONENT_MODELS; m++) {
      if (FAMILY[m]!.kind === RANDOM) this.posterior.observeProbability(e.seat, m, 0.5);
      else this.posterior.observe(e.seat, m, modelTakes(m, e.card, cost, e.pot, chips, prog, 0) === took);
    }
  }

  decide(obs: Observation): 'take' | 'pass' {
    if (obs.myChips === 0) return 'take';
    this.sampler.observe(obs);
    for (let seat = 0; seat < this.players; seat++) if (seat !== this.me) this.posterior.prepare(seat);
    return this.search.run(this, 2, obs.seat, this.random, this.budget) === 0 ? 'take' : 'pass';
  }

  // SearchDomain: candidate 0 takes, 1 passes.

  sample(random: Random): void {
    this.sampler.sample(random);
    for (let seat = 0; seat < this.players; seat++) if (seat !== this.me) this.seatModel[seat] = this.posterior.draw(seat, random());
    this.coinKey.hi = Math.floor(random() * 4294967296);
    this.coinKey.lo = Math.floor(random() * 4294967296);
  }

  playout(index: number): void {
    const s = this.sim;
    s.copyFrom(this.sampler.position);
    if (index === 0) s.take();
    else s.pass();
    this.coins.reset(this.coinKey);
    const { seatModel, deckCards, coins, me, self } = this;
    while (s.card !== 0) {
      const seat = s.current;
      const chips = s.chips[seat]!;
      let takes: boolean;
      if (chips === 0) takes = true;
      else {
        const prog = progress(s.cardsLeft, deckCards);
        const cost = s.marginalCost(seat);
        takes =
          seat === me
            ? thresholdTakes(self, false, s.card, cost, s.pot, chips, prog)
            : modelTakes(seatModel[seat]!, s.card, cost, s.pot, chips, prog, coins.next());
      }
      if (takes) s.take();
      else s.pass();
    }
  }

  score(seat: number): number {
    return this.sim.score(seat);
  }
}
