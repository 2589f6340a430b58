import { fieldsSize, layFields, type FieldSpec, type ObservationEncoder, type TensorField } from '../../game/tensor.js';
import type { Observation } from './agent.js';
import type { Rules } from './rules.js';

/**
 * Goofspiel's observation tensor (src/game/tensor.ts): C = rules.cards card slots (slot i is card
 * i + 1), P seats relative to the observer (block 0 is the observer, block i seat observer + i).
 * Every value is in [0, 1]. Every hand is public (bids are shown when a turn resolves); another
 * seat's pending bid never is, so a seat's hand still holds the card it has bid this turn.
 */
function specs(r: Rules): FieldSpec[] {
  const c = r.cards;
  const p = r.players;
  return [
    ['prize', c, 'the prize face up now, one-hot over 1..cards; all 0 once the game is over'],
    ['prizesToCome', c, 'the prizes not revealed yet, 1 where still to come (the set is known, not the order)'],
    ['hand', c, 'own hand, 1 where held (a pending bid included)'],
    ['myBid', c, "own bid this turn once made, one-hot (all 0 before; the others' pending bids are hidden)"],
    ['hands', p * c, `every seat's remaining cards (relative seats, ${c} card slots each; public once bids resolve), 1 where held`],
    ['points', p, "each seat's prize points won (relative seats) / the sum of every prize"],
    ['prizesWon', p, "each seat's prizes won (relative seats) / cards"],
    ['turn', 1, 'the turn in progress / cards (1 once the game is over)'],
  ];
}

const layouts = new WeakMap<Rules, readonly TensorField[]>();

function fieldsOf(r: Rules): readonly TensorField[] {
  let f = layouts.get(r);
  if (!f) layouts.set(r, (f = layFields(specs(r))));
  return f;
}

export const tensor: ObservationEncoder<Rules, Observation> = {
  size: (r) => fieldsSize(fieldsOf(r)),
  fields: fieldsOf,
  encode(obs, out) {
    const c = obs.rules.cards;
    const p = obs.rules.players;
    const me = obs.seat;
    const prize = obs.prize;
    const bid = obs.myBid;
    let o = 0;
    for (let k = 1; k <= c; k++) out[o + k - 1] = k === prize ? 1 : 0;
    o += c;
    for (let k = 1; k <= c; k++) out[o + k - 1] = obs.isPrizeToCome(k) ? 1 : 0;
    o += c;
    for (let k = 1; k <= c; k++) out[o + k - 1] = obs.holds(me, k) ? 1 : 0;
    o += c;
    for (let k = 1; k <= c; k++) out[o + k - 1] = k === bid ? 1 : 0;
    o += c;
    for (let i = 0; i < p; i++) {
      const seat = (me + i) % p;
      for (let k = 1; k <= c; k++) out[o + k - 1] = obs.holds(seat, k) ? 1 : 0;
      o += c;
    }
    const allPoints = (c * (c + 1)) / 2;
    for (let i = 0; i < p; i++) out[o + i] = obs.points((me + i) % p) / allPoints;
    o += p;
    for (let i = 0; i < p; i++) out[o + i] = obs.prizesWon((me + i) % p) / c;
    o += p;
    out[o] = obs.turn / c;
  },
};
