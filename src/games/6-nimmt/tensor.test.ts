import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dealKeyInto, makeRandom, masterKey } from '../../game/seed.js';
import { decodeTensor, readmeTable, tensorBlock } from '../../game/tensor.js';
import type { Observation } from './observation.js';
import { SixNimmtState } from './forward-model.js';
import manifest from './manifest.js';
import { makeRules } from './rules.js';
import { tensor } from './tensor.js';

describe('6 nimmt! observation tensor', () => {
  it.each([{ players: 4 }, { players: 3, variant: 'pro' as const }, { players: 10 }])(
    'holds the seen cards (read from the round’s plays) as isSeen answers, the hand and the rows (%j)',
    (input) => {
      const rules = makeRules(input);
      const out = new Float32Array(tensor.size(rules));
      const fields = tensor.fields(rules);
      const seats = new Int32Array(16);
      const ids = new Int32Array(512);
      const random = makeRandom('six tensor');
      let positions = 0;
      for (let g = 0; g < 2; g++) {
        const state = new SixNimmtState(rules);
        state.deal(dealKeyInto(masterKey('6-nimmt', 'tensor'), g, { hi: 0, lo: 0 }));
        for (;;) {
          for (let seat = 0; seat < rules.players; seat++) {
            const obs = state.observation(seat) as Observation;
            tensor.encode(obs, out);
            const d = decodeTensor(fields, out);
            expect(d.seen).toEqual(Array.from({ length: rules.maxCard }, (_, i) => (obs.isSeen(i + 1) ? 1 : 0)));
            expect(d.hand).toEqual(Array.from({ length: rules.maxCard }, (_, i) => (obs.holds(i + 1) ? 1 : 0)));
            expect(d.rowEnds!.map((x) => Math.round(x * rules.maxCard))).toEqual([0, 1, 2, 3].map((r) => obs.rowEnd(r)));
            positions++;
          }
          if (state.isOver()) break;
          const n = state.actingSeats(seats);
          for (const seat of Array.from(seats.subarray(0, n))) state.apply(seat, ids[Math.floor(random() * state.legalActions(seat, ids))]!);
        }
      }
      expect(positions).toBeGreaterThan(50);
    },
  );

  it('has its field table in the README (node scripts/tensor-tables.mjs --write after a change)', () => {
    const rules = makeRules({ players: manifest.defaultPlayers });
    const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
    expect(readmeTable(readme)).toBe(tensorBlock(tensor.fields(rules), rules.players));
  });
});
