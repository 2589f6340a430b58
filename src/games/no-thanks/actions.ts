import type { ActionSpace } from '../../game/actions.js';
import type { Action } from './agent.js';
import type { Observation } from './observation.js';
import type { Rules } from './rules.js';
import { PASS, TAKE } from './state.js';

const NAMES: readonly Action[] = Object.freeze(['pass', 'take']);

/** No Thanks!'s two action ids: pass (pay a chip) 0, take 1. */
export const actions: ActionSpace<Rules, Observation, Action> = {
  size: () => 2,
  name: (_rules, id) => NAMES[id] ?? `unknown action ${id}`,
  encode: (_obs, answer) => (answer === 'take' ? TAKE : answer === 'pass' ? PASS : -1),
  decode: (_obs, id) => NAMES[id]!,
  observationMask(obs, out) {
    const acts = obs.card !== 0 && obs.current === obs.seat;
    out[TAKE] = acts ? 1 : 0;
    out[PASS] = acts && obs.myChips > 0 ? 1 : 0;
    return out[TAKE]! + out[PASS]!;
  },
};
