import { protect } from '../../game/protect.js';
import type { Random } from '../../game/seed.js';
import type { Observation } from './observation.js';
import type { Rules } from './rules.js';
import { GameState } from './state.js';

/**
 * Re-sampling of what one seat cannot see, built from that seat's Observation only (never from
 * another engine's fields), so a search bot's samples carry no trace of the truth. Hidden are the
 * order of the prizes to come and the other seats' bids of the current turn (dropped: they bid
 * again); everything else is public.
 *
 * observe() rebuilds the seat's position on `position` once per decision; each sample() deals the
 * prizes to come in a new order, in place (one draw per hidden prize): a rollout copies `position`
 * into its own scratch state and plays on. No allocation after the constructor.
 */
export class HiddenSampler {
  /** The position as the seat sees it, with the last sample's prize order. */
  readonly position: GameState;
  /** The prizes to come (their set is public), shuffled into position.prizes by sample(). */
  private readonly pool: Uint8Array;
  private toCome = 0;

  constructor(readonly rules: Rules) {
    this.position = new GameState(rules);
    this.pool = new Uint8Array(rules.cards);
  }

  observe(obs: Observation): void {
    const s = this.position;
    const { players: P, cards: N } = this.rules;
    s.turn = obs.turn;
    s.prizes.fill(0);
    for (let t = 0; t <= s.turn && t < N; t++) s.prizes[t] = obs.prizeAt(t);
    let k = 0;
    for (let c = 1; c <= N; c++) if (obs.isPrizeToCome(c)) this.pool[k++] = c;
    this.toCome = k;
    s.bids.fill(0);
    s.takenBy.fill(-1);
    for (let t = 0; t < s.turn; t++) {
      s.takenBy[t] = obs.takenBy(t);
      for (let p = 0; p < P; p++) s.bids[t * P + p] = obs.bidAt(t, p);
    }
    for (let p = 0; p < P; p++) {
      s.points[p] = obs.points(p);
      s.won[p] = obs.prizesWon(p);
      for (let c = 1; c <= N; c++) s.held[p * (N + 1) + c] = obs.holds(p, c) ? 1 : 0;
    }
    // Of the current turn's bids the seat knows only its own.
    const mine = obs.myBid;
    if (s.turn < N) s.bids[s.turn * P + obs.seat] = mine;
    s.pending = mine === 0 ? 0 : 1;
    s.decisions = s.turn * P + s.pending;
  }

  /** Deals the prizes to come in a uniform random order after the current one. */
  sample(random: Random): void {
    const s = this.position;
    const { pool, toCome } = this;
    for (let i = 0; i < toCome; i++) {
      const j = i + Math.floor(random() * (toCome - i));
      const t = pool[j]!;
      pool[j] = pool[i]!;
      pool[i] = t;
      s.prizes[s.turn + 1 + i] = t;
    }
  }
}

// Frozen before a bot file loads (src/game/protect.ts): a bot must not patch the sampler its rivals use.
protect(HiddenSampler);
