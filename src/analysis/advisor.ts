import { UserError } from '../errors.js';
import type { RulesInput } from '../game/contract.js';
import type { PositionRelay, Shortcut } from '../game/position.js';
import type { RegisteredGame } from '../registry.js';
import { type EvaluatorSettings, evaluatePosition, notationOf, type PositionEvaluation } from './position.js';

/** What the advisor says after one typed line. */
export interface AdviceStep {
  /** The one-line reason a line was refused (the relay is unchanged), else null. */
  error: string | null;
  /** The table as the seat now knows it. */
  table: string;
  /** The evaluation of every action when the seat is to decide, else null. */
  advice: PositionEvaluation | null;
  /** What the advisor waits for next. */
  prompt: string;
  /** Lines that would be accepted now, with labels (the web page's buttons). */
  shortcuts: readonly Shortcut[];
  over: boolean;
}

/**
 * The advisor of one seat at a real table (terminal and web): a game's relay (what the user typed,
 * nothing else: src/game/position.ts PositionRelay) and, whenever the seat is to decide, the
 * analyst's evaluation of its position. The evaluation's samples are keyed by the seat's position
 * in notation (positionStream), so the advice is a function of what the seat knows: two games
 * whose hidden cards differ but whose relayed events agree get the same advice, and
 * `nothanks eval` on the position printed gives the same numbers.
 */
export class AdvisorSession {
  private readonly relay: PositionRelay;

  constructor(
    private readonly game: RegisteredGame,
    rules: RulesInput,
    seat: number,
    private readonly settings: EvaluatorSettings,
  ) {
    this.relay = notationOf(game).relay(rules, seat);
  }

  /** What to type (the game's relay says). */
  get help(): string {
    return this.relay.help;
  }

  /** The state before any line. */
  start(): AdviceStep {
    return this.step(null);
  }

  /** Applies one typed line; a mistake is reported, never thrown. `evaluate`: false skips the advice (a replay of lines already advised). */
  enter(line: string, evaluate = true): AdviceStep {
    try {
      this.relay.enter(line);
    } catch (err) {
      if (err instanceof UserError) return this.step(err.message, evaluate);
      throw err;
    }
    return this.step(null, evaluate);
  }

  /** The seat's position in the game's notation, when there is a face-up decision. */
  notation(): string | null {
    return this.relay.notation();
  }

  private step(error: string | null, evaluate = true): AdviceStep {
    const at = evaluate ? this.relay.decision() : null;
    return {
      error,
      table: this.relay.describe(),
      // After a refused line the seat may still be to decide: its advice stays on view.
      advice: at ? evaluatePosition(this.game, at, this.settings) : null,
      prompt: this.relay.prompt(),
      shortcuts: this.relay.shortcuts(),
      over: this.relay.over,
    };
  }
}
