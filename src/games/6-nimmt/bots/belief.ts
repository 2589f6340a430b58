import { protect } from '../../../game/protect.js';
import type { GameState } from '../kit.js';
import { type CardCosts, placeTurn } from './card-costs.js';

/**
 * What the other seats' plays this round say about the cards they still hold (base game). A seat
 * that played a risky card probably had no safe one: under a model where each seat plays a card
 * with probability (1 - epsilon) x softmax(-cost / tau) over its hand + epsilon uniformly (cost:
 * the heuristic's expected penalty, card-costs.ts), a re-dealt set of hands is the more likely the
 * better it explains every play of the round so far. `logWeight` scores a dealt position by that
 * likelihood; the search draws several deals and keeps one in proportion to it (sampling-importance-
 * resampling), so its samples follow the posterior rather than a uniform deal.
 *
 * Everything is read from the position the seat's HiddenSampler rebuilt from its Observation (the
 * rows this round started with, the revealed plays, the rows chosen): the rows of each past turn
 * are replayed from that public record, so the only hidden input is the sampled hands themselves.
 * The cost of every card that could have been in a hand at each past turn is worked out once per
 * decision (it depends on that turn's rows only); scoring a sample is then a few sums per seat and
 * turn. Allocation-free after construction.
 */
export class PlayBelief {
  /** exp(-cost / tau) of card c at turn t: e[t * (maxCard + 1) + c]. */
  private readonly e: Float64Array;
  private readonly rowEnd = new Int32Array(4);
  private readonly rowLen = new Int32Array(4);
  private readonly rowBull = new Int32Array(4);
  private readonly order: Int32Array;
  private turns = 0;
  private me = 0;

  constructor(
    private readonly players: number,
    private readonly handSize: number,
    private readonly maxCard: number,
    private readonly rowLimit: number,
    private readonly bullheads: ArrayLike<number>,
    readonly costs: CardCosts,
    readonly tau: number,
    readonly epsilon: number,
  ) {
    this.e = new Float64Array(handSize * (maxCard + 1));
    this.order = new Int32Array(players);
  }

  /** Turns of this round whose plays the last observed position shows (0: nothing to explain). */
  get evidence(): number {
    return this.turns;
  }

  /**
   * Replays this round's rows from the position's public record and tabulates, for every past turn,
   * the weight of each card a seat could have held then. `s` is the sampler's rebuilt position.
   */
  observe(s: GameState, me: number): void {
    const { players: P, maxCard: N, rowLimit: L, rowEnd, rowLen, rowBull, e, order } = this;
    this.me = me;
    const turns = (this.turns = s.pro ? 0 : s.turn + (s.revealed ? 1 : 0));
    if (turns === 0) return;
    for (let r = 0; r < 4; r++) {
      const c = s.startRows[r]!;
      rowEnd[r] = c;
      rowLen[r] = 1;
      rowBull[r] = this.bullheads[c]!;
    }
    const inv = 1 / this.tau;
    for (let t = 0; t < turns; t++) {
      const at = t * (N + 1);
      // A card a seat could hold at turn t: one still unseen now, or one played at t or later.
      for (let c = 1; c <= N; c++) {
        const out = s.seen[c] === 0 && s.owner[c] !== me + 1;
        e[at + c] = out ? Math.exp(-this.costs.cost(c, rowEnd, rowLen, rowBull) * inv) : 0;
      }
      for (let u = t; u < turns; u++) {
        for (let p = 0; p < P; p++) {
          const c = s.plays[u * P + p]!;
          e[at + c] = Math.exp(-this.costs.cost(c, rowEnd, rowLen, rowBull) * inv);
        }
      }
      // Place turn t's cards as the engine did (the recorded row choice for a card lower than every
      // row; in a turn still being resolved, this seat's own row choice, nothing more is needed).
      placeTurn(s.plays, s.takes, t * P, P, L, this.bullheads, order, rowEnd, rowLen, rowBull);
    }
  }

  /** Log-likelihood of the round's plays of every other seat, given the hands dealt in `s`. */
  logWeight(s: GameState): number {
    const { players: P, handSize: H, maxCard: N, e, turns, epsilon } = this;
    let total = 0;
    for (let p = 0; p < P; p++) {
      if (p === this.me) continue;
      const held = s.handLen[p]!;
      const base = p * H;
      for (let t = turns - 1; t >= 0; t--) {
        const at = t * (N + 1);
        let z = 0;
        for (let i = 0; i < held; i++) z += e[at + s.hands[base + i]!]!;
        for (let u = t; u < turns; u++) z += e[at + s.plays[u * P + p]!]!;
        const size = held + turns - t;
        total += Math.log((1 - epsilon) * (e[at + s.plays[t * P + p]!]! / z) + epsilon / size);
      }
    }
    return total;
  }
}

// Frozen before a bot file loads (src/game/protect.ts): made only once a bot plays, so not reached through the built-in bots' fields.
protect(PlayBelief);
