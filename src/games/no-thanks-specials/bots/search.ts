import { protectData, protect } from '../../../game/protect.js';
import { defineAgent, type Action, type GameEvent, type GameStart, type Observation, type Random, type Rules, type SpecialsAgent } from '../agent.js';
import { SpecialsForwardModel, SeatView, HiddenSampler, BID, CHOOSE, DECLINE, PASS, SIT_OUT, TAKE, toAction } from '../kit.js';
import { ContractDomain, type ContractPolicy } from '../../../search/contract.js';
import { FlatSearch, type SearchBudget } from '../../../search/flat.js';
import { McModelPolicy, ModelEvidence } from './mc-model.js';
import { VALUE_PARAMS, valueDecide, type ValueParams } from './value.js';

/**
 * The flagship search for the special-card expansion, on the game-independent core (src/search/):
 * win-share flat Monte Carlo with progressive pruning, played through the game contract (legal
 * actions, apply, copy) on positions re-dealt by the game's HiddenSampler from this seat's
 * Observation. Later moves in the playouts: its own by the value heuristic (the expansion's mc
 * rollout policy), with `own=tuned` by the setting the tuner found (docs/notes/findings.md, "Tuning
 * many parameters"), so a candidate is judged by how the bot would go on. The other seats by
 * `others`: value's defaults or tuned setting, a model of the lab's mc bot fitted to its answers
 * (`mc`, mc-model.ts: take / pass and bid / decline as probabilities), or, per seat, the mc model
 * or value's defaults by which explains that seat's public answers this game better (`adapt`, a
 * posterior drawn per sample, from prior `mcPrior`: the default; docs/notes/findings.md, "Special
 * cards": a model of who actually sits at the table is worth about 20 points of win share
 * against 3 x mc; with the others modelled, 200 samples beat 100 by 5 more, where more samples of
 * value in their seats had bought nothing). `marginWeight` per point of lead breaks ties between
 * equal win shares.
 */
export interface SearchParams {
  [key: string]: number | string;
  samples: number;
  z: number;
  marginWeight: number;
  own: string;
  others: string;
  mcPrior: number;
  maxMoves: number;
}

const rolloutPolicy = protectData(
  'search rollout policy',
  Object.fromEntries(Object.entries(VALUE_PARAMS).map(([k, spec]) => [k, spec.default])) as ValueParams,
);

/** value's setting found by `nothanks tune --game no-thanks-specials --agent value ... --seed specials-1` (docs/notes/findings.md). */
export const tunedPolicy = protectData('search tuned value policy', {
  ...rolloutPolicy,
  margin: 4.87,
  potWeight: 2.22,
  greed: 0.46,
  sitOutAt: 15.6,
  jokerHope: 5.05,
  fetchCost: 9.91,
} as ValueParams);

/**
 * A work cap that brings p99 of single decisions under 10 ms here (maxMoves; the default, 0, is none, so the
 * measured tables of docs/notes/findings.md describe the default). Uncapped, the slowest decisions play
 * 60,000-80,000 moves (the first third of the game's takes and bids, 200 samples of two or three
 * answers none of which pulls ahead, each playout the rest of the game) and up to 196,000 (give or
 * remove from a display of 7-9 cards): about 170 ns a move here (docs/notes/speed.md, "Time per
 * decision: the tail").
 */
export const TEN_MS_MOVES = 40_000;

export default defineAgent<SearchParams>({
  name: 'search',
  description:
    'Flagship: win-share Monte Carlo through the game contract, the other seats modelled (mc model or value by a posterior), progressive pruning of answers.',
  params: {
    samples: { description: 'most sampled deals per decision (each plays out every live answer)', default: 200, min: 2, max: 20000, integer: true },
    z: { description: 'prune an answer once it trails the leader by this many standard errors (0: never)', default: 2.5, min: 0, max: 10 },
    marginWeight: { description: 'utility per point of lead over the best opponent, beside the win share', default: 0.005, min: 0, max: 1 },
    own: { description: "its own later moves in the playouts: value's defaults or its tuned setting", default: 'value', choices: ['value', 'tuned'] },
    others: {
      description:
        "the other seats' moves in the playouts: adapt draws each seat per sample as the mc model (by its posterior weight) or value's defaults; mc: always a model of mc fitted to its answers; value / tuned: value's defaults / tuned setting",
      default: 'adapt',
      choices: ['adapt', 'mc', 'value', 'tuned'],
    },
    mcPrior: {
      description: "with others=adapt: prior weight of the mc model against value's rule for each other seat (its public answers this game move it)",
      default: 0.9,
      min: 0.001,
      max: 0.999,
    },
    maxMoves: {
      description:
        'most moves played in playouts per decision, every candidate and seat counted (0: no cap): no sample is started past it, so a decision stops within one sample of the cap (a count, not a clock: same play on any machine); 40000 brings p99 under 10 ms here',
      default: 0,
      min: 0,
      max: 100_000_000,
      integer: true,
    },
  },
  create: (p) => new SearchAgent(p),
});

/** The value heuristic in every seat, as contract actions. */
export class ValuePolicy implements ContractPolicy<SpecialsForwardModel> {
  views: SeatView[] = [];
  act(s: SpecialsForwardModel, seat: number): number {
    return toAction(s.phase, valueDecide(rolloutPolicy, this.views[seat]!));
  }
}

/** value in every seat, its own seat (`me`) and the others each by a setting of their own. */
export class SeatPolicies implements ContractPolicy<SpecialsForwardModel> {
  views: SeatView[] = [];
  me = 0;
  constructor(
    private readonly own: ValueParams,
    private readonly others: ValueParams,
  ) {}
  act(s: SpecialsForwardModel, seat: number): number {
    return toAction(s.phase, valueDecide(seat === this.me ? this.own : this.others, this.views[seat]!));
  }
}

/** A contract action as the bot interface's answer. */
function answerOf(action: number): Action {
  switch (action) {
    case TAKE:
      return 'take';
    case PASS:
      return 'pass';
    case SIT_OUT:
      return 'sit-out';
    case BID:
      return 'bid';
    case DECLINE:
      return 'decline';
    default:
      return action - CHOOSE;
  }
}

/** others=adapt: the chance value's rule is taken to answer otherwise than it does (its noise in the evidence). */
const ADAPT_EPSILON = 0.1;

class SearchAgent implements SpecialsAgent {
  private rules: Rules | undefined;
  private sampler!: HiddenSampler;
  private root!: SpecialsForwardModel;
  private domain!: ContractDomain<SpecialsForwardModel>;
  private readonly policy: SeatPolicies | McModelPolicy;
  private readonly search = new FlatSearch(256, 20000);
  private readonly budget: SearchBudget;
  private random!: Random;
  /** others=adapt: each other seat by the mc model or value, by how well each explains its answers. */
  private readonly adaptive: boolean;
  private readonly mcPrior: number;
  private evidence: ModelEvidence | undefined;
  /** others=adapt only: the others' public answers feed the evidence (without it the table sends this bot no events). */
  readonly onEvent: ((e: GameEvent, obs: Observation) => void) | undefined;
  private mcWeight: Float64Array | undefined;

  constructor(p: SearchParams) {
    const own = p.own === 'tuned' ? tunedPolicy : rolloutPolicy;
    this.policy =
      p.others === 'mc' || p.others === 'adapt'
        ? new McModelPolicy(own, rolloutPolicy)
        : new SeatPolicies(own, p.others === 'tuned' ? tunedPolicy : rolloutPolicy);
    this.adaptive = p.others === 'adapt';
    this.onEvent = this.adaptive ? (e, obs) => this.evidence!.hear(e, obs) : undefined;
    this.mcPrior = p.mcPrior;
    this.budget = { samples: p.samples, batch: 20, minSamples: 30, z: p.z, marginWeight: p.marginWeight };
    if (p.maxMoves > 0) this.budget.maxWork = p.maxMoves;
  }

  newGame(start: GameStart): void {
    if (this.rules !== start.rules) {
      this.rules = start.rules;
      this.sampler = new HiddenSampler(start.rules);
      this.root = new SpecialsForwardModel(start.rules);
      const scratch = new SpecialsForwardModel(start.rules);
      this.policy.views = Array.from({ length: start.rules.players }, (_, seat) => new SeatView(scratch, seat));
      // The forward model's copy is the engine's: the sampler's position loads into it directly.
      const position = this.sampler.position as SpecialsForwardModel;
      this.domain = new ContractDomain(
        this.root,
        scratch,
        (root, random) => {
          this.sampler.sample(random);
          root.copyFrom(position);
        },
        this.policy,
      );
    }
    this.random = start.random;
    if (this.adaptive) {
      if (this.evidence === undefined || this.mcWeight!.length !== start.rules.players) {
        this.evidence = new ModelEvidence(start.rules.players, rolloutPolicy, ADAPT_EPSILON);
        this.mcWeight = new Float64Array(start.rules.players);
        (this.policy as McModelPolicy).mcWeight = this.mcWeight;
      }
      this.evidence.reset();
    }
  }

  decide(obs: Observation): Action {
    const { sampler, root, domain } = this;
    sampler.observe(obs);
    root.copyFrom(sampler.position as SpecialsForwardModel);
    this.policy.me = obs.seat;
    if (this.evidence !== undefined) {
      // The policy draws each sample's players from these weights (set on it in newGame).
      const w = this.mcWeight!;
      for (let seat = 0; seat < w.length; seat++) w[seat] = this.evidence.weight(seat, this.mcPrior);
    }
    const n = domain.candidates(obs.seat);
    const pick = n === 1 ? 0 : this.search.run(domain, n, obs.seat, this.random, this.budget);
    return answerOf(domain.actions[pick]!);
  }
}

// Frozen before a bot file loads (src/game/protect.ts): made only once a bot plays, so not reached through the built-in bots' fields.
protect(ValuePolicy, SeatPolicies);
