import { protect } from '../../src/game/protect.js';
import { Sfc32, type SeedKey } from '../../src/game/seed.js';
import { GameState, OVER, PLAY } from '../../src/games/six-nimmt/kit.js';
import { cheapestRowOf } from './card-costs.js';
import type { HeuristicAgent } from './heuristic.js';

/**
 * A small Monte Carlo decision of one seat inside a search's playout (6 nimmt! base game): the
 * seat's card at the start of a turn, chosen as an honest player would choose it, from what that
 * seat sees. Each of `samples` draws re-deals the cards it cannot see (the other hands and the
 * set-aside cards of the playout's position: every card not public this round and not in its own
 * hand) into the other hands, then plays each of its cards out to the position's stop with the
 * heuristic in every seat (the other seats a random card with probability `noise`, as the
 * rollouts of mc and search), rows by the cheapest-row rule, all candidates of a draw on the same
 * numbers (common random numbers). Two objectives: `share` (the search's own: win share at the stop
 * plus `marginWeight` per bullhead of lead, higher is better) and `bullheads` (mc's: its own total,
 * lower is better).
 *
 * Its draws come from its own stream keyed by the caller, so a playout's other numbers are not
 * moved by it and every candidate of an outer sample meets the same inner draws.
 */
export class InnerMc {
  private readonly base: GameState;
  private readonly sim: GameState;
  private readonly rng = new Sfc32();
  private readonly pool: Uint8Array;
  private readonly sums = new Float64Array(16);
  private readonly cards = new Int32Array(16);
  private readonly choices = new Int32Array(16);
  /** Playouts run (for the timing notes and tests). */
  playouts = 0;

  constructor(
    readonly template: GameState,
    readonly heuristic: HeuristicAgent,
    readonly noise: number,
    readonly samples: number,
    readonly share: boolean,
    readonly marginWeight: number,
  ) {
    this.base = new GameState(template.rules, false);
    this.sim = new GameState(template.rules, false);
    this.pool = new Uint8Array(template.maxCard);
  }

  /**
   * The card of `seat` on position `s` (phase PLAY, the turn's start, no seat chosen), its
   * playouts stopping when round `stopRound` begins (the caller's horizon), drawn from
   * the streams (key, stream0 + 2k) (the deal) and (key, stream0 + 2k + 1) (the playouts' noise) for draw k. `s` is read only.
   */
  decide(s: GameState, seat: number, key: SeedKey, stream0: number, stopRound: number): number {
    const H = s.handSize;
    const n = s.handLen[seat]!;
    if (n === 1) return s.hands[seat * H]!;
    const { base, sim, pool, sums, cards, rng } = this;
    const N = s.maxCard;
    const P = s.players;
    const ownTag = seat + 1;
    let unseen = 0;
    for (let c = 1; c <= N; c++) if (s.seen[c] === 0 && s.owner[c] !== ownTag) pool[unseen++] = c;
    for (let i = 0; i < n; i++) {
      cards[i] = s.hands[seat * H + i]!;
      sums[i] = 0;
    }
    for (let k = 0; k < this.samples; k++) {
      base.copyFrom(s);
      base.stopRound = stopRound;
      rng.reset(key, stream0 + 2 * k);
      // The other hands from the seat's view: a uniform deal of the cards it cannot see.
      let at = 0;
      for (let p = 0; p < P; p++) {
        if (p === seat) continue;
        const m = base.handLen[p]!;
        for (let i = 0; i < m; i++) base.owner[base.hands[p * H + i]!] = 0;
        base.handLen[p] = 0;
        for (let i = 0; i < m; i++, at++) {
          const j = at + Math.floor(rng.next() * (unseen - at));
          const t = pool[j]!;
          pool[j] = pool[at]!;
          pool[at] = t;
          base.insert(p, t);
        }
      }
      for (let i = 0; i < n; i++) {
        sim.copyFrom(base);
        sim.stopRound = base.stopRound;
        rng.reset(key, stream0 + 2 * k + 1);
        this.playTurn(seat, cards[i]!);
        this.playOut(seat);
        this.playouts++;
        sums[i]! += this.value(seat);
      }
    }
    let best = 0;
    for (let i = 1; i < n; i++) if (sums[i]! > sums[best]!) best = i;
    return cards[best]!;
  }

  /** One turn of the scratch game: `seat` plays `card` (or the policy when card is 0), the rest the policy. */
  private playTurn(seat: number, card: number): void {
    const s = this.sim;
    const P = s.players;
    const H = s.handSize;
    const choices = this.choices;
    const last = s.turn + 1 === H;
    if (!last) this.heuristic.rowsOf(s.rowEnd, s.rowLen, s.rowBull);
    for (let p = 0; p < P; p++) {
      const m = s.handLen[p]!;
      if (p === seat && card !== 0) choices[p] = card;
      else if (m === 1 || last) choices[p] = s.hands[p * H]!;
      else if (p !== seat && this.noise > 0 && this.rng.next() < this.noise) choices[p] = s.hands[p * H + Math.floor(this.rng.next() * m)]!;
      else choices[p] = this.heuristic.cheapestOf(s.hands, p * H, m);
    }
    for (let p = 0; p < P; p++) s.choose(p, choices[p]!);
    s.reveal();
    while (!s.resolve()) s.chooseRow(cheapestRowOf(s.rowLen, s.rowBull));
    s.endTurn();
  }

  private playOut(seat: number): void {
    const s = this.sim;
    while (s.phase !== OVER) {
      if (s.phase === PLAY) this.playTurn(seat, 0);
      else {
        s.chooseRow(cheapestRowOf(s.rowLen, s.rowBull));
        if (s.resolve()) s.endTurn();
      }
    }
  }

  /** Higher is better: the win share and lead (share), or minus its own total (bullheads). */
  private value(me: number): number {
    const s = this.sim;
    const mine = s.total[me]!;
    if (!this.share) return -mine;
    let best = Infinity;
    let tied = 1;
    for (let p = 0; p < s.players; p++) {
      if (p === me) continue;
      const v = s.total[p]!;
      if (v < best) best = v;
      if (v === mine) tied++;
    }
    return (mine < best ? 1 : mine === best ? 1 / tied : 0) + this.marginWeight * (best - mine);
  }
}

// Frozen before a bot file loads (src/game/protect.ts): made only once a bot plays, so not reached through the built-in bots' fields.
protect(InnerMc);
