import { protectData } from '../../src/game/protect.js';
import { defineAgent, type Action, type GameStart, type Observation, type Random, type Rules, type SixNimmtAgent } from '../../src/games/six-nimmt/agent.js';
import { DRAFT_ACTION, ROW_ACTION, SixNimmtState, SeatView, HiddenSampler, GameState, PLAY, ROW } from '../../src/games/six-nimmt/kit.js';
import { Sfc32, type SeedKey } from '../../src/game/seed.js';
import { ContractDomain, type ContractPolicy } from '../../src/search/contract.js';
import { FlatSearch, type SearchBudget } from '../../src/search/flat.js';
import heuristic, { HeuristicAgent, type HeuristicParams } from './heuristic.js';

/**
 * The flagship search for 6 nimmt!, on the game-independent core (src/search/): win-share flat
 * Monte Carlo with progressive pruning, played through the game contract (legal actions, apply,
 * copy) on positions re-dealt by the game's HiddenSampler from this seat's Observation. Every
 * other seat plays the heuristic bot, with probability `noise` a random hand card instead (the
 * opponent model: noisy, so the search does not bank on the heuristic's exact cards); its own later
 * plays are the heuristic's. Rollouts stop at the end of the round (horizon=round) or the game;
 * the win share is then of the bullhead totals at that point, and `marginWeight` per bullhead of
 * lead breaks ties.
 */
export interface SearchParams {
  [key: string]: number | string;
  samples: number;
  noise: number;
  horizon: string;
  z: number;
  marginWeight: number;
  draft: string;
  indifference: number;
}

const policyDefaults = protectData(
  'search policy defaults',
  Object.fromEntries(Object.entries(heuristic.params).map(([k, spec]) => [k, spec.default])) as HeuristicParams,
);

export default defineAgent<SearchParams>({
  name: 'search',
  description: 'Flagship: win-share Monte Carlo through the game contract, noisy heuristic opponents, progressive pruning of candidates.',
  params: {
    samples: { description: 'most sampled deals per decision (each plays out every live candidate)', default: 80, min: 2, max: 20000, integer: true },
    noise: { description: "chance that another seat's rollout play is a random hand card instead of the heuristic's", default: 0.35, min: 0, max: 1 },
    horizon: { description: 'play each rollout to the end of the round or of the game', default: 'round', choices: ['round', 'game'] },
    z: { description: 'prune a candidate once it trails the leader by this many standard errors (0: never)', default: 2, min: 0, max: 10 },
    marginWeight: { description: 'utility per bullhead of lead over the best opponent, beside the win share', default: 0.05, min: 0, max: 1 },
    draft: { description: 'pro draft: pick as the heuristic does (as mc), or search every open card', default: 'heuristic', choices: ['heuristic', 'search'] },
    indifference: {
      description: 'drop a candidate once it is clearly no more than this much utility better than the leader (0: only clearly worse ones)',
      default: 0,
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
  private readonly rng = new Sfc32();
  private readonly key: SeedKey = { hi: 0, lo: 0 };

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

class SearchAgent implements SixNimmtAgent {
  private rules: Readonly<Rules> | undefined;
  private sampler!: HiddenSampler;
  private domain!: ContractDomain<SixNimmtState>;
  private root!: SixNimmtState;
  private scratch!: SixNimmtState;
  private readonly policy: NoisyHeuristic;
  private readonly search = new FlatSearch(512, 20000);
  private readonly budget: SearchBudget;
  private readonly oneSample: SearchBudget;
  private readonly wholeGame: boolean;
  private readonly searchDraft: boolean;
  private random!: Random;

  constructor(p: SearchParams) {
    this.policy = new NoisyHeuristic(new HeuristicAgent(policyDefaults), p.noise);
    this.budget = { samples: p.samples, batch: 10, minSamples: 20, z: p.z, marginWeight: p.marginWeight, indifference: p.indifference };
    this.wholeGame = p.horizon === 'game';
    this.searchDraft = p.draft === 'search';
    this.oneSample = { ...this.budget, samples: 1 };
  }

  newGame(start: GameStart): void {
    if (!this.rules || JSON.stringify(this.rules) !== JSON.stringify(start.rules)) {
      this.rules = start.rules;
      const r = { ...start.rules };
      this.sampler = new HiddenSampler(r);
      this.root = new PlayoutState(r);
      this.scratch = new PlayoutState(r);
      // The search reads positions only: no records, so no round log.
      this.root.logging = this.scratch.logging = false;
      this.policy.views = Array.from({ length: r.players }, (_, seat) => new SeatView(this.scratch, seat));
      this.policy.heuristic.prepare(r);
      const position: GameState = this.sampler.position;
      this.domain = new ContractDomain(
        this.root,
        this.scratch,
        (root, random) => {
          this.sampler.sample(random);
          root.copyFrom(position as SixNimmtState);
        },
        this.policy,
      );
    }
    this.random = start.random;
  }

  decide(obs: Observation): Action {
    if (obs.phase === 'draft' && !this.searchDraft) return this.policy.heuristic.decide(obs);
    const { sampler, root, domain } = this;
    sampler.observe(obs);
    root.copyFrom(sampler.position as SixNimmtState);
    this.policy.me = obs.seat;
    const n = domain.candidates(obs.seat);
    const pick = n === 1 ? 0 : this.run(n, obs.seat);
    const action = domain.actions[pick]!;
    return obs.phase === 'play' ? action : obs.phase === 'row' ? action - ROW_ACTION : action - DRAFT_ACTION;
  }

  private run(n: number, me: number): number {
    this.scratch.stopRound = this.wholeGame ? Infinity : this.root.round + 1;
    // With nothing hidden and no noise (pro variant, round horizon), one sample says it all.
    const budget = this.sampler.hidden || this.policy.noise > 0 || this.wholeGame ? this.budget : this.oneSample;
    return this.search.run(this.domain, n, me, this.random, budget);
  }
}
