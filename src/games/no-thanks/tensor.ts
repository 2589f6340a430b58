import { fieldsSize, layFields, type FieldSpec, type ObservationEncoder, type TensorField } from '../../game/tensor.js';
import type { Observation } from './observation.js';
import { cardCount, type Rules } from './rules.js';

/**
 * No Thanks!'s observation tensor (src/game/tensor.ts): N = maxCard - minCard + 1 card slots
 * (slot i is card minCard + i), P seats relative to the observer (block 0 is the observer, block i
 * the seat i places after it in turn order). Every value is in [0, 1]. Chips are counted from the
 * public history (every pass and take is public, so the count is exact; with openChips they are
 * read directly): the tensor is the same whether counters are open or not.
 */
function specs(r: Rules): FieldSpec[] {
  const n = cardCount(r);
  const p = r.players;
  return [
    ['card', n, `the face-up card, one-hot over minCard..maxCard (${n}); all 0 once the game is over`],
    ['pot', 1, 'chips on the face-up card / all chips in play (players x startChips)'],
    ['myChips', 1, 'own chips / all chips in play'],
    ['cardsLeft', 1, 'cards face down in the deck / cards played in a game (deck size)'],
    ['current', p, 'the seat deciding now, one-hot over seats relative to the observer (0 = me, then turn order)'],
    ['displays', p * n, `each seat's cards (relative seats, ${n} card slots each), 1 where held`],
    ['chips', p, "each seat's chips (relative seats; counted from the public history, or read with openChips) / all chips in play"],
    ['cardPoints', p, "each seat's card points now (runs by their lowest card, before chips) / the sum of every card's value"],
    ['removed', n, 'the cards set aside unseen, 1 where removed: only with knownRemoved (else all 0)'],
    ['unseen', n, 'cards the observer has not seen: in no display, not face up, not known removed (the deck and the set-aside cards)'],
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
    const r = obs.rules;
    const min = r.minCard;
    const n = r.maxCard - min + 1;
    const p = r.players;
    const me = obs.seat;
    const allChips = Math.max(1, p * r.startChips);
    const allPoints = ((r.minCard + r.maxCard) * n) / 2;
    // Where each field starts (the order of specs()).
    const potAt = n;
    const currentAt = n + 3;
    const displaysAt = currentAt + p;
    const chipsAt = displaysAt + p * n;
    const pointsAt = chipsAt + p;
    const removedAt = pointsAt + p;
    const unseenAt = removedAt + n;
    const card = obs.card;
    out[potAt] = obs.pot / allChips;
    out[potAt + 1] = obs.myChips / allChips;
    out[potAt + 2] = obs.cardsLeft / Math.max(1, n - r.removed);
    const current = obs.current;
    for (let i = 0; i < p; i++) {
      const seat = (me + i) % p;
      out[currentAt + i] = card !== 0 && seat === current ? 1 : 0;
      out[chipsAt + i] = (seat === me ? obs.myChips : r.openChips ? obs.chips(seat) : obs.countedChips(seat)) / allChips;
      out[pointsAt + i] = obs.cardPoints(seat) / allPoints;
    }
    for (let k = displaysAt; k < chipsAt; k++) out[k] = 0;
    for (let c = 0; c < n; c++) out[removedAt + c] = 0;
    if (r.knownRemoved) for (let i = 0; i < r.removed; i++) out[removedAt + obs.removedAt(i) - min] = 1;
    // One pass over the cards: the face-up one, whose display holds each (one holder() per card:
    // has() would take one call per card and seat), and what the observer has not seen.
    for (let c = 0; c < n; c++) {
      const faceUp = min + c === card;
      const holder = obs.holder(min + c);
      out[c] = faceUp ? 1 : 0;
      if (holder >= 0) out[displaysAt + ((holder - me + p) % p) * n + c] = 1;
      out[unseenAt + c] = faceUp || holder >= 0 || out[removedAt + c] === 1 ? 0 : 1;
    }
  },
};
