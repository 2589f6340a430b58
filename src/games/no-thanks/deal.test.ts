import { describe, expect, it } from 'vitest';
import { dealKeyInto, masterKey, Sfc32 } from '../../game/seed.js';
import { dealInto } from './deal.js';
import { makeRules } from './rules.js';

describe('dealing', () => {
  it("dealInto's inlined shuffle draws exactly Sfc32's stream", () => {
    const rules = makeRules({ players: 5 });
    for (let k = 0; k < 200; k++) {
      const key = dealKeyInto(masterKey('no-thanks', 'same-stream'), k, { hi: 0, lo: 0 });
      const fast = new Uint8Array(33);
      const starter = dealInto(rules, key, fast);
      const rng = new Sfc32();
      rng.reset(key);
      const slow = Array.from({ length: 33 }, (_, i) => 3 + i);
      for (let i = 32; i > 0; i--) {
        const j = Math.floor(rng.next() * (i + 1));
        [slow[i], slow[j]] = [slow[j]!, slow[i]!];
      }
      expect(Array.from(fast)).toEqual(slow);
      expect(starter).toBe(Math.floor(rng.next() * 5));
    }
  });
});
