import type { AgentDefinition } from '../game/agent.js';
import type { GameDefinition, GameRecordBase } from '../game/contract.js';
import type { PositionNotation } from '../game/position.js';
import type { DealEnumeration } from '../game/deal-enumeration.js';
import type { HiddenChance } from '../game/hidden-chance.js';
import type { RolloutPolicyMaker } from '../search/contract.js';
import type { RuleFeature } from '../game/distilled-rule.js';

/**
 * What `nothanks distill` needs of a game whose bots' decisions it writes as a threshold rule
 * (src/game/distilled-rule.ts): the decision's features and score, read from the deciding seat's
 * observation only, and the built-in bot that plays a rule file.
 */
export interface DistillKit {
  /** The built-in bot that plays a rule file (`<ruleBot>:file=PATH.json`). */
  readonly ruleBot: string;
  /** The simple bot a rule bot is measured against besides its original (`distill --measure`). */
  readonly baseline: string;
  /** The rule's kind, as its file names it. */
  readonly kind: string;
  /** The score in words, and the action the rule takes when the score is at most T. */
  readonly score: string;
  readonly action: string;
  /** The whole rule in one sentence, T standing for the context's value ("take when ... <= T"). */
  readonly sentence: string;
  /** What the decisions left out of the fit are ("forced takes"). */
  readonly leftOut: string;
  /**
   * A rule of a parameter from this list rather than a threshold: decision() then gives as its
   * score the bit mask of the values whose rule agrees with the decision (bit i: values[i]).
   */
  readonly values?: readonly number[];
  /** The features a context may constrain under these rules, with the bands distill splits them into. */
  features(rules: { players: number }): readonly RuleFeature[];
  /**
   * One decision from the deciding seat's observation and the action id it chose: its features
   * written into x (in the order of features()), its score, and whether it took the rule's action;
   * null for a decision the rule leaves out (one legal action; a decision of another kind).
   */
  decision(obs: object, action: number, x: Float64Array): { score: number; act: boolean } | null;
}

/**
 * Everything generic code (tournament, bench, web, analysis, CLI) may know of one game, in the
 * folder src/games/<id>/ whose name is the game's id: its definition (facts, rules, engine,
 * presentation: src/game/contract.ts), its built-in bots, and the settings of generic tools that
 * depend on the game. Each game's manifest.ts exports one as its default export, and
 * src/games/registry.ts lists them. Besides the manifest, a game folder holds two modules generic
 * code loads by these fixed paths (the registry test asks for both):
 * - `web/view.ts`: the web app's drawing of the game (default export: a GameView), bundled for the
 *   browser by src/web/build.ts;
 * - `bench.ts`: the game's benchmark workloads (export `bench`: src/bench/game-bench.ts).
 */
export interface GameManifest<R extends { players: number } = { players: number }, Rec extends GameRecordBase = GameRecordBase, Bot extends object = object>
  extends GameDefinition<R, Rec, Bot> {
  /** The built-in bots, in the order `nothanks agents` lists them (bots/index.ts). */
  readonly agents: readonly AgentDefinition[];
  /** The rollout policy generic evaluation (the analysis) plays every seat with (bots/rollout.ts). */
  readonly rollout: RolloutPolicyMaker;
  /**
   * Its hidden part as enumerable chance (hidden-chance.ts), with a rollout policy that gives its
   * law: the exact evaluator of small positions (`nothanks eval --with exact`). Absent: rollouts only.
   */
  readonly chance?: HiddenChance;
  /**
   * Positions the analysis samples per decision by default: about 10-30 ms a decision on one core
   * (docs/analysis.md), enough for a win-chance standard error near 0.02 on a clear decision.
   */
  readonly analysisSamples: number;
  /** Its short position notation and table relay (position.ts): `nothanks eval` and the advisor; a game without one has neither. */
  readonly position?: PositionNotation;
  /** How `nothanks distill` reads its decisions (absent: the game has no distilled rule). */
  readonly distill?: DistillKit;
  /**
   * Every deal of small settings, each equally likely (exact-deals.ts): what `nothanks exploit`'s
   * exact best response walks. Optional: a game without one has no exact exploitability.
   */
  readonly deals?: DealEnumeration<R>;
  /** Other games whose folders this one imports (the special cards use No Thanks!'s deal); the layer check allows only these. */
  readonly uses?: readonly string[];
}

/** The module paths inside a game's folder that generic code loads by convention (see GameManifest). */
export const GAME_MODULES = { webView: 'web/view', bench: 'bench' } as const;
