import { protect } from '../game/protect.js';
import type { State } from '../game/contract.js';
import type { Random } from '../game/seed.js';
import type { SearchDomain } from './flat.js';

/** A rollout policy over the contract: the action `seat` plays in `state` (a legal contract action). */
export interface ContractPolicy<S extends State> {
  /** Called once per sample, before its playouts: draws what the sample fixes (noise keys, models). */
  beginSample?(random: Random): void;
  /** Called at the start of every playout (re-key per-playout streams so candidates share draws). */
  beginPlayout?(): void;
  act(state: S, seat: number): number;
  /**
   * act's law in `state` for `seat`, for exact evaluation (src/analysis/exact.ts): writes the
   * actions it may play and their probabilities (summing to 1; a zero is allowed) and returns how
   * many. A policy without it can only be sampled.
   */
  distribution?(state: S, seat: number, actions: Int32Array, probs: Float64Array): number;
  /** The seat whose decision is being evaluated, before its samples (its own later moves may be played otherwise than the others'). */
  evaluating?(seat: number): void;
}

/**
 * The search domain of any game, through the game contract only: the root candidates are the
 * seat's legal actions; a playout copies the sampled position into a scratch State, applies the
 * candidate and lets the policy act for every acting seat (one after another within a
 * simultaneous choice: a choice stays secret until the turn resolves) until the State is over.
 *
 * The game supplies `load`, which re-samples what the seat cannot see and leaves the determinized
 * position in `root` (each game's HiddenSampler builds it from the seat's Observation only, never
 * from the real game's engine). The root and scratch States are allocated once; nothing per playout.
 */
export class ContractDomain<S extends State> implements SearchDomain {
  readonly players: number;
  /** Root candidates (legal actions of the seat), filled by `candidates`. */
  readonly actions = new Int32Array(512);
  private readonly seats = new Int32Array(64);
  private me = 0;
  /** Moves played in playouts (the candidate's and every later one) since `candidates` last listed the root's: the search's work count. */
  private moves = 0;

  constructor(
    readonly root: S,
    private readonly scratch: S,
    private readonly load: (root: S, random: Random) => void,
    private readonly policy: ContractPolicy<S>,
  ) {
    this.players = root.players;
  }

  /** Sets the acting seat and lists its legal actions in the current root; returns how many. */
  candidates(me: number): number {
    this.me = me;
    this.moves = 0;
    return this.root.legalActions(me, this.actions);
  }

  sample(random: Random): void {
    this.load(this.root, random);
    this.policy.beginSample?.(random);
  }

  playout(index: number): void {
    const s = this.scratch;
    const { seats, policy } = this;
    s.copyFrom(this.root);
    policy.beginPlayout?.();
    s.apply(this.me, this.actions[index]!);
    let moves = 1;
    while (!s.isOver()) {
      const n = s.actingSeats(seats);
      for (let i = 0; i < n; i++) s.apply(seats[i]!, policy.act(s, seats[i]!));
      moves += n;
    }
    this.moves += moves;
  }

  /** Moves played in playouts since the root's candidates were listed (this decision's). */
  work(): number {
    return this.moves;
  }

  score(seat: number): number {
    return this.scratch.score(seat);
  }
}

/**
 * A game's rollout policy for generic evaluation (the analysis, src/analysis/): what plays every
 * seat after a candidate, on a scratch State of its own. Each game's bots folder supplies one
 * (src/games/<game>/bots/rollout.ts), the strongest policy that is cheap enough to play thousands of
 * games a decision.
 */
export interface RolloutPolicyMaker {
  /** What plays every seat in the rollouts, for docs and outputs. */
  readonly describe: string;
  /** A scratch State for `rules` (the playouts run on it; the game's root State copies into it) and the policy that reads it. */
  make(rules: { players: number }): { scratch: State; policy: ContractPolicy<State> };
}

// Frozen before a bot file loads (src/game/protect.ts): made only once a bot plays, so not reached through the built-in bots' fields.
protect(ContractDomain);
