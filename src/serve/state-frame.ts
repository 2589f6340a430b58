import { FRAME_HEAD, TAG_STATE, writeFrame } from './frames.js';

/**
 * The `B` frame (docs/engine-server.md): the state of every game of a session, written in place
 * into one buffer that is sent whole after each reset and step. The sessions write straight into
 * these views, and each (game, seat slot) has its tensor and mask view made once: a step
 * allocates nothing.
 */
export class StateFrame {
  readonly seat: Int32Array;
  readonly deal: Int32Array;
  readonly obs: Float32Array;
  readonly reward: Float32Array;
  readonly score: Int32Array;
  readonly mask: Uint8Array;
  readonly acting: Uint8Array;
  readonly ended: Uint8Array;
  /** The tensor view of game i's slot k at [i * slots + k]. */
  readonly obsViews: Float32Array[] = [];
  /** The mask view of game i's slot k at [i * slots + k]. */
  readonly maskViews: Uint8Array[] = [];
  private readonly bytes: Uint8Array;

  constructor(
    readonly games: number,
    /** Seat slots per game: 1 (the acting seat) or the seat count (every seat). */
    readonly slots: number,
    readonly players: number,
    readonly obsSize: number,
    readonly actionSize: number,
  ) {
    const n = games;
    let at = FRAME_HEAD;
    const take = (bytes: number): number => {
      const start = at;
      at += bytes;
      return start;
    };
    const seatAt = take(4 * n);
    const dealAt = take(4 * n);
    const obsAt = take(4 * n * slots * obsSize);
    const rewardAt = take(4 * n * players);
    const scoreAt = take(4 * n * players);
    const maskAt = take(n * slots * actionSize);
    const actingAt = take(n * players);
    const endedAt = take(n);
    const buffer = new ArrayBuffer(at);
    this.bytes = new Uint8Array(buffer);
    new DataView(buffer).setUint32(0, at - 4, true);
    this.bytes[4] = TAG_STATE;
    this.seat = new Int32Array(buffer, seatAt, n);
    this.deal = new Int32Array(buffer, dealAt, n);
    this.obs = new Float32Array(buffer, obsAt, n * slots * obsSize);
    this.reward = new Float32Array(buffer, rewardAt, n * players);
    this.score = new Int32Array(buffer, scoreAt, n * players);
    this.mask = new Uint8Array(buffer, maskAt, n * slots * actionSize);
    this.acting = new Uint8Array(buffer, actingAt, n * players);
    this.ended = new Uint8Array(buffer, endedAt, n);
    for (let j = 0; j < n * slots; j++) {
      this.obsViews.push(this.obs.subarray(j * obsSize, (j + 1) * obsSize));
      this.maskViews.push(this.mask.subarray(j * actionSize, (j + 1) * actionSize));
    }
  }

  /** Clears what only a step that ends a game sets (rewards, scores, ended). */
  clearEnds(): void {
    this.reward.fill(0);
    this.score.fill(0);
    this.ended.fill(0);
  }

  send(): void {
    writeFrame(this.bytes, this.bytes.length);
  }
}
