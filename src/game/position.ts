import type { RulesInput, State } from './contract.js';

/**
 * A game's short position notation: what one seat knows at one moment, typed on one line (the
 * `nothanks eval` argument, the advisor's `pos` line). Each game that has one supplies it in its
 * folder (position.ts) through its manifest's `position`; docs/advisor.md documents each.
 *
 * A parsed position is a State: what the seat knows is set as written, and the part it cannot know
 * (the face-down deck, the other hands, the set-aside cards) is filled in some fixed order the game
 * chooses. That filling never reaches an evaluation: the evaluator re-deals it with the game's own
 * `resample(seat)`, which reads the seat's view only, so a parsed position evaluates exactly as
 * the real game's position it was printed from (the notation keeps everything the seat's view
 * holds that the re-deal and the rollout policy read; each game's docs say what it drops).
 */
export interface PositionNotation {
  /** One line of syntax, for errors and help. */
  readonly syntax: string;
  /** Worked examples: [notation, what it says] (docs and tests). */
  readonly examples: readonly (readonly [string, string])[];
  /**
   * The position `text` as the seat it marks knows it, under the rules `rules` makes for the seat
   * count the text gives (the user's rule flags filled in). A position that cannot happen under
   * the rules is a UserError of one line naming the first problem.
   */
  parse(text: string, rules: (players: number) => RulesInput): ParsedPosition;
  /** What `seat` sees of `state` in words, for people checking what they typed (No Thanks!: the displays; 6 nimmt!: the rows now). */
  describe(state: State, seat: number): string;
  /** `seat`'s knowledge of `state` in notation (parse gives back a position `seat` cannot tell from it). */
  format(state: State, seat: number): string;
  /**
   * The terminal and web advisor's relay of a game at a real table for `seat`: it starts before the
   * first move and takes, one line at a time, what happens at the table (see PositionRelay).
   */
  relay(rules: RulesInput, seat: number): PositionRelay;
}

export interface ParsedPosition {
  /** The position, its hidden part filled in a fixed order (never read: the evaluator re-deals it). */
  state: State;
  /** The seat whose knowledge the text is, and who is to decide. */
  seat: number;
  /** The complete rules the state is played under (the seat count the text gave). */
  rules: { players: number };
}

/**
 * A game relayed from a real table to one seat's advisor: it holds only what that seat has been
 * told (what the user typed), never a card it was not shown.
 */
/** A line the advisor may enter for the user, and its button's label. */
export interface Shortcut {
  line: string;
  label: string;
}

export interface PositionRelay {
  /** What to type, for people: one or two sentences (the advisor shows it above its prompt). */
  readonly help: string;
  /** What the relay waits for now, as a short prompt ("card turned up?", "seat 2: take or pass?"). */
  prompt(): string;
  /**
   * Applies one typed line (one event at the table, or several separated by spaces where the game
   * allows). Bad input is a UserError of one line and leaves the relay as it was.
   */
  enter(line: string): void;
  /** Lines that would be accepted now, with a label (No Thanks!: t "take" and p "pass"; a row choice: >0 "take row 0" ...): the web page's buttons. */
  shortcuts(): readonly Shortcut[];
  /** The position when the advised seat is to decide (its State and seat), else null. */
  decision(): ParsedPosition | null;
  /** The seat's knowledge now in the game's notation (null before the game has a position). */
  notation(): string | null;
  /** The relay's own words for the table after the last event: who holds what, chips, the face-up card. */
  describe(): string;
  readonly over: boolean;
}
