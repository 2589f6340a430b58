import { protectData, protect } from '../../../game/protect.js';
import { type SeatStream, seatStreamOf } from '../../../game/seed.js';
import { errorFunction } from 'simple-statistics';
import { defineAgent, type GameEvent, type GameStart, type Observation, type Random, type Rules } from '../agent.js';
import { HiddenSampler, deckSize, GameState } from '../kit.js';
import { type DecidedWith, decidedWith } from './decided-with.js';
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
const thresholdDefaults: ThresholdParams = protectData('mc rollout rule', { cost: 'marginal', margin: 4, potWeight: 1.5, reserve: 2, bonus: 6, late: 0 });

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
const eagerTaker: ThresholdParams = protectData('mc eager-taker model', { cost: 'marginal', margin: 10, potWeight: 1, reserve: 0, bonus: 0, late: 0 });
/** Whether a rollout model's decision depends on the game's progress (thresholdTakes: late x progress). */
const MODELS_USE_PROGRESS = thresholdDefaults.late !== 0 || eagerTaker.late !== 0;
const LOG_FIT = Math.log(0.95);
const LOG_MISS = Math.log(0.05);
const LOG_COIN = Math.log(0.5);

/**
 * The rollout models' rules as thresholdTakes parameters by model index, for the rollout loop:
 * threshold and the eager taker are threshold presets, and greedy's rule (marginal cost - pot <=
 * 1) is the preset margin 1, pot weight 1, no reserve. The random model's row is unused.
 */
const modelRule = (m: number): ThresholdParams =>
  m === POLICY_THRESHOLD ? thresholdDefaults : m === POLICY_TAKER ? eagerTaker : m === POLICY_GREEDY ? greedyRule : thresholdDefaults;
const greedyRule: ThresholdParams = protectData('mc greedy model', { cost: 'marginal', margin: 1, potWeight: 1, reserve: -1, bonus: 0, late: 0 });
const MODEL_MARGIN = Float64Array.from({ length: MODELS }, (_, m) => modelRule(m).margin);
const MODEL_POT_WEIGHT = Float64Array.from({ length: MODELS }, (_, m) => modelRule(m).potWeight);
const MODEL_RESERVE = Float64Array.from({ length: MODELS }, (_, m) => modelRule(m).reserve);
const MODEL_BONUS = Float64Array.from({ length: MODELS }, (_, m) => modelRule(m).bonus);
const MODEL_LATE = Float64Array.from({ length: MODELS }, (_, m) => modelRule(m).late);

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

/**
 * mc's evaluation of a decision, shared by the mc bot and by search's replica of mc (which runs it
 * from an opponent's seat to predict that opponent's move on the current card). It keeps mc's
 * opinion of every seat it has seen decide (the likelihood of each rollout model) and plays both
 * actions out from a sampler's position for the seat to move there.
 */
export class McEvaluator {
  /** Log-likelihood of each model per seat: seat * MODELS + model. */
  private readonly fit = new Float64Array(8 * MODELS);
  private readonly move: DecidedWith = { chips: 0, cost: 0, prog: 0 };
  /** Rollout policy per seat for the decision being evaluated. */
  private readonly seatPolicy = new Int32Array(8);
  private readonly sim: GameState;
  private readonly deckCards: number;
  /** Sums over the last evaluate()'s rollouts of the objective after taking and after passing, and of (take - pass)^2. */
  takeSum = 0;
  passSum = 0;
  diffSquares = 0;

  /** `policy`: a model index for every seat, or -1 for adaptive (own seat threshold, others as fitted). */
  constructor(
    rules: Rules,
    private readonly policy: number,
    private readonly objective: 'score' | 'margin' | 'win',
  ) {
    this.sim = new GameState(rules, false);
    this.deckCards = deckSize(rules);
    this.seatPolicy.fill(policy < 0 ? POLICY_THRESHOLD : policy);
  }

  /** Forgets every seat's fit (a new game). */
  reset(): void {
    this.fit.fill(0);
  }

  /** Scores one public decision of `e.seat` against each candidate model (adaptive policy only). */
  observe(e: Readonly<GameEvent>, obs: Observation): void {
    if (this.policy >= 0 || !decidedWith(e, obs, this.move)) return;
    const took = e.type === 'take';
    const { chips, cost, prog } = this.move;
    const row = e.seat * MODELS;
    for (let m = 0; m < MODELS; m++) {
      if (m === POLICY_RANDOM) this.fit[row + m]! += LOG_COIN;
      else this.fit[row + m]! += modelTakes(m, e.card, cost, e.pot, chips, prog, noCoin) === took ? LOG_FIT : LOG_MISS;
    }
  }

  /**
   * Plays `rollouts` samples of `sampler` (whose position is loaded for the seat to move) out after
   * a take and after a pass, filling takeSum, passSum and diffSquares.
   */
  evaluate(sampler: HiddenSampler, rollouts: number, random: Random): void {
    const position = sampler.position;
    const seat = position.current;
    if (this.policy < 0) this.chooseModels(seat, position.players);
    const sim = this.sim;
    const stream = seatStreamOf(random);
    let take = 0;
    let pass = 0;
    let squares = 0;
    for (let r = 0; r < rollouts; r++) {
      sampler.sample(random, stream);
      sim.copyFrom(position);
      sim.take();
      this.rollout(random, stream);
      const t = this.value(seat);
      take += t;
      sim.copyFrom(position);
      sim.pass();
      this.rollout(random, stream);
      const p = this.value(seat);
      pass += p;
      squares += (t - p) * (t - p);
    }
    this.takeSum = take;
    this.passSum = pass;
    this.diffSquares = squares;
  }

  /**
   * The chance that an mc with `realRollouts` rollouts, to move in `sampler`'s position, takes,
   * estimated from `rollouts` rollouts of this one (mc's moves are noisy near its boundary). The
   * real mc takes when its mean difference take - pass is <= 0; given this estimate d of that mean
   * and the variance v of one rollout's difference, its estimate is about normal around d with
   * variance v/rollouts + v/realRollouts.
   */
  takeChance(sampler: HiddenSampler, rollouts: number, random: Random, realRollouts: number): number {
    this.evaluate(sampler, rollouts, random);
    const d = (this.takeSum - this.passSum) / rollouts;
    const v = Math.max(0, this.diffSquares / rollouts - d * d) * (rollouts / Math.max(1, rollouts - 1));
    const spread = Math.sqrt(v / rollouts + v / realRollouts);
    return spread === 0 ? (d <= 0 ? 1 : 0) : 0.5 * (1 - errorFunction(d / spread / Math.SQRT2));
  }

  /** Every other seat plays the model that best explains its decisions so far; `seat` plays the threshold preset. */
  private chooseModels(seat: number, players: number): void {
    for (let other = 0; other < players; other++) {
      let best = POLICY_THRESHOLD;
      if (other !== seat) for (let m = 1; m < MODELS; m++) if (this.fit[other * MODELS + m]! > this.fit[other * MODELS + best]!) best = m;
      this.seatPolicy[other] = best;
    }
  }

  /**
   * Plays the sim out to the end, every seat with its model. The engine's take() and pass() with
   * the models' rules written out over local copies of the position's scalars: a call per step
   * (modelTakes, thresholdTakes, marginalCost, take, pass) kept V8 from holding them in registers,
   * and this loop is most of mc's time. It does exactly what take() and pass() do (no history:
   * the sim logs none) and what modelTakes decides (the models' parameters in MODEL_* tables; the
   * random model's coin drawn only with chips left, as modelTakes does); agents.test.ts checks it
   * against them on many positions.
   * `stream`: the SeatStream behind `random` when the lab made it (its draws, called as a method).
   */
  private rollout(random: Random, stream: SeatStream | undefined): void {
    const s = this.sim;
    const { seatPolicy, deckCards } = this;
    const { owner, chips, cardPoints, display, cards, players, deckEnd, minCard } = s;
    let card = s.card;
    let pot = s.pot;
    let seat = s.current;
    let next = s.next;
    let decisions = s.decisions;
    while (card !== 0) {
      const mine = chips[seat]!;
      const me = seat + 1;
      // What taking adds to this seat's card points (GameState.marginalCost).
      const cost = (owner[card - 1] === me ? 0 : card) - (owner[card + 1] === me ? card + 1 : 0);
      let takes = true;
      if (mine !== 0) {
        const policy = seatPolicy[seat]!;
        if (policy === POLICY_RANDOM) takes = (stream !== undefined ? stream.next() : random()) < 0.5;
        else {
          // thresholdTakes: margin + late x progress, plus the bonus at or below the reserve.
          let margin = MODELS_USE_PROGRESS ? MODEL_MARGIN[policy]! + MODEL_LATE[policy]! * progress(deckEnd - next - 1, deckCards) : MODEL_MARGIN[policy]!;
          if (mine <= MODEL_RESERVE[policy]!) margin += MODEL_BONUS[policy]!;
          takes = cost - MODEL_POT_WEIGHT[policy]! * pot <= margin;
        }
      }
      decisions++;
      if (takes) {
        // take(): the card into the display (points, bitmask, owner index), the pot to the taker.
        cardPoints[seat]! += cost;
        const i = card - minCard;
        display[seat * 2 + (i >>> 5)]! |= 1 << (i & 31);
        owner[card] = me;
        chips[seat] = mine + pot;
        pot = 0;
        next++;
        card = next < deckEnd ? cards[next]! : 0;
      } else {
        // pass(): a chip onto the card, the decision moves left.
        chips[seat] = mine - 1;
        pot++;
        seat = me === players ? 0 : me;
      }
    }
    s.card = card;
    s.pot = pot;
    s.current = seat;
    s.next = next;
    s.decisions = decisions;
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

/** The coin of a model that needs none (scoring past decisions never asks the random model). */
const noCoin = (): number => 0.5;

class McAgent {
  private rules: Rules | undefined;
  private sampler!: HiddenSampler;
  private evaluator!: McEvaluator;
  private me = 0;
  private random!: Random;

  constructor(private readonly p: McParams) {}

  newGame(start: GameStart): void {
    if (this.rules !== start.rules) {
      this.rules = start.rules;
      this.sampler = new HiddenSampler(start.rules);
      const policy = this.p.policy === 'adaptive' ? -1 : ['threshold', 'greedy', 'random'].indexOf(this.p.policy);
      this.evaluator = new McEvaluator(start.rules, policy, this.p.objective as 'score' | 'margin' | 'win');
    }
    // Learn afresh every game: which games a bot instance plays before this one depends on how the
    // tournament cut its work, and results must depend on the deal only.
    this.evaluator.reset();
    this.me = start.seat;
    this.random = start.random;
  }

  onEvent(e: Readonly<GameEvent>, obs: Observation): void {
    if (e.seat !== this.me) this.evaluator.observe(e, obs);
  }

  decide(obs: Observation): 'take' | 'pass' {
    if (obs.myChips === 0) return 'take';
    this.sampler.observe(obs);
    this.evaluator.evaluate(this.sampler, this.p.rollouts, this.random);
    return this.evaluator.takeSum <= this.evaluator.passSum ? 'take' : 'pass';
  }
}

// Frozen before a bot file loads (src/game/protect.ts): made only once a bot plays, so not reached through the built-in bots' fields.
protect(McEvaluator);
