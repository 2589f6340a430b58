/// <reference lib="dom" />
import type { HumanFactory } from './session.js';

/** One position of a replay: a caption and the table as the replay knows it (every seat's cards and chips). */
export interface Frame {
  caption: string;
  /** The decision (or turn) this frame follows, 1-based; 0 for the start. */
  decision: number;
  /**
   * Decisions of the forward model made up to this frame, as the analysis numbers them (every
   * seat's choice counts one); absent where it equals `decision` (one decision a frame).
   */
  moves?: number;
  render(): HTMLElement;
}

/** What the page knows of one game beyond its definition: how to draw its replays and its human seat. */
export interface GameView {
  /** Frames of a record that passed the game's replay, built from the game's own replay steps. */
  frames(record: unknown): Frame[];
  /** The page's human bot (decisions through the play session's bridge). */
  human: HumanFactory;
  /** The human's decision: what its seat sees (captured from its observation only) and a button per answer. */
  renderPrompt(view: unknown, labels: readonly string[], answer: (a: unknown) => void): HTMLElement;
  /** Bots offered for the other seats by default, best first. */
  defaultBot: string;
  /**
   * What a frame's number (`Frame.decision`, the number its caption starts with) counts: one
   * decision (the default), or one turn where every seat plays at once (6 nimmt!'s cards). The
   * replay names every position, analysed decision and graph tick by it, so one number means one
   * thing on the page.
   */
  unit?: 'turn';
}
