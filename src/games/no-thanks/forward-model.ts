import { actions } from './actions.js';
import type { JsonObject, RecordedGame, State } from '../../game/contract.js';
import { parseSeedHex, type Random } from '../../game/seed.js';
import { Observation, viewOf } from './observation.js';
import { checkRecord, makeRecord, type GameRecord } from './record.js';
import { rulesFromRecord, type RecordRules, type Rules } from './rules.js';
import { HiddenSampler } from './sampler.js';
import { GameState, PASS, TAKE } from './state.js';

/**
 * No Thanks! behind the generic game contract: the engine's GameState plus what generic code
 * (the conformance battery, generic search) needs. The game loop and rollouts use GameState
 * directly; nothing here sits on a hot path.
 */
export class NoThanksState extends GameState implements State {
  private sampler: HiddenSampler | undefined;
  /** One observation per seat for resample (made on first use). */
  private readonly seatViews: Observation[] = [];

  constructor(rules: Rules) {
    super(rules, true);
  }

  isOver(): boolean {
    return this.over;
  }

  actingSeats(out: Int32Array): number {
    if (this.over) return 0;
    out[0] = this.current;
    return 1;
  }

  legalActions(seat: number, out: Int32Array): number {
    out[0] = TAKE;
    if (this.chips[seat] === 0) return 1;
    out[1] = PASS;
    return 2;
  }

  apply(seat: number, action: number): void {
    if (this.over || seat !== this.current) throw new Error(`seat ${seat} does not act now`);
    if (action === TAKE) this.take();
    else if (action === PASS && this.chips[seat]! > 0) this.pass();
    else throw new Error(`action ${action} is not legal for seat ${seat}`);
  }

  describeAction(action: number): string {
    return actions.name(this.rules, action);
  }

  metric(seat: number, index: number): number {
    if (index !== 0) throw new RangeError(`No Thanks! has one metric (chips), not ${index + 1}`);
    return this.chips[seat]!;
  }

  /** Position and public history. */
  override copyFrom(other: NoThanksState): void {
    super.copyFrom(other);
    if (this.actions.length < other.decisions) {
      this.actions = new Uint8Array(other.actions.length);
      this.actionSeats = new Uint8Array(other.actions.length);
      this.actionPots = new Uint16Array(other.actions.length);
    }
    this.actions.set(other.actions.subarray(0, other.decisions));
    this.actionSeats.set(other.actionSeats.subarray(0, other.decisions));
    this.actionPots.set(other.actionPots.subarray(0, other.decisions));
  }

  clone(): this {
    const copy = new NoThanksState(this.rules) as this;
    copy.copyFrom(this);
    return copy;
  }

  observation(seat: number): object {
    return new Observation(this, seat);
  }

  view(seat: number): object {
    return viewOf(new Observation(this, seat));
  }

  /** Deals the unseen cards anew (face-down deck and removed pile), as the seat's sampler does for mc. */
  resample(seat: number, random: Random): void {
    if (this.over) return;
    this.sampler ??= new HiddenSampler(this.rules);
    this.sampler.observe((this.seatViews[seat] ??= new Observation(this, seat)));
    this.sampler.sample(random);
    const sampled = this.sampler.position.cards;
    const hiddenFrom = this.rules.knownRemoved ? this.deckStart : 0;
    for (let i = hiddenFrom; i < this.deckStart; i++) this.cards[i] = sampled[i]!;
    for (let i = this.next + 1; i < this.deckEnd; i++) this.cards[i] = sampled[i]!;
  }

  checkInvariants(): void {
    const { rules } = this;
    let chips = this.pot;
    for (let p = 0; p < rules.players; p++) {
      if (this.chips[p]! < 0) throw new Error(`seat ${p} has ${this.chips[p]} chips`);
      chips += this.chips[p]!;
      if (this.cardPoints[p] !== this.recountCardPoints(p))
        throw new Error(`seat ${p} incremental points ${this.cardPoints[p]} != recount ${this.recountCardPoints(p)}`);
    }
    if (chips !== rules.players * rules.startChips) throw new Error(`${chips} chips in play, expected ${rules.players * rules.startChips}`);
    const seen = new Set<number>();
    for (let i = 0; i < this.deckEnd; i++) seen.add(this.cards[i]!);
    if (seen.size !== this.deckEnd) throw new Error('a card appears twice in the deal');
    let held = 0;
    for (let p = 0; p < rules.players; p++) held += this.displayOf(p).length;
    const taken = (this.over ? this.deckEnd : this.next) - this.deckStart;
    if (held !== taken) throw new Error(`${held} cards in displays, ${taken} taken`);
  }

  record(seed: string, agents: readonly string[]): GameRecord {
    return makeRecord(this, seed, agents);
  }
}

/** A record on the forward model: its form and deal checked, dealt from its seed with its starter, its T/P string as actions. */
export function recordedGame(record: JsonObject): RecordedGame {
  const r = checkRecord(record);
  const state = new NoThanksState(rulesFromRecord(r.players, r.rules as RecordRules));
  state.deal(parseSeedHex(r.seed), r.starter);
  return {
    state,
    actionOf: () => (r.actions[state.decisions] === 'P' ? PASS : TAKE),
    remaining: () => r.actions.length - state.decisions,
    where: () => `decision ${state.decisions + 1}`,
  };
}
