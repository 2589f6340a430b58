import { fieldsSize, layFields, type FieldSpec, type ObservationEncoder, type TensorField } from '../../game/tensor.js';
import type { Observation } from './observation.js';
import { cardCount, deckSize, type Rules } from './rules.js';

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
    let o = 0;
    // card
    const card = obs.card;
    for (let i = 0; i < n; i++) out[o + i] = 0;
    if (card !== 0) out[o + card - min] = 1;
    o += n;
    out[o++] = obs.pot / allChips;
    out[o++] = obs.myChips / allChips;
    out[o++] = obs.cardsLeft / Math.max(1, deckSize(r));
    // current
    const current = obs.current;
    for (let i = 0; i < p; i++) out[o + i] = card !== 0 && (me + i) % p === current ? 1 : 0;
    o += p;
    // displays
    const displays = o;
    for (let i = 0; i < p; i++) {
      const seat = (me + i) % p;
      for (let c = 0; c < n; c++) out[o + c] = obs.has(seat, min + c) ? 1 : 0;
      o += n;
    }
    // chips
    // Counting a seat's chips walks the history: the last seat's are what the others and the pot
    // leave of all the chips (they are conserved), one walk fewer.
    let rest = p * r.startChips - obs.pot;
    for (let i = 0; i < p; i++) {
      const seat = (me + i) % p;
      const chips = seat === me ? obs.myChips : r.openChips ? obs.chips(seat) : i === p - 1 ? rest : obs.countedChips(seat);
      rest -= chips;
      out[o + i] = chips / allChips;
    }
    o += p;
    // cardPoints
    for (let i = 0; i < p; i++) out[o + i] = obs.cardPoints((me + i) % p) / allPoints;
    o += p;
    // removed
    const removedAt = o;
    for (let c = 0; c < n; c++) out[o + c] = 0;
    if (r.knownRemoved) for (let i = 0; i < r.removed; i++) out[o + obs.removedAt(i) - min] = 1;
    o += n;
    // unseen: no display holds it (the displays block), not face up, not known removed
    for (let c = 0; c < n; c++) {
      let seen = out[removedAt + c] === 1 || min + c === card;
      for (let i = 0; i < p && !seen; i++) seen = out[displays + i * n + c] === 1;
      out[o + c] = seen ? 0 : 1;
    }
  },
};
