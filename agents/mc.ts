import { defineAgent, type Observation, type Random, type Rules } from '../src/agent.js';
import { cardCount } from '../src/engine/rules.js';
import { GameState } from '../src/engine/state.js';
import { greedyTakes } from './greedy.js';
import threshold, { progress, thresholdTakes, type ThresholdParams } from './threshold.js';

/**
 * Monte Carlo rollouts over the unseen cards. Each sample draws the hidden information from what
 * this seat may see (which unseen cards are still in the deck and their order; opponents' chips as
 * counted from the public history when counters are hidden), then plays both actions out to the end
 * with the rollout policy in every seat, on the same sample (common random numbers). Picks the
 * action with the better mean objective; ties go to taking.
 */
export interface McParams {
  [key: string]: number | string;
  rollouts: number;
  policy: string;
  objective: string;
}

const thresholdDefaults = Object.fromEntries(
  Object.entries(threshold.params).map(([k, spec]) => [k, spec.default]),
) as ThresholdParams;

export default defineAgent<McParams>({
  name: 'mc',
  description: 'Monte Carlo: plays both actions out over sampled hidden cards with a rollout policy and picks the better.',
  params: {
    rollouts: { description: 'sampled deals per decision (each plays out both actions)', default: 300, min: 1, max: 100000, integer: true },
    policy: { description: 'rollout policy for every seat', default: 'threshold', choices: ['threshold', 'greedy', 'random'] },
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

class McAgent {
  private readonly policy: number;
  private readonly objective: 'score' | 'margin' | 'win';
  private rules: Rules | undefined;
  private base!: GameState;
  private sim!: GameState;
  private deckCards = 0;
  private readonly pool = new Uint8Array(64);
  private random!: Random;

  constructor(private readonly p: McParams) {
    this.policy = ['threshold', 'greedy', 'random'].indexOf(p.policy);
    this.objective = p.objective as 'score' | 'margin' | 'win';
  }

  newGame(start: { rules: Readonly<Rules>; random: Random }): void {
    if (this.rules !== start.rules) {
      this.rules = start.rules;
      this.base = new GameState(start.rules, false);
      this.sim = new GameState(start.rules, false);
      this.deckCards = cardCount(start.rules) - start.rules.removed;
    }
    this.random = start.random;
  }

  decide(obs: Observation): 'take' | 'pass' {
    if (obs.myChips === 0) return 'take';
    const unseen = this.load(obs);
    const { base, sim, p } = this;
    const first = base.next + 1;
    const left = base.deckEnd - first;
    let take = 0;
    let pass = 0;
    for (let r = 0; r < p.rollouts; r++) {
      this.sampleDeck(unseen, first, left);
      sim.copyFrom(base);
      sim.take();
      this.rollout();
      take += this.value(obs.seat);
      sim.copyFrom(base);
      sim.pass();
      this.rollout();
      pass += this.value(obs.seat);
    }
    return take <= pass ? 'take' : 'pass';
  }

  /** Fills `base` with the position as this seat sees it; returns the number of unseen cards in `pool`. */
  private load(obs: Observation): number {
    const s = this.base;
    const rules = this.rules!;
    s.display.fill(0);
    s.cardPoints.fill(0);
    let unseen = 0;
    const known = rules.knownRemoved ? new Set(obs.removedCards()) : undefined;
    for (let c = rules.minCard; c <= rules.maxCard; c++) {
      let held = false;
      for (let seat = 0; seat < rules.players; seat++) {
        if (obs.has(seat, c)) {
          s.addCard(seat, c);
          held = true;
        }
      }
      if (!held && c !== obs.card && !known?.has(c)) this.pool[unseen++] = c;
    }
    for (let seat = 0; seat < rules.players; seat++) {
      s.chips[seat] = seat === obs.seat ? obs.myChips : rules.openChips ? obs.chips(seat) : obs.countedChips(seat);
    }
    s.next = s.deckEnd - obs.cardsLeft - 1;
    s.cards[s.next] = obs.card;
    s.card = obs.card;
    s.pot = obs.pot;
    s.current = obs.seat;
    return unseen;
  }

  /** Draws the face-down deck: a uniform ordered sample of `left` cards from the unseen pool. */
  private sampleDeck(unseen: number, first: number, left: number): void {
    const { pool, random } = this;
    const cards = this.base.cards;
    for (let i = 0; i < left; i++) {
      const j = i + Math.floor(random() * (unseen - i));
      const t = pool[j]!;
      pool[j] = pool[i]!;
      pool[i] = t;
      cards[first + i] = t;
    }
  }

  private rollout(): void {
    const s = this.sim;
    const { policy, deckCards, random } = this;
    while (s.card !== 0) {
      const seat = s.current;
      const chips = s.chips[seat]!;
      let takes: boolean;
      if (policy === POLICY_THRESHOLD) {
        takes = thresholdTakes(thresholdDefaults, false, s.card, s.marginalCost(seat), s.pot, chips, progress(s.cardsLeft, deckCards));
      } else if (policy === POLICY_GREEDY) {
        takes = greedyTakes(s.marginalCost(seat), s.pot, chips);
      } else {
        takes = chips === 0 || random() < 0.5;
      }
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
