import type { Agent, GameStart } from './agent.js';
import { describeError } from '../text.js';
import { AgentError, isLabAccount } from '../errors.js';
import { CALL_NEW_GAME, NO_CLOCK, tick } from './clock.js';
import { protect } from './protect.js';
import { SeatStream, seedHex, type SeedKey } from './seed.js';

/**
 * What every game's table does for its bots around its own game loop: frozen labels, one seeded
 * stream per seat, newGame for the bots that have it, the seats that listen to events, and the
 * one-line error naming bot, seat and game seed. The loop itself (decide, check, apply, notify)
 * stays in each game's table: it is the hot path.
 */
export class Seats<R> {
  /** Agent spec per seat, for errors and records. Frozen: GameStart.agents is this array. */
  readonly labels: readonly string[];
  /** Seats whose bot has onEvent: the loop notifies only those. */
  readonly listeners: readonly number[];
  private readonly starters: readonly number[];
  private readonly starts: readonly GameStart<R>[];
  private readonly streams: readonly SeatStream[];
  private readonly key: SeedKey = { hi: 0, lo: 0 };
  /** The run's seat-stream salt (SeatStream): tournaments set it per batch, in place. */
  readonly streamSalt: SeedKey = { hi: 0, lo: 0 };
  private seedText: string | undefined;
  /** The tournament's decision clock slot while a batch plays (src/game/clock.ts): tick before each decide. */
  clock: Int32Array = NO_CLOCK;

  constructor(
    private readonly agents: readonly Agent<never, unknown, never, R>[],
    labels: readonly string[],
    /** The rules each seat's bot is told (its observation's frozen copy). */
    rulesOf: (seat: number) => Readonly<R>,
  ) {
    this.labels = Object.freeze([...labels]);
    this.listeners = agents.flatMap((a, seat) => (a.onEvent ? [seat] : []));
    this.starters = agents.flatMap((a, seat) => (a.newGame ? [seat] : []));
    this.streams = agents.map((_, seat) => new SeatStream(this.key, seat, this.streamSalt));
    // No game seed for the bots: with the public dealing code it would give the hidden cards away.
    this.starts = agents.map((_, seat) => ({ seat, rules: rulesOf(seat), agents: this.labels, random: this.streams[seat]!.random }));
  }

  /** Starts a game (after the state is dealt): its seed key, fresh seat streams, each bot's newGame. */
  begin(key: SeedKey): void {
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
  }

  /** The current game's seed as in its record (its text is built only when asked for). */
  get seed(): string {
    return (this.seedText ??= seedHex(this.key));
  }

  /** The one-line error for a misbehaving bot: name, seat, game seed, what it did. */
  fail(seat: number, what: string, cause?: unknown): AgentError {
    return botFailure(this.labels[seat]!, seat, this.seed, what, cause);
  }
}

/**
 * The one-line error for a misbehaving bot: name, seat, game seed, what it did (and what it threw).
 * A cause that is the lab's own account of the failure (a bot program's "its program ended ...")
 * follows a colon: the bot did not throw it.
 */
export function botFailure(label: string, seat: number, seed: string, what: string, cause?: unknown): AgentError {
  const who = `bot "${label}" in seat ${seat} (game seed ${seed})`;
  // Only the lab's own account (errors.ts): an AgentError a bot threw is its text, like any other.
  if (isLabAccount(cause)) return new AgentError(`${who}: ${describeError(cause)}`);
  return new AgentError(`${who} ${what}${cause === undefined ? '' : ` ${describeError(cause)}`}`);
}

protect(Seats);
