import { UserError } from '../../errors.js';
import { protect } from '../../game/protect.js';
import type { JsonObject, RecordedGame, State } from '../../game/contract.js';
import { parseSeedHex, type Random, type SeedKey } from '../../game/seed.js';
import { actionName } from './action-ids.js';
import { Observation, viewOf } from './observation.js';
import { checkRecord, makeRecord, type GameRecord } from './record.js';
import { BULLHEADS, ROWS, rulesFromRecord, type RecordRules, type Rules } from './rules.js';
import { HiddenSampler } from './sampler.js';
import { DRAFT, GameState, OVER, PLAY, ROW } from './state.js';

/**
 * 6 nimmt! behind the generic game contract: the engine's GameState plus what generic code (the
 * conformance battery, generic search) needs. The choice of a turn is simultaneous: every seat
 * that has not chosen acts; a choice stays secret (the card stays in the hand) until the last seat
 * has chosen, then the turn resolves; a card lower than every row pauses it for its seat's row
 * choice. The game loop and rollouts use GameState directly; nothing here is on a hot path.
 */
export class SixNimmtState extends GameState implements State {
  private sampler: HiddenSampler | undefined;
  /**
   * Called once a turn has resolved, before the next turn (or round) begins: a replay's account
   * of the game reads the rows and takes as the turn left them (./replay.ts).
   */
  onTurnResolved: (() => void) | undefined = undefined;
  /** One observation per seat for view and resample (made on first use). */
  private readonly seatViews: Observation[] = [];

  constructor(rules: Rules) {
    super(rules, true);
  }

  deal(key: SeedKey): void {
    this.newGame(key);
  }

  isOver(): boolean {
    return this.phase === OVER;
  }

  actingSeats(out: Int32Array): number {
    switch (this.phase) {
      case PLAY: {
        let n = 0;
        for (let p = 0; p < this.players; p++) if (this.chosen[p] === 0) out[n++] = p;
        return n;
      }
      case ROW:
        out[0] = this.rowSeat;
        return 1;
      case DRAFT:
        out[0] = this.picker;
        return 1;
      default:
        return 0;
    }
  }

  legalActions(seat: number, out: Int32Array): number {
    let n = 0;
    if (this.phase === PLAY && this.chosen[seat] === 0) {
      for (let i = 0; i < this.handLen[seat]!; i++) out[n++] = this.hands[seat * this.handSize + i]!;
    } else if (this.phase === ROW && seat === this.rowSeat) {
      for (let r = 0; r < ROWS; r++) out[n++] = this.rowAction + r;
    } else if (this.phase === DRAFT && seat === this.picker) {
      for (let c = 1; c <= this.maxCard; c++) if (this.open[c] === 1) out[n++] = this.pickAction + c;
    }
    return n;
  }

  apply(seat: number, action: number): void {
    if (this.phase === PLAY) {
      if (this.chosen[seat] !== 0) throw new Error(`seat ${seat} has already chosen this turn`);
      if (!(action >= 1 && action <= this.maxCard) || !this.holds(seat, action))
        throw new Error(`action ${action} is not legal for seat ${seat}: it does not hold that card`);
      this.choose(seat, action);
      if (this.pending === this.players) this.playTurn();
    } else if (this.phase === ROW) {
      if (seat !== this.rowSeat) throw new Error(`seat ${seat} does not act now`);
      const r = action - this.rowAction;
      if (!(r >= 0 && r < ROWS && Number.isInteger(r)))
        throw new Error(`action ${action} is not legal for seat ${seat}: expected a row ${this.rowAction}..${this.rowAction + ROWS - 1}`);
      this.chooseRow(r);
      if (this.resolve()) this.endTurn();
    } else if (this.phase === DRAFT) {
      if (seat !== this.picker) throw new Error(`seat ${seat} does not pick now`);
      const c = action - this.pickAction;
      if (!(c >= 1 && c <= this.maxCard) || this.open[c] !== 1) throw new Error(`action ${action} is not legal for seat ${seat}: card ${c} is not open`);
      this.pick(c);
    } else throw new Error('the game is over');
  }

  override endTurn(): void {
    this.onTurnResolved?.();
    super.endTurn();
  }

  describeAction(action: number): string {
    return actionName(this.maxCard, action);
  }

  metric(seat: number, index: number): number {
    if (index !== 0) throw new RangeError(`6 nimmt! has one metric (rows taken), not ${index + 1}`);
    return this.rowsTaken[seat]!;
  }

  /** Position and log. */
  override copyFrom(other: SixNimmtState): void {
    super.copyFrom(other);
    this.copyLogFrom(other);
  }

  clone(): this {
    const copy = new SixNimmtState(this.rules) as this;
    copy.copyFrom(this);
    return copy;
  }

  observation(seat: number): object {
    return new Observation(this, seat);
  }

  view(seat: number): object {
    return viewOf((this.seatViews[seat] ??= new Observation(this, seat)));
  }

  /**
   * Deals what `seat` cannot see anew, as its sampler does for mc: the other hands and the
   * set-aside cards (base), the later rounds' deals (re-keyed); the other seats' pending choices
   * are dropped, so they choose again. Its own pending choice stays.
   */
  resample(seat: number, random: Random): void {
    if (this.phase === OVER) return;
    this.sampler ??= new HiddenSampler(this.rules);
    this.sampler.observe((this.seatViews[seat] ??= new Observation(this, seat)));
    this.sampler.sample(random, true);
    const decisions = this.decisions;
    super.copyFrom(this.sampler.position);
    this.decisions = decisions;
  }

  checkInvariants(): void {
    const { players: P, handSize: H, rowLimit: L, maxCard: N } = this;
    const where = new Map<number, string>();
    const put = (c: number, what: string): void => {
      if (!(c >= 1 && c <= N)) throw new Error(`${what} holds card ${c}, outside 1..${N}`);
      const before = where.get(c);
      if (before) throw new Error(`card ${c} is both in ${before} and in ${what}`);
      where.set(c, what);
    };
    const revealedNow = this.revealed || this.phase === ROW;
    for (let p = 0; p < P; p++) {
      const hand = this.handOf(p);
      for (let i = 1; i < hand.length; i++) if (hand[i]! <= hand[i - 1]!) throw new Error(`seat ${p}'s hand is not ascending`);
      for (const c of hand) {
        put(c, `seat ${p}'s hand`);
        if (this.owner[c] !== p + 1) throw new Error(`owner index of ${c} is ${this.owner[c]}, expected ${p + 1}`);
      }
      if (this.phase === PLAY || this.phase === ROW) {
        const expect = H - this.turn - (revealedNow ? 1 : 0);
        if (hand.length !== expect) throw new Error(`seat ${p} holds ${hand.length} cards in turn ${this.turn}, expected ${expect}`);
      }
    }
    let owned = 0;
    for (let c = 1; c <= N; c++) if (this.owner[c] !== 0) owned++;
    if (owned !== this.handLen.reduce((a, b) => a + b, 0)) throw new Error('owner index and hands disagree');
    if (this.phase === OVER) return;
    if (this.phase === DRAFT) {
      let open = 0;
      for (let c = 1; c <= N; c++) {
        if (this.open[c] === 1) {
          open++;
          put(c, 'the open cards');
        }
      }
      if (open !== this.openCount || open + this.picks !== N) throw new Error(`draft: ${open} open, count ${this.openCount}, ${this.picks} picks of ${N}`);
      if (where.size !== N) throw new Error(`${where.size} cards accounted for in the draft, expected ${N}`);
      return;
    }
    for (let r = 0; r < ROWS; r++) {
      const row = this.rowOf(r);
      if (row.length < 1 || row.length > L) throw new Error(`row ${r} has ${row.length} cards`);
      let bulls = 0;
      row.forEach((c, i) => {
        if (i > 0 && c <= row[i - 1]!) throw new Error(`row ${r} is not ascending: ${row.join(' ')}`);
        put(c, `row ${r}`);
        bulls += BULLHEADS[c]!;
      });
      if (row[row.length - 1] !== this.rowEnd[r]) throw new Error(`row ${r} ends with ${row[row.length - 1]}, its end index says ${this.rowEnd[r]}`);
      if (bulls !== this.rowBull[r]) throw new Error(`row ${r} holds ${bulls} bullheads, tally says ${this.rowBull[r]}`);
    }
    // Cards out this round: the starting rows and every revealed play; those not in a row were taken.
    // Revealed cards not placed yet (a row choice is pending) are on the table.
    const played: number[] = [...this.startRows];
    for (let t = 0; t < this.turn; t++) for (let p = 0; p < P; p++) played.push(this.plays[t * P + p]!);
    if (revealedNow) {
      for (let i = 0; i < P; i++) {
        const seat = this.order[i]!;
        const c = this.plays[this.turn * P + seat]!;
        if (c !== this.chosen[seat]) throw new Error(`seat ${seat} revealed ${c} but its choice is ${this.chosen[seat]}`);
        if (i < this.resolveAt) played.push(c);
        else {
          if (this.seen[c] !== 1) throw new Error(`revealed card ${c} is not marked seen`);
          put(c, 'the revealed cards');
        }
      }
    }
    let taken = 0;
    for (const c of played) {
      if (this.seen[c] !== 1) throw new Error(`card ${c} was played but is not marked seen`);
      if (!where.has(c)) {
        put(c, 'a taken row');
        taken += BULLHEADS[c]!;
      } else if (!where.get(c)!.startsWith('row')) throw new Error(`card ${c} was played but is in ${where.get(c)}`);
    }
    const roundBull = this.roundBull.reduce((a, b) => a + b, 0);
    if (taken !== roundBull) throw new Error(`${taken} bullheads were taken this round, the seats have ${roundBull}`);
    if (!this.pro) {
      const onTable = revealedNow ? P - this.resolveAt : 0;
      if (this.seenCount !== played.length + onTable) throw new Error(`${this.seenCount} cards seen, ${played.length} played`);
      const need = P * H + ROWS;
      for (let i = need; i < N; i++) put(this.deck[i]!, 'the set-aside cards');
    }
    if (where.size !== N) throw new Error(`${where.size} cards accounted for, the deck has ${N}`);
    let pending = 0;
    for (let p = 0; p < P; p++) {
      const c = this.chosen[p]!;
      if (c !== 0) {
        pending++;
        if (!revealedNow && !this.holds(p, c)) throw new Error(`seat ${p} chose ${c} but does not hold it`);
      }
    }
    if (!revealedNow && pending !== this.pending) throw new Error(`${pending} pending choices, counter says ${this.pending}`);
    for (let p = 0; p < P; p++) {
      let sum = this.roundBull[p]!;
      for (let k = 0; k < this.logRounds; k++) sum += this.log[k * this.logStride + this.logStride - P + p]!;
      if (sum !== this.total[p]) throw new Error(`seat ${p} has ${this.total[p]} bullheads, its rounds add up to ${sum}`);
    }
  }

  record(seed: string, agents: readonly string[]): GameRecord {
    return makeRecord(this, seed, agents);
  }
}

/**
 * A record on the forward model: its form and deals checked, dealt from its seed with its first
 * starter (later rounds deal from the same key); a seat's action is its card of the current trick,
 * the row it took, or its next draft pick.
 */
export function recordedGame(record: JsonObject): RecordedGame {
  const r = checkRecord(record);
  const state = new SixNimmtState(rulesFromRecord(r.players, r.rules as RecordRules));
  state.newGame(parseSeedHex(r.seed), r.rounds[0]!.starter);
  const where = (): string => `round ${state.round + 1}${state.phase === DRAFT ? ` draft pick ${state.picks + 1}` : ` turn ${state.turn + 1}`}`;
  return {
    state,
    actionOf(seat) {
      const round = r.rounds[state.round]!;
      if (state.phase === PLAY) return round.tricks[state.turn]!.cards[seat]!;
      if (state.phase === ROW) {
        const row = round.tricks[state.turn]!.takes[seat];
        if (row === null || row === undefined)
          throw new UserError(`${where()}: seat ${seat}'s card is lower than every row, but takes[${seat}] is null (it must name the row it takes)`);
        if (!(row >= 0 && row < ROWS)) throw new UserError(`${where()}: takes[${seat}] is ${row}, not a row index 0..3`);
        return state.rowAction + row;
      }
      return state.pickAction + round.draft![state.picks]!;
    },
    // Rounds are the record's unit: the rounds from the current one on.
    remaining: () => r.rounds.length - state.round,
    where,
  };
}

// Frozen before a bot file loads (src/game/protect.ts): made only once a bot plays, so not reached through the built-in bots' fields.
protect(SixNimmtState);
