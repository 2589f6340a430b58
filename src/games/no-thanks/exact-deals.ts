import { multisetCount, unrankMultiset, type DealEnumeration, type DealtTable } from '../../game/deal-enumeration.js';
import type { SeedKey } from '../../game/seed.js';
import type { NoThanksAgent } from './agent.js';
import { cardCount, type Rules } from './rules.js';
import { GameState } from './state.js';
import { Table } from './table.js';

/**
 * Every deal of small No Thanks! settings. A deal is the shuffled card range (the first `removed`
 * set aside, the rest revealed in order) and the starting seat, both uniform (deal.ts). Without
 * known removed cards nothing in the game or a seat's observation reads the set-aside cards'
 * order, so deals are listed with the set-aside cards as a set: card c gets label 0 (set aside) or
 * its reveal position 1..n-r, every labelling equally likely (each stands for r! shuffles); with
 * --known-removed a seat sees their order (Observation.removedAt), so each order is a deal of its own.
 * Deal i: starter i mod players, labelling floor(i / players).
 */
function labelCounts(rules: Rules): number[] {
  const n = cardCount(rules);
  if (rules.knownRemoved) return new Array<number>(n).fill(1);
  return [rules.removed, ...new Array<number>(n - rules.removed).fill(1)];
}

/** The deal labelled `labels` (one label per card, see labelCounts) laid into a state's cards. */
export function layDeal(rules: Rules, labels: ArrayLike<number>, cards: Uint8Array): void {
  const n = cardCount(rules);
  const r = rules.removed;
  let aside = 0;
  for (let i = 0; i < n; i++) {
    const card = rules.minCard + i;
    const label = labels[i]!;
    // Set aside without order: label 0, in card order. With order (knownRemoved): positions 0..r-1.
    if (!rules.knownRemoved && label === 0) cards[aside++] = card;
    else cards[rules.knownRemoved ? label : r + label - 1] = card;
  }
}

class DealtState extends GameState {
  private readonly counts: number[];
  private readonly labels: Int32Array;
  private readonly scratch: number[] = [];
  index = 0;

  constructor(rules: Rules) {
    super(rules, true);
    this.counts = labelCounts(rules);
    this.labels = new Int32Array(cardCount(rules));
  }

  override deal(_key: SeedKey, starter?: number): void {
    const P = this.players;
    unrankMultiset(this.counts, Math.floor(this.index / P), this.labels, this.scratch);
    layDeal(this.rules, this.labels, this.cards);
    this.begin(starter ?? this.index % P);
  }
}

class DealtTableOf extends Table implements DealtTable {
  constructor(
    rules: Rules,
    bots: readonly NoThanksAgent[],
    labels: readonly string[],
    private readonly dealt: DealtState = new DealtState(rules),
  ) {
    super(rules, bots, labels, dealt);
  }

  setDeal(index: number): void {
    this.dealt.index = index;
  }
}

export const exactDeals: DealEnumeration<Rules> = {
  count: (rules) => multisetCount(labelCounts(rules)) * rules.players,
  table: (rules, bots, labels) => new DealtTableOf(rules, bots as readonly NoThanksAgent[], labels),
};
