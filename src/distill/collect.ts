import type { RulesInput } from '../game/contract.js';
import type { DistillKit } from '../games/manifest.js';
import { UserError } from '../errors.js';
import { gameById } from '../registry.js';
import { runTournament, untilStopped } from '../tournament/run.js';
import type { Decisions } from './fit.js';

/** Where the decisions come from: the bot in every seat of a table, on the lab's duplicate deals. */
export interface SampleOptions {
  game: string;
  bot: string;
  rules: RulesInput;
  games: number;
  seed: string;
  threads?: number;
  signal?: AbortSignal;
  onProgress?(done: number, total: number): void;
}

export interface Sample {
  decisions: Decisions;
  /** Decisions with one legal action (left out of the fit). */
  forced: number;
  games: number;
  partial: boolean;
  stopped?: string;
}

/** The game's DistillKit, or the one-line reason it has none. */
export function distillKitOf(game: string): DistillKit {
  const g = gameById(game);
  if (!g.distill) throw new UserError(`distill: ${g.id} has no distilled rule yet`);
  return g.distill;
}

/** Growable column storage of decisions. */
class DecisionColumns {
  private x: number[] = [];
  private score: number[] = [];
  private act: number[] = [];
  constructor(
    private readonly width: number,
    private readonly values: readonly number[] | undefined,
  ) {}
  push(x: Float64Array, score: number, act: boolean): void {
    for (let j = 0; j < this.width; j++) this.x.push(x[j]!);
    this.score.push(score);
    this.act.push(act ? 1 : 0);
  }
  done(): Decisions {
    return {
      width: this.width,
      x: Float64Array.from(this.x),
      score: Float64Array.from(this.score),
      act: Uint8Array.from(this.act),
      count: this.score.length,
      ...(this.values ? { values: this.values } : {}),
    };
  }
}

/**
 * Plays `games` deals with the bot in every seat (a self-play tournament: worker threads, progress,
 * the same numbers for any thread count) and reads every decision back from the records on the
 * forward model: the deciding seat's observation gives the features (DistillKit.decision), the
 * record the action.
 */
export async function sampleDecisions(o: SampleOptions): Promise<Sample> {
  const game = gameById(o.game);
  const kit = distillKitOf(o.game);
  const rules = game.makeRules(o.rules);
  const width = kit.features(rules).length;
  const columns = new DecisionColumns(width, kit.values);
  const x = new Float64Array(width);
  const seats = new Int32Array(64);
  let forced = 0;
  const result = await untilStopped(
    runTournament({
      game: o.game,
      pool: [o.bot],
      selfPlay: true,
      rules: o.rules,
      games: o.games,
      seed: o.seed,
      records: true,
      ...(o.threads === undefined ? {} : { threads: o.threads }),
      ...(o.signal ? { signal: o.signal } : {}),
      ...(o.onProgress ? { onProgress: o.onProgress } : {}),
      onBatch(_batch, res) {
        for (const line of res.records ?? []) {
          const { state, actionOf } = game.recordedGame(JSON.parse(line));
          while (!state.isOver()) {
            const n = state.actingSeats(seats);
            const acting = Array.from(seats.subarray(0, n));
            // Every seat of a simultaneous turn is read before any choice is applied.
            const chosen = acting.map((seat) => actionOf(seat));
            acting.forEach((seat, i) => {
              const d = kit.decision(state.observation(seat), chosen[i]!, x);
              if (d === null) forced++;
              else columns.push(x, d.score, d.act);
            });
            for (let i = 0; i < n; i++) state.apply(acting[i]!, chosen[i]!);
          }
        }
      },
    }),
  );
  return {
    decisions: columns.done(),
    forced,
    games: result.gamesPlayed,
    partial: result.partial,
    ...(result.stopped === undefined ? {} : { stopped: result.stopped }),
  };
}
