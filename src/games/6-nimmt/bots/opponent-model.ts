import { protect } from '../../../game/protect.js';
import type { Random } from '../agent.js';
import { PLAY, type PlayoutBoard, ROW, type SeatView, type SixNimmtState } from '../kit.js';
import { Sfc32, type SeedKey } from '../../../game/seed.js';
import type { ContractPolicy } from '../../../search/contract.js';
import { cheapestRowOf } from './card-costs.js';
import type { HeuristicAgent } from './heuristic.js';
import type { McModel } from './mc-model.js';

/**
 * How the seats play in the search's playouts: the opponent model.
 *
 * - The searching seat plays its own later cards by the heuristic.
 * - Each other seat, per sample: the heuristic's card, a uniformly random hand card with
 *   probability `noise` (mc's rollout model); or a draw from the model of the mc bot fitted to its
 *   plays (mc-model.ts; no random cards besides). `others=heuristic` plays every other seat the
 *   first way, `others=mc` the second, `others=adapt` (the default) draws each seat's way per
 *   sample by how well each explains that seat's plays this game (seat-evidence.ts).
 * - Rows: the cheapest (the heuristic's rule).
 *
 * Draws come from a stream re-keyed at every playout, so every candidate of a sample meets the same
 * draws. `act()` plays through the game state and the seats' views; `boardPicks()` draws the same
 * cards in the same order on the bare board (PlayoutBoard), the stream stepped inline.
 */

/** The heuristic in every seat, noisy for the others; contract actions out (the pro variant's playouts and the contract rollouts). */
export class NoisyHeuristic implements ContractPolicy<SixNimmtState> {
  views: SeatView[] = [];
  me = 0;
  protected readonly rng = new Sfc32();
  /** The key of this sample's draws (OthersPolicy's board picks step the same stream inline). */
  readonly key: SeedKey = { hi: 0, lo: 0 };

  constructor(
    readonly heuristic: HeuristicAgent,
    readonly noise: number,
  ) {}

  beginSample(random: Random): void {
    this.key.hi = Math.floor(random() * 4294967296);
    this.key.lo = Math.floor(random() * 4294967296);
  }

  beginPlayout(): void {
    this.rng.reset(this.key);
  }

  evaluating(seat: number): void {
    this.me = seat;
  }

  act(s: SixNimmtState, seat: number): number {
    if (s.phase === PLAY) {
      if (this.noise > 0 && seat !== this.me && this.rng.next() < this.noise)
        return s.hands[seat * s.handSize + Math.floor(this.rng.next() * s.handLen[seat]!)]!;
      return this.heuristic.decide(this.views[seat]!);
    }
    const answer = this.heuristic.decide(this.views[seat]!);
    return s.phase === ROW ? s.rowAction + answer : s.pickAction + answer;
  }
}

/**
 * The base game's playout policy: the heuristic for the seat searching; every other seat by the
 * model of mc (one uniform number a card) when `modelled` says so for this sample, else the
 * heuristic's card or, with probability `noise`, a random one. Rows: the cheapest.
 */
export class OthersPolicy extends NoisyHeuristic {
  /** Per seat, 1 when its cards this sample are the model's draws (no noise); 0: the heuristic's rule with `noise`. */
  readonly modelled = new Uint8Array(16);
  /**
   * others=adapt: per seat of the table, the chance it plays by the model (SeatEvidence.weight),
   * drawn per sample into `modelled`; undefined: every seat is modelled if there is a model.
   */
  modelWeights: Float64Array | undefined;
  /**
   * The stream of boardPicks, sfc32 keyed by `key` (stream 0): the numbers of the rng's reset() and
   * next(), in four fields stepped inline (as mc's rollouts do); fa..fd: a saved point of it (the
   * stream after the root's turn, for the sample's later candidates).
   */
  private na = 0;
  private nb = 0;
  private nc = 0;
  private nd = 1;
  private fa = 0;
  private fb = 0;
  private fc = 0;
  private fd = 1;
  private readonly streamRng = new Sfc32();
  private readonly streamState = new Int32Array(4);

  constructor(
    heuristic: HeuristicAgent,
    noise: number,
    readonly model?: McModel,
  ) {
    super(heuristic, noise);
    if (model) this.modelled.fill(1);
  }

  override beginSample(random: Random): void {
    super.beginSample(random);
    const w = this.modelWeights;
    if (w === undefined) return;
    // A sure weight (0 or 1, a prior of 0 or 1) draws nothing: the stream stays the fixed model's.
    for (let p = 0; p < w.length; p++) {
      const wp = w[p]!;
      this.modelled[p] = p !== this.me && (wp >= 1 || (wp > 0 && random() < wp)) ? 1 : 0;
    }
  }

  override act(s: SixNimmtState, seat: number): number {
    if (s.phase === ROW) return s.rowAction + cheapestRowOf(s.rowLen, s.rowBull);
    if (s.phase !== PLAY) return s.pickAction + this.heuristic.decide(this.views[seat]!);
    if (seat !== this.me && this.modelled[seat] === 1) {
      const base = seat * s.handSize;
      return s.hands[base + this.model!.indexOf(s.hands, base, s.handLen[seat]!, s.rowEnd, s.rowLen, s.rowBull, this.rng.next())]!;
    }
    return super.act(s, seat);
  }

  /** Keys the board stream as the rng's reset(key) does: an Sfc32's state after that reset, into the four fields. */
  resetStream(): void {
    const st = this.streamState;
    this.streamRng.reset(this.key);
    this.streamRng.stateInto(st);
    this.na = st[0]!;
    this.nb = st[1]!;
    this.nc = st[2]!;
    this.nd = st[3]!;
  }

  /** Saves the board stream's point (restoreStream goes back to it). */
  saveStream(): void {
    this.fa = this.na;
    this.fb = this.nb;
    this.fc = this.nc;
    this.fd = this.nd;
  }

  restoreStream(): void {
    this.na = this.fa;
    this.nb = this.fb;
    this.nc = this.fc;
    this.nd = this.fd;
  }

  /**
   * act() on the bare board: the pick (card index in the ascending hand) of every seat yet to pick
   * (-1), `me` being the searching seat: the same draws in the same order (seat order, the
   * searching seat never) and the same cards (cheapestIndexOf, the model's indexOf). The rows' side
   * of the heuristic's costs is worked out once for all seats (HeuristicAgent.rowsOf).
   */
  boardPicks(b: PlayoutBoard, me: number): void {
    const P = b.players;
    const H = b.handSize;
    const pick = b.pick;
    const { heuristic, noise, modelled, model } = this;
    heuristic.rowsOf(b.rowEnd, b.rowLen, b.rowBull);
    let a = this.na;
    let bb = this.nb;
    let c = this.nc;
    let d = this.nd;
    for (let p = 0; p < P; p++) {
      if (pick[p] !== -1) continue;
      const n = b.handLen[p]!;
      const byModel = p !== me && modelled[p] === 1;
      if (noise > 0 && p !== me && !byModel) {
        // Sfc32.next(), twice when the seat plays at random.
        let t = (((a + bb) | 0) + d) | 0;
        d = (d + 1) | 0;
        a = bb ^ (bb >>> 9);
        bb = (c + (c << 3)) | 0;
        c = (((c << 21) | (c >>> 11)) + t) | 0;
        if ((t >>> 0) / 4294967296 < noise) {
          t = (((a + bb) | 0) + d) | 0;
          d = (d + 1) | 0;
          a = bb ^ (bb >>> 9);
          bb = (c + (c << 3)) | 0;
          c = (((c << 21) | (c >>> 11)) + t) | 0;
          pick[p] = Math.floor(((t >>> 0) / 4294967296) * n);
          continue;
        }
      }
      if (byModel) {
        const t = (((a + bb) | 0) + d) | 0;
        d = (d + 1) | 0;
        a = bb ^ (bb >>> 9);
        bb = (c + (c << 3)) | 0;
        c = (((c << 21) | (c >>> 11)) + t) | 0;
        pick[p] = model!.indexOf(b.hands, p * H, n, b.rowEnd, b.rowLen, b.rowBull, (t >>> 0) / 4294967296);
        continue;
      }
      pick[p] = n === 1 ? 0 : heuristic.cheapestIndexOf(b.hands, p * H, n);
    }
    this.na = a;
    this.nb = bb;
    this.nc = c;
    this.nd = d;
  }
}

// Frozen before a bot file loads (src/game/protect.ts): made only once a bot plays, so not reached through the built-in bots' fields.
protect(NoisyHeuristic, OthersPolicy);
