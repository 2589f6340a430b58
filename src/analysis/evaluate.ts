import { errorFunction } from 'simple-statistics';
import type { State } from '../game/contract.js';
import type { Random } from '../game/seed.js';
import type { RegisteredGame } from '../registry.js';
import { ContractDomain } from '../search/contract.js';

/**
 * The analyst's evaluation of one decision: every legal action of the acting seat played out on
 * the same re-dealt samples (common random numbers) with the game's rollout policy in every seat
 * (src/games/<game>/bots/rollout.ts), on the flat Monte Carlo domain of the search bots
 * (src/search/contract.ts ContractDomain).
 *
 * What the analyst may see: each sample starts from the real position re-dealt by the game's own
 * `resample(seat)`, which keeps exactly what the seat sees and draws everything else from that view
 * and the stream (the conformance battery checks both), so the truth of the hidden cards never
 * reaches an estimate: two positions the seat cannot tell apart give the same evaluation.
 */

/**
 * Lost win chance (best action's minus the played one's) at or above which a decision is marked.
 * Win chance alone never marks a seat that has no chance left (its every action wins 0%), which
 * is where a weak bot spends most of its game; so expected points lost against the cheapest action
 * mark too (POINT_THRESHOLDS), and a decision takes the heavier of the two marks.
 */
export const THRESHOLDS = Object.freeze({ inaccuracy: 0.05, mistake: 0.1, blunder: 0.2 });
/** Expected points lost (score of the played action minus the lowest expected score) at or above which a decision is marked. */
export const POINT_THRESHOLDS = Object.freeze({ inaccuracy: 2, mistake: 5, blunder: 10 });
export type Mark = 'inaccuracy' | 'mistake' | 'blunder';

export interface ActionValue {
  /** The game's contract action code. */
  action: number;
  /** As the game names it ("take", "play 34", "take row 2"). */
  name: string;
  /** Mean share of the win over the samples (ties split), and its standard error. */
  win: number;
  winSe: number;
  /** Mean final score of the seat, and its standard error. */
  score: number;
  scoreSe: number;
}

export interface DecisionValue {
  actions: ActionValue[];
  samples: number;
  /** Index into `actions` of the best action (highest win chance; ties: lower expected score, then the first). */
  best: number;
  /** Index into `actions` of the action played. */
  played: number;
  /** Win chance lost by the played action against the best, and the standard error of that paired difference. */
  winLoss: number;
  winLossSe: number;
  /** Expected points the played action costs against the action of lowest expected score (paired standard error). */
  pointLoss: number;
  pointLossSe: number;
  /** The heaviest mark whose threshold the win-chance loss or the points loss reaches, if any. */
  mark: Mark | null;
  /** How sure the mark is: the chance the true loss reaches its threshold, given the estimate and its standard error (normal approximation). */
  sure: number | null;
}

/** P(true loss >= threshold) for an estimate with this standard error. */
export function sureOf(loss: number, se: number, threshold: number): number {
  if (se === 0) return loss >= threshold ? 1 : 0;
  return 0.5 * (1 + errorFunction((loss - threshold) / se / Math.SQRT2));
}

const MARKS: readonly Mark[] = ['blunder', 'mistake', 'inaccuracy'];

/** The heaviest mark either loss reaches, and how sure it is (the larger of the two criteria's chances of reaching that mark's thresholds). */
export function markOf(winLoss: number, winLossSe: number, pointLoss: number, pointLossSe: number): { mark: Mark | null; sure: number | null } {
  // A hair below a threshold is float noise of a mean, not a smaller loss.
  for (const mark of MARKS) {
    if (winLoss + 1e-9 >= THRESHOLDS[mark] || pointLoss + 1e-9 >= POINT_THRESHOLDS[mark])
      return { mark, sure: Math.max(sureOf(winLoss, winLossSe, THRESHOLDS[mark]), sureOf(pointLoss, pointLossSe, POINT_THRESHOLDS[mark])) };
  }
  return { mark: null, sure: null };
}

/** One evaluator per game and rules (in each worker): its States and sample buffers are made once. */
export class DecisionEvaluator {
  private readonly domain: ContractDomain<State>;
  private readonly policy: { evaluating?(seat: number): void };
  /** The real position being evaluated and its seat (read by the domain's loader). */
  private real!: State;
  private seat = 0;
  private wins = new Float64Array(0);
  private scores = new Float64Array(0);

  constructor(
    private readonly game: RegisteredGame,
    rules: { players: number },
    readonly samples: number,
  ) {
    const { scratch, policy } = game.rollout.make(rules);
    this.policy = policy;
    this.domain = new ContractDomain<State>(
      game.newState(rules),
      scratch,
      (root, random) => {
        root.copyFrom(this.real);
        root.resample(this.seat, random);
      },
      policy,
    );
  }

  /**
   * Evaluates every legal action of `seat` in `state` (left unchanged); `played` is the action the
   * record holds, or null for a position with no action played yet (`nothanks eval`, the advisor):
   * its losses are then the best action's, zero.
   */
  evaluate(state: State, seat: number, played: number | null, random: Random): DecisionValue {
    const { domain } = this;
    this.real = state;
    this.seat = seat;
    domain.root.copyFrom(state);
    const n = domain.candidates(seat);
    const codes = Array.from(domain.actions.subarray(0, n));
    let playedAt = played === null ? 0 : codes.indexOf(played);
    if (played !== null && playedAt < 0) throw new Error(`seat ${seat}'s recorded action ${state.describeAction(played)} is not legal here`);
    const K = this.samples;
    if (this.wins.length < n * K) {
      this.wins = new Float64Array(n * K);
      this.scores = new Float64Array(n * K);
    }
    const { wins, scores } = this;
    this.policy.evaluating?.(seat);
    const players = state.players;
    for (let k = 0; k < K; k++) {
      domain.sample(random);
      for (let c = 0; c < n; c++) {
        domain.playout(c);
        const mine = domain.score(seat);
        let best = Infinity;
        let tied = 1;
        for (let p = 0; p < players; p++) {
          if (p === seat) continue;
          const v = domain.score(p);
          if (v < best) best = v;
          if (v === mine) tied++;
        }
        wins[c * K + k] = mine < best ? 1 : mine === best ? 1 / tied : 0;
        scores[c * K + k] = mine;
      }
    }
    const actions: ActionValue[] = codes.map((action, c) => {
      const [win, winSe] = meanSe(wins, c * K, K);
      const [score, scoreSe] = meanSe(scores, c * K, K);
      return { action, name: state.describeAction(action), win, winSe, score, scoreSe };
    });
    let best = 0;
    let cheapest = 0;
    for (let c = 1; c < n; c++) {
      const a = actions[c]!;
      const b = actions[best]!;
      if (a.win > b.win || (a.win === b.win && a.score < b.score)) best = c;
      if (a.score < actions[cheapest]!.score) cheapest = c;
    }
    if (played === null) playedAt = best;
    const [winLoss, winLossSe] = n === 1 ? [0, 0] : pairedMeanSe(wins, best * K, playedAt * K, K);
    const [pointLoss, pointLossSe] = n === 1 ? [0, 0] : pairedMeanSe(scores, playedAt * K, cheapest * K, K);
    const { mark, sure } = markOf(winLoss, winLossSe, pointLoss, pointLossSe);
    return {
      actions,
      samples: K,
      best,
      played: playedAt,
      winLoss,
      winLossSe,
      pointLoss,
      pointLossSe,
      mark,
      sure,
    };
  }

  get gameId(): string {
    return this.game.id;
  }
}

/** Mean of values[from..from+k) and its standard error. */
function meanSe(values: Float64Array, from: number, k: number): [number, number] {
  let sum = 0;
  for (let i = 0; i < k; i++) sum += values[from + i]!;
  const mean = sum / k;
  if (k < 2) return [mean, 0];
  let ss = 0;
  for (let i = 0; i < k; i++) ss += (values[from + i]! - mean) ** 2;
  return [mean, Math.sqrt(ss / (k - 1) / k)];
}

/** Mean of the paired differences values[a+i] - values[b+i] and its standard error (common random numbers). */
function pairedMeanSe(values: Float64Array, a: number, b: number, k: number): [number, number] {
  let sum = 0;
  for (let i = 0; i < k; i++) sum += values[a + i]! - values[b + i]!;
  const mean = sum / k;
  if (k < 2) return [mean, 0];
  let ss = 0;
  for (let i = 0; i < k; i++) ss += (values[a + i]! - values[b + i]! - mean) ** 2;
  return [mean, Math.sqrt(ss / (k - 1) / k)];
}
