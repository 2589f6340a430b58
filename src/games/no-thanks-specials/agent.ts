/**
 * The bot interface of No Thanks! with special cards: the lab's generic Agent with this game's
 * observation, actions and events. Bots import defineAgent from here.
 */
import type { Agent, AgentDefinition, GameStart as GenericGameStart, ParamValues } from '../../game/agent.js';
import type { HistoryEvent, Observation } from './observation.js';
import type { Rules } from './rules.js';

export type { HistoryEvent, Observation, Phase } from './observation.js';
export type { Rules } from './rules.js';
export type { NumberParam, ChoiceParam, TextParam, ParamSpec, ParamValues, Random } from '../../game/agent.js';
export { CODE, KINDS, SPECIAL_BASE, bonusOf, cardName, isGreen, isSpecial } from './cards.js';

export const GAME_ID = 'no-thanks-specials';

/**
 * An answer, by phase: take: 'take' | 'pass' | 'sit-out'; bid: 'bid' | 'decline' | 'sit-out';
 * give / remove: the code of a card in the bot's display (a number, or SPECIAL_BASE + kind).
 */
export type Action = 'take' | 'pass' | 'sit-out' | 'bid' | 'decline' | number;

export type GameStart = GenericGameStart<Rules>;
/** A public event, as every seat hears it (the object is reused: copy what you keep). */
export type GameEvent = HistoryEvent;

export type SpecialsAgent = Agent<Observation, Action, GameEvent, Rules>;

export function defineAgent<P extends ParamValues>(def: Omit<AgentDefinition<P, SpecialsAgent>, 'game'>): AgentDefinition<P, SpecialsAgent> {
  return { ...def, game: GAME_ID };
}
