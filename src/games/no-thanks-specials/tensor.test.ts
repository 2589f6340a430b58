import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dealKeyInto, makeRandom, masterKey } from '../../game/seed.js';
import { decodeTensor, readmeTable, tensorBlock } from '../../game/tensor.js';
import manifest from './manifest.js';
import { tensor } from './tensor.js';

describe('the observation tensor', () => {
  it('counts hidden chips exactly: the same tensors with and without open counters, move by move', () => {
    for (const input of [{ players: 4 }, { players: 5, specials: 'joker:2,fetch:3,give-left:2,remove:2,look:2,sit-out:3,forty' }]) {
      const hidden = manifest.makeRules(input);
      const open = manifest.makeRules({ ...input, openChips: true });
      const a = new Float32Array(tensor.size(hidden));
      const b = new Float32Array(tensor.size(open));
      const seats = new Int32Array(16);
      const ids = new Int32Array(256);
      let positions = 0;
      for (let g = 0; g < 4; g++) {
        const states = [manifest.newState(hidden), manifest.newState(open)];
        for (const s of states) s.deal(dealKeyInto(masterKey('no-thanks', 'tensor'), g, { hi: 0, lo: 0 }));
        const random = makeRandom(`chips ${g}`);
        for (;;) {
          for (let seat = 0; seat < hidden.players; seat++) {
            tensor.encode(states[0]!.observation(seat) as never, a);
            tensor.encode(states[1]!.observation(seat) as never, b);
            if (a.some((x, i) => x !== b[i])) expect(decodeTensor(tensor.fields(open), b)).toEqual(decodeTensor(tensor.fields(hidden), a));
            positions++;
          }
          if (states[0]!.isOver()) break;
          const seat = seats[states[0]!.actingSeats(seats) - 1]!;
          const action = ids[Math.floor(random() * states[0]!.legalActions(seat, ids))]!;
          for (const s of states) s.apply(seat, action);
        }
      }
      expect(positions).toBeGreaterThan(400);
    }
  });

  it('has its field table in the README (node scripts/tensor-tables.mjs --write after a change)', () => {
    const rules = manifest.makeRules({ players: manifest.defaultPlayers });
    const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
    expect(readmeTable(readme)).toBe(tensorBlock(tensor.fields(rules), rules.players));
  });
});
