import { defineAgent } from 'nothanks-lab';

/**
 * A No Thanks! bot written to test the flagship against a player it has no model of (issue #27):
 * none of search's opponent rules has its shape. It banks chips early and spends them late: how
 * much net cost it accepts for a card steps with its chips (few chips: it buys its way out of
 * passing; many: it is choosy) and with how far the deck has gone, it counts a chip on the card
 * as worth more the fewer chips it holds, and it takes any card that extends one of its runs
 * as soon as a chip lies on it. Deterministic: the same position gives the same move.
 */
export default defineAgent({
  name: 'chip-banker',
  description: 'accepts a net cost that steps with its chips and the deck; values chips more when short; takes run extensions once a chip is on them',
  params: {
    choosy: { description: 'net cost it accepts with many chips (8 or more)', default: 3, min: -10, max: 30 },
    short: { description: 'net cost it accepts with 3 chips or fewer', default: 12, min: -10, max: 40 },
  },
  create: (p) => ({
    decide(obs) {
      const chips = obs.myChips;
      if (chips === 0) return 'take';
      const cost = obs.marginalCost();
      if (cost < obs.card && obs.pot >= 1) return 'take'; // extends a run
      const choosy = p.choosy as number;
      const short = p.short as number;
      const accept = chips >= 8 ? choosy : chips <= 3 ? short : (choosy + short) / 2;
      const lateBonus = obs.cardsLeft <= 5 ? 4 : 0;
      const chipWorth = chips <= 3 ? 3 : chips >= 12 ? 1.2 : 2;
      return cost - chipWorth * obs.pot <= accept + lateBonus ? 'take' : 'pass';
    },
  }),
});
