import type { State } from '../game/contract.js';
import type { HiddenChance } from '../game/hidden-chance.js';
import type { Random } from '../game/seed.js';
import type { RegisteredGame } from '../registry.js';
import type { ContractPolicy } from '../search/contract.js';

/**
 * The exact value of the rollout evaluator's estimate (src/analysis/evaluate.ts): for each legal
 * action of the seat, the expected win share (ties split) and final score when the seat plays it
 * and then every seat follows the game's rollout policy, over every completion of what the seat
 * cannot see. Instead of re-dealing samples it walks the whole tree: each move the policy may play
 * weighted by its probability (the policy's `distribution`: its noise enumerated, not drawn), each
 * outcome a move reveals weighted equally (the game's `chance`), positions with the same key
 * computed once (memoised within one evaluation). The rollout evaluator's means converge to these
 * numbers as its samples grow.
 *
 * Not the exploit solver's walk (src/exploit/): that one lists whole deals from the game's start
 * and replays table bots on each, sampling a stochastic bot's streams; here the start is a position
 * mid-game, the deals are what the seat's view leaves open (revealed card by card, so positions
 * reached by different deals merge in the memo), and the policy's randomness is enumerated exactly.
 *
 * Its size is estimated first (estimateNodes: Knuth's estimator of the tree without memoisation,
 * an upper estimate of the work), so a caller can refuse a position too large before walking it.
 */

export interface ExactActionValue {
  action: number;
  name: string;
  win: number;
  score: number;
  /**
   * The best response's value: the seat plays this action, then at each of its later decisions the
   * action of highest expected win share (ties: lower expected score) against the others' rollout
   * policy. Exact over information sets: every seat sees the whole position but the unseen cards,
   * whose law the key fixes, so a choice per key is a choice per information set.
   */
  responseWin: number;
  responseScore: number;
}

export interface ExactDecisionValue {
  actions: ExactActionValue[];
  /** Distinct positions valued (memo entries) and positions visited. */
  positions: number;
  visits: number;
}

/** Whether a game can be evaluated exactly: it lists its chance and its rollout policy gives its law. */
export function canEvaluateExactly(game: RegisteredGame): boolean {
  return game.chance !== undefined;
}

export class ExactEvaluator {
  private readonly policy: ContractPolicy<State>;
  private readonly chance: HiddenChance;
  /** One scratch State and one action buffer per depth, made as the walk first reaches it. */
  private readonly stack: State[] = [];
  private readonly acts: Int32Array[] = [];
  private readonly probs: Float64Array[] = [];
  private readonly seats = new Int32Array(64);
  private memo = new Map<string, number>();
  private memoWin: number[] = [];
  private memoScore: number[] = [];
  private seat = 0;
  /** Whether the seat's own later moves are its best response (else the policy's). */
  private respond = false;
  private visits = 0;
  /** The last value() result. */
  private win = 0;
  private score = 0;

  constructor(
    private readonly game: RegisteredGame,
    private readonly rules: { players: number },
  ) {
    if (!game.chance) throw new Error(`${game.name} has no enumerable chance: it has no exact evaluator`);
    this.chance = game.chance;
    this.policy = game.rollout.make(rules).policy;
    if (!this.policy.distribution) throw new Error(`${game.name}'s rollout policy gives no distribution: it has no exact evaluator`);
  }

  private level(depth: number): State {
    while (this.stack.length <= depth) {
      this.stack.push(this.game.newState(this.rules));
      this.acts.push(new Int32Array(512));
      this.probs.push(new Float64Array(512));
    }
    return this.stack[depth]!;
  }

  /**
   * Knuth's estimate of the number of nodes of the tree below `state` without memoisation (each of
   * `probes` random walks: 1 + b1 + b1 b2 + ..., b the branching it meets), averaged. Positions with
   * one move and one outcome are not counted as branching.
   */
  estimateNodes(state: State, seat: number, random: Random, probes = 64): number {
    this.policy.evaluating?.(seat);
    let total = 0;
    for (let p = 0; p < probes; p++) {
      const s = this.level(0);
      s.copyFrom(state);
      let product = 1;
      let nodes = 1;
      let first = true;
      while (!s.isOver()) {
        s.actingSeats(this.seats);
        const actor = this.seats[0]!;
        const acts = this.acts[0]!;
        const probs = this.probs[0]!;
        let n: number;
        if (first) {
          n = s.legalActions(actor, acts);
          first = false;
        } else {
          n = this.policy.distribution!(s, actor, acts, probs);
          // Only moves the policy may play are branches.
          let m = 0;
          for (let i = 0; i < n; i++) if (probs[i]! > 0) acts[m++] = acts[i]!;
          n = m;
        }
        const a = acts[Math.floor(random() * n)]!;
        const o = this.chance.outcomes(s, actor, a);
        product *= n * o;
        nodes += product;
        this.chance.choose(s, actor, a, Math.floor(random() * o));
        s.apply(actor, a);
      }
      total += nodes;
    }
    return total / probes;
  }

  /** Every legal action of `seat` in `state` (left unchanged), valued exactly. */
  evaluate(state: State, seat: number): ExactDecisionValue {
    this.seat = seat;
    this.visits = 0;
    this.memo = new Map();
    this.memoWin = [];
    this.memoScore = [];
    this.policy.evaluating?.(seat);
    const root = this.level(0);
    root.copyFrom(state);
    const codes = new Int32Array(512);
    const n = root.legalActions(seat, codes);
    const actions: ExactActionValue[] = [];
    this.respond = false;
    for (let c = 0; c < n; c++) {
      const action = codes[c]!;
      this.move(0, seat, action, 1);
      actions.push({ action, name: state.describeAction(action), win: this.win, score: this.score, responseWin: 0, responseScore: 0 });
    }
    const positions = this.memo.size;
    this.respond = true;
    this.memo = new Map();
    this.memoWin = [];
    this.memoScore = [];
    for (let c = 0; c < n; c++) {
      this.move(0, seat, codes[c]!, 1);
      actions[c]!.responseWin = this.win;
      actions[c]!.responseScore = this.score;
    }
    return { actions, positions, visits: this.visits };
  }

  /** The value of `actor` playing `action` in the position at `depth`, each outcome it reveals equally likely; scaled by `weight` into this.win/score. */
  private move(depth: number, actor: number, action: number, weight: number): void {
    const s = this.stack[depth]!;
    const o = this.chance.outcomes(s, actor, action);
    let win = 0;
    let score = 0;
    for (let k = 0; k < o; k++) {
      const child = this.level(depth + 1);
      child.copyFrom(s);
      this.chance.choose(child, actor, action, k);
      child.apply(actor, action);
      this.value(depth + 1);
      win += this.win;
      score += this.score;
    }
    this.win = (weight * win) / o;
    this.score = (weight * score) / o;
  }

  /** The value of the position at `depth` with the policy in every seat, into this.win/score. */
  private value(depth: number): void {
    this.visits++;
    const s = this.stack[depth]!;
    if (s.isOver()) {
      this.terminal(s);
      return;
    }
    const key = this.chance.key(s);
    const at = this.memo.get(key);
    if (at !== undefined) {
      this.win = this.memoWin[at]!;
      this.score = this.memoScore[at]!;
      return;
    }
    s.actingSeats(this.seats);
    const actor = this.seats[0]!;
    const acts = this.acts[depth]!;
    const probs = this.probs[depth]!;
    let win = 0;
    let score = 0;
    if (this.respond && actor === this.seat) {
      this.bestMove(depth, actor);
      return;
    }
    const n = this.policy.distribution!(s, actor, acts, probs);
    for (let i = 0; i < n; i++) {
      const p = probs[i]!;
      if (p === 0) continue;
      // move() reuses the deeper levels' buffers only: this level's acts/probs stay intact.
      this.move(depth, actor, acts[i]!, p);
      win += this.win;
      score += this.score;
    }
    this.memo.set(key, this.memoWin.length);
    this.memoWin.push(win);
    this.memoScore.push(score);
    this.win = win;
    this.score = score;
  }

  /** The seat's best move at `depth` (highest win share, then lower score), its value memoised and left in this.win/score. */
  private bestMove(depth: number, actor: number): void {
    const s = this.stack[depth]!;
    const acts = this.acts[depth]!;
    const n = s.legalActions(actor, acts);
    let win = -1;
    let score = 0;
    for (let i = 0; i < n; i++) {
      this.move(depth, actor, acts[i]!, 1);
      if (this.win > win + 1e-12 || (Math.abs(this.win - win) <= 1e-12 && this.score < score)) {
        win = this.win;
        score = this.score;
      }
    }
    this.memo.set(this.chance.key(s), this.memoWin.length);
    this.memoWin.push(win);
    this.memoScore.push(score);
    this.win = win;
    this.score = score;
  }

  /** The seat's win share (ties split, as the rollout evaluator counts it) and score at the game's end. */
  private terminal(s: State): void {
    const seat = this.seat;
    const mine = s.score(seat);
    let best = Infinity;
    let tied = 1;
    for (let p = 0; p < s.players; p++) {
      if (p === seat) continue;
      const v = s.score(p);
      if (v < best) best = v;
      if (v === mine) tied++;
    }
    this.win = mine < best ? 1 : mine === best ? 1 / tied : 0;
    this.score = mine;
  }
}
