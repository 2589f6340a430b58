import type { ActionSpace } from '../../game/actions.js';
import type { Action } from './agent.js';
import { KIND_COUNT, SPECIAL_BASE } from './cards.js';
import type { Observation } from './observation.js';
import type { Rules } from './rules.js';
import { BID, CHOOSE, DECLINE, PASS, SIT_OUT, TAKE } from './state.js';
import { describe, toAction } from './table.js';

/** The answers of the take and bid phases by id (ids below CHOOSE). */
const ANSWERS: readonly Action[] = Object.freeze(
  Object.assign(new Array<Action>(CHOOSE), { [TAKE]: 'take', [PASS]: 'pass', [SIT_OUT]: 'sit-out', [BID]: 'bid', [DECLINE]: 'decline' }),
);

const PHASES = ['take', 'bid', 'give', 'remove'] as const;

/**
 * The special cards' action ids: take 0, pass 1, sit out 2, bid 3, decline 4 (the answers of the
 * take and bid phases), then CHOOSE + a card's code for choosing a card of one's display to give
 * or remove (number cards by value, specials SPECIAL_BASE + their kind). Codes the rules do not
 * deal are ids that are never legal.
 */
export const actions: ActionSpace<Rules, Observation, Action> = {
  size: () => CHOOSE + SPECIAL_BASE + KIND_COUNT,
  name: (_rules, id) => describe(id),
  encode: (obs, answer) => {
    const phase = PHASES.indexOf(obs.phase as (typeof PHASES)[number]);
    return phase < 0 ? -1 : toAction(phase, answer);
  },
  decode: (_obs, id) => (id < CHOOSE ? ANSWERS[id]! : id - CHOOSE),
  observationMask(obs, out) {
    out.fill(0, 0, CHOOSE + SPECIAL_BASE + KIND_COUNT);
    if (obs.current !== obs.seat || obs.phase === 'over') return 0;
    const set = (id: number, legal: boolean): number => {
      out[id] = legal ? 1 : 0;
      return out[id]!;
    };
    if (obs.phase === 'take') return set(TAKE, true) + set(PASS, obs.myChips > 0) + set(SIT_OUT, obs.canSitOut);
    if (obs.phase === 'bid') return set(DECLINE, true) + set(BID, obs.myChips > 0) + set(SIT_OUT, obs.canSitOut);
    let n = 0;
    for (let code = 1; code < SPECIAL_BASE; code++) n += set(CHOOSE + code, obs.has(obs.seat, code));
    for (let k = 0; k < KIND_COUNT; k++) n += set(CHOOSE + SPECIAL_BASE + k, obs.held(obs.seat, SPECIAL_BASE + k) > 0);
    return n;
  },
};
