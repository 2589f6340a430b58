import type { AgentDefinition, ParamValues } from '../game/agent.js';
import { AgentError, UserError } from '../errors.js';
import { DECIMAL, describeError } from '../text.js';
import { programAdvice, type AgentSpec } from './spec.js';

/*
 * A game's built-in bots, loaded from the game as given: no registry, no bot files. A tournament
 * worker thread that seats only built-in bots loads its one game (src/game-loader.ts) and its bots
 * here, without importing every game (src/agents/registry.ts, which re-exports these, reaches them
 * through src/registry.ts).
 */

/** A spec resolved to its definition and validated parameters: create() makes a fresh bot. */
export interface LoadedAgent {
  spec: AgentSpec;
  definition: AgentDefinition;
  params: ParamValues;
  /**
   * The bot's name in tables, charts, summaries and records: a built-in's spec as written; a file
   * bot's own `name` with the spec's parameters (`run-builder:slack=8`), never its path (the path is
   * `spec.source`, kept in the run's metadata). In a pool, `loadPool` makes labels unique.
   */
  label: string;
  /** The bot file's absolute path (file bots only). */
  file?: string;
  create(): object;
}

/** A game's built-in bots by name. */
export function builtinsByName(game: { readonly agents: readonly AgentDefinition[] }): ReadonlyMap<string, AgentDefinition> {
  return new Map(game.agents.map((d) => [d.name, d]));
}

/** A built-in spec of `game` resolved: its definition, validated parameters and label (the spec as written). */
export function builtinAgent(spec: AgentSpec, game: { readonly id: string; readonly agents: readonly AgentDefinition[] }): LoadedAgent {
  const builtin = builtinsByName(game);
  const definition = builtin.get(spec.source);
  if (!definition)
    throw new UserError(
      `unknown agent "${spec.source}" for ${game.id} (known: ${[...builtin.keys()].join(', ')}, or a path to a .ts/.js bot file)${programAdvice(spec.source)}`,
    );
  const params = resolveParams(definition, spec);
  return { spec, definition, params, label: spec.text, create: () => definition.create(params) };
}

/** A bot's create(), a throw turned into the one line naming the bot (and its file, when given). */
export function createBot(agent: { label: string; create(): unknown }, file?: string): object {
  const named = `bot "${agent.label}"${file === undefined ? '' : ` (${file})`}`;
  let bot: unknown;
  try {
    bot = agent.create();
  } catch (err) {
    throw new AgentError(`${named} failed to start: ${describeError(err)}`);
  }
  // Checked here, once, so the game loop can call decide() without asking what it was given.
  if (typeof bot !== 'object' || bot === null || typeof (bot as { decide?: unknown }).decide !== 'function') {
    throw new AgentError(`${named} failed to start: create() returned ${bot === null ? 'null' : typeof bot}, not an object with a decide() method`);
  }
  return bot;
}

/**
 * A built-in's own check before a run (AgentDefinition.check), a throw turned into createBot's one
 * line: a run's main thread calls it once per bot, before any game.
 */
export async function checkBot(agent: LoadedAgent, rules: unknown): Promise<void> {
  try {
    await agent.definition.check?.(agent.params, rules);
  } catch (err) {
    throw new AgentError(`bot "${agent.label}" failed to start: ${describeError(err)}`);
  }
}

export function resolveParams(def: AgentDefinition, spec: AgentSpec): ParamValues {
  const out: ParamValues = {};
  for (const [key, p] of Object.entries(def.params)) out[key] = p.default;
  for (const [key, raw] of Object.entries(spec.params)) {
    // Own properties only: "constructor" or "toString" must not find Object.prototype's.
    const p = Object.hasOwn(def.params, key) ? def.params[key] : undefined;
    if (!p) {
      const known = Object.keys(def.params);
      throw new UserError(
        `agent "${spec.text}": unknown parameter "${key}" (${known.length ? `known: ${known.join(', ')}` : `${def.name} takes no parameters`})`,
      );
    }
    if ('text' in p) {
      out[key] = raw;
      continue;
    }
    if ('choices' in p) {
      if (!p.choices.includes(raw)) throw new UserError(`agent "${spec.text}": ${key} must be one of ${p.choices.join(', ')}, got "${raw}"`);
      out[key] = raw;
      continue;
    }
    // Decimal notation only: the spec is the bot's name in every table.
    const v = DECIMAL.test(raw) ? Number(raw) : Number.NaN;
    const kind = p.integer ? 'an integer' : 'a number';
    if (!Number.isFinite(v) || (p.integer && !Number.isInteger(v)) || v < p.min || v > p.max) {
      throw new UserError(`agent "${spec.text}": ${key} must be ${kind} from ${p.min} to ${p.max}, got "${raw}"`);
    }
    out[key] = v;
  }
  return out;
}
