import type { Agent, GameEvent } from '../agent.js';
import { AgentError } from '../errors.js';
import { Observation } from './observation.js';
import type { Rules } from './rules.js';
import { lazyRandom, seatSeed, seedHex, type SeedKey } from './seed.js';
import { GameState } from './state.js';

/**
 * A table of bots that plays games one after another on one reused state: the game loop,
 * with every bot answer checked before the engine applies it.
 */
export class Table {
  readonly state: GameState;
  private readonly observations: Observation[];
  private readonly listeners: number[];
  private readonly event: GameEvent = { type: 'take', seat: 0, card: 0, pot: 0 };

  constructor(
    readonly rules: Rules,
    readonly agents: readonly Agent[],
    /** Agent spec per seat, for error messages and records. */
    readonly labels: readonly string[],
  ) {
    if (agents.length !== rules.players) throw new Error(`table needs ${rules.players} agents, got ${agents.length}`);
    // Always logged: the public history is part of every observation.
    this.state = new GameState(rules);
    this.observations = agents.map((_, seat) => new Observation(this.state, seat));
    this.listeners = agents.flatMap((a, seat) => (a.onEvent ? [seat] : []));
    this.starters = agents.flatMap((a, seat) => (a.newGame ? [seat] : []));
  }

  private readonly starters: number[];

  /** Plays the game with this seed to the end; `starter` overrides the dealt starting seat. */
  play(key: SeedKey, starter?: number): void {
    const s = this.state;
    s.deal(key, starter);
    // The seed's text form is only built when a bot wants it or something fails.
    let text: string | undefined;
    const seed = (): string => (text ??= seedHex(key));
    if (this.starters.length) this.startAgents(seed());
    const { agents, observations } = this;
    const hasListeners = this.listeners.length > 0;
    while (s.card !== 0) {
      const seat = s.current;
      let action: unknown;
      try {
        action = agents[seat]!.decide(observations[seat]!);
      } catch (err) {
        throw this.fail(seat, seed(), `threw ${err instanceof Error ? err.message : String(err)}`);
      }
      const card = s.card;
      const pot = s.pot;
      if (action === 'take') {
        s.take();
      } else if (action === 'pass') {
        if (s.chips[seat] === 0) throw this.fail(seat, seed(), `passed on card ${card} with no chips`);
        s.pass();
      } else {
        throw this.fail(seat, seed(), `answered ${JSON.stringify(action)} (expected "take" or "pass")`);
      }
      if (hasListeners) this.notify(action, seat, card, pot, seed);
    }
  }

  private startAgents(seed: string): void {
    for (const seat of this.starters) {
      try {
        this.agents[seat]!.newGame!({ seat, rules: this.observations[seat]!.rules, agents: this.labels, seed, random: lazyRandom(seatSeed(seed, seat)) });
      } catch (err) {
        throw this.fail(seat, seed, `threw in newGame: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }

  private notify(type: 'take' | 'pass', seat: number, card: number, pot: number, seed: () => string): void {
    const e = this.event;
    for (const listener of this.listeners) {
      e.type = type;
      e.seat = seat;
      e.card = card;
      e.pot = pot;
      try {
        this.agents[listener]!.onEvent!(e, this.observations[listener]!);
      } catch (err) {
        throw this.fail(listener, seed(), `threw in onEvent: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }

  private fail(seat: number, seed: string, what: string): AgentError {
    return new AgentError(`bot "${this.labels[seat]}" in seat ${seat} (game seed ${seed}) ${what}`);
  }
}
