import { multisetCount, unrankMultiset, type DealEnumeration, type DealtTable } from '../../game/deal-enumeration.js';
import type { SeedKey } from '../../game/seed.js';
import { cardCount } from '../no-thanks/rules.js';
import type { SpecialsAgent } from './agent.js';
import { FORTY_VALUE, KINDS, SPECIAL_BASE } from './cards.js';
import type { Rules } from './rules.js';
import { SpecialsState } from './state.js';
import { Table } from './table.js';

/**
 * Every deal of small settings with special cards. The deal (state.ts) is the base game's shuffle
 * of the number cards (the first `removed` set aside, in order: a fetch takes the top one) and the
 * starter, then each special (and the forty) inserted at a uniform position of the played deck:
 * every order of the number cards and every arrangement of the specials among the played ones
 * (identical specials interchangeable) is equally likely. Deal i: starter i mod players, then the
 * number order and the specials' arrangement from floor(i / players).
 */
interface Layout {
  /** One label per number card (its position in the shuffle). */
  numbers: number[];
  /** Played-deck labels: 0 a number card (n - r copies), k + 1 the k-th entry of `codes`. */
  played: number[];
  codes: number[];
}

function layoutOf(rules: Rules): Layout {
  const n = cardCount(rules);
  const codes: number[] = [];
  const played = [n - rules.removed];
  rules.specials.forEach((count, k) => {
    if (count === 0) return;
    codes.push(KINDS[k]!.name === 'forty' ? FORTY_VALUE : SPECIAL_BASE + k);
    played.push(count);
  });
  return { numbers: new Array<number>(n).fill(1), played, codes };
}

class DealtState extends SpecialsState {
  private readonly layout: Layout;
  private readonly order: Int32Array;
  private readonly arrangement: Int32Array;
  private readonly scratch: number[] = [];
  /** The number cards in shuffle order (reused: no allocation per deal). */
  private readonly shuffled: Int32Array;
  private readonly arrangements: number;
  index = 0;

  constructor(rules: Rules) {
    super(rules);
    this.layout = layoutOf(rules);
    this.order = new Int32Array(this.layout.numbers.length);
    this.arrangement = new Int32Array(this.layout.played.reduce((a, b) => a + b, 0));
    this.arrangements = multisetCount(this.layout.played);
    this.shuffled = new Int32Array(this.layout.numbers.length);
  }

  override deal(_key: SeedKey, starter?: number): void {
    const { rules, players: P, layout, order, arrangement, cards, shuffled } = this;
    const rank = Math.floor(this.index / P);
    unrankMultiset(layout.numbers, Math.floor(rank / this.arrangements), order, this.scratch);
    unrankMultiset(layout.played, rank % this.arrangements, arrangement, this.scratch);
    // order[i]: the shuffle position of number card minCard + i; the played ones fill the label-0 slots in that order.
    for (let i = 0; i < order.length; i++) shuffled[order[i]!] = rules.minCard + i;
    for (let i = 0; i < rules.removed; i++) cards[i] = shuffled[i]!;
    let nextNumber = rules.removed;
    for (let k = 0; k < arrangement.length; k++) {
      const label = arrangement[k]!;
      cards[rules.removed + k] = label === 0 ? shuffled[nextNumber++]! : layout.codes[label - 1]!;
    }
    this.begin(starter ?? this.index % P, rules.removed + arrangement.length);
  }
}

class DealtTableOf extends Table implements DealtTable {
  constructor(
    rules: Rules,
    bots: readonly SpecialsAgent[],
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
  count(rules) {
    const layout = layoutOf(rules);
    return multisetCount(layout.numbers) * multisetCount(layout.played) * rules.players;
  },
  table: (rules, bots, labels) => new DealtTableOf(rules, bots as readonly SpecialsAgent[], labels),
};
