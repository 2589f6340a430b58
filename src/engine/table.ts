import type { Agent, GameEvent, GameStart } from '../agent.js';
import { AgentError } from '../errors.js';
import { Observation } from './observation.js';
import type { Rules } from './rules.js';
import { seedHex, Sfc32, type SeedKey } from './seed.js';
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
  private readonly streams: SeatStream[];

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
    this.streams = agents.map((_, seat) => new SeatStream(this.key, seat));
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const table = this;
    this.starts = agents.map((_, seat) => ({
      seat,
      rules: this.observations[seat]!.rules,
      agents: labels,
      get seed() {
        return table.seed;
      },
      random: this.streams[seat]!.random,
    }));
  }

  private readonly starters: number[];
  /** One reusable GameStart per seat: a game allocates nothing for its bots. */
  private readonly starts: GameStart[];
  private readonly key: SeedKey = { hi: 0, lo: 0 };
  private seedText: string | undefined;

  /** Plays the game with this seed to the end; `starter` overrides the dealt starting seat. */
  play(key: SeedKey, starter?: number): void {
    const s = this.state;
    s.deal(key, starter);
    this.key.hi = key.hi;
    this.key.lo = key.lo;
    this.seedText = undefined;
    for (const stream of this.streams) stream.stale = true;
    const seed = (): string => this.seed;
    if (this.starters.length) this.startAgents();
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

  /** The current game's seed as in its record (built only when asked for). */
  get seed(): string {
    return (this.seedText ??= seedHex(this.key));
  }

  private startAgents(): void {
    for (const seat of this.starters) {
      try {
        this.agents[seat]!.newGame!(this.starts[seat]!);
      } catch (err) {
        throw this.fail(seat, this.seed, `threw in newGame: ${err instanceof Error ? err.message : String(err)}`);
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

/**
 * A seat's random stream: sfc32 keyed by (game seed, seat), re-keyed in place on its first draw of
 * each game, so one bot's draws never shift another's or the deal and bots that never draw pay nothing.
 */
class SeatStream {
  stale = true;
  private readonly rng = new Sfc32();
  readonly random: () => number;

  constructor(key: SeedKey, seat: number) {
    this.random = () => {
      if (this.stale) {
        this.rng.reset(key, seat + 1);
        this.stale = false;
      }
      return this.rng.next();
    };
  }
}
