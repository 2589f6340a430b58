import type { Rules } from '../agent.js';
import { type SearchDomain, winShareUtility } from '../../../search/flat.js';

/**
 * What a stopped playout is worth to the searching seat: the leaf value. The playouts stop at the
 * end of the round being played; the position is valued by the seat's share of the win if the
 * game ended there (1/k when k seats tie for the fewest bullheads) plus a weight per bullhead of
 * lead over the best other seat (src/search/flat.ts winShareUtility).
 *
 * The weight (`leadWeight`): `marginWeight` (0.05), a tie-breaker between positions that win
 * equally often; in the base game at 2 players `duelMargin` (0.5) instead, since a duel lasts
 * many rounds and the lead at a round's end is what it is won by, not who is ahead then
 * (+3.8 points against mc over 0.05 in 400 duels, docs/notes/findings.md). Values that look further, by
 * the chance to win the game from the round's totals, measured no better
 * (docs/notes/six-nimmt-search-options.md).
 */
export function leadWeight(rules: Readonly<Rules>, marginWeight: number, duelMargin: number): number {
  return rules.variant !== 'pro' && rules.players === 2 ? duelMargin : marginWeight;
}

/** The leaf value of the stopped playout in `d` for seat `me` (higher is better), at this lead weight. */
export function leafValue(d: SearchDomain, me: number, weight: number): number {
  return winShareUtility(d, me, weight);
}
