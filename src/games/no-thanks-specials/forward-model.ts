import { protect } from '../../game/protect.js';
import type { JsonObject, RecordedGame, State } from '../../game/contract.js';
import { parseSeedHex, type Random } from '../../game/seed.js';
import { KIND_COUNT, SPECIAL_BASE } from './cards.js';
import { Observation, viewOf } from './observation.js';
import { checkRecord, makeRecord, parseAction, type GameRecord } from './record.js';
import { rulesFromRecord, type RecordRules, type Rules } from './rules.js';
import { HiddenSampler } from './sampler.js';
import { BID, CHOOSE, DECLINE, PASS, PHASE_BID, PHASE_TAKE, SIT_OUT, SpecialsState, TAKE } from './state.js';
import { describe } from './table.js';

/** The expansion behind the generic game contract (the conformance battery drives this). */
/** The answers of the take and bid phases, in the order legalActions lists them (module constants: a search lists them every decision, so no array is made per call). */
const TAKE_ANSWERS: readonly number[] = Object.freeze([TAKE, PASS, SIT_OUT]);
const BID_ANSWERS: readonly number[] = Object.freeze([DECLINE, BID, SIT_OUT]);
const NO_ANSWERS: readonly number[] = Object.freeze([]);

export class SpecialsForwardModel extends SpecialsState implements State {
  private sampler: HiddenSampler | undefined;
  /** One observation per seat for resample (made on first use). */
  private readonly seatViews: Observation[] = [];

  constructor(rules: Rules) {
    super(rules);
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
    let n = 0;
    const candidates = this.phase === PHASE_TAKE ? TAKE_ANSWERS : this.phase === PHASE_BID ? BID_ANSWERS : NO_ANSWERS;
    for (let i = 0; i < candidates.length; i++) if (this.isLegal(seat, candidates[i]!)) out[n++] = candidates[i]!;
    if (this.phase !== PHASE_TAKE && this.phase !== PHASE_BID) {
      for (let c = this.minCard; c <= this.topCard; c++) if (this.has(seat, c)) out[n++] = CHOOSE + c;
      for (let k = 0; k < KIND_COUNT; k++) if (this.heldCount(seat, k) > 0) out[n++] = CHOOSE + SPECIAL_BASE + k;
    }
    return n;
  }

  apply(seat: number, action: number): void {
    if (!this.isLegal(seat, action)) throw new Error(`seat ${seat} may not ${describe(action)} now`);
    this.act(action);
  }

  describeAction(action: number): string {
    return describe(action);
  }

  metric(seat: number, index: number): number {
    if (index === 0) return this.chips[seat]!;
    if (index === 1) return this.specialsHeld(seat);
    throw new RangeError(`metric ${index} does not exist`);
  }

  /** The contract's copy (typed for this class; the engine's copyFrom does the work). */
  override copyFrom(other: SpecialsForwardModel): void {
    super.copyFrom(other);
  }

  clone(): this {
    const copy = new SpecialsForwardModel(this.rules) as this;
    copy.copyFrom(this);
    return copy;
  }

  observation(seat: number): object {
    return new Observation(this, seat);
  }

  view(seat: number): object {
    return viewOf(new Observation(this, seat));
  }

  /** Deals the unseen cards anew: the face-down deck and the set-aside cards the seat has not seen. */
  resample(seat: number, random: Random): void {
    if (this.over) return;
    this.sampler ??= new HiddenSampler(this.rules);
    const obs = (this.seatViews[seat] ??= new Observation(this, seat));
    this.sampler.observe(obs);
    this.sampler.sample(random);
    const sampled = this.sampler.position;
    if (!obs.seesRemoved) for (let i = 0; i < this.removedLeft; i++) this.cards[i] = sampled.cards[i]!;
    const offset = sampled.next - this.next;
    for (let i = this.next + 1; i < this.deckEnd; i++) this.cards[i] = sampled.cards[i + offset]!;
  }

  checkInvariants(): void {
    const P = this.players;
    let chips = this.pot;
    for (let p = 0; p < P; p++) {
      if (this.chips[p]! < 0) throw new Error(`seat ${p} has ${this.chips[p]} chips`);
      chips += this.chips[p]!;
    }
    if (chips !== P * this.rules.startChips) throw new Error(`${chips} chips in play, expected ${P * this.rules.startChips}`);
    for (let p = 0; p < P; p++) {
      let points = 0;
      for (const c of this.displayOf(p)) if (!this.has(p, c - 1)) points += c;
      if (points !== this.cardPoints[p]) throw new Error(`seat ${p} incremental points ${this.cardPoints[p]} != recount ${points}`);
    }
    // Every card dealt is in exactly one place: set aside, in the deck, in a display, or gone
    // (discarded, used up): the events account for the gone ones.
    if (this.deckEnd > this.dealtEnd || this.removedLeft > this.deckStart) throw new Error('the deck grew');
    if (!this.over && this.card !== this.cards[this.next]) throw new Error('the face-up card is not the next card of the deck');
  }

  record(seed: string, agents: readonly string[]): GameRecord {
    return makeRecord(this, seed, agents);
  }
}

/** A record on the forward model: its form and deal checked, dealt from its seed with its starter, its tokens as actions. */
export function recordedGame(record: JsonObject): RecordedGame {
  const r = checkRecord(record);
  const state = new SpecialsForwardModel(rulesFromRecord(r.players, r.rules as RecordRules));
  state.deal(parseSeedHex(r.seed), r.starter);
  const where = (): string => `decision ${state.decisions + 1}`;
  return {
    state,
    actionOf: () => parseAction(r.actions[state.decisions], where()),
    remaining: () => r.actions.length - state.decisions,
    where,
  };
}

// Frozen before a bot file loads (src/game/protect.ts): made only once a bot plays, so not reached through the built-in bots' fields.
protect(SpecialsForwardModel);
