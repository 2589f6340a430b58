import type { GameTable } from '../../game/contract.js';
import { CALL_EVENT, tick } from '../../game/clock.js';
import { protect } from '../../game/protect.js';
import { Seats } from '../../game/seats.js';
import type { SeedKey } from '../../game/seed.js';
import type { GameEvent, GoofspielAgent } from './agent.js';
import { Observation } from './observation.js';
import { makeRecord, type GameRecord } from './record.js';
import type { Rules } from './rules.js';
import { GameState } from './state.js';

/**
 * A table of bots playing games one after another on one reused state: the tournament's game loop
 * (src/tournament/batch.ts calls play, results, record), every bot answer checked before the
 * engine applies it. Each turn every seat bids in seat order; no seat's observation shows another's
 * pending bid, so the order does not matter. The seat plumbing (streams, newGame, labels, one-line
 * errors) is the shared Seats class.
 */
export class Table implements GameTable<GameRecord> {
  readonly state: GameState;
  readonly seats: Seats<Rules>;
  private readonly observations: Observation[];
  /** One event object per seat, sealed: what one bot does to its own never reaches another's. */
  private readonly events: GameEvent[];

  constructor(
    readonly rules: Rules,
    private readonly agents: readonly GoofspielAgent[],
    labels: readonly string[],
  ) {
    if (agents.length !== rules.players) throw new Error(`table needs ${rules.players} agents, got ${agents.length}`);
    this.state = new GameState(rules);
    this.observations = agents.map((_, seat) => new Observation(this.state, seat));
    this.seats = new Seats(agents, labels, (seat) => this.observations[seat]!.rules);
    this.events = agents.map(() => Object.seal<GameEvent>({ type: 'reveal', turn: 0, prize: 0, winner: -1 }));
  }

  /** Plays the deal with this key to the end. Goofspiel has no first seat: a circuit's `starter` changes nothing. */
  play(key: SeedKey, _starter?: number): void {
    const s = this.state;
    s.deal(key);
    this.seats.begin(key);
    const hasListeners = this.seats.listeners.length > 0;
    while (!s.over) {
      const prize = s.prize;
      for (let seat = 0; seat < s.players; seat++) {
        tick(this.seats.clock, seat);
        let card: unknown;
        try {
          card = this.agents[seat]!.decide(this.observations[seat]!);
        } catch (err) {
          throw this.seats.fail(seat, 'threw', err);
        }
        // A number, a card of its own hand: "5" (a bot program's text) is not the card 5.
        if (typeof card !== 'number' || !s.holds(seat, card)) {
          throw this.seats.fail(seat, `bid ${JSON.stringify(card)} on prize ${prize}, which is not a card it holds (hand: ${this.handText(seat)})`);
        }
        s.bid(seat, card); // the last bid resolves the turn
      }
      if (hasListeners) this.notify(s.turn - 1, prize, s.takenBy[s.turn - 1]!);
    }
  }

  /** Each seat's score, and prizes won (metric 0). */
  results(data: Int32Array, at: number, metricAt: readonly number[]): void {
    const s = this.state;
    for (let p = 0; p < s.players; p++) {
      data[at + p] = s.score(p);
      data[metricAt[0]! + at + p] = s.won[p]!;
    }
  }

  record(seed: string): GameRecord {
    return makeRecord(this.state, seed, this.seats.labels);
  }

  private handText(seat: number): string {
    const cards: number[] = [];
    for (let c = 1; c <= this.state.cards; c++) if (this.state.holds(seat, c)) cards.push(c);
    return cards.join(' ');
  }

  private notify(turn: number, prize: number, winner: number): void {
    for (const listener of this.seats.listeners) {
      const e = this.events[listener]!;
      try {
        e.type = 'reveal';
        e.turn = turn;
        e.prize = prize;
        e.winner = winner;
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
}

protect(Table);
