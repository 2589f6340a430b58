import { UserError } from '../../errors.js';
import type { JsonObject, RecordedGame, State } from '../../game/contract.js';
import { protect } from '../../game/protect.js';
import { parseSeedHex, type Random } from '../../game/seed.js';
import { actions } from './actions.js';
import { Observation, viewOf } from './observation.js';
import { checkRecord, makeRecord, type GameRecord } from './record.js';
import { rulesFromRecord, type Rules } from './rules.js';
import { HiddenSampler } from './sampler.js';
import { GameState } from './state.js';

/**
 * The game behind the generic contract (src/game/contract.ts State): the engine's GameState plus
 * what the conformance battery, replay, analysis and generic search need, one decision at a time.
 * Every turn is a simultaneous choice: every seat that has not bid acts; a bid stays secret until
 * the last seat has bid, then the turn resolves. The table (./table.ts) drives GameState directly:
 * nothing here is on the tournament's hot path.
 */
export class ForwardModel extends GameState implements State {
  private sampler: HiddenSampler | undefined;
  /** One observation per seat for view and resample (made on first use). */
  private readonly seatViews: Observation[] = [];

  isOver(): boolean {
    return this.over;
  }

  actingSeats(out: Int32Array): number {
    let n = 0;
    if (!this.over) for (let p = 0; p < this.players; p++) if (this.bidOf(p) === 0) out[n++] = p;
    return n;
  }

  legalActions(seat: number, out: Int32Array): number {
    let n = 0;
    if (this.over || this.bidOf(seat) !== 0) return 0;
    for (let c = 1; c <= this.cards; c++) if (this.holds(seat, c)) out[n++] = c - 1;
    return n;
  }

  apply(seat: number, action: number): void {
    if (this.over) throw new Error('the game is over');
    if (this.bidOf(seat) !== 0) throw new Error(`seat ${seat} has already bid this turn`);
    if (!this.holds(seat, action + 1)) throw new Error(`action ${action} is not legal for seat ${seat}: it does not hold card ${action + 1}`);
    this.bid(seat, action + 1);
  }

  describeAction(action: number): string {
    return actions.name(this.rules, action);
  }

  metric(seat: number, index: number): number {
    if (index !== 0) throw new RangeError(`the game has one metric (prizes won), not ${index + 1}`);
    return this.won[seat]!;
  }

  /** Narrowed to this class so that it meets the contract's copyFrom(other: this); GameState's copies every field. */
  override copyFrom(other: ForwardModel): void {
    super.copyFrom(other);
  }

  clone(): this {
    const copy = new ForwardModel(this.rules) as this;
    copy.copyFrom(this);
    return copy;
  }

  observation(seat: number): object {
    return new Observation(this, seat);
  }

  view(seat: number): object {
    return viewOf((this.seatViews[seat] ??= new Observation(this, seat)));
  }

  /** Deals the prizes to come in a new order and drops the other seats' pending bids (they bid again), from the seat's view only. */
  resample(seat: number, random: Random): void {
    if (this.over) return;
    this.sampler ??= new HiddenSampler(this.rules);
    this.sampler.observe((this.seatViews[seat] ??= new Observation(this, seat)));
    this.sampler.sample(random);
    super.copyFrom(this.sampler.position);
  }

  checkInvariants(): void {
    const { players: P, cards: N, turn } = this;
    if (turn < 0 || turn > N) throw new Error(`turn ${turn} outside 0..${N}`);
    const prizes = [...this.prizes].sort((a, b) => a - b);
    if (prizes.some((c, i) => c !== i + 1)) throw new Error(`the prizes ${[...this.prizes].join(' ')} are not 1..${N}`);
    let pending = 0;
    for (let p = 0; p < P; p++) {
      // Every card is either held or was bid in a finished turn, exactly once.
      const seen = new Set<number>();
      for (let c = 1; c <= N; c++) if (this.holds(p, c)) seen.add(c);
      if (seen.size !== N - turn) throw new Error(`seat ${p} holds ${seen.size} cards in turn ${turn}, expected ${N - turn}`);
      for (let t = 0; t < turn; t++) {
        const c = this.bids[t * P + p]!;
        if (c < 1 || c > N || seen.has(c)) throw new Error(`seat ${p}'s bid ${c} in turn ${t} is not a card it had`);
        seen.add(c);
      }
      const mine = this.bidOf(p);
      if (mine !== 0) {
        pending++;
        if (!this.holds(p, mine)) throw new Error(`seat ${p} bid ${mine} but does not hold it`);
      }
      let points = 0;
      let won = 0;
      for (let t = 0; t < turn; t++) {
        if (this.takenBy[t] !== p) continue;
        points += this.prizes[t]!;
        won++;
      }
      if (points !== this.points[p] || won !== this.won[p])
        throw new Error(`seat ${p} has ${this.points[p]} points in ${this.won[p]} prizes, its turns say ${points} in ${won}`);
    }
    if (pending !== this.pending || pending === P) throw new Error(`${pending} pending bids, counter says ${this.pending}`);
  }

  record(seed: string, agents: readonly string[]): GameRecord {
    return makeRecord(this, seed, agents);
  }
}

/** A record on the forward model: its form and deal checked (./record.ts), dealt from its seed; a seat's action is its bid of the current turn. */
export function recordedGame(record: JsonObject): RecordedGame {
  const r = checkRecord(record);
  const state = new ForwardModel(rulesFromRecord(r.players, r.rules) satisfies Rules);
  state.deal(parseSeedHex(r.seed));
  const where = (): string => `turn ${state.turn + 1}`;
  return {
    state,
    actionOf(seat) {
      const card = r.bids[state.turn]![seat]!;
      if (!(card >= 1 && card <= state.cards)) throw new UserError(`${where()}: seat ${seat} bid ${card}, not a card 1..${state.cards}`);
      return card - 1;
    },
    remaining: () => r.bids.length * r.players - state.decisions,
    where,
  };
}

// Frozen before a bot file loads (src/game/protect.ts): a bot file must not patch the engine.
protect(ForwardModel);
