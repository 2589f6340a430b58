import type { GameTable } from './contract.js';

/**
 * Every deal of small rule settings, one by one: what an exact solver (src/exploit/) walks instead of
 * seed keys. A game's folder supplies one (its manifest's `deals`) when its chance can be listed:
 * the deals of a setting are numbered 0..count-1 and are all equally likely, so a deal's
 * probability is 1/count (each game's module says why its numbering is uniform).
 */
export interface DealEnumeration<R> {
  /**
   * How many deals these rules have, or one line saying why they cannot be listed (6 nimmt! of
   * more than one round deals again between rounds). May exceed 2^53 (then only an estimate): the
   * caller refuses such settings before playing any.
   */
  count(rules: R): number | string;
  /**
   * A table of these bots (the game's own table and game loop) whose next play(key) deals deal
   * number `setDeal` named instead of the key's; the key still keys the seats' streams.
   */
  table(rules: R, bots: readonly object[], labels: readonly string[]): DealtTable;
}

/** A game's table that plays a chosen deal (see DealEnumeration.table). */
export interface DealtTable extends GameTable {
  setDeal(index: number): void;
}

/** The number of distinct orders of a multiset with these multiplicities: (sum)! / prod(count!). */
export function multisetCount(counts: readonly number[]): number {
  let total = 0;
  let result = 1;
  for (const c of counts) {
    for (let i = 1; i <= c; i++) {
      total++;
      // result *= total / i, kept an integer: C(total, i) steps multiply then divide exactly.
      result = (result * total) / i;
    }
  }
  return Math.round(result);
}

/**
 * Writes into `out` the `index`-th order (lexicographic by label) of the multiset holding
 * counts[v] copies of label v: out[k] is the label at position k. `scratch` holds at least
 * counts.length numbers. Ranks 0..multisetCount(counts)-1 name every order once.
 */
export function unrankMultiset(counts: readonly number[], index: number, out: Int32Array | number[], scratch: number[]): void {
  const left = scratch;
  let n = 0;
  for (let v = 0; v < counts.length; v++) {
    left[v] = counts[v]!;
    n += counts[v]!;
  }
  let rest = index;
  let orders = multisetCount(counts);
  for (let k = 0; k < n; k++) {
    // Orders that start with label v: orders * left[v] / (n - k).
    for (let v = 0; v < counts.length; v++) {
      if (left[v] === 0) continue;
      const starting = Math.round((orders * left[v]!) / (n - k));
      if (rest < starting) {
        out[k] = v;
        left[v]!--;
        orders = starting;
        break;
      }
      rest -= starting;
    }
  }
}
