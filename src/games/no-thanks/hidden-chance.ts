import type { State } from '../../game/contract.js';
import type { HiddenChance } from '../../game/hidden-chance.js';
import type { NoThanksState } from './forward-model.js';
import { MAX_PLAYERS } from './rules.js';
import { TAKE } from './state.js';

/**
 * No Thanks!'s chance for the exact evaluator. Only a take reveals anything: the next face-down
 * card, uniform over the cards no seat has seen (the face-down deck and, unless the removed cards
 * are shown, the removed ones: a shuffled deck's next card is uniform over its unseen cards
 * whatever came before). choose(k) swaps the k-th smallest unseen card into the next deck slot;
 * the order of the others is left as it is, since later takes choose again. Outcomes are numbered
 * by card, not by slot, so two completions of the same view are walked in the same order and give
 * the same sums to the last bit. The key is the public position:
 * chips, displays, the face-up card, its pot, the seat to decide and the cards left; the unseen
 * pool is what the displays and the face-up card leave.
 */
function unseenSlots(s: NoThanksState): number {
  return s.deckEnd - (s.next + 1) + (s.rules.knownRemoved ? 0 : s.deckStart);
}

let slots = new Uint8Array(64);
const keyUnits = new Uint16Array(4 + 5 * MAX_PLAYERS);
function slotsBuffer(size: number): Uint8Array {
  if (slots.length < size) slots = new Uint8Array(size);
  return slots;
}

export const hiddenChance: HiddenChance = Object.freeze({
  outcomes(state: State, _seat: number, action: number): number {
    const s = state as NoThanksState;
    if (action !== TAKE || s.next + 1 >= s.deckEnd) return 1;
    return unseenSlots(s);
  },
  choose(state: State, _seat: number, action: number, k: number): void {
    const s = state as NoThanksState;
    const first = s.next + 1;
    if (action !== TAKE || first >= s.deckEnd) return;
    const c = s.cards;
    // The unseen cards by value: slotOf[card] = its slot + 1 (0: not unseen).
    const slotOf = slotsBuffer(s.maxCard + 1);
    for (let i = first; i < s.deckEnd; i++) slotOf[c[i]!] = i + 1;
    if (!s.rules.knownRemoved) for (let i = 0; i < s.deckStart; i++) slotOf[c[i]!] = i + 1;
    let slot = -1;
    let seen = 0;
    for (let card = s.minCard; card <= s.maxCard; card++) {
      if (slotOf[card] === 0) continue;
      if (seen++ === k) slot = slotOf[card]! - 1;
      slotOf[card] = 0;
    }
    const t = c[slot]!;
    c[slot] = c[first]!;
    c[first] = t;
  },
  key(state: State): string {
    const s = state as NoThanksState;
    const P = s.players;
    // A flat string of 16-bit units (one call, no rope of concatenations): the memo holds many.
    const u = keyUnits;
    u[0] = s.card;
    u[1] = s.pot;
    u[2] = s.current;
    u[3] = s.next;
    for (let p = 0; p < P; p++) {
      const lo = s.display[2 * p]!;
      const hi = s.display[2 * p + 1]!;
      u[4 + 5 * p] = s.chips[p]!;
      u[5 + 5 * p] = lo & 0xffff;
      u[6 + 5 * p] = lo >>> 16;
      u[7 + 5 * p] = hi & 0xffff;
      u[8 + 5 * p] = hi >>> 16;
    }
    return String.fromCharCode.apply(null, u.subarray(0, 4 + 5 * P) as unknown as number[]);
  },
});
