import { protectData } from '../../game/protect.js';
import { Seats } from '../../game/seats.js';
import { protect } from '../../game/protect.js';
import { describeAnswer } from '../../text.js';
import { CALL_EVENT, tick } from '../../game/clock.js';
import type { SeedKey } from '../../game/seed.js';
import type { GameTable } from '../../game/contract.js';
import type { Action, GameEvent, SpecialsAgent } from './agent.js';
import { makeRecord, type GameRecord } from './record.js';
import { cardName } from './cards.js';
import { Observation } from './observation.js';
import type { Rules } from './rules.js';
import { BID, CHOOSE, DECLINE, EVENT_NAMES, PASS, PHASE_BID, PHASE_TAKE, SIT_OUT, SpecialsState, TAKE } from './state.js';

/** A bot's answer as the engine's action, or -1 when it is not an answer of the phase's kind. */
export function toAction(phase: number, answer: unknown): number {
  if (phase === PHASE_TAKE) return answer === 'take' ? TAKE : answer === 'pass' ? PASS : answer === 'sit-out' ? SIT_OUT : -1;
  if (phase === PHASE_BID) return answer === 'bid' ? BID : answer === 'decline' ? DECLINE : answer === 'sit-out' ? SIT_OUT : -1;
  return typeof answer === 'number' && Number.isInteger(answer) && answer > 0 && answer < 256 ? CHOOSE + answer : -1;
}

const EXPECTED = protectData('special-card answers', [
  '"take", "pass" or "sit-out"',
  '"bid", "decline" or "sit-out"',
  'the code of a card in its display to give',
  'the code of a card in its display to remove',
]);

/**
 * A table of bots playing games one after another on one reused state: the game loop, with every
 * answer checked (right kind for the phase, legal) before the engine applies it, and every public
 * event passed to the bots that listen.
 */
export class Table implements GameTable<GameRecord> {
  readonly state: SpecialsState;
  private readonly observations: Observation[];
  readonly seats: Seats<Rules>;
  /** One event object per seat, sealed: what one bot does to its own never reaches another's. */
  private readonly events: { type: GameEvent['type']; seat: number; card: number; pot: number }[];

  constructor(
    readonly rules: Rules,
    readonly agents: readonly SpecialsAgent[],
    labels: readonly string[],
    /** The state it plays on: an exact solver's plays chosen deals (exact-deals.ts). */
    state: SpecialsState = new SpecialsState(rules),
  ) {
    if (agents.length !== rules.players) throw new Error(`table needs ${rules.players} agents, got ${agents.length}`);
    this.state = state;
    this.observations = agents.map((_, seat) => new Observation(this.state, seat));
    this.seats = new Seats(agents, labels, (seat) => this.observations[seat]!.rules);
    this.events = agents.map(() => Object.seal({ type: 'take' as GameEvent['type'], seat: 0, card: 0, pot: 0 }));
  }

  get labels(): readonly string[] {
    return this.seats.labels;
  }

  get seed(): string {
    return this.seats.seed;
  }

  /** Score, chips left (metric 0) and specials held (metric 1) of each seat. */
  results(data: Int32Array, at: number, metricAt: readonly number[]): void {
    const s = this.state;
    const chipsAt = metricAt[0]! + at;
    const specialsAt = metricAt[1]! + at;
    for (let p = 0; p < s.players; p++) {
      data[at + p] = s.score(p);
      data[chipsAt + p] = s.chips[p]!;
      data[specialsAt + p] = s.specialsHeld(p);
    }
  }

  record(seed: string): GameRecord {
    return makeRecord(this.state, seed, this.labels);
  }

  play(key: SeedKey, starter?: number): void {
    const s = this.state;
    s.deal(key, starter);
    this.seats.begin(key);
    // Fixed for the game (the clock per batch, listeners per table): locals, off the hot path.
    const { agents, observations } = this;
    const clock = this.seats.clock;
    const hasListeners = this.seats.listeners.length > 0;
    let heard = 0;
    while (!s.over) {
      const seat = s.current;
      let answer: Action;
      tick(clock, seat);
      try {
        answer = agents[seat]!.decide(observations[seat]!);
      } catch (err) {
        throw this.seats.fail(seat, 'threw', err);
      }
      const action = toAction(s.phase, answer);
      if (action < 0) throw this.seats.fail(seat, `answered ${describeAnswer(answer)} on ${cardName(s.card)} (expected ${EXPECTED[s.phase]})`);
      if (!s.isLegal(seat, action)) throw this.seats.fail(seat, `may not ${describe(action)} on ${cardName(s.card)} now`);
      s.act(action);
      if (hasListeners) heard = this.notify(heard);
    }
  }

  /** Passes events [from, events) to every listener; returns the new count heard. */
  private notify(from: number): number {
    const s = this.state;
    for (let i = from; i < s.events; i++) {
      for (const listener of this.seats.listeners) {
        const e = this.events[listener]!;
        try {
          e.type = EVENT_NAMES[s.evType[i]!]!;
          e.seat = s.evSeat[i]!;
          e.card = s.evCard[i]!;
          e.pot = s.evPot[i]!;
        } catch {
          throw this.seats.fail(listener, 'made its event object read-only');
        }
        tick(this.seats.clock, listener, CALL_EVENT);
        try {
          this.agents[listener]!.onEvent!(e, this.observations[listener]!);
        } catch (err) {
          throw this.seats.fail(listener, 'threw in onEvent', err);
        }
      }
    }
    return s.events;
  }
}

/** An engine action in words: "pass", "give 17", "remove joker". */
export function describe(action: number): string {
  if (action >= CHOOSE) return `choose ${cardName(action - CHOOSE)}`;
  return ['pass', 'take', 'sit out', 'bid', 'decline'][action] ?? `action ${action}`;
}

protect(Table);
