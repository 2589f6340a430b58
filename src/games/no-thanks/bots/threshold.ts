import { defineAgent, type Action, type GameStart, type NoThanksAgent, type NumberParam, type Observation } from '../agent.js';

/**
 * The tunable family. Takes when out of chips, or when
 *   cost - potWeight * chipsOnCard <= margin + reserveBonus + late * progress
 * where cost is the run-aware marginal cost (or the face value with cost=face),
 * reserveBonus = bonus when its chips are at or below `reserve` (spend the last chips reluctantly),
 * and progress runs from 0 at the first card to 1 at the last (cards left in the deck).
 * Classic published rules are presets: "take when card - chips <= 10" is
 * threshold:cost=face,potWeight=1,margin=10; "take when marginal cost - chips <= T" is
 * threshold:potWeight=1,margin=T.
 */
export interface ThresholdParams {
  [key: string]: number | string;
  cost: string;
  margin: number;
  potWeight: number;
  reserve: number;
  bonus: number;
  late: number;
}

export function thresholdTakes(
  p: ThresholdParams,
  faceCost: boolean,
  card: number,
  marginalCost: number,
  pot: number,
  chips: number,
  progress: number,
): boolean {
  if (chips === 0) return true;
  const cost = faceCost ? card : marginalCost;
  let margin = p.margin + p.late * progress;
  if (chips <= p.reserve) margin += p.bonus;
  return cost - p.potWeight * pot <= margin;
}

/** Fraction of the played deck already revealed before the face-up card: 0 first card, 1 last. */
export function progress(cardsLeft: number, deckCards: number): number {
  return deckCards > 1 ? 1 - cardsLeft / (deckCards - 1) : 1;
}

const num = (description: string, def: number, min: number, max: number, integer = false): NumberParam => ({
  description,
  default: def,
  min,
  max,
  integer,
});

export default defineAgent<ThresholdParams>({
  name: 'threshold',
  description: 'Takes when out of chips or when cost - potWeight x chips on the card <= margin (+ reserve and late-game adjustments).',
  params: {
    cost: {
      description: 'card cost: marginal (run-aware: what taking adds to its card points) or face (the printed value)',
      default: 'marginal',
      choices: ['marginal', 'face'],
    },
    // Tuned: margin 2 with pot weight 2 beat the first defaults (4, 1.5) by 6.3 points against
    // greedy, threshold and mc (thresholds experiment), and by 14.4 in a field with search and mc.
    margin: num('take when cost - potWeight x pot is at most this', 2, -40, 40),
    potWeight: num('points each chip on the card is worth to it', 2, 0, 10),
    reserve: num('chip reserve: at or below this many chips the margin rises by bonus', 2, 0, 50, true),
    bonus: num('margin increase when chips are at or below the reserve', 6, -40, 40),
    late: num('margin increase by the last card (linear in cards revealed)', 0, -40, 40),
  },
  create: (p) => new ThresholdAgent(p),
});

/** A class, not a closure: one shared decide() keeps the game loop's call site monomorphic. */
class ThresholdAgent implements NoThanksAgent {
  private readonly face: boolean;
  private deckCards = 0;

  constructor(private readonly p: ThresholdParams) {
    this.face = p.cost === 'face';
  }

  newGame(start: GameStart): void {
    const r = start.rules;
    this.deckCards = r.maxCard - r.minCard + 1 - r.removed;
  }

  decide(obs: Observation): Action {
    // The progress division only matters with a late-game adjustment.
    const prog = this.p.late === 0 ? 0 : progress(obs.cardsLeft, this.deckCards);
    return thresholdTakes(this.p, this.face, obs.card, obs.marginalCost(), obs.pot, obs.myChips, prog) ? 'take' : 'pass';
  }
}
