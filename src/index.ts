/**
 * The lab as a library: `import { defineAgent, runTournament } from 'nothanks-lab'`.
 *
 * The root names No Thanks! (the default game) for bot authors; each game's bot interface is also a
 * subpath of its own (`nothanks-lab/no-thanks`, `nothanks-lab/6-nimmt`,
 * `nothanks-lab/no-thanks-specials`) and a namespace here (`sixNimmt`, `noThanksSpecials`). Runners
 * take agent specs: a built-in's name (`threshold:margin=3`) or a bot file's path (`./my-bot.ts`).
 */

// Bots: the generic interface and No Thanks!'s (the default game).
export type { Agent, AgentDefinition, ChoiceParam, GameStart as AnyGameStart, NumberParam, ParamSpec, ParamValues, Random, TextParam } from './game/agent.js';
export { defineAgent, GAME_ID } from './games/no-thanks/agent.js';
export type { Action, GameEvent, GameStart, HistoryEvent, NoThanksAgent, Observation, Rules } from './games/no-thanks/agent.js';
export * as noThanks from './games/no-thanks/agent.js';
export * as noThanksSpecials from './games/no-thanks-specials/agent.js';
export * as sixNimmt from './games/6-nimmt/agent.js';

// Loading bots by spec.
export { builtinAgents, loadAgent, loadPool, type LoadedAgent } from './agents/registry.js';
export { parseSpec, splitLineup, type AgentSpec } from './agents/spec.js';

// The games.
export { DEFAULT_GAME, GAMES, gameById } from './registry.js';
export type { GameDefinition, MetricSpec, RuleOption, RulesInput, State } from './game/contract.js';

// Runners.
export { runTournament, type AgentOrigin, type TournamentOptions, type TournamentResult } from './tournament/run.js';
export { runSequentialTest, type Look, type SequentialTestOptions, type SequentialTestResult } from './tournament/sequential.js';
export { runTune, type TuneDimension, type TuneEvaluation, type TuneOptions, type TuneResult } from './tournament/tune.js';
export { runAnalysis, type AnalysisOptions, type AnalysisResult } from './analysis/run.js';
export { THRESHOLDS as ANALYSIS_THRESHOLDS } from './analysis/evaluate.js';
export type { DecisionEntry } from './analysis/walk.js';
export {
  bestResponseBot,
  playValue,
  solveExploit,
  type ExploitProblem,
  type ExploitResult,
  type SeatExploit,
} from './exploit/solve.js';
export { lowerBound, type LowerBound, type LowerBoundOptions } from './exploit/lower-bound.js';
export { runSweep, type GridAxis, type SweepOptions, type SweepPoint, type SweepResult } from './tournament/sweep.js';
import type { Experiment, RunOptions as ExperimentOptions } from './experiments/experiment.js';
import type { ExperimentRun } from './experiments/run-experiment.js';

export { loadExperiment, validateExperiment, type Experiment, type RunOptions as ExperimentOptions } from './experiments/experiment.js';
export type { ExperimentRun } from './experiments/run-experiment.js';
export type { AgentSummary, TournamentStats } from './stats/tournament-stats.js';
export { summaryJson, writeTournamentOutputs, type RunInfo, type Summary } from './output/tournament-outputs.js';

/**
 * Runs an experiment file's definition (see loadExperiment) and writes its folder and report.html.
 * Loaded on first call: the charting libraries it needs would otherwise load wherever a bot file
 * imports this package, in every worker thread.
 */
export async function runExperiment(exp: Experiment, options: ExperimentOptions = {}): Promise<ExperimentRun> {
  const { runExperiment: run } = await import('./experiments/run-experiment.js');
  return run(exp, options);
}

// Errors a caller can cause (bad settings, misbehaving bots): one-line messages.
export { AgentError, UserError } from './errors.js';
