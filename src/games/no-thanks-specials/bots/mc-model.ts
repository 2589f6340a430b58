import { protectData, protect } from '../../../game/protect.js';
import { Sfc32, type SeedKey } from '../../../game/seed.js';
import { isSpecial, type GameEvent, type Observation, type Random } from '../agent.js';
import { BID, DECLINE, PASS, SIT_OUT, TAKE, toAction, type SeatView, type SpecialsForwardModel } from '../kit.js';
import type { ContractPolicy } from '../../../search/contract.js';
import { valueDecide, worth, type ValueParams } from './value.js';

/**
 * A model of the lab's special-card mc bot (mc.ts at its default 60 rollouts), for the other seats
 * of the search's playouts. mc plays value's answer only three times in four (take / pass on number
 * and red cards: 75%; bid / decline on green cards: 58%; measured over 80 games of 4 x mc, 13,209
 * decisions), so playouts with value in the other seats judge a candidate against players who do
 * not sit at the table. The model is a probability, not a rule: mc's answers near its boundary are
 * settled by its own sampling noise.
 *
 * take / pass (chips left, no sit-out): takes with chance sigmoid(w . [1, cost, pot, chips <= 2,
 * cards left, chips, red special, red special x cost]), cost = value's worth of the card with the
 * sign turned, costs, pot, chips and cards left in tens. bid / decline (chips left): bids with
 * chance sigmoid(w . [1, worth, pot, chips <= 2, cards left, chips]), same units. Both are logistic
 * fits (Newton, ridge 0.01) to mc's answers in 80 games of 4 x mc at 4 players (master key
 * no-thanks/diag, deals 0..79): take / pass 10,245 answers, 78.7% predicted (value 75.1%), mean
 * log-likelihood -0.45; bid / decline 2,824 answers, 59.4% predicted (value 57.7%), -0.66.
 * Sitting out, running out of chips and give / remove (mc's answer is value's in nearly every
 * case) stay value's.
 */
export const MC_TAKE = protectData('mc model take weights', [-1.3998, -0.5269, 0.5655, 0.605, 0.2862, 0.1677, -0.7612, 0.0081]);
export const MC_BID = protectData('mc model bid weights', [-0.2486, 0.4736, -0.0529, 0.2529, -0.0841, 0.0513]);

/** The model's chance that a seat takes the face-up number or red card (chips left); `cost` = -worth. */
export function mcTakeChance(cost: number, pot: number, chips: number, left: number, special: boolean): number {
  const w = MC_TAKE;
  const s = special ? 1 : 0;
  const z =
    w[0]! +
    (w[1]! * cost) / 10 +
    (w[2]! * pot) / 10 +
    (chips <= 2 ? w[3]! : 0) +
    (w[4]! * left) / 10 +
    (w[5]! * chips) / 10 +
    s * (w[6]! + (w[7]! * cost) / 10);
  return 1 / (1 + Math.exp(-z));
}

/** The model's chance that a seat bids on the face-up green card (chips left). */
export function mcBidChance(value: number, pot: number, chips: number, left: number): number {
  const w = MC_BID;
  const z = w[0]! + (w[1]! * value) / 10 + (w[2]! * pot) / 10 + (chips <= 2 ? w[3]! : 0) + (w[4]! * left) / 10 + (w[5]! * chips) / 10;
  return 1 / (1 + Math.exp(-z));
}

/**
 * How much better the mc model than value's rule (defaults, wrong with chance `epsilon`) explains
 * each seat's public answers this game: per seat, log P(answers | mc model) - log P(answers |
 * value), over its take / pass answers on number cards and its bid / decline answers on green
 * cards with chips left (the features of the moment before the answer, rebuilt from the event and
 * the position after it: chips by the pot taken or the chip paid, a taken number's cost by its
 * neighbours; a joker's or double-highest's effect on that cost is left out).
 */
export class ModelEvidence {
  readonly logOdds: Float64Array;

  constructor(
    players: number,
    private readonly base: ValueParams,
    private readonly epsilon: number,
  ) {
    this.logOdds = new Float64Array(players);
  }

  reset(): void {
    this.logOdds.fill(0);
  }

  /** Weight of the mc model for `seat` from a prior weight `prior` (its posterior probability). */
  weight(seat: number, prior: number): number {
    return 1 / (1 + ((1 - prior) / prior) * Math.exp(-this.logOdds[seat]!));
  }

  /** Scores one public answer of another seat, heard with `obs` (the position after it). */
  hear(e: GameEvent, obs: Observation): void {
    const seat = e.seat;
    if (seat === obs.seat) return;
    const { card, pot } = e;
    const p = this.base;
    let yes: boolean;
    let chips: number;
    let valueSays: boolean;
    let model: number;
    switch (e.type) {
      case 'pass':
      case 'take': {
        if (isSpecial(card)) return;
        yes = e.type === 'take';
        chips = yes ? obs.countedChips(seat) - pot : obs.countedChips(seat) + 1;
        if (chips === 0) return; // no chips: it had to take
        // A pass leaves the display as it was; a taken number's cost is its run points then.
        const cost = yes ? (obs.has(seat, card - 1) ? 0 : card) - (obs.has(seat, card + 1) ? card + 1 : 0) : -worth(p, obs, seat, card);
        valueSays = cost - p.potWeight * pot <= p.margin + (chips <= p.reserve ? p.bonus : 0);
        model = mcTakeChance(cost, pot, chips, obs.cardsLeft + (yes ? 1 : 0), false);
        break;
      }
      case 'bid':
      case 'decline': {
        yes = e.type === 'bid';
        chips = yes ? obs.countedChips(seat) + 1 : obs.countedChips(seat) - pot;
        if (chips === 0) return; // no chips: it had to decline
        const value = worth(p, obs, seat, card);
        valueSays = chips > p.bidReserve && p.greed * value > pot + 1;
        model = mcBidChance(value, pot, chips, obs.cardsLeft + (yes ? 0 : 1));
        break;
      }
      default:
        return;
    }
    const mc = yes ? model : 1 - model;
    const value = valueSays === yes ? 1 - this.epsilon : this.epsilon;
    this.logOdds[seat]! += Math.log(mc) - Math.log(value);
  }
}

/**
 * The playouts' policy with the mc model in the other seats: the seat being decided (`me`) plays
 * value by its own setting, every other seat the model's answer, its coins from one stream per
 * sample that every candidate's playout restarts (common random numbers across candidates). With
 * `mcWeight` set (the adaptive mode), each sample instead draws for every other seat whether it
 * plays the model (with that seat's weight) or value's defaults.
 */
export class McModelPolicy implements ContractPolicy<SpecialsForwardModel> {
  views: SeatView[] = [];
  me = 0;
  /** Per seat, the chance a sample plays it by the model rather than by value (undefined: always the model). */
  mcWeight: Float64Array | undefined;
  private readonly valueSeat = new Uint8Array(64);
  private readonly coins = new Sfc32();
  private readonly key: SeedKey = { hi: 0, lo: 0 };

  constructor(
    private readonly own: ValueParams,
    private readonly base: ValueParams,
  ) {}

  beginSample(random: Random): void {
    this.key.hi = Math.floor(random() * 4294967296);
    this.key.lo = Math.floor(random() * 4294967296);
    const w = this.mcWeight;
    if (w !== undefined) for (let seat = 0; seat < w.length; seat++) this.valueSeat[seat] = seat !== this.me && random() >= w[seat]! ? 1 : 0;
  }

  beginPlayout(): void {
    this.coins.reset(this.key);
  }

  act(s: SpecialsForwardModel, seat: number): number {
    const view = this.views[seat]!;
    if (seat === this.me) return toAction(s.phase, valueDecide(this.own, view));
    if (this.valueSeat[seat] === 1) return toAction(s.phase, valueDecide(this.base, view));
    const phase = view.phase;
    const chips = view.myChips;
    if (phase === 'take') {
      const card = view.card;
      const cost = -worth(this.base, view, seat, card);
      // value's sit-out rule (mc's answer is value's there nearly always), and no chips: must take.
      if (chips <= 1 && cost - view.pot > this.base.sitOutAt && view.canSitOut) return SIT_OUT;
      if (chips === 0) return TAKE;
      return this.coins.next() < mcTakeChance(cost, view.pot, chips, view.cardsLeft, isSpecial(card)) ? TAKE : PASS;
    }
    if (phase === 'bid') {
      if (chips === 0) return DECLINE;
      return this.coins.next() < mcBidChance(worth(this.base, view, seat, view.card), view.pot, chips, view.cardsLeft) ? BID : DECLINE;
    }
    return toAction(s.phase, valueDecide(this.base, view));
  }
}

// Frozen before a bot file loads (src/game/protect.ts): made only once a bot plays, so not reached through the built-in bots' fields.
protect(ModelEvidence, McModelPolicy);
