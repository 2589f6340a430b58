import type { AgentDefinition } from '../game/agent.js';
import type { GameDefinition, GameRecordBase } from '../game/contract.js';
import type { DealEnumeration } from '../game/deal-enumeration.js';
import type { RolloutPolicyMaker } from '../search/contract.js';

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
   * Positions the analysis samples per decision by default: about 10-30 ms a decision on one core
   * (docs/analysis.md), enough for a win-chance standard error near 0.02 on a clear decision.
   */
  readonly analysisSamples: number;
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
