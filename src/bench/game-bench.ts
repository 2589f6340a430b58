import type { Ratio } from './ratios.js';

/** What `nothanks bench` asks of every game's workloads. */
export interface BenchOptions {
  /** One JSON object on stdout: progress lines are then left out. */
  json: boolean;
  /** Every workload 10x smaller. */
  quick: boolean;
  /** Also build and run the game's C reference engine where there is one (src/bench/reference.ts). */
  reference: boolean;
}

/** A game's benchmark: its figures (the JSON object), its table for people, and its targets as ratios. */
export interface GameBenchResult {
  result: Record<string, unknown>;
  text: string;
  ratios: Ratio[];
}

/**
 * A game's bench.ts (src/games/<id>/bench.ts, the fixed path GAME_MODULES names): its fixed
 * workloads, run in this thread and in worker pools, with ratios taken in the same run.
 */
export interface GameBench {
  bench(opts: BenchOptions): Promise<GameBenchResult>;
}
