/**
 * Figures of the speed issue's starting point (issue 29, commit 1f3fa4d) that have no yardstick in
 * the same run (no C reference): the benchmark prints today's figure against them. They are
 * absolute, so a busy machine depresses the ratio; docs/speed.md has the alternating A/B runs.
 */
export const ISSUE_29_START = {
  /** No Thanks! mc at its default setting (the issue's figure). */
  noThanksMcRolloutsPerSecond: 780_000,
  /** 6 nimmt! heuristic x4 rounds/s over the C reference's random x4 rounds/s, measured side by side. */
  sixHeuristicVsC: 0.1,
  /** 6 nimmt! mc at its default setting against three heuristic bots. */
  sixMcMsPerDecision: 1.0,
  /** Special cards, value in 3 seats. */
  specialsValueGamesPerSecond: 12_000,
} as const;
