import { Seats } from '../../game/seats.js';
import type { SeedKey } from '../../game/seed.js';
import type { GameEvent, NoThanksAgent } from './agent.js';
import { Observation } from './observation.js';
import type { Rules } from './rules.js';
import { GameState } from './state.js';

/**
 * A table of bots that plays games one after another on one reused state: the game loop,
 * with every bot answer checked before the engine applies it.
 */
export class Table {
  readonly state: GameState;
  private readonly observations: Observation[];
  /** Streams, newGame, labels and one-line errors of the seats (shared by every game's table). */
  private readonly seats: Seats<Rules>;
  /** One reusable event object: a game allocates nothing for its bots. */
  private readonly event: GameEvent = { type: 'take', seat: 0, card: 0, pot: 0 };

  constructor(
    readonly rules: Rules,
    readonly agents: readonly NoThanksAgent[],
    labels: readonly string[],
  ) {
    if (agents.length !== rules.players) throw new Error(`table needs ${rules.players} agents, got ${agents.length}`);
    // Always logged: the public history is part of every observation.
    this.state = new GameState(rules);
    this.observations = agents.map((_, seat) => new Observation(this.state, seat));
    this.seats = new Seats(agents, labels, (seat) => this.observations[seat]!.rules);
  }

  /** Agent spec per seat, for error messages and records. */
  get labels(): readonly string[] {
    return this.seats.labels;
  }

  /** The current game's seed as in its record. */
  get seed(): string {
    return this.seats.seed;
  }

  /** Plays the game with this seed to the end; `starter` overrides the dealt starting seat. */
  play(key: SeedKey, starter?: number): void {
    const s = this.state;
    s.deal(key, starter);
    this.seats.begin(key);
    const { agents, observations } = this;
    const hasListeners = this.seats.listeners.length > 0;
    while (s.card !== 0) {
      const seat = s.current;
      let action: unknown;
      try {
        action = agents[seat]!.decide(observations[seat]!);
      } catch (err) {
        throw this.seats.fail(seat, 'threw', err);
      }
      const card = s.card;
      const pot = s.pot;
      if (action === 'take') {
        s.take();
      } else if (action === 'pass') {
        if (s.chips[seat] === 0) throw this.seats.fail(seat, `passed on card ${card} with no chips`);
        s.pass();
      } else {
        throw this.seats.fail(seat, `answered ${JSON.stringify(action)} (expected "take" or "pass")`);
      }
      if (hasListeners) this.notify(action, seat, card, pot);
    }
  }

  private notify(type: 'take' | 'pass', seat: number, card: number, pot: number): void {
    const e = this.event;
    for (const listener of this.seats.listeners) {
      e.type = type;
      e.seat = seat;
      e.card = card;
      e.pot = pot;
      try {
        this.agents[listener]!.onEvent!(e, this.observations[listener]!);
      } catch (err) {
        throw this.seats.fail(listener, 'threw in onEvent', err);
      }
    }
  }
}
