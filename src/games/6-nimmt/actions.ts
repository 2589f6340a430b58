import type { ActionSpace } from '../../game/actions.js';
import type { Action, Observation } from './agent.js';
import { actionName, pickAction, rowAction } from './action-ids.js';
import { ROWS, type Rules } from './rules.js';

export const actions: ActionSpace<Rules, Observation, Action> = {
  size: (rules) => pickAction(rules.maxCard) + 1 + (rules.variant === 'pro' ? rules.maxCard : 0),
  name: (rules, id) => actionName(rules.maxCard, id),
  encode(obs, answer) {
    const { maxCard } = obs.rules;
    if (typeof answer !== 'number' || !Number.isInteger(answer)) return -1;
    if (obs.phase === 'play') return answer >= 1 && answer <= maxCard ? answer : -1;
    if (obs.phase === 'row') return answer >= 0 && answer < ROWS ? rowAction(maxCard) + answer : -1;
    if (obs.phase === 'draft') return answer >= 1 && answer <= maxCard ? pickAction(maxCard) + answer : -1;
    return -1;
  },
  decode(obs, id) {
    const { maxCard } = obs.rules;
    if (id >= rowAction(maxCard) && id < rowAction(maxCard) + ROWS) return id - rowAction(maxCard);
    if (id > pickAction(maxCard)) return id - pickAction(maxCard);
    return id;
  },
  observationMask(obs, out) {
    const { maxCard } = obs.rules;
    out.fill(0, 0, actions.size(obs.rules));
    let n = 0;
    if (obs.phase === 'play' && obs.myChoice === 0) {
      for (let i = 0; i < obs.handSize; i++) {
        out[obs.handCard(i)] = 1;
        n++;
      }
    } else if (obs.phase === 'row' && obs.rowChooser === obs.seat) {
      for (let r = 0; r < ROWS; r++) out[rowAction(maxCard) + r] = 1;
      n = ROWS;
    } else if (obs.phase === 'draft' && obs.picker === obs.seat) {
      for (let c = 1; c <= maxCard; c++) {
        if (!obs.isOpen(c)) continue;
        out[pickAction(maxCard) + c] = 1;
        n++;
      }
    }
    return n;
  },
};
