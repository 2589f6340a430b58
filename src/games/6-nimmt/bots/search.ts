import { protectData } from '../../../game/protect.js';
import { defineAgent, GAME_ID, type Action, type GameEvent, type GameStart, type Observation, type Random, type Rules, type SixNimmtAgent } from '../agent.js';
import { actions, HiddenSampler, SeatView, type SixNimmtState, tensor } from '../kit.js';
import { checkGuide, GUIDE_MODEL, NetGuide } from '../../../net/net-guide.js';
import { openModel, type OnnxModel } from '../../../net/onnx-session.js';
import { NetOthersPolicy } from './net-policy.js';
import { FlatSearch, type SearchBudget } from '../../../search/flat.js';
import { CardCosts } from './card-costs.js';
import heuristic, { HeuristicAgent, type HeuristicParams } from './heuristic.js';
import { leadWeight } from './leaf-value.js';
import { McModel } from './mc-model.js';
import { NoisyHeuristic, OthersPolicy } from './opponent-model.js';
import { PlayoutState, SixNimmtDomain } from './playout.js';
import { SeatEvidence } from './seat-evidence.js';

/**
 * The flagship search for 6 nimmt!: win-share flat Monte Carlo with progressive pruning
 * (src/search/flat.ts, with the domain's own utility) through the game contract (legal actions,
 * apply, copy), on positions re-dealt uniformly by the game's HiddenSampler from this seat's
 * Observation only. Its pieces:
 *
 * - The opponent model (opponent-model.ts): how the other seats play in the playouts, by `others`:
 *   the heuristic's card, a random one with probability `noise`; a draw from a model of the mc bot
 *   fitted to its plays (mc-model.ts; `noise` unused); or (`adapt`, the default) per seat and
 *   sample one of the two, by how well each explains the seat's plays in this game's finished
 *   rounds (seat-evidence.ts; prior `mcPrior`). Its own later cards are the heuristic's.
 * - The playouts (playout.ts): to the end of the round being played, on a bare board.
 * - The leaf value (leaf-value.ts): the win share at the round's end plus `marginWeight` per
 *   bullhead of lead (`duelMargin` at 2 players in the base game).
 * - This file: the parameters, the budget and decide().
 *
 * The pro variant (open hands, nothing to infer) plays the others as the heuristic's card, a random
 * one with probability `noise`, whatever `others` says. What paid is the budget, up to 640 samples
 * a decision (the pruning stops clear decisions long before), which tells close cards apart, and a
 * model of who sits at the table (`others=adapt`), both measured in docs/notes/findings.md. Options
 * that measured no better and were taken out (a belief over the hidden hands, a softmax opponent
 * model, whole-game playouts, leaf values by the chance to win the game) are described in
 * docs/notes/six-nimmt-search-options.md.
 */
export interface SearchParams {
  [key: string]: number | string;
  samples: number;
  noise: number;
  z: number;
  marginWeight: number;
  duelMargin: number;
  draft: string;
  indifference: number;
  maxTurns: number;
  others: string;
  mcPrior: number;
  model: string;
  netPrior: number;
  netTop: number;
  netPlayout: string;
  netLeaf: number;
}

/** The net guide's game: this game's encoder and action ids (the net bot's). */
const NET_GAME = { id: GAME_ID, name: '6 nimmt!', tensor, actions };

/** What the net options ask of the model. */
function guideUse(p: SearchParams): { on: boolean; value: boolean } {
  return { on: p.netPrior > 0 || p.netTop > 0 || p.netPlayout !== 'off' || p.netLeaf > 0, value: p.netLeaf > 0 };
}

const policyDefaults = protectData(
  'search policy defaults',
  Object.fromEntries(Object.entries(heuristic.params).map(([k, spec]) => [k, spec.default])) as HeuristicParams,
);

export default defineAgent<SearchParams>({
  name: 'search',
  description:
    'Flagship: win-chance Monte Carlo through the game contract on re-dealt hands; each other seat played as mc or the heuristic, chosen by its plays; progressive pruning.',
  params: {
    samples: {
      description: 'most sampled deals per decision (each plays out every live candidate)',
      // 640, was 80: at 4 players against 3 x mc, 34.2% of the wins against 27.2%, +7.0 [4.0,
      // 10.1] points paired over 400 deals; 1280 no better (docs/notes/findings.md).
      default: 640,
      min: 2,
      max: 20000,
      integer: true,
    },
    noise: { description: "chance that another seat's rollout play is a random hand card instead of the heuristic's", default: 0.35, min: 0, max: 1 },
    z: { description: 'prune a candidate once it trails the leader by this many standard errors (0: never)', default: 2, min: 0, max: 10 },
    marginWeight: { description: 'utility per bullhead of lead over the best opponent, beside the win share', default: 0.05, min: 0, max: 1 },
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
        "base game: the other seats' cards in the playouts: the heuristic's (a random card with probability noise), a draw from a model of the mc bot fitted to its plays (mc: noise unused), or per seat and sample one of the two by how well each explains that seat's plays this game (adapt, from prior mcPrior)",
      // adapt, was heuristic: at 4 players against 3 x mc +2.9 [0.2, 5.6] points paired over 600
      // deals, at the cost of 3-7 against the heuristic (docs/notes/findings.md).
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
    model: GUIDE_MODEL,
    netPrior: {
      description: "net guide: utility per unit of the model's log-probability of each candidate, added to its mean at the pick (0: off)",
      default: 0,
      min: 0,
      max: 10,
    },
    netTop: {
      description: "net guide: search only the model's this many most probable candidates (0: all), so the samples go to them",
      default: 0,
      min: 0,
      max: 104,
      integer: true,
    },
    netPlayout: {
      description:
        "net guide: whose cards the model plays in the playouts (its best legal card): the bot's own later cards (self), the other seats' (opponents), all, or none (off); playouts then run through the game state, far slower",
      default: 'off',
      choices: ['off', 'self', 'opponents', 'all'],
    },
    netLeaf: {
      description:
        "net guide: playouts stop at the bot's next card after this many steps (a turn's cards, a row choice) and take the model's value head there (its chance to win the game) as the outcome (0: to the round's end)",
      default: 0,
      min: 0,
      max: 100,
      integer: true,
    },
  },
  create: (p) => new SearchAgent(p, p.model === '' ? undefined : openModel(p.model)),
  check: (p, rules) => checkGuide(NET_GAME, p.model, rules as Rules, guideUse(p)),
});

class SearchAgent implements SixNimmtAgent {
  private rules: Readonly<Rules> | undefined;
  private sampler!: HiddenSampler;
  private domain!: SixNimmtDomain;
  private root!: SixNimmtState;
  private scratch!: SixNimmtState;
  private policy!: OthersPolicy | NoisyHeuristic;
  private readonly heuristic = new HeuristicAgent(policyDefaults);
  private readonly costs = new CardCosts();
  private readonly search = new FlatSearch(512, 20000);
  private readonly budget: SearchBudget;
  private readonly oneSample: SearchBudget;
  private readonly searchDraft: boolean;
  private random!: Random;
  /** others=adapt, base game: what this game's plays say of each other seat (undefined otherwise). */
  private evidence: SeatEvidence | undefined;
  /** others=adapt: per seat, the chance it plays by the mc model (the policy draws each sample's seats from it). */
  private modelWeights = new Float64Array(0);
  /** others=adapt: the table's events feed the evidence (without it the table sends this bot none). */
  readonly onEvent: ((e: Readonly<GameEvent>, obs: Observation) => void) | undefined;
  /** The net options: the guide (made by newGame for its rules), what it is used for, and netPrior's buffers (by action id, by candidate). */
  private guide: NetGuide<Rules, Observation> | undefined;
  private readonly use: { on: boolean; value: boolean };
  private logPolicy = new Float64Array(0);
  private readonly bias = new Float64Array(512);
  private readonly order = new Float64Array(512);

  constructor(
    private readonly p: SearchParams,
    private readonly model: OnnxModel | undefined,
  ) {
    this.use = guideUse(p);
    this.onEvent = p.others === 'adapt' ? (e, obs) => this.evidence?.hear(e, obs) : undefined;
    this.budget = { samples: p.samples, batch: 10, minSamples: 20, z: p.z, indifference: p.indifference, marginWeight: p.marginWeight };
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
      // The pro variant's hands are open: its heuristic reckons the fill risk from them, and the
      // model of mc was fitted to the base game; pro plays the others as the noisy heuristic
      // (it wins all of 100 games against mc at 2 players: docs/notes/findings.md).
      const pro = r.variant === 'pro';
      let model: McModel | undefined;
      if (!pro && p.others !== 'heuristic') {
        model = new McModel(this.costs);
        model.prepare(r);
      }
      // others=mc: every other seat's cards are the model's draws, no random cards besides (noise
      // unused); adapt: `noise` for the seats a sample plays by the heuristic.
      const noise = p.others === 'mc' ? 0 : p.noise;
      // A model without a net option, or a net option without a model, is refused here in one line.
      this.guide = this.use.on || this.model !== undefined ? new NetGuide(NET_GAME, this.model, r, this.use) : undefined;
      this.logPolicy = new Float64Array(actions.size(r));
      const guide = this.guide;
      const netPlays = guide !== undefined && p.netPlayout !== 'off';
      this.policy = netPlays
        ? new NetOthersPolicy(this.heuristic, noise, model, guide, p.netPlayout !== 'opponents', p.netPlayout !== 'self')
        : pro
          ? new NoisyHeuristic(this.heuristic, p.noise)
          : new OthersPolicy(this.heuristic, noise, model);
      this.policy.views = views;
      this.domain = new SixNimmtDomain(this.root, this.scratch, this.sampler, this.policy);
      const bull = new Uint8Array(r.maxCard + 1);
      for (let c = 1; c <= r.maxCard; c++) bull[c] = views[0]!.cardBullheads(c);
      this.evidence = model && p.others === 'adapt' ? new SeatEvidence(model, this.heuristic, p.noise, bull) : undefined;
      // One weight a seat of this table: the policy draws for these seats only.
      this.modelWeights = new Float64Array(r.players);
      if (this.evidence) (this.policy as OthersPolicy).modelWeights = this.modelWeights;
      // The model's playouts and leaves read the seats' views of the game state: no bare board then.
      this.domain.round = !pro && !netPlays && p.netLeaf === 0;
      this.domain.leadWeight = leadWeight(r, p.marginWeight, p.duelMargin);
      if (guide !== undefined && p.netLeaf > 0) {
        this.domain.leafSteps = p.netLeaf;
        this.domain.leaf = (_s, me) => guide.valueOf(views[me]!);
      }
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
    const pick = n === 1 ? 0 : this.run(n, obs.seat, obs);
    const action = domain.actions[pick]!;
    return obs.phase === 'play' ? action : obs.phase === 'row' ? action - root.rowAction : action - root.pickAction;
  }

  private run(n: number, me: number, obs: Observation): number {
    this.scratch.stopRound = this.root.round + 1;
    // With nothing hidden and no random plays (the pro variant without noise), one sample says it all.
    const noisy = this.p.noise > 0 || (this.p.others !== 'heuristic' && this.rules!.variant !== 'pro');
    const budget = this.sampler.hidden || noisy ? this.budget : this.oneSample;
    const { netPrior, netTop } = this.p;
    if (netPrior === 0 && (netTop === 0 || netTop >= n)) return this.search.run(this.domain, n, me, this.random, budget);
    return this.search.run(this.domain, n, me, this.random, budget, this.priorOf(n, obs));
  }

  /**
   * The candidates' bias from the model's policy at the root: netPrior x the log-probability of each
   * candidate's action id (the contract's actions are the action space's ids), and -Infinity for all
   * but the netTop most probable (ties to the lower candidate).
   */
  private priorOf(n: number, obs: Observation): Float64Array {
    const { guide, logPolicy, bias, order, domain } = this;
    const { netPrior, netTop } = this.p;
    guide!.evaluate(obs);
    guide!.logPolicy(obs, logPolicy);
    for (let c = 0; c < n; c++) {
      const lp = logPolicy[domain.actions[c]!]!;
      bias[c] = netPrior * lp;
      order[c] = lp;
    }
    if (netTop > 0 && netTop < n) {
      // A candidate is dropped when netTop others are more probable (or as probable and listed before it).
      for (let c = 0; c < n; c++) {
        let above = 0;
        for (let d = 0; d < n; d++) if (order[d]! > order[c]! || (order[d] === order[c] && d < c)) above++;
        if (above >= netTop) bias[c] = -Infinity;
      }
    }
    return bias;
  }
}
