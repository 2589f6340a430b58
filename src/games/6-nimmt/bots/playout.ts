import { protect } from '../../../game/protect.js';
import type { Random } from '../agent.js';
import { GameState, type HiddenSampler, OVER, PLAY, PlayoutBoard, SixNimmtState } from '../kit.js';
import type { SearchDomain } from '../../../search/flat.js';
import { cheapestRowOf } from './card-costs.js';
import { leafValue } from './leaf-value.js';
import { type NoisyHeuristic, OthersPolicy } from './opponent-model.js';

/** The forward model with a position-only copy: a playout needs no round log (and copying it would allocate). */
export class PlayoutState extends SixNimmtState {
  override copyFrom(other: SixNimmtState): void {
    GameState.prototype.copyFrom.call(this, other);
  }
}

/**
 * The search domain, the playouts: the root is the seat's position with the hidden cards re-dealt
 * by its HiddenSampler (from its Observation only); a playout applies the candidate and lets the
 * policy (opponent-model.ts) act for every acting seat until the state stops at the round's end,
 * as src/search/contract.ts's ContractDomain does; `utility` is the leaf value (leaf-value.ts).
 */
export class SixNimmtDomain implements SearchDomain {
  readonly actions = new Int32Array(512);
  private readonly seats = new Int32Array(16);
  me = 0;
  /** The leaf value's weight of a bullhead of lead (leaf-value.ts leadWeight). */
  leadWeight = 0;
  /**
   * Base game: the playouts on a bare board (PlayoutBoard), loaded from each sample's root once
   * (rootBoard) and copied for every candidate (roundPlayout), the cards by OthersPolicy.boardPicks;
   * else (pro) each seat acts through the policy and its view. Same cards.
   */
  round = false;
  private readonly rootBoard: PlayoutBoard;
  private readonly playBoard: PlayoutBoard;
  /** roundPlayout: the other seats' card indices in the root's turn, the same for every candidate of a sample. */
  private readonly firstPicks = new Int32Array(16);
  private firstReady = false;
  /** The base game's policy (round playouts need it); undefined in pro. */
  private readonly others: OthersPolicy | undefined;
  /** Turns played in playouts so far (work(), for the maxTurns cap): a round playout counts the turns it plays, the others each step of the loop. */
  private turns = 0;
  /**
   * A truncated playout's leaf (search's netLeaf; needs `round` off): after this many steps of a
   * playout, at the searching seat's next card, `leaf` values the position for it and the playout
   * stops there (0: playouts run to the round's end).
   */
  leafSteps = 0;
  leaf: ((s: SixNimmtState, me: number) => number) | undefined;
  /** Whether the last playout stopped at a leaf, and its value there. */
  private truncated = false;
  private leafValue = 0;

  constructor(
    readonly root: SixNimmtState,
    readonly scratch: SixNimmtState,
    readonly sampler: HiddenSampler,
    readonly policy: NoisyHeuristic,
  ) {
    this.others = policy instanceof OthersPolicy ? policy : undefined;
    this.rootBoard = new PlayoutBoard(root.rules);
    this.playBoard = new PlayoutBoard(root.rules);
  }

  get players(): number {
    return this.scratch.players;
  }

  /** SearchDomain: turns played in playouts so far (only grows). */
  work(): number {
    return this.turns;
  }

  score(seat: number): number {
    return this.scratch.total[seat]!;
  }

  utility(me: number): number {
    return this.truncated ? this.leafValue : leafValue(this, me, this.leadWeight);
  }

  candidates(me: number): number {
    this.me = me;
    return this.root.legalActions(me, this.actions);
  }

  sample(random: Random): void {
    const { sampler, root } = this;
    sampler.sample(random);
    root.copyFrom(sampler.position as SixNimmtState);
    this.policy.beginSample(random);
    this.firstReady = false;
    if (this.round && root.phase === PLAY) this.rootBoard.load(root);
  }

  playout(index: number): void {
    if (this.round) {
      this.roundPlayout(index);
      return;
    }
    const s = this.scratch;
    const { seats, policy } = this;
    s.copyFrom(this.root);
    policy.beginPlayout();
    s.apply(this.me, this.actions[index]!);
    const leafSteps = this.leafSteps;
    let steps = 0;
    this.truncated = false;
    while (s.phase !== OVER) {
      if (leafSteps > 0 && ++steps > leafSteps && s.phase === PLAY && s.chosen[this.me] === 0) {
        this.truncated = true;
        this.leafValue = this.leaf!(s, this.me);
        return;
      }
      const n = s.actingSeats(seats);
      for (let i = 0; i < n; i++) s.apply(seats[i]!, policy.act(s, seats[i]!));
      this.turns++;
    }
  }

  /**
   * playout() to the round's end on the bare board (PlayoutBoard): the same draws in the same
   * order and the same cards, by their index in the hand (OthersPolicy.boardPicks); rows by
   * cheapestRowOf. The root's turn draws and chooses the same for every candidate (the others'
   * cards read neither the searching seat's choice nor anything it changes), so the sample's first
   * candidate works it out and the rest reuse it. A row decision is taken on the scratch state, the
   * board loaded from there. The stopped position's totals and round go to the scratch state,
   * which is what utility() and score() read.
   */
  private roundPlayout(index: number): void {
    const s = this.scratch;
    const b = this.playBoard;
    const others = this.others!;
    const me = this.me;
    const P = b.players;
    const pick = b.pick;
    if (this.root.phase === PLAY) {
      b.copyFrom(this.rootBoard);
      const first = this.firstPicks;
      if (this.firstReady) {
        for (let p = 0; p < P; p++) pick[p] = first[p]!;
        others.restoreStream();
      } else {
        others.resetStream();
        pick.fill(-1);
        pick[me] = 0;
        others.boardPicks(b, me);
        for (let p = 0; p < P; p++) first[p] = pick[p]!;
        others.saveStream();
        this.firstReady = true;
      }
      // The candidates are the hand's cards in order (legalActions).
      pick[me] = index;
    } else {
      s.copyFrom(this.root);
      others.resetStream();
      s.apply(me, this.actions[index]!);
      if (s.phase === OVER) return;
      b.load(s);
      // The playout's last turn draws nothing (as below): one card each.
      if (b.turn + 1 < b.handSize) {
        pick.fill(-1);
        others.boardPicks(b, me);
      } else pick.fill(0);
    }
    const H = b.handSize;
    this.turns += H - b.turn;
    // One call site each for reveal() and place(), so that V8 inlines both.
    for (;;) {
      const low = b.reveal();
      b.place(low < 0 ? -1 : cheapestRowOf(b.rowLen, b.rowBull));
      if (b.turn >= H) break;
      if (b.turn + 1 < H) {
        for (let p = 0; p < P; p++) pick[p] = -1;
        others.boardPicks(b, me);
      } else {
        // The playout's last turn: one card each, noisy or not, and the draws are never used again.
        for (let p = 0; p < P; p++) pick[p] = 0;
      }
    }
    s.total.set(b.total);
    s.round = this.root.round + 1;
    s.phase = OVER;
  }
}

// Frozen before a bot file loads (src/game/protect.ts): made only once a bot plays, so not reached through the built-in bots' fields.
protect(PlayoutState, SixNimmtDomain);
