import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeTensor, readmeTable, tensorBlock } from '../../game/tensor.js';
import { NoThanksState } from './forward-model.js';
import manifest from './manifest.js';
import { makeRules } from './rules.js';
import { PASS, TAKE } from './state.js';
import { tensor } from './tensor.js';

const f32 = (xs: number[]): number[] => xs.map(Math.fround);

describe('No Thanks! observation tensor', () => {
  it('holds a hand-made position field by field (decodeTensor)', () => {
    // Cards 1..8, 2 set aside (known), 3 seats with 3 chips each.
    const rules = makeRules({ players: 3, startChips: 3, minCard: 1, maxCard: 8, removed: 2, knownRemoved: true });
    const state = new NoThanksState(rules);
    state.cards.set([5, 2, 3, 4, 8, 1, 7, 6]);
    state.begin(0);
    // Seat 0 passes on 3, seat 1 takes it (pot 1) and passes on 4, seat 2 takes 4 (pot 1) and
    // passes on 8, seat 0 passes on 8: seat 1 decides on 8 with 2 chips on it.
    for (const [seat, action] of [
      [0, PASS],
      [1, TAKE],
      [1, PASS],
      [2, TAKE],
      [2, PASS],
      [0, PASS],
    ] as const)
      state.apply(seat, action);
    const out = new Float32Array(tensor.size(rules));
    // Seen by seat 2: relative seats are 2 (me), 0, 1.
    tensor.encode(state.observation(2) as never, out);
    const d = decodeTensor(tensor.fields(rules), out);
    expect(d).toEqual({
      card: [0, 0, 0, 0, 0, 0, 0, 1],
      pot: f32([2 / 9]),
      myChips: f32([3 / 9]),
      cardsLeft: [0.5],
      current: [0, 0, 1],
      displays: [0, 0, 0, 1, 0, 0, 0, 0, /* seat 0 */ 0, 0, 0, 0, 0, 0, 0, 0, /* seat 1 */ 0, 0, 1, 0, 0, 0, 0, 0],
      chips: f32([3 / 9, 1 / 9, 3 / 9]),
      cardPoints: f32([4 / 36, 0, 3 / 36]),
      removed: [0, 1, 0, 0, 1, 0, 0, 0],
      unseen: [1, 0, 0, 0, 0, 1, 1, 0],
    });
    expect(tensor.size(rules)).toBe(Object.values(d).reduce((a, xs) => a + xs.length, 0));
  });

  it('counts hidden chips from the public history exactly as the engine holds them', () => {
    const rules = makeRules({ players: 4 });
    const open = makeRules({ players: 4, openChips: true });
    const a = new NoThanksState(rules);
    const b = new NoThanksState(open);
    for (const s of [a, b]) {
      s.deal({ hi: 7, lo: 11 });
      for (let i = 0; i < 40 && !s.isOver(); i++) s.apply(s.current, i % 3 === 0 || s.chips[s.current] === 0 ? TAKE : PASS);
    }
    const ta = new Float32Array(tensor.size(rules));
    const tb = new Float32Array(tensor.size(open));
    for (let seat = 0; seat < 4; seat++) {
      tensor.encode(a.observation(seat) as never, ta);
      tensor.encode(b.observation(seat) as never, tb);
      expect(Array.from(ta)).toEqual(Array.from(tb));
    }
  });

  it('has its field table in the README (node scripts/tensor-tables.mjs --write after a change)', () => {
    const rules = makeRules({ players: manifest.defaultPlayers });
    const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
    expect(readmeTable(readme)).toBe(tensorBlock(tensor.fields(rules), rules.players));
  });
});
