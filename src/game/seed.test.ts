import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { dealKeyInto, dealSeed, makeRandom, masterKey, parseSeedHex, SeatStream, seedHex, Sfc32 } from './seed.js';

describe('seeds', () => {
  it('game seeds round-trip through their 16 hex digits', () => {
    const key = dealKeyInto(masterKey('no-thanks', 'x'), 41, { hi: 0, lo: 0 });
    expect(parseSeedHex(seedHex(key))).toEqual(key);
    expect(dealSeed('no-thanks', 'x', 41)).toBe(seedHex(key));
  });

  it("a named stream is seedrandom's alea, draw for draw (imported from its own module)", () => {
    const random = makeRandom('ladder/4');
    expect([random(), random(), random()]).toEqual([0.45954531291499734, 0.9428728863131255, 0.04118628636933863]);
    const ours = makeRandom('tune/spsa');
    const theirs = seedrandom.alea('tune/spsa');
    for (let i = 0; i < 1000; i++) expect(ours()).toBe(theirs());
  });

  it('the game id namespaces the master seed: two games never share deals', () => {
    expect(dealSeed('no-thanks', 1, 0)).not.toBe(dealSeed('6-nimmt', 1, 0));
  });

  it('a seat stream is keyed by (game seed, seat) and restarts when marked stale', () => {
    const key = { hi: 12, lo: 34 };
    const a = new SeatStream(key, 0);
    const b = new SeatStream(key, 1);
    const first = [a.random(), a.random()];
    expect(b.random()).not.toBe(first[0]);
    a.stale = true;
    expect([a.random(), a.random()]).toEqual(first);
    const ref = new Sfc32();
    ref.reset(key, 1);
    expect(first[0]).toBe(ref.next());
  });

  it('rejects a malformed game seed with a clear message', () => {
    expect(() => parseSeedHex('xyz')).toThrow(/game seed "xyz" is not 16 hex digits/);
  });
});
