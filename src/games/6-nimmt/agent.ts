/**
 * The 6 nimmt! bot interface: the lab's generic Agent (src/game/agent.ts) with this game's observation,
 * actions and events. Built-in bots (src/games/6-nimmt/bots/) and a user's bot file import defineAgent
 * from here.
 *
 * One decide(obs) call per decision, answering a number; obs.phase says which:
 * - 'play': a card of your hand (chosen secretly; all are revealed at once);
 * - 'row': the index 0..3 of the row you take (your card was lower than every row end; you see
 *   this turn's revealed cards);
 * - 'draft' (pro variant only): an open card to add to your hand.
 */
import type { Agent, AgentDefinition, GameStart as GenericGameStart, ParamValues } from '../../game/agent.js';
import type { Observation } from './observation.js';
import type { Rules } from './rules.js';

export type { Observation, PhaseName } from './observation.js';
export type { Rules } from './rules.js';
export type { NumberParam, ChoiceParam, TextParam, ParamSpec, ParamValues, Random } from '../../game/agent.js';

export const GAME_ID = '6-nimmt';

/** A card (play, draft) or a row index (row). */
export type Action = number;

export type GameStart = GenericGameStart<Rules>;

/**
 * A public event, as every seat hears it. The object is reused: copy what you keep.
 * - 'round': a round begins (base: dealt; pro: before the draft); seat = its starter;
 * - 'pick': seat picked `card` in the pro draft;
 * - 'reveal': this turn's cards are face up (read them with obs.revealedCard(seat)); seat = -1;
 * - 'take': after the turn's cards are placed, one per row taken, in order: seat took row `row`
 *   and its `bullheads`; `card` (its own) starts the row anew; `chosen` when its card was lower
 *   than every row (it chose the row), false when its card was the one too many.
 */
export interface GameEvent {
  type: 'round' | 'pick' | 'reveal' | 'take';
  round: number;
  turn: number;
  seat: number;
  card: number;
  row: number;
  bullheads: number;
  chosen: boolean;
}

export type SixNimmtAgent = Agent<Observation, Action, GameEvent, Rules>;

/** Identity helper that gives a bot file type checking and marks it as a 6 nimmt! bot. */
export function defineAgent<P extends ParamValues>(def: Omit<AgentDefinition<P, SixNimmtAgent>, 'game'>): AgentDefinition<P, SixNimmtAgent> {
  return { ...def, game: GAME_ID };
}
