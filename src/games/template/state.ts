import { Sfc32, type SeedKey } from '../../game/seed.js';
import type { Rules } from './rules.js';

/**
 * The whole game in typed arrays, reset in place by deal() and copied buffer by buffer: playing,
 * copying and rolling out a game allocate nothing per decision (the table and search bots reuse
 * one state for thousands of games). Fields are public for the engine's own files (forward model,
 * sampler, table, record); bots see the game only through their Observation.
 *
 * Cards and prizes are 1..N. A turn: the next prize is face up, every seat bids a card secretly
 * (bid), and when the last seat has bid the turn resolves at once (resolve): the highest bid alone
 * wins the prize, a tie for highest discards it, and every bid card leaves its hand.
 */
export class GameState {
  readonly rules: Rules;
  readonly players: number;
  /** N: cards per hand, prizes, turns. */
  readonly cards: number;
  /** Goofspiel has no first seat (every seat bids at once): always 0, for the contract's seat statistics. */
  readonly starter = 0;

  /** prizes[t]: the prize of turn t (the deal; prizes after the current turn are hidden). */
  readonly prizes: Uint8Array;
  /** held[p * (N + 1) + c] = 1 while seat p holds card c (a bid card stays held until its turn resolves). */
  readonly held: Uint8Array;
  /** bids[t * P + p]: the card seat p bid in turn t; the current turn's are pending (0: not bid yet) and secret. */
  readonly bids: Uint8Array;
  /** takenBy[t]: the seat that won turn t's prize, -1 when tied bids discarded it. */
  readonly takenBy: Int8Array;
  /** Prize points won per seat (the score is minus this) and prizes won per seat (the metric). */
  readonly points: Int32Array;
  readonly won: Int32Array;

  /** The turn in progress, 0..N-1; N once the game is over. */
  turn = 0;
  /** Bids made this turn (always below P: the last bid resolves the turn). */
  pending = 0;
  /** Bot decisions so far (P a turn). */
  decisions = 0;

  private readonly rng = new Sfc32();

  constructor(rules: Rules) {
    this.rules = rules;
    this.players = rules.players;
    this.cards = rules.cards;
    this.prizes = new Uint8Array(rules.cards);
    this.held = new Uint8Array(rules.players * (rules.cards + 1));
    this.bids = new Uint8Array(rules.cards * rules.players);
    this.takenBy = new Int8Array(rules.cards);
    this.points = new Int32Array(rules.players);
    this.won = new Int32Array(rules.players);
  }

  get over(): boolean {
    return this.turn === this.cards;
  }

  /** The prize face up now, 0 once the game is over. */
  get prize(): number {
    return this.turn < this.cards ? this.prizes[this.turn]! : 0;
  }

  /** Deals the game with this seed key: the prize deck shuffled (Fisher-Yates on sfc32), full hands. */
  deal(key: SeedKey): void {
    const N = this.cards;
    const prizes = this.prizes;
    for (let i = 0; i < N; i++) prizes[i] = i + 1;
    this.rng.reset(key);
    for (let i = N - 1; i > 0; i--) {
      const j = Math.floor(this.rng.next() * (i + 1));
      const t = prizes[i]!;
      prizes[i] = prizes[j]!;
      prizes[j] = t;
    }
    this.held.fill(1);
    // Card 0 does not exist: its slot in every hand stays empty.
    for (let p = 0; p < this.players; p++) this.held[p * (N + 1)] = 0;
    this.bids.fill(0);
    this.takenBy.fill(-1);
    this.points.fill(0);
    this.won.fill(0);
    this.turn = 0;
    this.pending = 0;
    this.decisions = 0;
  }

  /** Whether seat p holds card c (any c: out of range is false, never a neighbour's slot). */
  holds(p: number, c: number): boolean {
    return c >= 1 && c <= this.cards && this.held[p * (this.cards + 1) + c] === 1;
  }

  /** Seat p's pending bid this turn (0: not yet). */
  bidOf(p: number): number {
    return this.turn < this.cards ? this.bids[this.turn * this.players + p]! : 0;
  }

  /** Seat p bids card c this turn (the caller has checked it is held and p has not bid); the last bid resolves the turn. */
  bid(p: number, c: number): void {
    this.bids[this.turn * this.players + p] = c;
    this.decisions++;
    if (++this.pending === this.players) this.resolve();
  }

  /** Reveals the turn's bids: the highest alone wins the prize, tied highest bids discard it; bid cards leave the hands. */
  private resolve(): void {
    const P = this.players;
    const at = this.turn * P;
    let best = 0;
    let winner = -1;
    for (let p = 0; p < P; p++) {
      const c = this.bids[at + p]!;
      if (c > best) {
        best = c;
        winner = p;
      } else if (c === best) winner = -1;
      this.held[p * (this.cards + 1) + c] = 0;
    }
    this.takenBy[this.turn] = winner;
    if (winner >= 0) {
      this.points[winner]! += this.prizes[this.turn]!;
      this.won[winner]!++;
    }
    this.pending = 0;
    this.turn++;
  }

  /** Lower is better in the lab: a seat's score is minus the prize points it won. */
  score(p: number): number {
    return -this.points[p]!;
  }

  /** Becomes a copy of `other` (same rules): buffers copied, nothing allocated. */
  copyFrom(other: GameState): void {
    this.prizes.set(other.prizes);
    this.held.set(other.held);
    this.bids.set(other.bids);
    this.takenBy.set(other.takenBy);
    this.points.set(other.points);
    this.won.set(other.won);
    this.turn = other.turn;
    this.pending = other.pending;
    this.decisions = other.decisions;
  }
}

/** The seats with the lowest score (ties share the win). */
export function winners(scores: ArrayLike<number>): number[] {
  let best = Infinity;
  for (let i = 0; i < scores.length; i++) best = Math.min(best, scores[i]!);
  const out: number[] = [];
  for (let i = 0; i < scores.length; i++) if (scores[i] === best) out.push(i);
  return out;
}
