/**
 * The speed baseline: figures the benchmark measured when its speed targets were set (commit
 * 1f3fa4d) that have no yardstick in the same run (no C reference): the benchmark prints today's
 * figure against them. They are absolute, so a busy machine depresses the ratio; docs/notes/speed.md
 * has the alternating A/B runs.
 */
export const SPEED_BASELINE = {
  /** No Thanks! mc at its default setting (the figure when the targets were set). */
  noThanksMcRolloutsPerSecond: 780_000,
  /**
   * 6 nimmt! heuristic x4 rounds/s over the C reference's random x4 rounds/s in the same bench run
   * (0.15 and 0.18 in two runs on a busy machine, the heuristic and engine as at the start).
   */
  sixHeuristicVsC: 0.17,
  /** 6 nimmt! mc at its default setting against three heuristic bots (docs/notes/speed.md's idle figure, 1.02 ms). */
  sixMcMsPerDecision: 1.0,
  /**
   * 6 nimmt! search against three heuristic bots at the start's budget (80 samples, the default
   * then; docs/notes/speed.md's figure from scripts/search-timing.mjs).
   */
  sixSearchMsPerDecision: 0.98,
  /** Special cards, value in 3 seats. */
  specialsValueGamesPerSecond: 12_000,
} as const;
