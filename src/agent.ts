/**
 * The public bot interface. Built-in bots in agents/ and a user's own file are written against
 * exactly this; see README "Write your own bot".
 */
import type { Observation } from './engine/observation.js';
import type { Rules } from './engine/rules.js';
import type { Random } from './engine/seed.js';

export type { Observation, HistoryEvent } from './engine/observation.js';
export type { Rules } from './engine/rules.js';
export type { Random } from './engine/seed.js';

export type Action = 'take' | 'pass';

/** Given to a bot before each game. */
export interface GameStart {
  seat: number;
  rules: Readonly<Rules>;
  /** Agent spec per seat, as the table lists them (who sits where is public). */
  agents: readonly string[];
  /** The game's seed (as in the game record). */
  seed: string;
  /** This seat's own seeded stream in [0, 1): one bot's draws never shift another's or the deal. */
  random: Random;
}

/** A public decision, as every seat hears it. The object is reused: copy what you keep. */
export interface GameEvent {
  type: 'take' | 'pass';
  seat: number;
  card: number;
  /** Chips on the card before the decision. */
  pot: number;
}

export interface Agent {
  /**
   * Called before each game. A bot instance plays many games, in whatever order the tournament's
   * workers get them: reset here anything learnt in earlier games, or results will depend on the
   * thread count and chunk size.
   */
  newGame?(start: GameStart): void;
  /** Take the face-up card (with its chips) or pass (pay one chip). Passing with no chips is illegal. */
  decide(obs: Observation): Action;
  /** Every public decision, including this bot's own. */
  onEvent?(event: Readonly<GameEvent>, obs: Observation): void;
}

export interface NumberParam {
  description: string;
  default: number;
  min: number;
  max: number;
  integer?: boolean;
}

export interface ChoiceParam {
  description: string;
  default: string;
  choices: readonly string[];
}

export type ParamSpec = NumberParam | ChoiceParam;
export type ParamValues = Record<string, number | string>;

/** What a bot module exports (as its default export). */
export interface AgentDefinition<P extends ParamValues = ParamValues> {
  name: string;
  description: string;
  params: Record<string, ParamSpec>;
  /** A fresh bot for one seat, with validated parameters (defaults filled in). */
  create(params: P): Agent;
}

/** Identity helper that gives a bot file type checking. */
export function defineAgent<P extends ParamValues>(def: AgentDefinition<P>): AgentDefinition<P> {
  return def;
}
