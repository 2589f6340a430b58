import { cardCount, type Rules } from './rules.js';
import { parseSeedHex, type SeedKey } from '../../game/seed.js';

/** One deal: which cards are set aside, the order the rest are revealed in, and who starts. */
export interface Deal {
  seed: string;
  removed: number[];
  deck: number[];
  starter: number;
}

/**
 * Shuffles the card range keyed by the game seed (Fisher-Yates, from the top), sets the first
 * `removed` cards aside and reveals the rest in order; then draws the starting seat from the same
 * stream. Writes into `cards` (length >= card count) and returns the starter.
 *
 * The stream is Sfc32's (same numbers as `new Sfc32().reset(key)`), kept in local variables here:
 * dealing is a fifth of a fast game, and registers beat the generator's state array.
 */
export function dealInto(rules: Rules, key: SeedKey, cards: Uint8Array): number {
  const n = cardCount(rules);
  for (let i = 0; i < n; i++) cards[i] = rules.minCard + i;
  let a = key.hi | 0;
  let b = key.lo | 0;
  let c = 0x9e3779b9 | 0;
  let d = 1;
  // 12 warm-up draws, one per swap (i = n-1 .. 1), one for the starter: one loop, no closure.
  for (let k = -12; ; k++) {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (((c << 21) | (c >>> 11)) + t) | 0;
    if (k < 0) continue;
    const u = (t >>> 0) / 4294967296;
    const i = n - 1 - k;
    if (i === 0) return Math.floor(u * rules.players);
    const j = Math.floor(u * (i + 1));
    const x = cards[i]!;
    cards[i] = cards[j]!;
    cards[j] = x;
  }
}

export function deal(rules: Rules, seed: string): Deal {
  const cards = new Uint8Array(cardCount(rules));
  const starter = dealInto(rules, parseSeedHex(seed), cards);
  const all = Array.from(cards);
  return { seed, removed: all.slice(0, rules.removed), deck: all.slice(rules.removed), starter };
}
