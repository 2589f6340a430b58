/**
 * The public bot interface, the same for every game. A game narrows it with its own observation,
 * action and event types (src/games/<id>/agent.ts); built-in bots in src/games/<id>/bots/
 * and a user's own file are written against exactly that.
 */
import type { Random } from './seed.js';

export type { Random } from './seed.js';

/** Given to a bot before each game. */
export interface GameStart<R = unknown> {
  seat: number;
  rules: Readonly<R>;
  /** Agent spec per seat, as the table lists them (who sits where is public). */
  agents: readonly string[];
  // No game seed here, on purpose: with the lab's (public) dealing code it would give away the deck.
  /** This seat's own seeded stream in [0, 1): one bot's draws never shift another's or the deal. */
  random: Random;
}

export interface Agent<Obs = never, Act = unknown, Event = never, R = unknown> {
  /**
   * Called before each game. A bot instance plays many games, in whatever order the tournament's
   * workers get them: reset here anything learnt in earlier games, or results will depend on the
   * thread count and chunk size.
   */
  newGame?(start: GameStart<R>): void;
  /** The bot's choice at a decision point; the game checks it is legal before applying it. */
  decide(obs: Obs): Act;
  /** Every public event, including this bot's own moves. The event object may be reused: copy what you keep. */
  onEvent?(event: Readonly<Event>, obs: Obs): void;
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

/**
 * Free text, such as a file's path (`net:model=models/nt4.onnx`): any string is taken as given.
 * The bot checks it when it starts, so a bad value is its create()'s one-line error. Tuning and
 * bot-program manifests have no text parameters (there is nothing between two paths to search).
 */
export interface TextParam {
  description: string;
  default: string;
  text: true;
}

export type ParamSpec = NumberParam | ChoiceParam | TextParam;
export type ParamValues = Record<string, number | string>;

/** What a bot module exports (as its default export). */
export interface AgentDefinition<P extends ParamValues = ParamValues, A extends object = object> {
  name: string;
  /** The game it plays (a game id); a bot file without it plays the default game. */
  game?: string;
  description: string;
  params: Record<string, ParamSpec>;
  /** Reads a person's input at the terminal (the human bots): only `nothanks play` seats it. */
  interactive?: boolean;
  /** Runs only under Node (a native module, files on disk): the web app leaves it out of its bot lists. */
  nodeOnly?: boolean;
  /** A fresh bot for one seat, with validated parameters (defaults filled in). */
  create(params: P): A;
  /**
   * What create() and newGame() would refuse under these rules, checked once in a run's main thread
   * before any game (a bot that reads a file: is it there, does it fit the rules?): throws its
   * one-line reason. Optional: a bot that needs nothing from outside has none.
   */
  check?(params: P, rules: unknown): Promise<void>;
}
