/**
 * The No Thanks! bot interface: the lab's generic Agent (src/game/agent.ts) with this game's
 * observation, actions and events. Built-in bots (src/games/no-thanks/bots/) and a user's bot file import
 * defineAgent from here.
 */
import type { Agent, AgentDefinition, GameStart as GenericGameStart, ParamValues } from '../../game/agent.js';
import type { Observation } from './observation.js';
import type { Rules } from './rules.js';

export type { Observation, HistoryEvent } from './observation.js';
export type { Rules } from './rules.js';
export type { NumberParam, ChoiceParam, TextParam, ParamSpec, ParamValues, Random } from '../../game/agent.js';

export const GAME_ID = 'no-thanks';

/** Take the face-up card (with its chips) or pass (pay one chip). Passing with no chips is illegal. */
export type Action = 'take' | 'pass';

export type GameStart = GenericGameStart<Rules>;

/** A public decision, as every seat hears it. The object is reused: copy what you keep. */
export interface GameEvent {
  type: 'take' | 'pass';
  seat: number;
  card: number;
  /** Chips on the card before the decision. */
  pot: number;
}

export type NoThanksAgent = Agent<Observation, Action, GameEvent, Rules>;

/** Identity helper that gives a bot file type checking and marks it as a No Thanks! bot. */
export function defineAgent<P extends ParamValues>(def: Omit<AgentDefinition<P, NoThanksAgent>, 'game'>): AgentDefinition<P, NoThanksAgent> {
  return { ...def, game: GAME_ID };
}
