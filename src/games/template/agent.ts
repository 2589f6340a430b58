/**
 * The bot interface of this game: the lab's generic Agent (src/game/agent.ts) with its observation,
 * action and event types. Built-in bots (./bots/) and a user's bot file import only this file and
 * kit.ts (scripts/check-layers.mjs holds them to it).
 *
 * One decide(obs) call per turn: answer the card you bid, a number you hold (obs.handCard(i)).
 */
import type { Agent, AgentDefinition, GameStart as GenericGameStart, ParamValues } from '../../game/agent.js';
import type { Observation } from './observation.js';
import type { Rules } from './rules.js';

export type { Observation } from './observation.js';
export type { Rules } from './rules.js';
export type { NumberParam, ChoiceParam, TextParam, ParamSpec, ParamValues, Random } from '../../game/agent.js';

/** The game's id: its folder's name, the records' `game` and `--game template`. Rename it with the folder. */
export const GAME_ID = 'template';

/** The card bid (1..cards, one you hold). */
export type Action = number;

export type GameStart = GenericGameStart<Rules>;

/**
 * A public event, as every seat hears it: a turn resolved (its bids read with obs.bidAt(turn, seat)).
 * The object is reused: copy what you keep.
 */
export interface GameEvent {
  type: 'reveal';
  turn: number;
  prize: number;
  /** The seat that won the prize, -1 when tied highest bids discarded it. */
  winner: number;
}

export type GoofspielAgent = Agent<Observation, Action, GameEvent, Rules>;

/** Identity helper that gives a bot file type checking and marks it as a bot of this game. */
export function defineAgent<P extends ParamValues>(def: Omit<AgentDefinition<P, GoofspielAgent>, 'game'>): AgentDefinition<P, GoofspielAgent> {
  return { ...def, game: GAME_ID };
}
