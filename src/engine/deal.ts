import { cardCount, type Rules } from './rules.js';
import { Sfc32, parseSeedHex, type SeedKey } from './seed.js';

/** One deal: which cards are set aside, the order the rest are revealed in, and who starts. */
export interface Deal {
  seed: string;
  removed: number[];
  deck: number[];
  starter: number;
}

const shared = new Sfc32();

/**
 * Shuffles the card range keyed by the game seed (Fisher-Yates, from the top), sets the first
 * `removed` cards aside and reveals the rest in order; then draws the starting seat from the same
 * stream. Writes into `cards` (length >= card count) and returns the starter.
 */
export function dealInto(rules: Rules, key: SeedKey, cards: Uint8Array, rng: Sfc32 = shared): number {
  const n = cardCount(rules);
  for (let i = 0; i < n; i++) cards[i] = rules.minCard + i;
  rng.reset(key);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    const t = cards[i]!;
    cards[i] = cards[j]!;
    cards[j] = t;
  }
  return Math.floor(rng.next() * rules.players);
}

export function deal(rules: Rules, seed: string): Deal {
  const cards = new Uint8Array(cardCount(rules));
  const starter = dealInto(rules, parseSeedHex(seed), cards);
  const all = Array.from(cards);
  return { seed, removed: all.slice(0, rules.removed), deck: all.slice(rules.removed), starter };
}
