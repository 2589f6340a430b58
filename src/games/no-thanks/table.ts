import type { AgentError } from '../../errors.js';
import { botFailure } from '../../game/seats.js';
import { protect } from '../../game/protect.js';
import { describeAnswer } from '../../text.js';
import { CALL_EVENT, CALL_NEW_GAME, CLOCK_STAMP, NO_CLOCK, tick } from '../../game/clock.js';
import { SeatStream, seedHex, type SeedKey } from '../../game/seed.js';
import type { BatchSeats, GameTable } from '../../game/contract.js';
import type { GameEvent, GameStart, NoThanksAgent } from './agent.js';
import { makeRecord, type GameRecord } from './record.js';
import { Observation } from './observation.js';
import type { Rules } from './rules.js';
import { GameState } from './state.js';

/**
 * A table of bots that plays games one after another on one reused state: the game loop,
 * with every bot answer checked before the engine applies it.
 *
 * Its seat plumbing (streams, newGame, labels, errors) is what src/game/seats.ts holds for the other
 * games, written out here on purpose: through the shared class, No Thanks!'s tournaments of fast
 * bots ran about 5% slower (bench "bare engine" A/B, 525k -> 494k games/s), a game being only ~2 us.
 */
export class Table implements GameTable<GameRecord> {
  readonly state: GameState;
  private readonly observations: Observation[];
  /** Seats whose bot has onEvent / newGame: the loop calls only those. */
  private readonly listeners: number[];
  private readonly starters: number[];
  /**
   * One reusable GameStart and one event object per seat: a game allocates nothing for its bots,
   * and what one bot does to its event object (getters, deletes) never reaches another's.
   */
  private readonly starts: GameStart[];
  private readonly events: GameEvent[];
  private readonly streams: SeatStream[];
  private readonly key: SeedKey = { hi: 0, lo: 0 };
  /** The run's seat-stream salt (SeatStream): tournaments set it per batch, in place. */
  readonly streamSalt: SeedKey = { hi: 0, lo: 0 };
  /** Agent spec per seat, for error messages and records. */
  readonly labels: readonly string[];
  private seedText: string | undefined;
  /** The tournament's decision clock slot while a batch plays (src/game/clock.ts). */
  clock: Int32Array = NO_CLOCK;

  constructor(
    readonly rules: Rules,
    readonly agents: readonly NoThanksAgent[],
    labels: readonly string[],
    /** The state it plays on: an exact solver's plays chosen deals (exact-deals.ts). Always logged: the public history is part of every observation. */
    state: GameState = new GameState(rules),
  ) {
    // Frozen: GameStart.agents is this array, and records are written from it.
    this.labels = Object.freeze([...labels]);
    if (agents.length !== rules.players) throw new Error(`table needs ${rules.players} agents, got ${agents.length}`);
    this.state = state;
    this.observations = agents.map((_, seat) => new Observation(this.state, seat));
    this.listeners = agents.flatMap((a, seat) => (a.onEvent ? [seat] : []));
    this.starters = agents.flatMap((a, seat) => (a.newGame ? [seat] : []));
    this.streams = agents.map((_, seat) => new SeatStream(this.key, seat, this.streamSalt));
    // Sealed: a bot can neither add to its event object nor turn a field into a getter.
    this.events = agents.map(() => Object.seal<GameEvent>({ type: 'take', seat: 0, card: 0, pot: 0 }));
    this.starts = agents.map((_, seat) => ({ seat, rules: this.observations[seat]!.rules, agents: this.labels, random: this.streams[seat]!.random }));
  }

  /** This table carries its own clock and salt (see the class comment): the batch runner sets them here. */
  get seats(): BatchSeats {
    return this;
  }

  /** Score and chips left (metric 0) of each seat. */
  results(data: Int32Array, at: number, metricAt: readonly number[]): void {
    const s = this.state;
    const chipsAt = metricAt[0]! + at;
    for (let p = 0; p < s.players; p++) {
      data[at + p] = s.score(p);
      data[chipsAt + p] = s.chips[p]!;
    }
  }

  record(seed: string): GameRecord {
    return makeRecord(this.state, seed, this.labels);
  }

  /** The current game's seed as in its record (its text is built only when asked for). */
  get seed(): string {
    return (this.seedText ??= seedHex(this.key));
  }

  /** Plays the game with this seed to the end; `starter` overrides the dealt starting seat. */
  play(key: SeedKey, starter?: number): void {
    const s = this.state;
    s.deal(key, starter);
    this.key.hi = key.hi;
    this.key.lo = key.lo;
    this.seedText = undefined;
    for (const stream of this.streams) stream.stale = true;
    for (const seat of this.starters) {
      try {
        tick(this.clock, seat, CALL_NEW_GAME);
        this.agents[seat]!.newGame!(this.starts[seat]!);
      } catch (err) {
        throw this.fail(seat, 'threw in newGame', err);
      }
    }
    const { agents, observations, clock } = this;
    const hasListeners = this.listeners.length > 0;
    while (s.card !== 0) {
      const seat = s.current;
      let action: unknown;
      clock[CLOCK_STAMP] = ((clock[CLOCK_STAMP]! + 64) & ~63) | seat; // tick(clock, seat), written out: the hottest line
      try {
        action = agents[seat]!.decide(observations[seat]!);
      } catch (err) {
        throw this.fail(seat, 'threw', err);
      }
      const card = s.card;
      const pot = s.pot;
      if (action === 'take') {
        s.take();
      } else if (action === 'pass') {
        if (s.chips[seat] === 0) throw this.fail(seat, `passed on card ${card} with no chips`);
        s.pass();
      } else {
        throw this.fail(seat, `answered ${describeAnswer(action)} (expected "take" or "pass")`);
      }
      if (hasListeners) this.notify(action, seat, card, pot);
    }
  }

  private notify(type: 'take' | 'pass', seat: number, card: number, pot: number): void {
    for (const listener of this.listeners) {
      const e = this.events[listener]!;
      try {
        e.type = type;
        e.seat = seat;
        e.card = card;
        e.pot = pot;
      } catch {
        throw this.fail(listener, 'made its event object read-only');
      }
      tick(this.clock, listener, CALL_EVENT);
      try {
        this.agents[listener]!.onEvent!(e, this.observations[listener]!);
      } catch (err) {
        throw this.fail(listener, 'threw in onEvent', err);
      }
    }
  }

  /** The one-line error for a misbehaving bot: name, seat, game seed, what it did. */
  private fail(seat: number, what: string, cause?: unknown): AgentError {
    return botFailure(this.labels[seat]!, seat, this.seed, what, cause);
  }
}

protect(Table);
