import { UserError } from '../errors.js';
import type { JsonObject, State } from '../game/contract.js';
import { seedHex, type SeedKey } from '../game/seed.js';
import type { RegisteredGame } from '../registry.js';
import { Deals, positionText, writeRewards, type RewardKind, type Session } from './session.js';
import { StateFrame } from './state-frame.js';

export interface VectorOptions {
  games: number;
  reward: RewardKind;
  autoreset: boolean;
  /** Report every seat's tensor and mask, not only the acting seat's. */
  allSeats: boolean;
  /** The label of every seat in records. */
  label: string;
}

/**
 * N games on the forward model, the client playing every seat: the learning environments' self-play
 * session. A step validates every game's action before it applies any, so a refused step moves
 * nothing. Per step and game: apply, at the end rewards and (with autoreset) the next deal, then
 * the acting seat's tensor and mask written into the frame, through observation objects made once.
 */
export class VectorSession implements Session {
  readonly facts: JsonObject;
  private readonly states: State[] = [];
  /** The finished game of each game slot, kept for `record` (copied in place: no allocation). */
  private readonly finished: State[] = [];
  private readonly finishedDeal: Int32Array;
  private readonly finishedKeys: SeedKey[] = [];
  /** The master seed each finished game was dealt from (a later reset may change the session's). */
  private readonly finishedMasters: string[] = [];
  /** Observation objects by game and seat, at [i * players + seat]: live views of the states. */
  private readonly observations: object[] = [];
  private readonly keys: SeedKey[] = [];
  private readonly deals: Deals;
  private readonly frame: StateFrame;
  private readonly seats = new Int32Array(64);
  private readonly labels: string[];
  private dealt = false;

  constructor(
    private readonly game: RegisteredGame,
    private readonly rules: { players: number },
    private readonly o: VectorOptions,
    facts: JsonObject,
  ) {
    const p = rules.players;
    this.frame = new StateFrame(o.games, o.allSeats ? p : 1, p, game.tensor.size(rules), game.actions.size(rules));
    this.deals = new Deals(game.seedNamespace ?? game.id);
    this.finishedDeal = new Int32Array(o.games).fill(-1);
    this.labels = Array.from({ length: p }, () => o.label);
    for (let i = 0; i < o.games; i++) {
      const state = game.newState(rules);
      this.states.push(state);
      this.finished.push(game.newState(rules));
      this.keys.push({ hi: 0, lo: 0 });
      this.finishedKeys.push({ hi: 0, lo: 0 });
      for (let s = 0; s < p; s++) this.observations.push(state.observation(s));
    }
    this.facts = { ...facts, seatsPerGame: this.frame.slots };
  }

  reset(seed: string | undefined): void {
    this.deals.reseed(seed);
    this.frame.clearEnds();
    for (let i = 0; i < this.o.games; i++) this.dealNext(i);
    this.dealt = true;
    this.frame.send();
  }

  step(actions: Int32Array): void {
    const { frame, states } = this;
    const n = this.o.games;
    if (!this.dealt) throw new UserError('step before reset: reset deals the games');
    // Every action checked before any is applied: a refused step moves no game.
    for (let i = 0; i < n; i++) {
      const seat = frame.seat[i]!;
      if (seat < 0) throw new UserError(`game ${i} is over: reset deals the next one`);
      const a = actions[i]!;
      if (!this.legal(i, seat, a)) throw new UserError(`illegal: ${this.refusal(i, seat, a)}`);
    }
    frame.clearEnds();
    for (let i = 0; i < n; i++) {
      const state = states[i]!;
      state.apply(frame.seat[i]!, actions[i]!);
      if (state.isOver()) {
        writeRewards(frame, i, this.o.reward, (s) => state.score(s));
        this.finished[i]!.copyFrom(state);
        this.finishedDeal[i] = frame.deal[i]!;
        this.finishedKeys[i]!.hi = this.keys[i]!.hi;
        this.finishedKeys[i]!.lo = this.keys[i]!.lo;
        this.finishedMasters[i] = this.deals.master;
        if (this.o.autoreset) {
          this.dealNext(i);
          continue;
        }
      }
      this.writeGame(i);
    }
    frame.send();
  }

  record(i: number): JsonObject {
    this.checkGame(i);
    const deal = this.finishedDeal[i]!;
    if (deal < 0) throw new UserError(`game ${i} has not finished a game yet`);
    const record = this.finished[i]!.record(seedHex(this.finishedKeys[i]!), this.labels);
    return { record: record as unknown as JsonObject, master: this.finishedMasters[i]!, deal };
  }

  render(i: number): string {
    this.checkGame(i);
    const seat = this.frame.seat[i]!;
    if (seat < 0) return 'the game is over';
    return positionText(this.game, this.observations[i * this.rules.players + seat]!);
  }

  private checkGame(i: number): void {
    if (!Number.isInteger(i) || i < 0 || i >= this.o.games) throw new UserError(`game must be from 0 to ${this.o.games - 1}, got ${i}`);
    if (!this.dealt) throw new UserError('no game dealt yet: reset first');
  }

  private dealNext(i: number): void {
    const key = this.keys[i]!;
    this.frame.deal[i] = this.deals.take(key);
    this.states[i]!.deal(key);
    this.writeGame(i);
  }

  /** Game i's acting seat, acting seats, tensors and masks, into the frame. */
  private writeGame(i: number): void {
    const { frame, game, seats } = this;
    const p = this.rules.players;
    const state = this.states[i]!;
    const acting = frame.acting;
    for (let s = 0; s < p; s++) acting[i * p + s] = 0;
    const count = state.isOver() ? 0 : state.actingSeats(seats);
    let first = -1;
    for (let j = 0; j < count; j++) {
      const s = seats[j]!;
      acting[i * p + s] = 1;
      if (first < 0 || s < first) first = s;
    }
    frame.seat[i] = first;
    if (frame.slots === 1) {
      const out = frame.obsViews[i]!;
      const mask = frame.maskViews[i]!;
      if (first < 0) {
        out.fill(0);
        mask.fill(0);
      } else {
        const obs = this.observations[i * p + first]!;
        game.tensor.encode(obs, out);
        game.actions.observationMask(obs, mask);
      }
      return;
    }
    for (let s = 0; s < p; s++) {
      const obs = this.observations[i * p + s]!;
      game.tensor.encode(obs, frame.obsViews[i * p + s]!);
      game.actions.observationMask(obs, frame.maskViews[i * p + s]!);
    }
  }

  private legal(i: number, seat: number, a: number): boolean {
    const { frame } = this;
    const size = frame.actionSize;
    if (!(a >= 0 && a < size)) return false;
    const slot = frame.slots === 1 ? i : i * frame.players + seat;
    return frame.mask[slot * size + a] === 1;
  }

  /** Why game i's seat may not play a: the game, the seat, the action and the legal ones. */
  private refusal(i: number, seat: number, a: number): string {
    const { frame } = this;
    const size = frame.actionSize;
    const slot = frame.slots === 1 ? i : i * frame.players + seat;
    const legal: string[] = [];
    for (let id = 0; id < size; id++) if (frame.mask[slot * size + id] === 1) legal.push(`${id} (${this.game.actions.name(this.rules as never, id)})`);
    const what =
      a >= 0 && a < size && Number.isInteger(a) ? `${a} (${this.game.actions.name(this.rules as never, a)})` : `${a} (no action id: ids run 0..${size - 1})`;
    return `game ${i}, seat ${seat}: action ${what} is not legal now; legal: ${legal.join(', ')}`;
  }
}
