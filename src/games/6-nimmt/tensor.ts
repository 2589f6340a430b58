import { fieldsSize, layFields, type FieldSpec, type ObservationEncoder, type TensorField } from '../../game/tensor.js';
import type { Observation } from './observation.js';
import { deckBullheads, ROWS, type Rules } from './rules.js';

/**
 * 6 nimmt!'s observation tensor (src/game/tensor.ts): M = maxCard card slots (slot i is card i + 1),
 * P seats relative to the observer (block 0 is the observer, block i seat observer + i). Every value
 * is in [0, 1]. The pro variant adds every hand (drafted face up), the draft's picker and open cards.
 */
function specs(r: Rules): FieldSpec[] {
  const m = r.maxCard;
  const p = r.players;
  const base: FieldSpec[] = [
    ['phase', 4, 'what is decided now, one-hot: play a card, choose a row, draft (pro), game over'],
    ['round', 1, 'the round in progress, from 0, as round / (round + 1): 0, 1/2, 2/3, ... (maxRounds is a safety cap, no scale)'],
    ['turn', 1, 'the turn in the round (from 0) / handSize'],
    ['hand', m, `own hand, 1 where held (card slots 1..${m})`],
    ['myChoice', 1, 'own secret card this turn once chosen / maxCard (0 before)'],
    ['rowEnds', ROWS, 'the last card of each row / maxCard'],
    ['rowLengths', ROWS, 'cards in each row / rowLimit'],
    ['rowBullheads', ROWS, 'bullheads in each row / (7 x rowLimit: no card has more than 7)'],
    ['seen', m, 'cards public this round (starting row cards and revealed plays; pro: every card), 1 where seen'],
    ['bullheads', p, "each seat's bullheads over the game (relative seats) / the highest final score (endScore - 1 + the deck's bullheads)"],
    ['roundBullheads', p, "each seat's bullheads this round (relative seats) / the deck's bullheads"],
    ['handCounts', p, "each seat's cards in hand (relative seats) / handSize"],
    ['revealed', p, "each seat's card this turn once the cards are face up (a row choice) / maxCard, else 0"],
    ['rowChooser', p, 'the seat choosing a row now, one-hot over relative seats (all 0 outside a row choice)'],
  ];
  if (r.variant !== 'pro') return base;
  return [
    ...base,
    ['picker', p, 'pro draft: the seat to pick, one-hot over relative seats (all 0 outside the draft)'],
    ['hands', p * m, `pro: every seat's hand (relative seats, ${m} card slots each), 1 where held`],
    ['open', m, 'pro draft: the cards still open to pick, 1 where open'],
  ];
}

const layouts = new WeakMap<Rules, readonly TensorField[]>();

function fieldsOf(r: Rules): readonly TensorField[] {
  let f = layouts.get(r);
  if (!f) layouts.set(r, (f = layFields(specs(r))));
  return f;
}

/**
 * The deck's bullheads, a function of maxCard only: the last one kept (observations are often made
 * afresh, each with its own rules object, so a cache keyed by the object would miss every time).
 */
let lastMaxCard = -1;
let lastDeckBull = 0;

function deckBullOf(r: Rules): number {
  if (r.maxCard !== lastMaxCard) {
    lastDeckBull = deckBullheads(r);
    lastMaxCard = r.maxCard;
  }
  return lastDeckBull;
}

export const tensor: ObservationEncoder<Rules, Observation> = {
  size: (r) => fieldsSize(fieldsOf(r)),
  fields: fieldsOf,
  encode(obs, out) {
    const r = obs.rules;
    const m = r.maxCard;
    const p = r.players;
    const me = obs.seat;
    const phase = obs.phase;
    let o = 0;
    out[o++] = phase === 'play' ? 1 : 0;
    out[o++] = phase === 'row' ? 1 : 0;
    out[o++] = phase === 'draft' ? 1 : 0;
    out[o++] = phase === 'over' ? 1 : 0;
    const round = obs.round;
    out[o++] = round / (round + 1);
    out[o++] = obs.turn / r.handSize;
    for (let c = 1; c <= m; c++) out[o + c - 1] = 0;
    for (let i = 0, n = obs.handSize; i < n; i++) out[o + obs.handCard(i) - 1] = 1;
    o += m;
    out[o++] = obs.myChoice / m;
    for (let row = 0; row < ROWS; row++) out[o + row] = obs.rowEnd(row) / m;
    o += ROWS;
    for (let row = 0; row < ROWS; row++) out[o + row] = obs.rowLength(row) / r.rowLimit;
    o += ROWS;
    for (let row = 0; row < ROWS; row++) out[o + row] = obs.rowBullheads(row) / (7 * r.rowLimit);
    o += ROWS;
    // seen: what isSeen(c) answers for every card, from the round's public plays (a fraction of
    // the calls): the rows' starting cards and the revealed plays; pro: every card.
    const pro = r.variant === 'pro';
    for (let c = 1; c <= m; c++) out[o + c - 1] = pro ? 1 : 0;
    if (!pro) {
      for (let row = 0; row < ROWS; row++) {
        const c = obs.startRow(row);
        if (c !== 0) out[o + c - 1] = 1;
      }
      for (let t = 0, last = Math.min(obs.turn, r.handSize - 1); t <= last; t++)
        for (let seat = 0; seat < p; seat++) {
          const c = obs.playedCard(t, seat);
          if (c !== 0) out[o + c - 1] = 1;
        }
    }
    o += m;
    const deck = deckBullOf(r);
    const highest = r.endScore - 1 + deck;
    for (let i = 0; i < p; i++) out[o + i] = obs.bullheads((me + i) % p) / highest;
    o += p;
    for (let i = 0; i < p; i++) out[o + i] = obs.roundBullheads((me + i) % p) / deck;
    o += p;
    for (let i = 0; i < p; i++) out[o + i] = obs.handCountOf((me + i) % p) / r.handSize;
    o += p;
    const revealed = obs.revealedThisTurn;
    for (let i = 0; i < p; i++) out[o + i] = revealed ? obs.revealedCard((me + i) % p) / m : 0;
    o += p;
    const chooser = obs.rowChooser;
    for (let i = 0; i < p; i++) out[o + i] = (me + i) % p === chooser ? 1 : 0;
    o += p;
    if (r.variant !== 'pro') return;
    const picker = obs.picker;
    for (let i = 0; i < p; i++) out[o + i] = (me + i) % p === picker ? 1 : 0;
    o += p;
    for (let i = 0; i < p; i++) {
      const seat = (me + i) % p;
      for (let c = 1; c <= m; c++) out[o + c - 1] = 0;
      for (let k = 0, n = obs.handCountOf(seat); k < n; k++) out[o + obs.handCardOf(seat, k) - 1] = 1;
      o += m;
    }
    for (let c = 1; c <= m; c++) out[o + c - 1] = obs.isOpen(c) ? 1 : 0;
  },
};
