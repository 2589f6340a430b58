import { fieldsSize, layFields, type FieldSpec, type ObservationEncoder, type TensorField } from '../../game/tensor.js';
import { FORTY_VALUE, KIND_COUNT, KINDS, SPECIAL_BASE } from './cards.js';
import type { Observation } from './observation.js';
import { fortyCount, scoreRange, specialCards, type Rules } from './rules.js';
import { cardCount } from '../no-thanks/rules.js';

/**
 * The special cards' observation tensor (src/game/tensor.ts), No Thanks!'s plus the specials:
 * number slots minCard..maxCard, then one slot for the forty (the number 40) when the rules deal
 * it: N of them; K = 16 special kinds (every kind of cards.ts but the forty, in that order); P seats
 * relative to the observer (block 0 is the observer, block i seat observer + i). Every value is in
 * [0, 1]. Chips are counted from the public history (exact: every pass, bid, take and decline is
 * public); the set-aside cards only once the observer has seen them (look card, knownRemoved).
 */

/** The kinds a display holds as specials, in cards.ts order: every kind but the forty (a number card). */
const KIND_LIST: readonly number[] = KINDS.flatMap((k, i) => (k.name === 'forty' ? [] : [i]));
/** The slot of each kind index in KIND_LIST (-1: the forty). */
const KIND_SLOT = Int8Array.from({ length: KIND_COUNT }, (_, k) => KIND_LIST.indexOf(k));
const K = KIND_LIST.length;

const numberSlots = (r: Rules): number => cardCount(r) + (fortyCount(r) > 0 ? 1 : 0);

function specs(r: Rules): FieldSpec[] {
  const n = numberSlots(r);
  const p = r.players;
  const slots = `${n} number slots (minCard..maxCard${fortyCount(r) ? ', then 40' : ''})`;
  return [
    ['phase', 5, 'what is decided now, one-hot: take/pass a number or red card, bid/decline a green card, give, remove, game over'],
    ['card', n + K, `the face-up card (during give/remove the card just received), one-hot over ${slots} then the ${K} special kinds; all 0 at the end`],
    ['pot', 1, 'chips on the face-up card / all chips in play (players x startChips)'],
    ['myChips', 1, 'own chips / all chips in play'],
    ['cardsLeft', 1, 'cards face down in the deck / the played deck as dealt (number cards in play, the forty, the specials)'],
    ['removedLeft', 1, 'set-aside number cards still there / removed'],
    ['canSitOut', 1, 'the observer may discard a sit-out card now (1) or not'],
    ['current', p, 'the seat deciding now, one-hot over seats relative to the observer (0 = me, then turn order)'],
    ['lastBidder', p, 'the last bidder on the face-up green card, one-hot over relative seats (all 0: none)'],
    ['nextDecider', p, 'who decides on the next card after a give/remove choice (else the seat deciding now), one-hot over relative seats'],
    ['displays', p * n, `each seat's number cards (relative seats, ${slots} each), 1 where held`],
    ['specials', p * K, `each seat's specials (relative seats, ${K} kinds each): copies held / copies in the rules' deck (0 for a kind not dealt)`],
    ['chips', p, "each seat's chips (relative seats; counted from the public history, or read with openChips) / all chips in play"],
    ['cardPoints', p, "each seat's number-card points (runs by their lowest card, before jokers and specials) / the sum of every number card"],
    ['scores', p, "each seat's score if the game ended now, (score - lowest) / (highest - lowest) over the rules' score range"],
    ['sittingOut', p, 'each seat sits out the face-up card (1) or not'],
    ['seenRemoved', p, 'each seat has seen the set-aside cards (it held a look card) (1) or not'],
    ['removed', n, 'the set-aside number cards still there, 1 where set aside: only once the observer has seen them (else all 0)'],
    ['unseen', n + K, "cards the observer has not seen: number slots 1 where unseen, then each special kind's unseen copies / its copies in the deck"],
  ];
}

const layouts = new WeakMap<Rules, readonly TensorField[]>();

function fieldsOf(r: Rules): readonly TensorField[] {
  let f = layouts.get(r);
  if (!f) layouts.set(r, (f = layFields(specs(r))));
  return f;
}

/** Scales of the rules (pure functions of them), the last rules' kept: see scalesOf. */
interface Scales {
  n: number;
  allChips: number;
  deck: number;
  numbers: number;
  lowest: number;
  span: number;
  /** 1 / copies of each kind in KIND_LIST order (0 for a kind not dealt). */
  readonly perCopy: Float64Array;
}

const scales: Scales = { n: 0, allChips: 0, deck: 0, numbers: 0, lowest: 0, span: 0, perCopy: new Float64Array(K) };
/** The rules `scales` holds (a copy of what they depend on), or null before the first encode; and the last rules object that matched. */
let scaled: Rules | null = null;
let matched: Rules | null = null;

/** Whether two rules give the same scales (every setting they depend on is equal). */
function sameScales(a: Rules, b: Rules): boolean {
  if (a.players !== b.players || a.startChips !== b.startChips || a.removed !== b.removed || a.minCard !== b.minCard || a.maxCard !== b.maxCard) return false;
  for (let k = 0; k < KIND_COUNT; k++) if (a.specials[k] !== b.specials[k]) return false;
  return true;
}

/**
 * The scales of `r`: kept for the last rules seen and compared setting by setting (observations
 * are often made afresh, each with its own rules object, so a cache keyed by the object would miss
 * every time); recomputed, allocating a little, only when the rules change.
 */
function scalesOf(r: Rules): Scales {
  if (r === matched) return scales;
  if (scaled !== null && sameScales(scaled, r)) {
    matched = r;
    return scales;
  }
  const [lowest, highest] = scoreRange(r);
  let numbers = ((r.minCard + r.maxCard) * cardCount(r)) / 2;
  if (fortyCount(r)) numbers += FORTY_VALUE;
  scales.n = numberSlots(r);
  scales.allChips = Math.max(1, r.players * r.startChips);
  scales.deck = Math.max(1, cardCount(r) - r.removed + specialCards(r) + fortyCount(r));
  scales.numbers = numbers;
  scales.lowest = lowest;
  scales.span = Math.max(1, highest - lowest);
  for (let j = 0; j < K; j++) {
    const copies = r.specials[KIND_LIST[j]!]!;
    scales.perCopy[j] = copies > 0 ? 1 / copies : 0;
  }
  scaled = { ...r, specials: [...r.specials] };
  matched = r;
  return scales;
}

/**
 * A card code's slot in a block of n number slots then the kinds (-1: none). Number cards run from
 * minCard; a number above maxCard is the forty (the rules keep a deck with the forty below 39), in
 * the last number slot.
 */
function slotOf(code: number, n: number, min: number, max: number): number {
  if (code >= SPECIAL_BASE) {
    const k = KIND_SLOT[code - SPECIAL_BASE]!;
    return k < 0 ? -1 : n + k;
  }
  return code > max ? n - 1 : code - min;
}

/** unseenInto's scratch (one thread, not re-entered): card codes, and counts by code. */
const unseenCodes = new Uint8Array(256);
const unseenCounts = new Int32Array(SPECIAL_BASE + KIND_COUNT);

export const tensor: ObservationEncoder<Rules, Observation> = {
  size: (r) => fieldsSize(fieldsOf(r)),
  fields: fieldsOf,
  encode(obs, out) {
    const r = obs.rules;
    const sc = scalesOf(r);
    const n = sc.n;
    const min = r.minCard;
    const p = r.players;
    const me = obs.seat;
    const forty = n - 1; // the forty's slot, when the rules deal it
    const hasForty = n > r.maxCard - min + 1;
    const phase = obs.phase;
    let o = 0;
    out[o++] = phase === 'take' ? 1 : 0;
    out[o++] = phase === 'bid' ? 1 : 0;
    out[o++] = phase === 'give' ? 1 : 0;
    out[o++] = phase === 'remove' ? 1 : 0;
    out[o++] = phase === 'over' ? 1 : 0;
    const card = obs.card;
    for (let i = 0; i < n + K; i++) out[o + i] = 0;
    if (card !== 0) out[o + slotOf(card, n, min, r.maxCard)] = 1;
    o += n + K;
    out[o++] = obs.pot / sc.allChips;
    out[o++] = obs.myChips / sc.allChips;
    out[o++] = obs.cardsLeft / sc.deck;
    out[o++] = r.removed > 0 ? obs.removedLeft / r.removed : 0;
    out[o++] = obs.canSitOut ? 1 : 0;
    const current = phase === 'over' ? -1 : obs.current;
    for (let i = 0; i < p; i++) out[o + i] = (me + i) % p === current ? 1 : 0;
    o += p;
    const bidder = obs.lastBidder;
    for (let i = 0; i < p; i++) out[o + i] = (me + i) % p === bidder ? 1 : 0;
    o += p;
    const next = phase === 'over' ? -1 : obs.nextDecider;
    for (let i = 0; i < p; i++) out[o + i] = (me + i) % p === next ? 1 : 0;
    o += p;
    for (let i = 0; i < p; i++) {
      const seat = (me + i) % p;
      for (let c = min; c <= r.maxCard; c++) out[o + c - min] = obs.has(seat, c) ? 1 : 0;
      if (hasForty) out[o + forty] = obs.has(seat, FORTY_VALUE) ? 1 : 0;
      o += n;
    }
    for (let i = 0; i < p; i++) {
      const seat = (me + i) % p;
      for (let j = 0; j < K; j++) out[o + j] = obs.held(seat, SPECIAL_BASE + KIND_LIST[j]!) * sc.perCopy[j]!;
      o += K;
    }
    // Counting a seat's chips walks the history: the last seat's are what the others and the pot
    // leave of all the chips (they are conserved), one walk fewer.
    let rest = p * r.startChips - obs.pot;
    for (let i = 0; i < p; i++) {
      const seat = (me + i) % p;
      const chips = seat === me ? obs.myChips : r.openChips ? obs.chips(seat) : i === p - 1 ? rest : obs.countedChips(seat);
      rest -= chips;
      out[o + i] = chips / sc.allChips;
    }
    o += p;
    for (let i = 0; i < p; i++) out[o + i] = obs.cardPoints((me + i) % p) / sc.numbers;
    o += p;
    for (let i = 0; i < p; i++) out[o + i] = (obs.scoreNow((me + i) % p) - sc.lowest) / sc.span;
    o += p;
    for (let i = 0; i < p; i++) out[o + i] = obs.sittingOut((me + i) % p) ? 1 : 0;
    o += p;
    for (let i = 0; i < p; i++) out[o + i] = obs.hasSeenRemoved((me + i) % p) ? 1 : 0;
    o += p;
    for (let i = 0; i < n; i++) out[o + i] = 0;
    if (obs.seesRemoved) for (let i = 0, k = obs.removedLeft; i < k; i++) out[o + slotOf(obs.removedAt(i), n, min, r.maxCard)] = 1;
    o += n;
    for (let i = 0; i < n + K; i++) out[o + i] = 0;
    for (let i = 0, k = obs.unseenInto(unseenCodes, unseenCounts); i < k; i++) {
      const code = unseenCodes[i]!;
      const slot = slotOf(code, n, min, r.maxCard);
      if (slot < 0) continue;
      out[o + slot]! += slot < n ? 1 : sc.perCopy[slot - n]!;
    }
  },
};
