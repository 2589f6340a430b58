import { protectData } from '../../../game/protect.js';
import { defineAgent, GAME_ID, type GameEvent, type GameStart, type Observation, type Random, type Rules } from '../agent.js';
import { actions, HiddenSampler, GameState, PASS, SeatView, TAKE, tensor } from '../kit.js';
import { checkGuide, GUIDE_MODEL, NetGuide } from '../../../net/net-guide.js';
import { openModel, type OnnxModel } from '../../../net/onnx-session.js';
import { Sfc32, type SeedKey } from '../../../game/seed.js';
import { FlatSearch, type SearchBudget, type SearchDomain, winShareUtility } from '../../../search/flat.js';
import { OnlineLogit } from '../../../search/online-logit.js';
import { PolicyPosterior } from '../../../search/posterior.js';
import { errorFunction } from 'simple-statistics';
import { type DecidedWith, decidedWith } from './decided-with.js';
import { greedyTakes } from './greedy.js';
import { McEvaluator } from './mc.js';
import { progress, thresholdTakes, type ThresholdParams } from './threshold.js';

/**
 * The lab's flagship No Thanks! bot: flat Monte Carlo over determinizations that maximises its
 * share of the win (src/search/flat.ts), with a Bayesian model of each opponent.
 *
 * - Each sample re-deals the unseen cards through the game's HiddenSampler (from this seat's
 *   Observation only) and draws every opponent's policy from that opponent's posterior over a
 *   family of rules (threshold rules over a grid of margins and pot weights, greedy, random, a
 *   gambler who takes more the further behind it is, a logistic model fitted online to that
 *   opponent's moves and, with `mcModel`, a model of the lab's mc bot), learnt from its public
 *   decisions in this game
 *   with noise `epsilon` (src/search/posterior.ts). The mc model is a replica of mc's own
 *   evaluation (mc.ts McEvaluator, run from the opponent's seat) where it matters most, for the
 *   opponents' moves on the current card and for scoring their moves, and a rule fitted to mc's
 *   moves elsewhere in the playouts, where the replica would cost too much.
 * - Both actions are played out on the same sample (common random numbers), the bot's own later
 *   moves by the threshold rule at `selfMargin` / `selfPotWeight`; a candidate clearly behind
 *   after a batch of samples is dropped (progressive pruning, first looked at after `minSamples`
 *   samples, then every `batch`), so the budget of `samples` goes to close decisions.
 * - Utility: win share (ties split) plus `marginWeight` per point of lead over the best opponent.
 *
 * Budgets are in samples, so a seed fixes every decision. The rollouts run on the engine's
 * GameState directly (the No Thanks! fast path; src/games/6-nimmt/bots/search.ts and
 * src/games/no-thanks-specials/bots/search.ts use the same core on their own forward models).
 */
export interface SearchParams {
  [key: string]: number | string;
  samples: number;
  epsilon: number;
  z: number;
  marginWeight: number;
  selfMargin: number;
  selfPotWeight: number;
  mcModel: number;
  replica: number;
  mcPrior: number;
  replicaStop: number;
  fitPrior: number;
  fitRidge: number;
  gamblerPrior: number;
  minSamples: number;
  batch: number;
  lookahead: number;
  plans: number;
  planMc: number;
  deepScale: number;
  deepZ: number;
  maxMoves: number;
  model: string;
  netPrior: number;
  netPlayout: string;
  netLeaf: number;
}

/** The net guide's game: this game's encoder and action ids (the net bot's). */
const NET_GAME = { id: GAME_ID, name: 'No Thanks!', tensor, actions };

/** What the net options ask of the model. */
function guideUse(p: SearchParams): { on: boolean; value: boolean } {
  return { on: p.netPrior > 0 || p.netPlayout !== 'off' || p.netLeaf > 0, value: p.netLeaf > 0 };
}

/** Most returns of the current card the search plans for (lookahead): root candidates are lookahead + 2. */
const MAX_LOOKAHEAD = 3;

export default defineAgent<SearchParams>({
  name: 'search',
  description: "Flagship: win-share Monte Carlo over re-dealt hidden cards, opponents modelled by a posterior over a family of rules and the lab's mc.",
  params: {
    samples: { description: 'most sampled deals per decision (each plays out both actions)', default: 1000, min: 2, max: 20000, integer: true },
    epsilon: { description: 'opponent-model noise: chance a model is taken to deviate from its rule', default: 0.1, min: 0.001, max: 0.5 },
    minSamples: { description: 'samples before the first pruning check', default: 40, min: 2, max: 20000, integer: true },
    batch: { description: 'samples between pruning checks', default: 20, min: 1, max: 20000, integer: true },
    z: { description: 'prune the trailing action once it is this many standard errors behind (0: never)', default: 2.5, min: 0, max: 10 },
    marginWeight: { description: 'utility per point of lead over the best opponent, beside the win share', default: 0.05, min: 0, max: 1 },
    selfMargin: { description: "threshold margin of the bot's own moves in rollouts", default: 4, min: -40, max: 40 },
    selfPotWeight: { description: "threshold pot weight of the bot's own moves in rollouts", default: 1.5, min: 0, max: 10 },
    mcModel: { description: "1: the opponent family also holds a model of the lab's mc bot; 0: rules only", default: 1, min: 0, max: 1, integer: true },
    replica: {
      description:
        "rollouts of the mc model's replica of mc, run from an opponent's seat for its moves on the current card and for scoring its moves (0: the fitted rule alone)",
      default: 100,
      min: 0,
      max: 2000,
      integer: true,
    },
    mcPrior: { description: 'prior weight of the mc model in each opponent posterior (the other models share the rest)', default: 0.5, min: 0.001, max: 0.99 },
    replicaStop: {
      description:
        'the replica stops after a chunk of 10 rollouts once its take - pass estimate is this many standard errors from 0 (0: always all `replica` rollouts)',
      default: 3,
      min: 0,
      max: 10,
    },
    fitPrior: { description: 'prior weight of the online-fitted logistic model in each opponent posterior (0: not used)', default: 0.2, min: 0, max: 0.9 },
    fitRidge: {
      description: "precision of the fitted model's Gaussian prior around its starting weights (higher: slower to move)",
      default: 1,
      min: 0.01,
      max: 100,
    },
    gamblerPrior: {
      description: 'prior weight of the gambler model (a player who stakes everything once behind; 0: not used) in each opponent posterior',
      default: 0.5,
      min: 0,
      max: 0.9,
    },
    lookahead: {
      description:
        "the bot's own moves when the current card comes back to it, planned by the search (root candidates: take, pass then take on return 1..lookahead, pass through them all; 0: its rollout rule)",
      default: 0,
      min: 0,
      max: MAX_LOOKAHEAD,
      integer: true,
    },
    plans: {
      description:
        'which lookahead plans: 0 all; 1 only when its rule would pass the card on its first return (plans that take it sooner); 2 only when the rule would take it then (plans that keep passing it)',
      default: 0,
      min: 0,
      max: 2,
      integer: true,
    },
    planMc: {
      description:
        "the deeper search (lookahead plans, deepScale and deepZ) only while the opponents' mean posterior weight of the mc model is below this (1: always)",
      default: 1,
      min: 0,
      max: 1,
    },
    deepScale: { description: 'most samples of the deeper search, as a multiple of `samples` (1: samples)', default: 1, min: 1, max: 20 },
    deepZ: { description: 'pruning z of the deeper search (0: z)', default: 0, min: 0, max: 10 },
    maxMoves: {
      description:
        'most moves (takes and passes) played in playouts per decision (0: no cap): the search stops drawing samples there; a count, not a clock (docs/notes/speed.md, "Time per decision: the tail")',
      // Uncapped (the default, which the measured tables describe), its first cards play up to about
      // 227,000 moves (12-13 ms here); 150,000 is about 8.5 ms.
      default: 0,
      min: 0,
      max: 100_000_000,
      integer: true,
    },
    model: GUIDE_MODEL,
    netPrior: {
      description:
        "net guide: utility per unit of the model's log-probability of each root action, added to its mean at the pick (0: off); the close decisions go the model's way",
      default: 0,
      min: 0,
      max: 10,
    },
    netPlayout: {
      description:
        "net guide: who plays by the model's best legal action in the playouts: the bot's own later moves (self), the opponents (instead of the posterior's draws), all, or nobody (off). A model call costs about as much as a whole playout",
      default: 'off',
      choices: ['off', 'self', 'opponents', 'all'],
    },
    netLeaf: {
      description:
        "net guide: playouts stop at the bot's first turn after this many moves and take the model's value head there (its win share) as the outcome (0: played to the end)",
      default: 0,
      min: 0,
      max: 1000,
      integer: true,
    },
  },
  create: (p) => new SearchAgent(p, p.model === '' ? undefined : openModel(p.model)),
  check: (p, rules) => checkGuide(NET_GAME, p.model, rules as Rules, guideUse(p)),
});

const THRESHOLD = 0;
const GREEDY = 1;
const RANDOM = 2;
const MC_LIKE = 3;
const FITTED = 4;
const GAMBLER = 5;

/**
 * The mc-like model: takes with probability sigmoid(w . [1, cost, pot, chips <= 2, progress, chips])
 * (cost = marginal cost). Fitted by logistic regression to the decisions of mc (default settings)
 * in games of one search and mc elsewhere, seed 7: 23,407 decisions at 5 players, 14,626 at 3.
 * mc's moves are noisy near its boundary (its 300 rollouts): the best threshold rule on a grid
 * predicts 87% of them at 5 players (82% at 3), so a probability explains mc better than a rule
 * with noise epsilon 0.1 (log-likelihood -0.31 vs about -0.39 a move at 5 players). The fit also
 * shows what the threshold grid cannot say: mc takes less the later in the deck and the more chips
 * it holds. 4 players use the mean of the 3- and 5-player weights; 6-7 the 5-player ones.
 * Against a bot that is not mc the posterior simply moves its weight to the rules that fit better.
 * With `replica`, the mc model is sharper where it matters most (see SearchAgent.predictCircuit).
 */
const MC_LIKE_3 = [0.6057, -0.0873, 0.0843, 0.4066, -1.3155, -0.0557];
const MC_LIKE_5 = [1.1982, -0.1252, 0.1804, 0.955, -2.1171, -0.0872];

/** The mc-like model's weights for `players` into `w`. */
export function mcLikeWeights(players: number, w: Float64Array): void {
  for (let i = 0; i < 6; i++) w[i] = players <= 3 ? MC_LIKE_3[i]! : players >= 5 ? MC_LIKE_5[i]! : (MC_LIKE_3[i]! + MC_LIKE_5[i]!) / 2;
}

/** The mc-like model's probability of taking (with chips left). */
export function mcLikeTakes(w: Float64Array, cost: number, pot: number, chips: number, prog: number): number {
  const z = w[0]! + w[1]! * cost + w[2]! * pot + (chips <= 2 ? w[3]! : 0) + w[4]! * prog + w[5]! * chips;
  return 1 / (1 + Math.exp(-z));
}

/**
 * The gambler model: a player who, once behind, stakes everything on a long shot and takes cards
 * (pushing the game to its end), more so the later it is and the further behind. It takes with
 * probability sigmoid(w . [1, cost, pot, chips <= 2, progress, chips, gap, gap x progress]), costs,
 * pot and chips in tens, gap = max(0, its score - the best other score) / 10. A behaviour class,
 * not a bot's code: the weights are a logistic fit to the moves of `mc:objective=win` (mc playing
 * for the win: it passes almost everything until it is out of chips or out of the race, then takes
 * every card it is shown, which ends the game in one sweep), seed diag2 (5 players, 11,910
 * decisions) and diag3 (3 players, 16,288), games of one search against mc:objective=win elsewhere.
 * The gap terms are what none of the other models has: log-likelihood -0.34 a move against -0.40
 * for the same fit without them at 5 players (-0.43 / -0.48 at 3). 4 players use the mean.
 */
const GAMBLER_3 = [0.4135, -0.6099, 0.3756, 0.4953, -1.7229, -0.4462, -0.3894, 1.029];
const GAMBLER_5 = [0.4411, -0.954, 0.9498, 0.7655, -0.8647, -0.7829, -0.3575, 1.6096];
const GAMBLER_FEATURES = 8;

/** The gambler model's weights for `players` into `w`. */
export function gamblerWeights(players: number, w: Float64Array): void {
  for (let i = 0; i < GAMBLER_FEATURES; i++) w[i] = players <= 3 ? GAMBLER_3[i]! : players >= 5 ? GAMBLER_5[i]! : (GAMBLER_3[i]! + GAMBLER_5[i]!) / 2;
}

/** The gambler model's probability of taking (with chips left); `gap`: its score minus the best other score. */
export function gamblerTakes(w: Float64Array, cost: number, pot: number, chips: number, prog: number, gap: number): number {
  const g = gap > 0 ? gap / 10 : 0;
  const z = w[0]! + (w[1]! * cost) / 10 + (w[2]! * pot) / 10 + (chips <= 2 ? w[3]! : 0) + w[4]! * prog + (w[5]! * chips) / 10 + w[6]! * g + w[7]! * g * prog;
  return 1 / (1 + Math.exp(-z));
}

/** Features of the fitted model (OnlineLogit): [1, cost, pot, chips <= 2, progress, chips], costs and chips in tens. */
const FIT_FEATURES = 6;
/** Decisions of one opponent the fitted model keeps per game (a seat makes about 30 at most). */
const FIT_CAPACITY = 128;

/** The fitted model's features of a decision into `x`. */
function logitFeatures(x: Float64Array, cost: number, pot: number, chips: number, prog: number): void {
  x[0] = 1;
  x[1] = cost / 10;
  x[2] = pot / 10;
  x[3] = chips <= 2 ? 1 : 0;
  x[4] = prog;
  x[5] = chips / 10;
}

/** The fitted model's chance of taking, from the weights of one seat at `w[at..at+5]` (logitFeatures, inlined for the playouts). */
function logitTakes(w: Float64Array, at: number, cost: number, pot: number, chips: number, prog: number): number {
  const z = w[at]! + (w[at + 1]! * cost) / 10 + (w[at + 2]! * pot) / 10 + (chips <= 2 ? w[at + 3]! : 0) + w[at + 4]! * prog + (w[at + 5]! * chips) / 10;
  return 1 / (1 + Math.exp(-z));
}

/**
 * The fitted model's starting weights: the mc-like rule's, in the fitted model's units. It is a
 * prior only (a competent player's broad shape: takes when the cost is low or the pot high), which
 * the opponent's own moves then move; the fitted model never runs mc's code.
 */
function logitPrior(players: number, out: Float64Array): void {
  const w = new Float64Array(6);
  mcLikeWeights(players, w);
  out.set([w[0]!, w[1]! * 10, w[2]! * 10, w[3]!, w[4]!, w[5]! * 10]);
}

/**
 * The opponent family: threshold rules on a grid, then greedy and random, then the gambler model
 * (with gamblerPrior > 0), then the online-fitted logistic model (with fitPrior > 0; see
 * OnlineLogit), then the mc model (with mcModel only).
 */
const FAMILY: { kind: number; rule: ThresholdParams }[] = [];
for (const margin of [-2, 1, 4, 7, 10]) {
  for (const potWeight of [1, 1.5, 2.5]) FAMILY.push({ kind: THRESHOLD, rule: { cost: 'marginal', margin, potWeight, reserve: 2, bonus: 6, late: 0 } });
}
FAMILY.push({ kind: GREEDY, rule: FAMILY[0]!.rule }, { kind: RANDOM, rule: FAMILY[0]!.rule });
/** Models of the family with an equal share of the prior: the rules, greedy and random. */
const PLAIN_MODELS = FAMILY.length;
FAMILY.push({ kind: GAMBLER, rule: FAMILY[0]!.rule });
FAMILY.push({ kind: FITTED, rule: FAMILY[0]!.rule }, { kind: MC_LIKE, rule: FAMILY[0]!.rule });
protectData('search opponent models', FAMILY);
export const OPPONENT_MODELS = FAMILY.length;
/** The family index of the gambler model. */
export const GAMBLER_MODEL = OPPONENT_MODELS - 3;
/** The family index of the fitted model. */
export const FITTED_MODEL = OPPONENT_MODELS - 2;
/** The family index of the mc model. */
const MC_MODEL = OPPONENT_MODELS - 1;
/** Rollouts per chunk of the replica when it may stop early (replicaStop > 0). */
const REPLICA_CHUNK = 10;
/** Rollouts the replica takes the real mc to play (mc's default): how noisy its moves are. */
const MC_ROLLOUTS = 300;
/** Below this posterior weight of the mc model an opponent is not worth running the replica for. */
const MC_NEGLIGIBLE = 0.001;

/**
 * Whether family model `m` takes (the caller handles "no chips: must take"); `mcLike` holds the
 * mc-like weights, `fitted` the fitted model's weights for the seat (OnlineLogit.weightsOf).
 */
function modelTakes(
  m: number,
  card: number,
  cost: number,
  pot: number,
  chips: number,
  prog: number,
  coin: number,
  mcLike: Float64Array,
  fitted: Float64Array,
  fittedAt: number,
  gambler: Float64Array,
  gap: number,
): boolean {
  const model = FAMILY[m]!;
  if (model.kind === THRESHOLD) return thresholdTakes(model.rule, false, card, cost, pot, chips, prog);
  if (model.kind === GREEDY) return greedyTakes(cost, pot, chips);
  if (model.kind === MC_LIKE) return coin < mcLikeTakes(mcLike, cost, pot, chips, prog);
  if (model.kind === FITTED) return coin < logitTakes(fitted, fittedAt, cost, pot, chips, prog);
  if (model.kind === GAMBLER) return coin < gamblerTakes(gambler, cost, pot, chips, prog, gap);
  return coin < 0.5;
}

class SearchAgent implements SearchDomain {
  private rules: Rules | undefined;
  private sampler!: HiddenSampler;
  private sim!: GameState;
  private posterior!: PolicyPosterior;
  private readonly search = new FlatSearch(MAX_LOOKAHEAD + 2, 20000);
  private readonly budget: SearchBudget;
  /** The budget of the deeper search (deepScale, deepZ), and whether it differs from `budget`. */
  private readonly deepBudget: SearchBudget;
  private readonly deepens: boolean;
  private readonly self: ThresholdParams;
  private readonly epsilon: number;
  private deckCards = 0;
  private random!: Random;
  private me = 0;
  players = 0;
  /** Family model per seat for the current sample (the own seat's entry is unused). */
  private readonly seatModel = new Int32Array(16);
  /** The random model's coins, re-keyed per sample so both candidates see the same draws. */
  private readonly coins = new Sfc32();
  private readonly coinKey: SeedKey = { hi: 0, lo: 0 };
  /** Models in use: the whole family with mcModel, else all but the mc model (the last). */
  private readonly models: number;
  private readonly mcPrior: number;
  private readonly mcLike = new Float64Array(6);
  private readonly gambler = new Float64Array(GAMBLER_FEATURES);
  private readonly gamblerPrior: number;
  private readonly move: DecidedWith = { chips: 0, cost: 0, prog: 0 };
  /**
   * The mc model's replica of mc (replica > 0): mc's own evaluation, with its own sampler, and its
   * opinion of every seat (this one too: an mc opponent models it like anyone else).
   */
  private readonly replicaRollouts: number;
  private replicaSampler: HiddenSampler | undefined;
  private replica: McEvaluator | undefined;
  /** The replica's chance that `pendingSeat`, to move now, takes; for scoring its move. -1: none. */
  private pendingSeat = -1;
  private pendingTakes = 0;
  /**
   * For this decision: the replica's chance that the opponent to move after `step` passes on the
   * current card takes it, if everyone passed until then (the card's first circuit); NaN where not
   * worked out (the mc model is negligible for that opponent, or a forced take comes first).
   */
  private readonly circuitTakes = new Float64Array(16);
  /** The seat to move at each step of circuitTakes. */
  private readonly circuitSeat = new Int32Array(16);
  private rootCard = 0;
  private rootPot = 0;
  /** Chunked replica (replicaStop > 0): the z at which it stops early. */
  private readonly replicaStop: number;
  /** The online-fitted model of every seat, its starting weights and a features scratch. */
  private fit!: OnlineLogit;
  private readonly fitPrior: number;
  private readonly fitRidge: number;
  private readonly fitStart = new Float64Array(FIT_FEATURES);
  private readonly fitX = new Float64Array(FIT_FEATURES);
  /** Returns of the current card planned at the root (lookahead): candidates 1..lookahead + 1 all pass now. */
  private readonly lookahead: number;
  private readonly plans: number;
  private readonly planMc: number;
  /** Returns planned for the current decision (lookahead, or 0 where `plans` rules them out). */
  private planned = 0;
  /**
   * The last pass candidate played on the current sample (0: none yet) and the returns of the
   * current card it reached: candidate c differs from c - 1 only from return c - 1 on, so when c - 1
   * never got there the sim already holds c's playout.
   */
  private lastPass = 0;
  private lastReturns = 0;
  /** Takes and passes played in this decision's playouts (SearchDomain.work, for the maxMoves cap). */
  private moves = 0;
  /** The net options: the guide (made by newGame for its rules), each seat's view of the sim for it, and what it does. */
  private guide: NetGuide<Rules, Observation> | undefined;
  private views: Observation[] = [];
  private readonly use: { on: boolean; value: boolean };
  private readonly netPrior: number;
  private readonly netSelf: boolean;
  private readonly netOthers: boolean;
  private readonly netLeaf: number;
  /** netPrior: the bias of each root candidate (netPrior x the model's log-probability of its first move), and the log-probabilities by action id. */
  private readonly bias = new Float64Array(MAX_LOOKAHEAD + 2);
  private readonly logPolicy = new Float64Array(2);
  /** netLeaf: whether the last playout stopped before the end, and the model's value where it did. */
  private truncated = false;
  private leafValue = 0;
  /** SearchDomain.utility, with netLeaf only (without it the search scores the finished playout itself). */
  readonly utility?: (me: number) => number;

  constructor(
    p: SearchParams,
    private readonly model: OnnxModel | undefined,
  ) {
    this.use = guideUse(p);
    this.netPrior = p.netPrior;
    this.netSelf = p.netPlayout === 'self' || p.netPlayout === 'all';
    this.netOthers = p.netPlayout === 'opponents' || p.netPlayout === 'all';
    this.netLeaf = p.netLeaf;
    if (p.netLeaf > 0) this.utility = (me) => (this.truncated ? this.leafValue : winShareUtility(this, me, this.budget.marginWeight));
    this.budget = { samples: p.samples, batch: p.batch, minSamples: p.minSamples, z: p.z, marginWeight: p.marginWeight };
    this.self = { cost: 'marginal', margin: p.selfMargin, potWeight: p.selfPotWeight, reserve: 2, bonus: 6, late: 0 };
    this.epsilon = p.epsilon;
    this.models = p.mcModel === 1 ? OPPONENT_MODELS : OPPONENT_MODELS - 1;
    this.mcPrior = p.mcPrior;
    this.replicaRollouts = p.mcModel === 1 ? p.replica : 0;
    this.replicaStop = p.replicaStop;
    this.fitPrior = p.fitPrior;
    this.fitRidge = p.fitRidge;
    this.gamblerPrior = p.gamblerPrior;
    this.lookahead = p.lookahead;
    this.plans = p.plans;
    this.planMc = p.planMc;
    // With plans (lookahead), the decision is taken once take or every pass plan is out.
    if (p.lookahead > 0) this.budget.groups = Int32Array.from({ length: p.lookahead + 2 }, (_, c) => (c === 0 ? 0 : 1));
    if (p.maxMoves > 0) this.budget.maxWork = p.maxMoves;
    this.deepBudget = { ...this.budget, samples: Math.min(20000, Math.round(p.samples * p.deepScale)), z: p.deepZ > 0 ? p.deepZ : p.z };
    this.deepens = this.deepBudget.samples !== p.samples || this.deepBudget.z !== p.z;
  }

  newGame(start: GameStart): void {
    if (this.rules !== start.rules) {
      this.rules = start.rules;
      this.sampler = new HiddenSampler(start.rules);
      this.sim = new GameState(start.rules, false);
      this.deckCards = this.sampler.deckCards;
      this.players = start.rules.players;
      this.posterior = new PolicyPosterior(this.players, this.models, this.epsilon);
      // Prior: the mc model mcPrior (with mcModel), the fitted model fitPrior of the rest, the
      // gambler gamblerPrior of what that leaves, the rules, greedy and random share the remainder.
      const withMc = this.models === OPPONENT_MODELS;
      const rest = withMc ? 1 - this.mcPrior : 1;
      const plain = rest * (1 - this.fitPrior) * (1 - this.gamblerPrior);
      const prior = new Float64Array(this.models).fill(Math.log(plain / PLAIN_MODELS));
      prior[FITTED_MODEL] = Math.log(rest * this.fitPrior); // -Infinity with fitPrior 0: never drawn
      prior[GAMBLER_MODEL] = Math.log(rest * (1 - this.fitPrior) * this.gamblerPrior); // likewise with gamblerPrior 0
      if (withMc) prior[MC_MODEL] = Math.log(this.mcPrior);
      this.posterior.setPrior(prior);
      mcLikeWeights(this.players, this.mcLike);
      gamblerWeights(this.players, this.gambler);
      logitPrior(this.players, this.fitStart);
      this.fit = new OnlineLogit(this.players, FIT_FEATURES, FIT_CAPACITY, this.fitRidge);
      if (this.replicaRollouts > 0) {
        this.replicaSampler = new HiddenSampler(start.rules);
        this.replica = new McEvaluator(start.rules, -1, 'score');
      }
      // A model without a net option, or a net option without a model, is refused here in one line.
      if (this.use.on || this.model !== undefined) {
        this.guide = new NetGuide(NET_GAME, this.model, start.rules, this.use);
        this.views = Array.from({ length: this.players }, (_, seat) => new SeatView(this.sim, seat));
      }
    }
    // Learn afresh every game, so results depend on the deal only (not on how work was cut).
    this.posterior.reset();
    this.fit.reset(this.fitStart);
    this.replica?.reset();
    this.pendingSeat = -1;
    this.me = start.seat;
    this.random = start.random;
  }

  /** Scores every opponent decision against each model of the family. */
  onEvent(e: Readonly<GameEvent>, obs: Observation): void {
    this.replica?.observe(e, obs);
    const predicted = this.pendingSeat === e.seat ? this.pendingTakes : -1;
    if (e.seat !== this.me) this.learnFrom(e, obs, predicted);
    if (this.replica !== undefined) this.predictNext(obs);
  }

  private learnFrom(e: Readonly<GameEvent>, obs: Observation, predicted: number): void {
    if (!decidedWith(e, obs, this.move)) return;
    const took = e.type === 'take';
    const { chips, cost, prog } = this.move;
    const x = this.fitX;
    logitFeatures(x, cost, e.pot, chips, prog);
    for (let m = 0; m < this.models; m++) {
      const kind = FAMILY[m]!.kind;
      if (kind === RANDOM) this.posterior.observeProbability(e.seat, m, 0.5);
      else if (kind === GAMBLER) {
        if (this.gamblerPrior === 0) continue;
        const p = gamblerTakes(this.gambler, cost, e.pot, chips, prog, this.gapBefore(e, obs, cost, chips));
        this.posterior.observeProbability(e.seat, m, took ? p : 1 - p);
      } else if (kind === MC_LIKE) {
        const p = predicted >= 0 ? predicted : mcLikeTakes(this.mcLike, cost, e.pot, chips, prog);
        this.posterior.observeProbability(e.seat, m, took ? p : 1 - p);
      } else if (kind === FITTED) {
        if (this.fitPrior === 0) continue;
        // Prequential: the fit made before this move predicts it; kept off 0 and 1 like the replica.
        const p = Math.min(0.98, Math.max(0.02, this.fit.predict(e.seat, x)));
        this.posterior.observeProbability(e.seat, m, took ? p : 1 - p);
      } else this.posterior.observe(e.seat, m, modelTakes(m, e.card, cost, e.pot, chips, prog, 0, this.mcLike, this.fit.weights, 0, this.gambler, 0) === took);
    }
    if (this.fitPrior > 0) this.fit.add(e.seat, x, took);
  }

  /**
   * The score of `e.seat` before its move `e` (with `cost` and `chips` as it decided) minus the best
   * score of the others (their cards are public, their chips counted from the public history).
   */
  private gapBefore(e: Readonly<GameEvent>, obs: Observation, cost: number, chips: number): number {
    const points = obs.cardPoints(e.seat) - (e.type === 'take' ? cost : 0);
    let best = Infinity;
    for (let seat = 0; seat < this.players; seat++) if (seat !== e.seat) best = Math.min(best, obs.cardPoints(seat) - obs.countedChips(seat));
    return points - chips - best;
  }

  /**
   * The replica's chance that the seat to move in `sampler`'s position takes. With replicaStop,
   * it plays chunks of REPLICA_CHUNK rollouts and stops once take - pass is replicaStop standard
   * errors from 0: mc's clear decisions (most of them) then cost a quarter of the rollouts, and the
   * chance it returns is beyond the [0.02, 0.98] clip either way.
   */
  private replicaTakeChance(sampler: HiddenSampler): number {
    const replica = this.replica!;
    const total = this.replicaRollouts;
    if (this.replicaStop <= 0) return replica.takeChance(sampler, total, this.random, MC_ROLLOUTS);
    let n = 0;
    let diff = 0;
    let squares = 0;
    let v = 0;
    let d = 0;
    while (n < total) {
      const chunk = Math.min(REPLICA_CHUNK, total - n);
      replica.evaluate(sampler, chunk, this.random);
      n += chunk;
      diff += replica.takeSum - replica.passSum;
      squares += replica.diffSquares;
      d = diff / n;
      v = n > 1 ? (Math.max(0, squares / n - d * d) * n) / (n - 1) : 0;
      if (Math.abs(d) > this.replicaStop * Math.sqrt(v / n)) break;
    }
    const spread = Math.sqrt(v / n + v / MC_ROLLOUTS);
    return spread === 0 ? (d <= 0 ? 1 : 0) : 0.5 * (1 - errorFunction(d / spread / Math.SQRT2));
  }

  /** The replica's chance that the opponent to move next takes, to score its move when it comes. */
  private predictNext(obs: Observation): void {
    this.pendingSeat = -1;
    const seat = obs.current;
    if (obs.card === 0 || seat === this.me || obs.countedChips(seat) === 0) return;
    this.posterior.prepare(seat);
    if (this.posterior.weight(seat, MC_MODEL) < MC_NEGLIGIBLE) return;
    // On the card's first circuit after this seat's own decision, the replica has already worked
    // this position out (predictCircuit: the same card, pot and seat; its opinion of the seats
    // lacks only the passes since, the approximation the circuit makes anyway): reuse it.
    // (With replicaStop 0, the replica as first built: every move scored by a fresh run.)
    const step = obs.card === this.rootCard && this.replicaStop > 0 ? obs.pot - this.rootPot : 0;
    let chance = step > 0 && step < this.players && this.circuitSeat[step] === seat ? this.circuitTakes[step]! : Number.NaN;
    if (Number.isNaN(chance)) {
      this.replicaSampler!.observe(obs);
      chance = this.replicaTakeChance(this.replicaSampler!);
    }
    // Never certain: mc's own rollouts, or an mc with other settings, can always surprise the replica.
    this.pendingTakes = Math.min(0.98, Math.max(0.02, chance));
    this.pendingSeat = seat;
  }

  /** The posterior weight of each model in use for opponent `seat` (for tests and inspection). */
  opponentWeights(seat: number): number[] {
    this.posterior.prepare(seat);
    return Array.from({ length: this.models }, (_, m) => this.posterior.weight(seat, m));
  }

  /** The fitted model's weights for opponent `seat` ([1, cost/10, pot/10, chips <= 2, progress, chips/10]; for tests and inspection). */
  fittedWeights(seat: number): number[] {
    return Array.from(this.fit.weights.subarray(seat * FIT_FEATURES, (seat + 1) * FIT_FEATURES));
  }

  decide(obs: Observation): 'take' | 'pass' {
    if (obs.myChips === 0) return 'take';
    this.moves = 0;
    this.sampler.observe(obs);
    for (let seat = 0; seat < this.players; seat++) if (seat !== this.me) this.posterior.prepare(seat);
    this.rootCard = obs.card;
    this.rootPot = obs.pot;
    this.circuitTakes.fill(Number.NaN);
    if (this.replica !== undefined) this.predictCircuit(obs);
    let deep = this.lookahead > 0 || this.deepens;
    if (deep && this.planMc < 1 && this.models === OPPONENT_MODELS) {
      let mc = 0;
      for (let seat = 0; seat < this.players; seat++) if (seat !== this.me) mc += this.posterior.weight(seat, MC_MODEL);
      deep = mc / (this.players - 1) < this.planMc;
    }
    let plans = deep ? this.lookahead : 0;
    if (plans > 0 && this.plans > 0) {
      // The card's first return is a known position (everyone passed): what the rule does there.
      const returnTakes = thresholdTakes(
        this.self,
        false,
        obs.card,
        obs.marginalCost(),
        obs.pot + this.players,
        obs.myChips - 1,
        progress(obs.cardsLeft, this.deckCards),
      );
      if (returnTakes === (this.plans === 1)) plans = 0;
    }
    this.planned = plans;
    const budget = deep ? this.deepBudget : this.budget;
    if (this.netPrior === 0) return this.search.run(this, 2 + plans, obs.seat, this.random, budget) === 0 ? 'take' : 'pass';
    // The prior of a plan is its first move's: take (candidate 0) or pass (every other).
    const guide = this.guide!;
    guide.evaluate(obs);
    guide.logPolicy(obs, this.logPolicy);
    this.bias[0] = this.netPrior * this.logPolicy[TAKE]!;
    for (let c = 1; c < 2 + plans; c++) this.bias[c] = this.netPrior * this.logPolicy[PASS]!;
    return this.search.run(this, 2 + plans, obs.seat, this.random, budget, this.bias) === 0 ? 'take' : 'pass';
  }

  /**
   * Runs the replica from each opponent's seat in turn as the current card would reach it if this
   * seat and everyone before it passed. Those moves decide whether passing wins chips or loses the
   * card, so they are worth mc's own evaluation; later moves in a playout use the fitted rule.
   * Approximation: the replica's opinion of the seats does not include the passes imagined before
   * each step (the real mc would have seen them). The chances are not clipped as in predictNext:
   * there clipping keeps one surprise from ruling mc out; in a playout a sure move is just sure.
   */
  private predictCircuit(obs: Observation): void {
    const sampler = this.replicaSampler!;
    sampler.observe(obs);
    const position = sampler.position;
    for (let step = 1; step < this.players; step++) {
      position.pass(); // the seat before passes (this seat first)
      const seat = position.current;
      if (position.chips[seat] === 0) break; // it must take: the card goes no further
      if (this.posterior.weight(seat, MC_MODEL) < MC_NEGLIGIBLE) continue;
      this.circuitTakes[step] = this.replicaTakeChance(sampler);
      this.circuitSeat[step] = seat;
    }
  }

  /**
   * SearchDomain: candidate 0 takes; every other candidate passes now. With lookahead L, candidate
   * c in 1..L also passes the card on its first c - 1 returns to this seat and takes it on return c,
   * and candidate L + 1 passes on L returns; after that (and on later cards) the bot plays its
   * rollout rule. The card's return is a public event (everyone passed, the pot grew by one chip a
   * seat), the same in every sample where it happens, so a fixed plan for it is a real strategy (no
   * strategy fusion): the root's best plan is the search's depth-(L + 1) choice of its own moves on
   * this card. With L = 0 the candidates are take and pass, as before the option.
   */
  sample(random: Random): void {
    this.lastPass = 0;
    this.sampler.sample(random);
    for (let seat = 0; seat < this.players; seat++) if (seat !== this.me) this.seatModel[seat] = this.posterior.draw(seat, random());
    this.coinKey.hi = Math.floor(random() * 4294967296);
    this.coinKey.lo = Math.floor(random() * 4294967296);
  }

  playout(index: number): void {
    // Candidate index - 1 was played just before on this sample and never saw return index - 1:
    // this one plays the same moves (the coins too), and the sim holds their outcome already.
    if (index >= 2 && this.lastPass === index - 1 && this.lastReturns < index - 1) {
      this.lastPass = index;
      return;
    }
    const s = this.sim;
    s.copyFrom(this.sampler.position);
    if (index === 0) s.take();
    else s.pass();
    this.coins.reset(this.coinKey);
    const { seatModel, deckCards, coins, me, self, mcLike, circuitTakes, rootCard, rootPot, gambler, players } = this;
    const fitted = this.fit.weights;
    /** Returns of the root card to this seat so far, and the last return this candidate plans for. */
    let returns = 0;
    const planned = index === 0 ? 0 : Math.min(index, this.planned);
    let moves = 1;
    const { guide, views, netLeaf } = this;
    this.truncated = false;
    while (s.card !== 0) {
      const seat = s.current;
      const chips = s.chips[seat]!;
      if (netLeaf > 0 && seat === me && moves >= netLeaf) {
        this.truncated = true;
        this.leafValue = guide!.valueOf(views[me]!);
        break;
      }
      let takes: boolean;
      if (chips === 0) takes = true;
      else if (seat === me && s.card === rootCard && returns < planned) {
        returns++;
        takes = returns === index;
      } else if (seat === me)
        takes = this.netSelf
          ? guide!.best(views[me]!) === TAKE
          : thresholdTakes(self, false, s.card, s.marginalCost(seat), s.pot, chips, progress(s.cardsLeft, deckCards));
      else if (this.netOthers) takes = guide!.best(views[seat]!) === TAKE;
      else {
        const m = seatModel[seat]!;
        // On the current card's first circuit (passes so far = pot growth), the replica's chance.
        const step = s.card === rootCard ? s.pot - rootPot : 0;
        if (m === MC_MODEL && step > 0 && step < this.players && !Number.isNaN(circuitTakes[step]!)) takes = coins.next() < circuitTakes[step]!;
        else {
          let gap = 0;
          if (m === GAMBLER_MODEL) {
            let best = Infinity;
            for (let p = 0; p < players; p++) if (p !== seat && s.score(p) < best) best = s.score(p);
            gap = s.score(seat) - best;
          }
          takes = modelTakes(
            m,
            s.card,
            s.marginalCost(seat),
            s.pot,
            chips,
            progress(s.cardsLeft, deckCards),
            coins.next(),
            mcLike,
            fitted,
            seat * FIT_FEATURES,
            gambler,
            gap,
          );
        }
      }
      if (takes) s.take();
      else s.pass();
      moves++;
    }
    this.moves += moves;
    if (index > 0) {
      this.lastPass = index;
      this.lastReturns = returns;
    }
  }

  score(seat: number): number {
    return this.sim.score(seat);
  }

  /** SearchDomain: takes and passes played in this decision's playouts (the root's included). */
  work(): number {
    return this.moves;
  }
}
