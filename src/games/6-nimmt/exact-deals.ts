import { multisetCount, unrankMultiset, type DealEnumeration, type DealtTable } from '../../game/deal-enumeration.js';
import type { SeedKey } from '../../game/seed.js';
import type { SixNimmtAgent } from './agent.js';
import { ROWS, type Rules } from './rules.js';
import { GameState } from './state.js';
import { Table } from './table.js';

/**
 * Every deal of small one-round 6 nimmt! settings. A base round shuffles 1..maxCard uniformly
 * (state.ts): seat p's hand is a set of H cards, the 4 row cards come in row order, the rest are
 * set aside unseen; so card c gets label p (a seat, H copies each), P + r (row r, one copy) or
 * P + 4 (set aside), and every labelling is equally likely (each stands for H!^P (N-PH-4)!
 * shuffles). The pro variant deals nothing: its round is a draft of open cards. Deal i: starter
 * i mod players (the first round's starter is dealt too), labelling floor(i / players). Later
 * rounds deal again, so settings of more than one round (--max-rounds) are refused.
 */
function labelCounts(rules: Rules): number[] {
  const P = rules.players;
  if (rules.variant === 'pro') return [];
  return [...new Array<number>(P).fill(rules.handSize), ...new Array<number>(ROWS).fill(1), rules.maxCard - P * rules.handSize - ROWS];
}

class DealtState extends GameState {
  private readonly counts: number[];
  private readonly labels: Int32Array;
  private readonly given: Uint8Array;
  private readonly scratch: number[] = [];
  /** Where the next card of each label goes in the given deal (reused: no allocation per deal). */
  private readonly at: Int32Array;
  index = 0;

  constructor(rules: Rules) {
    super(rules, true);
    this.counts = labelCounts(rules);
    this.labels = new Int32Array(rules.maxCard);
    this.given = new Uint8Array(rules.maxCard);
    this.at = new Int32Array(rules.players + ROWS + 1);
  }

  override newGame(key: SeedKey, starter?: number): void {
    const P = this.players;
    this.roundKey.hi = key.hi;
    this.roundKey.lo = key.lo;
    this.startGame(starter ?? this.index % P);
    if (this.pro) {
      this.beginRound();
      return;
    }
    unrankMultiset(this.counts, Math.floor(this.index / P), this.labels, this.scratch);
    // The given deal: the hands seat by seat (each ascending), then the row cards, then the set-aside ones.
    const H = this.handSize;
    const { at } = this;
    for (let p = 0; p < P; p++) at[p] = p * H;
    for (let r = 0; r < ROWS; r++) at[P + r] = P * H + r;
    at[P + ROWS] = P * H + ROWS;
    for (let c = 1; c <= this.maxCard; c++) this.given[at[this.labels[c - 1]!]!++] = c;
    this.deck.set(this.given);
    this.beginRound(this.given);
  }
}

class DealtTableOf extends Table implements DealtTable {
  constructor(
    rules: Rules,
    bots: readonly SixNimmtAgent[],
    labels: readonly string[],
    private readonly dealt: DealtState = new DealtState(rules),
  ) {
    super(rules, bots, labels, true, dealt);
  }

  setDeal(index: number): void {
    this.dealt.index = index;
  }
}

export const exactDeals: DealEnumeration<Rules> = {
  count(rules) {
    if (rules.maxRounds !== 1) return 'a later round deals again, so only one round can be listed: add --max-rounds 1';
    return multisetCount(labelCounts(rules)) * rules.players;
  },
  table: (rules, bots, labels) => new DealtTableOf(rules, bots as readonly SixNimmtAgent[], labels),
};
