import type { ActionSpace } from '../../game/actions.js';
import type { Action, Observation } from './agent.js';
import type { Rules } from './rules.js';

/**
 * The one integer action space (src/game/actions.ts): bid card c is id c - 1, so ids run
 * 0..cards-1 with no gaps. Bots answer the card itself; encode/decode translate.
 */
export const actions: ActionSpace<Rules, Observation, Action> = {
  size: (rules) => rules.cards,
  name: (rules, id) => (Number.isInteger(id) && id >= 0 && id < rules.cards ? `bid ${id + 1}` : `unknown action ${id}`),
  encode: (obs, answer) => (typeof answer === 'number' && Number.isInteger(answer) && answer >= 1 && answer <= obs.rules.cards ? answer - 1 : -1),
  decode: (_obs, id) => id + 1,
  observationMask(obs, out) {
    out.fill(0, 0, obs.rules.cards);
    // Only a seat that has not bid this turn acts (none once the game is over).
    if (obs.prize === 0 || obs.myBid !== 0) return 0;
    for (let i = 0; i < obs.handSize; i++) out[obs.handCard(i) - 1] = 1;
    return obs.handSize;
  },
};
