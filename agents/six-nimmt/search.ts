import { protectData, protect } from '../../src/game/protect.js';
import {
  defineAgent,
  type Action,
  type GameEvent,
  type GameStart,
  type Observation,
  type Random,
  type Rules,
  type SixNimmtAgent,
} from '../../src/games/six-nimmt/agent.js';
import { DRAFT_ACTION, ROW_ACTION, SixNimmtState, SeatView, HiddenSampler, GameState, OVER, PLAY, PlayoutBoard, ROW } from '../../src/games/six-nimmt/kit.js';
import { Sfc32, type SeedKey } from '../../src/game/seed.js';
import type { ContractPolicy } from '../../src/search/contract.js';
import { FlatSearch, type SearchBudget, type SearchDomain, winShareUtility } from '../../src/search/flat.js';
import { softminShare } from '../../src/search/softmin-share.js';
import { PlayBelief } from './belief.js';
import { CardCosts, cheapestRowOf } from './card-costs.js';
import { GameValue, ROUND_MEAN, roundTakings } from './game-value.js';
import heuristic, { HeuristicAgent, type HeuristicParams } from './heuristic.js';
import { McModel } from './mc-model.js';
import { SeatEvidence } from './seat-evidence.js';

/**
 * The flagship search for 6 nimmt!: win-share flat Monte Carlo with progressive pruning
 * (src/search/flat.ts, with the domain's own utility) through the game contract (legal actions, apply, copy), on positions
 * re-dealt by the game's HiddenSampler from this seat's Observation only.
 *
 * - Hands (base game): each sample draws `proposals` deals of the unseen cards and keeps one in
 *   proportion to how well it explains the other seats' plays this round (belief.ts: a softmax over
 *   the heuristic's costs with temperature `beliefTau`), so the search plays against the hands the
 *   table's plays point to, not any hands at all.
 * - Opponents' plays in the playouts: a softmax over the heuristic's cost of each hand card with
 *   temperature `playTau` (a model of players who mostly play the cheap card and sometimes another,
 *   the cheaper the likelier), with probability `noise` a uniformly random card; `playTau` 0 is the
 *   heuristic's own card. Its own later plays are the heuristic's. `others=mc`: instead a draw
 *   from a model of the mc bot fitted to its plays (mc-model.ts; `noise` unused). `others=adapt`
 *   (the default): per seat and sample, that model or the heuristic's noisy card, drawn by how
 *   well each explains the seat's plays in this game's finished rounds (seat-evidence.ts; prior
 *   `mcPrior`).
 * - Value: playouts stop at the end of the round (horizon=round) or of the game. `value=smooth`
 *   scores a stopped round by the chance of winning from the totals then: a softmin of the totals
 *   with Gumbel noise as wide as the rounds still to come can move them (src/search/softmin-share.ts
 *   softminShare); at the game's end it is the win share. `value=share` is the earlier rule: the
 *   win share of the totals at the stop plus `marginWeight` per bullhead of lead (`duelMargin` at
 *   2 players in the base game, where the lead is what a duel of many rounds is won by).
 *   `value=game` scores a stopped round by the chance to win the game from its totals when every
 *   seat's later rounds are independent draws from the bullheads seats took a round in real games
 *   of these bots (game-value.ts), plus `marginWeight` per bullhead of
 *   lead as with `share`; official rules only (else `share`).
 * - The pro variant (open hands, nothing to infer) keeps the earlier search whatever the options:
 *   the others play the heuristic's card, a random one with probability `noise`, valued by the
 *   win share.
 *
 * The other defaults are the earlier bot's (uniform deals, win share): the other options did not
 * measure better against mc and the heuristic (docs/notes/findings.md, "6 nimmt! and special
 * cards"); they stay for further work. What did pay is the budget, up to 640 samples a
 * decision (the pruning stops clear decisions long before), which tells close cards apart, and a
 * model of who sits at the table (`others=adapt`: docs/notes/findings.md, "a model of each seat, chosen by its plays").
 */
export interface SearchParams {
  [key: string]: number | string;
  samples: number;
  noise: number;
  horizon: string;
  z: number;
  marginWeight: number;
  duelMargin: number;
  draft: string;
  indifference: number;
  proposals: number;
  beliefTau: number;
  playTau: number;
  value: string;
  spread: number;
  maxTurns: number;
  others: string;
  mcPrior: number;
}

const policyDefaults = protectData(
  'search policy defaults',
  Object.fromEntries(Object.entries(heuristic.params).map(([k, spec]) => [k, spec.default])) as HeuristicParams,
);

export default defineAgent<SearchParams>({
  name: 'search',
  description:
    'Flagship: win-chance Monte Carlo through the game contract; hidden hands weighted by how well they explain the plays seen; softmax-of-costs opponents; progressive pruning.',
  params: {
    samples: {
      description: 'most sampled deals per decision (each plays out every live candidate)',
      // 640, was 80: at 4 players against 3 x mc, 34.2% of the wins against 27.2%, +7.0 [4.0,
      // 10.1] points paired over 400 deals; 1280 no better (docs/notes/findings.md, "the budget").
      default: 640,
      min: 2,
      max: 20000,
      integer: true,
    },
    noise: { description: "chance that another seat's rollout play is a random hand card instead of the model's", default: 0.35, min: 0, max: 1 },
    horizon: { description: 'play each rollout to the end of the round or of the game', default: 'round', choices: ['round', 'game'] },
    z: { description: 'prune a candidate once it trails the leader by this many standard errors (0: never)', default: 2, min: 0, max: 10 },
    marginWeight: { description: 'value=share: utility per bullhead of lead over the best opponent, beside the win share', default: 0.05, min: 0, max: 1 },
    duelMargin: {
      description: 'base game at 2 players: marginWeight there (a duel lasts many rounds, so the lead at a round end matters more than who is ahead)',
      default: 0.5,
      min: 0,
      max: 1,
    },
    draft: { description: 'pro draft: pick as the heuristic does (as mc), or search every open card', default: 'heuristic', choices: ['heuristic', 'search'] },
    indifference: {
      description: 'drop a candidate once it is clearly no more than this much utility better than the leader (0: only clearly worse ones)',
      default: 0,
      min: 0,
      max: 1,
    },
    proposals: {
      description: "base game: deals drawn per sample, one kept in proportion to how well it explains the others' plays this round (1: a uniform deal)",
      default: 1,
      min: 1,
      max: 64,
      integer: true,
    },
    beliefTau: { description: 'temperature (bullheads) of the softmax over costs that scores past plays', default: 2, min: 0.05, max: 100 },
    playTau: {
      description: "temperature (bullheads) of the others' softmax over costs in the playouts (0: the heuristic's card)",
      default: 0,
      min: 0,
      max: 100,
    },
    value: {
      description:
        'a stopped round: share (win share now + margin), game (chance to win the game from the totals, rounds drawn from real games) or smooth (a softmin of the totals)',
      default: 'share',
      choices: ['smooth', 'share', 'game'],
    },
    spread: {
      description:
        'value=smooth: scale of how far the rounds left can move the totals (1: heuristic play); value=game: width of the law of a round about its mean (1: as measured)',
      default: 1,
      min: 0.05,
      max: 10,
    },
    maxTurns: {
      description:
        'most turns (every seat\'s card) played in playouts per decision (0: no cap): the search stops drawing samples there; a count, not a clock (docs/notes/speed.md, "Time per decision: the tail")',
      default: 0,
      min: 0,
      max: 100_000_000,
      integer: true,
    },
    others: {
      description:
        "base game: the other seats' cards in the playouts: the heuristic's (noise, playTau), a draw from a model of the mc bot fitted to its plays (mc: noise unused), or per seat and sample one of the two by how well each explains that seat's plays this game (adapt, from prior mcPrior; the plays are weighed against the heuristic's card with noise, whatever playTau)",
      // adapt, was heuristic: at 4 players against 3 x mc +2.9 [0.2, 5.6] points paired over 600
      // deals, at the cost of 3-7 against the heuristic (docs/notes/findings.md, "a model of each seat").
      default: 'adapt',
      choices: ['heuristic', 'mc', 'adapt'],
    },
    mcPrior: {
      description:
        'others=adapt: prior chance that another seat plays as the mc model rather than the heuristic (its plays this game move it, from the end of the first round)',
      default: 0.5,
      min: 0,
      max: 1,
    },
  },
  create: (p) => new SearchAgent(p),
});

/** The forward model with a position-only copy: a playout needs no round log (and copying it would allocate). */
export class PlayoutState extends SixNimmtState {
  override copyFrom(other: SixNimmtState): void {
    GameState.prototype.copyFrom.call(this, other);
  }
}

/** The heuristic in every seat, noisy for the others; contract actions out. */
export class NoisyHeuristic implements ContractPolicy<SixNimmtState> {
  views: SeatView[] = [];
  me = 0;
  protected readonly rng = new Sfc32();
  /** The key of this sample's draws (SixNimmtDomain's board playouts step the same stream inline). */
  readonly key: SeedKey = { hi: 0, lo: 0 };

  constructor(
    readonly heuristic: HeuristicAgent,
    readonly noise: number,
  ) {}

  beginSample(random: Random): void {
    this.key.hi = Math.floor(random() * 4294967296);
    this.key.lo = Math.floor(random() * 4294967296);
  }

  beginPlayout(): void {
    this.rng.reset(this.key);
  }

  evaluating(seat: number): void {
    this.me = seat;
  }

  act(s: SixNimmtState, seat: number): number {
    if (s.phase === PLAY) {
      if (this.noise > 0 && seat !== this.me && this.rng.next() < this.noise)
        return s.hands[seat * s.handSize + Math.floor(this.rng.next() * s.handLen[seat]!)]!;
      return this.heuristic.decide(this.views[seat]!);
    }
    const answer = this.heuristic.decide(this.views[seat]!);
    return s.phase === ROW ? ROW_ACTION + answer : DRAFT_ACTION + answer;
  }
}

/**
 * The base game's playout policy: the heuristic for the seat searching; for every other seat a
 * softmax over the heuristic's card costs (temperature `tau`; 0: the heuristic's card), a uniformly
 * random card with probability `noise`; or, given a `model` of mc, a draw from that model (one
 * uniform number a card, as the softmax's). Rows: the cheapest (the heuristic's rule). Draws come from
 * a stream re-keyed at every playout, so every candidate of a sample meets the same draws.
 */
export class SoftmaxPolicy extends NoisyHeuristic {
  private readonly weights = new Float64Array(256);
  /** Whether the other seats' cards are drawn (the softmax with tau > 0, or the model), not the heuristic's. */
  readonly draws: boolean;
  /** Per seat, 1 when its cards this sample are the model's draws (no noise); 0: the heuristic's rule with `noise`. */
  readonly modelled = new Uint8Array(16);
  /**
   * others=adapt: per seat of the table, the chance it plays by the model (SeatEvidence.weight),
   * drawn per sample into `modelled`; undefined: every seat is modelled if there is a model.
   */
  modelWeights: Float64Array | undefined;

  constructor(
    heuristic: HeuristicAgent,
    readonly costs: CardCosts,
    readonly tau: number,
    noise: number,
    readonly model?: McModel,
  ) {
    super(heuristic, noise);
    this.draws = tau > 0 || model !== undefined;
    if (model) this.modelled.fill(1);
  }

  override beginSample(random: Random): void {
    super.beginSample(random);
    const w = this.modelWeights;
    if (w === undefined) return;
    // A sure weight (0 or 1, a prior of 0 or 1) draws nothing: the stream stays the fixed model's.
    for (let p = 0; p < w.length; p++) {
      const wp = w[p]!;
      this.modelled[p] = p !== this.me && (wp >= 1 || (wp > 0 && random() < wp)) ? 1 : 0;
    }
  }

  override act(s: SixNimmtState, seat: number): number {
    if (s.phase === ROW) return ROW_ACTION + cheapestRowOf(s.rowLen, s.rowBull);
    if (s.phase !== PLAY) return DRAFT_ACTION + this.heuristic.decide(this.views[seat]!);
    if (seat === this.me || !this.draws) return super.act(s, seat);
    const base = seat * s.handSize;
    const n = s.handLen[seat]!;
    const modelled = this.modelled[seat] === 1;
    if (!modelled && this.noise > 0 && this.rng.next() < this.noise) return s.hands[base + Math.floor(this.rng.next() * n)]!;
    if (!modelled && this.tau === 0) return this.heuristic.decide(this.views[seat]!);
    return this.softmaxCard(s, seat, this.rng.next());
  }

  /** The softmax's (or, for a modelled seat, the model's) card of `seat` for the uniform draw u (its weights draw nothing). */
  softmaxCard(s: GameState, seat: number, u: number): number {
    const base = seat * s.handSize;
    return s.hands[base + this.softmaxIndexOf(s.hands, base, s.handLen[seat]!, s.rowEnd, s.rowLen, s.rowBull, u, this.modelled[seat] === 1)]!;
  }

  /** The index of the softmax's (or the model's) card among hand[at, at + n) (ascending) on these rows, for the uniform draw u. */
  softmaxIndexOf(
    hand: ArrayLike<number>,
    at: number,
    n: number,
    rowEnd: Int32Array,
    rowLen: Int32Array,
    rowBull: Int32Array,
    u: number,
    modelled: boolean,
  ): number {
    if (modelled) return this.model!.indexOf(hand, at, n, rowEnd, rowLen, rowBull, u);
    const { weights, costs } = this;
    let low = Infinity;
    for (let i = 0; i < n; i++) {
      const c = costs.cost(hand[at + i]!, rowEnd, rowLen, rowBull);
      weights[i] = c;
      if (c < low) low = c;
    }
    let sum = 0;
    const inv = 1 / this.tau;
    for (let i = 0; i < n; i++) sum += weights[i] = Math.exp((low - weights[i]!) * inv);
    let x = u * sum;
    for (let i = 0; i < n - 1; i++) {
      x -= weights[i]!;
      if (x < 0) return i;
    }
    return n - 1;
  }
}

/**
 * The search domain: the root is the seat's position with a sampled deal (kept from `proposals`
 * draws by the belief's weights), a playout applies the candidate and lets the policy act for every
 * acting seat until the state stops, as src/search/contract.ts's ContractDomain does; `utility`
 * values the stopped position.
 */
export class SixNimmtDomain implements SearchDomain {
  readonly actions = new Int32Array(512);
  private readonly seats = new Int32Array(16);
  me = 0;
  proposals = 1;
  belief: PlayBelief | undefined;
  smooth = false;
  /** value=game: the chance to win the game from a stopped round's totals. */
  game: GameValue | undefined;
  marginWeight = 0;
  spread = 1;
  /**
   * Base game: playouts on the bare board (boardPlayout), where every seat's card comes off the
   * scratch state's rows and its own hand (what its observation shows); else (pro) each seat acts
   * through the policy and its view. Same cards.
   */
  board = false;
  /**
   * Base game at the round horizon: the board playouts on a bare board (PlayoutBoard), loaded from
   * each sample's root once (rootBoard) and copied for every candidate (roundPlayout).
   */
  round = false;
  private readonly rootBoard: PlayoutBoard;
  private readonly playBoard: PlayoutBoard;
  /** roundPlayout: the other seats' card indices in the root's turn, the same for every candidate of a sample. */
  private readonly firstPicks = new Int32Array(16);
  private readonly roundMean: number;
  /** boardPlayout: per seat, its card this turn (a noisy draw or the heuristic's). */
  private readonly choices = new Int32Array(16);
  /** boardPlayout: the other seats' cards in the root's turn, the same for every candidate of a sample. */
  private readonly firstChoices = new Int32Array(16);
  private firstReady = false;
  /**
   * The policy's noise stream, sfc32 keyed by its key (stream 0): the numbers of its rng's reset()
   * and next(), in four fields stepped inline by boardChoices (as mc's rollouts do); fa..fd: the
   * stream after the root's turn, for the sample's later candidates.
   */
  private na = 0;
  private nb = 0;
  private nc = 0;
  private nd = 1;
  private fa = 0;
  private fb = 0;
  private fc = 0;
  private fd = 1;
  private readonly noiseRng = new Sfc32();
  private readonly noiseState = new Int32Array(4);
  /** Turns played in playouts so far (work(), for the maxTurns cap): a round playout counts the turns it plays, the others each step of the loop. */
  private turns = 0;

  constructor(
    readonly root: SixNimmtState,
    readonly scratch: SixNimmtState,
    readonly sampler: HiddenSampler,
    readonly policy: SoftmaxPolicy | NoisyHeuristic,
  ) {
    this.roundMean = ROUND_MEAN[root.players]!;
    this.rootBoard = new PlayoutBoard(root.rules);
    this.playBoard = new PlayoutBoard(root.rules);
  }

  get players(): number {
    return this.scratch.players;
  }

  /** SearchDomain: turns played in playouts so far (only grows). */
  work(): number {
    return this.turns;
  }

  score(seat: number): number {
    return this.scratch.total[seat]!;
  }

  candidates(me: number): number {
    this.me = me;
    return this.root.legalActions(me, this.actions);
  }

  sample(random: Random): void {
    const { sampler, belief, root } = this;
    const position = sampler.position as SixNimmtState;
    if (this.proposals === 1 || !belief || belief.evidence === 0) {
      sampler.sample(random);
      root.copyFrom(position);
    } else {
      // Weighted reservoir of one: the k-th deal replaces the kept one with probability w_k / (w_1 + ... + w_k).
      let logSum = -Infinity;
      for (let k = 0; k < this.proposals; k++) {
        sampler.sample(random);
        const w = belief.logWeight(position);
        const high = Math.max(logSum, w);
        logSum = high + Math.log(Math.exp(logSum - high) + Math.exp(w - high));
        if (k === 0 || random() < Math.exp(w - logSum)) root.copyFrom(position);
      }
    }
    this.policy.beginSample(random);
    this.firstReady = false;
    if (this.round && root.phase === PLAY) this.rootBoard.load(root);
  }

  playout(index: number): void {
    if (this.round) {
      this.roundPlayout(index);
      return;
    }
    if (this.board) {
      this.boardPlayout(index);
      return;
    }
    const s = this.scratch;
    const { seats, policy } = this;
    s.copyFrom(this.root);
    policy.beginPlayout();
    s.apply(this.me, this.actions[index]!);
    while (s.phase !== OVER) {
      const n = s.actingSeats(seats);
      for (let i = 0; i < n; i++) s.apply(seats[i]!, policy.act(s, seats[i]!));
      this.turns++;
    }
  }

  /**
   * playout() with the policy of a base game, on the bare board: each turn the rows' side of the
   * heuristic's costs once for all seats (HeuristicAgent.rowsOf), each seat's heuristic card from
   * its own hand (cheapestOf), rows by cheapestRowOf, the noise and the others' softmax (playTau
   * > 0) drawn as the policy's act() draws them (seat order, the searching seat never). The root's turn draws and chooses the same
   * for every candidate (the others' cards read neither the searching seat's choice nor anything
   * it changes), so the first candidate of a sample works it out and the rest reuse it.
   */
  private boardPlayout(index: number): void {
    const s = this.scratch;
    const me = this.me;
    const P = s.players;
    s.copyFrom(this.root);
    this.resetNoise();
    s.apply(me, this.actions[index]!);
    if (s.phase === PLAY && s.chosen[me] !== 0) {
      // The root's turn, waiting for the other seats.
      this.turns++;
      const first = this.firstChoices;
      if (this.firstReady) {
        this.na = this.fa;
        this.nb = this.fb;
        this.nc = this.fc;
        this.nd = this.fd;
      } else {
        this.boardChoices(first);
        this.fa = this.na;
        this.fb = this.nb;
        this.fc = this.nc;
        this.fd = this.nd;
        this.firstReady = true;
      }
      for (let p = 0; p < P; p++) if (s.chosen[p] === 0) s.choose(p, first[p]!);
      s.reveal();
      while (!s.resolve()) s.chooseRow(cheapestRowOf(s.rowLen, s.rowBull));
      s.endTurn();
    }
    const choices = this.choices;
    while (s.phase !== OVER) {
      this.turns++;
      if (s.phase === PLAY) {
        this.boardChoices(choices);
        for (let p = 0; p < P; p++) if (s.chosen[p] === 0) s.choose(p, choices[p]!);
        s.reveal();
        while (!s.resolve()) s.chooseRow(cheapestRowOf(s.rowLen, s.rowBull));
        s.endTurn();
      } else {
        // ROW (the base game has no draft): the heuristic's row rule.
        s.chooseRow(cheapestRowOf(s.rowLen, s.rowBull));
        if (s.resolve()) s.endTurn();
      }
    }
  }

  /** The card of every seat yet to choose on the scratch board, into out[seat]. */
  private boardChoices(out: Int32Array): void {
    const s = this.scratch;
    const P = s.players;
    const H = s.handSize;
    if (s.turn + 1 === H && s.round + 1 >= s.stopRound) {
      // The playout's last turn: one card each, noisy or not, and the draws are never used again.
      for (let p = 0; p < P; p++) out[p] = s.hands[p * H]!;
      return;
    }
    const policy = this.policy;
    const { heuristic, noise } = policy;
    // The others' softmax (playTau > 0) or model of mc: SoftmaxPolicy.act's draw and card.
    const soft = policy instanceof SoftmaxPolicy && policy.draws ? policy : undefined;
    heuristic.rowsOf(s.rowEnd, s.rowLen, s.rowBull);
    const me = this.me;
    let a = this.na;
    let b = this.nb;
    let c = this.nc;
    let d = this.nd;
    for (let p = 0; p < P; p++) {
      if (s.chosen[p] !== 0) continue;
      const n = s.handLen[p]!;
      const modelled = soft !== undefined && soft.modelled[p] === 1;
      if (noise > 0 && p !== me && !modelled) {
        // Sfc32.next(), twice when the seat plays at random.
        let t = (((a + b) | 0) + d) | 0;
        d = (d + 1) | 0;
        a = b ^ (b >>> 9);
        b = (c + (c << 3)) | 0;
        c = (((c << 21) | (c >>> 11)) + t) | 0;
        if ((t >>> 0) / 4294967296 < noise) {
          t = (((a + b) | 0) + d) | 0;
          d = (d + 1) | 0;
          a = b ^ (b >>> 9);
          b = (c + (c << 3)) | 0;
          c = (((c << 21) | (c >>> 11)) + t) | 0;
          out[p] = s.hands[p * H + Math.floor(((t >>> 0) / 4294967296) * n)]!;
          continue;
        }
      }
      if (soft !== undefined && p !== me && (modelled || soft.tau > 0)) {
        const t = (((a + b) | 0) + d) | 0;
        d = (d + 1) | 0;
        a = b ^ (b >>> 9);
        b = (c + (c << 3)) | 0;
        c = (((c << 21) | (c >>> 11)) + t) | 0;
        out[p] = soft.softmaxCard(s, p, (t >>> 0) / 4294967296);
        continue;
      }
      out[p] = n === 1 ? s.hands[p * H]! : heuristic.cheapestOf(s.hands, p * H, n);
    }
    this.na = a;
    this.nb = b;
    this.nc = c;
    this.nd = d;
  }

  /**
   * boardPlayout() to the round's end on the bare board (PlayoutBoard): the same draws in the same
   * order and the same cards, by their index in the hand (cheapestIndexOf, softmaxIndexOf); the
   * root's turn worked out by the sample's first candidate and reused by the others. A row decision
   * is taken on the scratch state, the board loaded from there. The stopped position's totals and
   * round go to the scratch state, which is what utility() and score() read.
   */
  private roundPlayout(index: number): void {
    const s = this.scratch;
    const b = this.playBoard;
    const me = this.me;
    const P = b.players;
    const pick = b.pick;
    if (this.root.phase === PLAY) {
      b.copyFrom(this.rootBoard);
      const first = this.firstPicks;
      if (this.firstReady) {
        for (let p = 0; p < P; p++) pick[p] = first[p]!;
        this.na = this.fa;
        this.nb = this.fb;
        this.nc = this.fc;
        this.nd = this.fd;
      } else {
        this.resetNoise();
        pick.fill(-1);
        pick[me] = 0;
        this.roundPicks();
        for (let p = 0; p < P; p++) first[p] = pick[p]!;
        this.fa = this.na;
        this.fb = this.nb;
        this.fc = this.nc;
        this.fd = this.nd;
        this.firstReady = true;
      }
      // The candidates are the hand's cards in order (legalActions).
      pick[me] = index;
    } else {
      s.copyFrom(this.root);
      this.resetNoise();
      s.apply(me, this.actions[index]!);
      if (s.phase === OVER) return;
      b.load(s);
      // The playout's last turn draws nothing (as below): one card each.
      if (b.turn + 1 < b.handSize) {
        pick.fill(-1);
        this.roundPicks();
      } else pick.fill(0);
    }
    const H = b.handSize;
    this.turns += H - b.turn;
    // One call site each for reveal() and place(), so that V8 inlines both.
    for (;;) {
      const low = b.reveal();
      b.place(low < 0 ? -1 : cheapestRowOf(b.rowLen, b.rowBull));
      if (b.turn >= H) break;
      if (b.turn + 1 < H) {
        for (let p = 0; p < P; p++) pick[p] = -1;
        this.roundPicks();
      } else {
        // The playout's last turn: one card each, noisy or not, and the draws are never used again.
        for (let p = 0; p < P; p++) pick[p] = 0;
      }
    }
    s.total.set(b.total);
    s.round = this.root.round + 1;
    s.phase = OVER;
  }

  /** boardChoices() on the bare board: the pick (card index) of every seat yet to pick (-1). */
  private roundPicks(): void {
    const b = this.playBoard;
    const P = b.players;
    const H = b.handSize;
    const pick = b.pick;
    const policy = this.policy;
    const { heuristic, noise } = policy;
    const soft = policy instanceof SoftmaxPolicy && policy.draws ? policy : undefined;
    heuristic.rowsOf(b.rowEnd, b.rowLen, b.rowBull);
    const me = this.me;
    let a = this.na;
    let bb = this.nb;
    let c = this.nc;
    let d = this.nd;
    for (let p = 0; p < P; p++) {
      if (pick[p] !== -1) continue;
      const n = b.handLen[p]!;
      const modelled = soft !== undefined && soft.modelled[p] === 1;
      if (noise > 0 && p !== me && !modelled) {
        // Sfc32.next(), twice when the seat plays at random.
        let t = (((a + bb) | 0) + d) | 0;
        d = (d + 1) | 0;
        a = bb ^ (bb >>> 9);
        bb = (c + (c << 3)) | 0;
        c = (((c << 21) | (c >>> 11)) + t) | 0;
        if ((t >>> 0) / 4294967296 < noise) {
          t = (((a + bb) | 0) + d) | 0;
          d = (d + 1) | 0;
          a = bb ^ (bb >>> 9);
          bb = (c + (c << 3)) | 0;
          c = (((c << 21) | (c >>> 11)) + t) | 0;
          pick[p] = Math.floor(((t >>> 0) / 4294967296) * n);
          continue;
        }
      }
      if (soft !== undefined && p !== me && (modelled || soft.tau > 0)) {
        const t = (((a + bb) | 0) + d) | 0;
        d = (d + 1) | 0;
        a = bb ^ (bb >>> 9);
        bb = (c + (c << 3)) | 0;
        c = (((c << 21) | (c >>> 11)) + t) | 0;
        pick[p] = soft.softmaxIndexOf(b.hands, p * H, n, b.rowEnd, b.rowLen, b.rowBull, (t >>> 0) / 4294967296, modelled);
        continue;
      }
      pick[p] = n === 1 ? 0 : heuristic.cheapestIndexOf(b.hands, p * H, n);
    }
    this.na = a;
    this.nb = bb;
    this.nc = c;
    this.nd = d;
  }

  /** Keys the noise stream as the policy's rng.reset(key) does: an Sfc32's state after that reset, into the four fields. */
  private resetNoise(): void {
    const st = this.noiseState;
    this.noiseRng.reset(this.policy.key);
    this.noiseRng.stateInto(st);
    this.na = st[0]!;
    this.nb = st[1]!;
    this.nc = st[2]!;
    this.nd = st[3]!;
  }

  utility(me: number): number {
    const s = this.scratch;
    const P = s.players;
    if (this.game) {
      // The chance to win the game, plus marginWeight per bullhead of lead as the share value has.
      let best = Infinity;
      for (let p = 0; p < P; p++) if (p !== me && s.total[p]! < best) best = s.total[p]!;
      return this.game.value(s.total, me) + this.marginWeight * (best - s.total[me]!);
    }
    if (!this.smooth) return winShareUtility(this, me, this.marginWeight);
    let high = 0;
    for (let p = 0; p < P; p++) if (s.total[p]! > high) high = s.total[p]!;
    const end = s.rules.endScore;
    if (high >= end || s.round >= s.rules.maxRounds) return softminShare(s.total, P, me, 0);
    // Rounds left: the leader's distance to the end over the pace of the seat that takes most
    // (about mean + deviation a round); at least one. Each moves a total by about 0.75 x mean.
    const mean = this.roundMean;
    const rounds = Math.max(1, (end - high) / (1.75 * mean));
    const beta = this.spread * 0.75 * mean * Math.sqrt(rounds) * (Math.sqrt(6) / Math.PI);
    return softminShare(s.total, P, me, beta);
  }
}

class SearchAgent implements SixNimmtAgent {
  private rules: Readonly<Rules> | undefined;
  private sampler!: HiddenSampler;
  private domain!: SixNimmtDomain;
  private root!: SixNimmtState;
  private scratch!: SixNimmtState;
  private policy!: SoftmaxPolicy | NoisyHeuristic;
  private readonly heuristic = new HeuristicAgent(policyDefaults);
  private readonly costs = new CardCosts();
  private readonly search = new FlatSearch(512, 20000);
  private readonly budget: SearchBudget;
  private readonly oneSample: SearchBudget;
  private readonly wholeGame: boolean;
  private readonly searchDraft: boolean;
  private random!: Random;
  /** others=adapt, base game: what this game's plays say of each other seat (undefined otherwise). */
  private evidence: SeatEvidence | undefined;
  /** others=adapt: per seat, the chance it plays by the mc model (the policy draws each sample's seats from it). */
  private modelWeights = new Float64Array(0);
  /** others=adapt: the table's events feed the evidence (without it the table sends this bot none). */
  readonly onEvent: ((e: Readonly<GameEvent>, obs: Observation) => void) | undefined;

  constructor(private readonly p: SearchParams) {
    this.onEvent = p.others === 'adapt' ? (e, obs) => this.evidence?.hear(e, obs) : undefined;
    this.budget = { samples: p.samples, batch: 10, minSamples: 20, z: p.z, indifference: p.indifference, marginWeight: p.marginWeight };
    this.wholeGame = p.horizon === 'game';
    this.searchDraft = p.draft === 'search';
    if (p.maxTurns > 0) this.budget.maxWork = p.maxTurns;
    this.oneSample = { ...this.budget, samples: 1 };
  }

  newGame(start: GameStart): void {
    if (!this.rules || JSON.stringify(this.rules) !== JSON.stringify(start.rules)) {
      this.rules = start.rules;
      const r = { ...start.rules };
      const p = this.p;
      this.sampler = new HiddenSampler(r);
      this.root = new PlayoutState(r);
      this.scratch = new PlayoutState(r);
      // The search reads positions only: no records, so no round log.
      this.root.logging = this.scratch.logging = false;
      const views = Array.from({ length: r.players }, (_, seat) => new SeatView(this.scratch, seat));
      this.heuristic.prepare(r);
      this.costs.prepare(r);
      // The pro variant's hands are open: its heuristic reckons the fill risk from them (the
      // softmax's costs are the base game's), so pro keeps the earlier search, a noisy heuristic
      // valued by the win share: with noise 0.1 and the smooth value it won 16 of 28 games
      // against mc at 2 players, where the earlier search won all of 100 (docs/notes/findings.md).
      const pro = r.variant === 'pro';
      let model: McModel | undefined;
      if (!pro && p.others !== 'heuristic') {
        model = new McModel(this.costs);
        model.prepare(r);
      }
      // others=mc: every other seat's cards are the model's draws, no random cards besides (noise
      // unused); adapt: `noise` for the seats a sample plays by the heuristic.
      const noise = p.others === 'mc' ? 0 : p.noise;
      this.policy = pro ? new NoisyHeuristic(this.heuristic, p.noise) : new SoftmaxPolicy(this.heuristic, this.costs, p.playTau, noise, model);
      this.policy.views = views;
      this.domain = new SixNimmtDomain(this.root, this.scratch, this.sampler, this.policy);
      const bull = new Uint8Array(r.maxCard + 1);
      for (let c = 1; c <= r.maxCard; c++) bull[c] = views[0]!.cardBullheads(c);
      this.evidence = model && p.others === 'adapt' ? new SeatEvidence(model, this.heuristic, p.noise, bull) : undefined;
      // One weight a seat of this table: the policy draws for these seats only.
      this.modelWeights = new Float64Array(r.players);
      if (this.evidence) (this.policy as SoftmaxPolicy).modelWeights = this.modelWeights;
      this.domain.belief = pro ? undefined : new PlayBelief(r.players, r.handSize, r.maxCard, r.rowLimit, bull, this.costs, p.beliefTau, 0.05);
      this.domain.proposals = p.proposals;
      this.domain.board = !pro;
      this.domain.round = !pro && !this.wholeGame;
      this.domain.smooth = !pro && p.value === 'smooth';
      // The law of a round's takings was measured under the official rules (4 players, stretched
      // by the heuristic's round mean at other counts); other rules keep the share value.
      const official = r.maxCard === 104 && r.handSize === 10 && r.rowLimit === 5 && r.endScore === 66;
      this.domain.game = !pro && official && p.value === 'game' ? new GameValue(r.players, r.endScore, roundTakings(r.players, p.spread)) : undefined;
      // At 2 players (base game) a round's end is far from the game's: the lead in bullheads is
      // what the duel is won by, so it weighs as much as half a win per bullhead (duelMargin,
      // docs/notes/findings.md, 6 nimmt!: +3.8 points against mc over marginWeight 0.05 on 400
      // deals, a positive estimate not decided at 95%).
      this.domain.marginWeight = !pro && r.players === 2 ? p.duelMargin : p.marginWeight;
      this.domain.spread = p.spread;
    }
    this.random = start.random;
    this.evidence?.reset();
  }

  decide(obs: Observation): Action {
    if (obs.phase === 'draft' && !this.searchDraft) return this.heuristic.decide(obs);
    const { sampler, root, domain } = this;
    sampler.observe(obs);
    root.copyFrom(sampler.position as SixNimmtState);
    this.policy.me = obs.seat;
    if (this.evidence) for (let seat = 0; seat < this.modelWeights.length; seat++) this.modelWeights[seat] = this.evidence.weight(seat, this.p.mcPrior);
    const n = domain.candidates(obs.seat);
    if (n > 1 && domain.belief && domain.proposals > 1) domain.belief.observe(sampler.position, obs.seat);
    const pick = n === 1 ? 0 : this.run(n, obs.seat);
    const action = domain.actions[pick]!;
    return obs.phase === 'play' ? action : obs.phase === 'row' ? action - ROW_ACTION : action - DRAFT_ACTION;
  }

  private run(n: number, me: number): number {
    this.scratch.stopRound = this.wholeGame ? Infinity : this.root.round + 1;
    // With nothing hidden and no noise (pro variant, round horizon), one sample says it all.
    const noisy = this.p.noise > 0 || ((this.p.playTau > 0 || this.p.others !== 'heuristic') && this.rules!.variant !== 'pro');
    const budget = this.sampler.hidden || noisy || this.wholeGame ? this.budget : this.oneSample;
    return this.search.run(this.domain, n, me, this.random, budget);
  }
}

// Frozen before a bot file loads (src/game/protect.ts): made only once a bot plays, so not reached through the built-in bots' fields.
protect(PlayoutState, NoisyHeuristic, SoftmaxPolicy, SixNimmtDomain);
