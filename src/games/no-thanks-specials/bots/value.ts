import { protectData } from '../../../game/protect.js';
import { bonusOf, CODE, defineAgent, isSpecial, KINDS, SPECIAL_BASE, type Action, type NumberParam, type Observation, type SpecialsAgent } from '../agent.js';

/**
 * The special-card heuristic: values every card by what it would do to its own score (exactly, now,
 * through obs.scoreWith), plus a few documented guesses for what only the future decides:
 *
 * - number and red cards are taken like the threshold bot takes numbers: when
 *   cost - potWeight x chips on it <= margin (+ bonus at or below `reserve` chips);
 * - a green card is bid on while greed x its worth exceeds the chips a decliner would collect
 *   (pot + 1), keeping `bidReserve` chips; otherwise it declines and takes the pot;
 * - a sit-out card is spent on a card costing more than `sitOutAt` net when chips are short;
 * - give-left and remove drop the card whose loss helps its score most (exactly; while bidding on
 *   them it estimates that by run points and red cards only, which is much cheaper).
 */
export interface ValueParams {
  [key: string]: number;
  margin: number;
  potWeight: number;
  reserve: number;
  bonus: number;
  greed: number;
  bidReserve: number;
  sitOutAt: number;
  jokerHope: number;
  sitOutValue: number;
  lookValue: number;
  fetchCost: number;
}

const num = (description: string, def: number, min: number, max: number, integer = false): NumberParam => ({ description, default: def, min, max, integer });

export const VALUE_PARAMS = protectData('value parameters', {
  margin: num('take a number or red card when cost - potWeight x pot is at most this', 4, -40, 40),
  potWeight: num('points each chip on a card is worth', 1.5, 0, 10),
  reserve: num('at or below this many chips the margin rises by bonus', 2, 0, 50, true),
  bonus: num('margin increase at or below the reserve', 6, -40, 40),
  greed: num("share of a green card's worth it will let the pot reach before declining", 0.7, 0, 5),
  bidReserve: num('chips it keeps: no bids at or below this many', 1, 0, 50, true),
  sitOutAt: num('spends a sit-out card on a card costing more than this net, when short of chips', 10, -40, 80),
  jokerHope: num('points a joker is worth beyond its value now (future bridges)', 3, 0, 40),
  sitOutValue: num('points a sit-out card is worth', 4, 0, 40),
  lookValue: num('points the look card is worth', 1, 0, 40),
  fetchCost: num('expected points of the card the fetch card drags in', 15, 0, 60),
});

/** Points a card would save its receiver (`seat`) now, with guesses for what the future decides. */
export function worth(p: ValueParams, obs: Observation, seat: number, code: number): number {
  if (!isSpecial(code)) {
    // The fast path: runs only, unless a joker or double-highest makes the exact score differ.
    if (obs.held(seat, CODE.joker) === 0 && obs.held(seat, CODE.doubleHighest) === 0) return -obs.marginalCost(seat, code);
    return obs.scoreNow(seat) - obs.scoreWith(seat, code);
  }
  // Bonus cards (9 of the standard 22) are worth their points and one card of the display: no scoring needed.
  const bonus = bonusOf(code);
  if (bonus) return bonus + obs.held(seat, CODE.plusPerCard) - obs.held(seat, CODE.minusPerCard);
  // The score now only where the answer uses it (scoring is most of this bot's time).
  switch (code) {
    case CODE.joker:
      return obs.scoreNow(seat) - obs.scoreWith(seat, code) + p.jokerHope;
    case CODE.plusPerCard:
      return obs.displaySize(seat) + 1 + obs.cardsLeft / obs.players;
    case CODE.minusPerCard:
      return -(obs.displaySize(seat) + 1 + obs.cardsLeft / obs.players);
    case CODE.sitOut:
      return p.sitOutValue;
    case CODE.look:
      return p.lookValue;
    case CODE.giveLeft:
    case CODE.remove:
      return dropEstimate(obs, seat);
    case CODE.fetch:
      return -p.fetchCost;
    default:
      // Bonus cards and the chip cards: their effect on the score now is the estimate.
      return obs.scoreNow(seat) - obs.scoreWith(seat, code);
  }
}

/** The card whose loss lowers `seat`'s score most, exactly (0 with an empty display). */
export function bestDrop(obs: Observation, seat: number): number {
  const now = obs.scoreNow(seat);
  let code = 0;
  let best = -Infinity;
  // Number cards lie in [minCard, max(maxCard, 40)] (the forty): has() is false elsewhere.
  const lastNumber = Math.min(SPECIAL_BASE - 1, Math.max(obs.rules.maxCard, 40));
  for (let c = Math.max(1, obs.rules.minCard); c < SPECIAL_BASE + KINDS.length; c = c === lastNumber ? SPECIAL_BASE : c + 1) {
    if (c < SPECIAL_BASE ? !obs.has(seat, c) : obs.held(seat, c) === 0) continue;
    const saving = now - obs.scoreWith(seat, c, false);
    if (saving > best) {
      best = saving;
      code = c;
    }
  }
  return code;
}

/**
 * Roughly what the best card to lose saves (for bidding on give-left and remove): a number card by
 * its run points alone, a red special by its exact effect. bestDrop() makes the real choice.
 */
function dropEstimate(obs: Observation, seat: number): number {
  // A number card (up to 40) by its run points, (c-1 held ? 0 : c) - (c+1 held ? c+1 : 0): at
  // best the highest card without neighbours (a run's other cards save nothing or cost), or 0.
  let best = obs.highestLoneCard(seat, 40);
  let now = 0;
  let scored = false;
  for (let i = 0; i < RED.length; i++) {
    const red = RED[i]!;
    if (obs.held(seat, red) === 0) continue;
    if (!scored) {
      now = obs.scoreNow(seat);
      scored = true;
    }
    best = Math.max(best, now - obs.scoreWith(seat, red, false));
  }
  return best;
}

const RED: readonly number[] = KINDS.flatMap((k, i) => (k.colour === 'red' && k.name !== 'forty' ? [SPECIAL_BASE + i] : []));

/** The heuristic's answer for the seat `obs` belongs to (also the mc bot's rollout policy). */
export function valueDecide(p: ValueParams, obs: Observation): Action {
  const me = obs.seat;
  const chips = obs.myChips;
  switch (obs.phase) {
    case 'take': {
      const cost = -worth(p, obs, me, obs.card);
      const net = cost - obs.pot;
      if (chips <= 1 && net > p.sitOutAt && obs.canSitOut) return 'sit-out';
      if (chips === 0) return 'take';
      let margin = p.margin;
      if (chips <= p.reserve) margin += p.bonus;
      return cost - p.potWeight * obs.pot <= margin ? 'take' : 'pass';
    }
    case 'bid':
      if (chips > p.bidReserve && p.greed * worth(p, obs, me, obs.card) > obs.pot + 1) return 'bid';
      return 'decline';
    default:
      return bestDrop(obs, me);
  }
}

export default defineAgent<ValueParams>({
  name: 'value',
  description: 'Values every card by its exact effect on its own score now (plus guesses for the future) and takes, bids, sits out, gives and removes by it.',
  params: VALUE_PARAMS,
  create: (p) => new ValueAgent(p),
});

class ValueAgent implements SpecialsAgent {
  constructor(private readonly p: ValueParams) {}

  decide(obs: Observation): Action {
    return valueDecide(this.p, obs);
  }
}
