import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AgentDefinition, ParamValues } from '../agent.js';
import { AgentError, UserError } from '../errors.js';
import { DEFAULT_GAME, gameById } from '../game/registry.js';
import { PROJECT_ROOT } from '../paths.js';
import { parseSpec, type AgentSpec } from './spec.js';

/** A game's built-in bots (agents/<game>/), by name. */
export function builtinAgents(game: string): ReadonlyMap<string, AgentDefinition> {
  return new Map(gameById(game).agents.map((d) => [d.name, d]));
}

/** A spec resolved to its definition and validated parameters: create() makes a fresh bot. */
export interface LoadedAgent {
  spec: AgentSpec;
  definition: AgentDefinition;
  params: ParamValues;
  /** The spec as written: the bot's label in tables and records. */
  label: string;
  create(): unknown;
}

const fileCache = new Map<string, Promise<AgentDefinition>>();

/** Resolves a spec for `game`: one of its built-in bots, or a bot file written for that game. */
export async function loadAgent(text: string, game: string = DEFAULT_GAME): Promise<LoadedAgent> {
  const spec = parseSpec(text);
  let definition: AgentDefinition;
  if (spec.isFile) {
    const path = resolve(spec.source);
    if (!fileCache.has(path)) fileCache.set(path, importAgentFile(path));
    definition = await fileCache.get(path)!;
    // A file without a game is a No Thanks! bot (the lab's first game; older bot files say nothing).
    const plays = definition.game ?? DEFAULT_GAME;
    if (plays !== game) throw new UserError(`agent file ${path} is a ${plays} bot, not a ${game} bot`);
  } else {
    const builtin = builtinAgents(game);
    const found = builtin.get(spec.source);
    if (!found) throw new UserError(`unknown agent "${spec.source}" for ${game} (known: ${[...builtin.keys()].join(', ')}, or a path to a .ts/.js bot file)`);
    definition = found;
  }
  const params = resolveParams(definition, spec);
  const label = spec.text;
  const create = (): unknown => {
    try {
      return definition.create(params);
    } catch (err) {
      throw new AgentError(`bot "${label}" failed to start: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  return { spec, definition, params, label, create };
}

/** For tournaments, sweeps and experiments: a bot that waits for a person would hang them. */
export async function loadBot(text: string, game: string = DEFAULT_GAME): Promise<LoadedAgent> {
  const agent = await loadAgent(text, game);
  if (agent.definition.interactive) {
    throw new UserError(`agent "${agent.label}" waits for a person at the terminal: play against it with \`nothanks play\`; tournaments, sweeps and experiments seat bots only`);
  }
  return agent;
}

export function resolveParams(def: AgentDefinition, spec: AgentSpec): ParamValues {
  const out: ParamValues = {};
  for (const [key, p] of Object.entries(def.params)) out[key] = p.default;
  for (const [key, raw] of Object.entries(spec.params)) {
    // Own properties only: "constructor" or "toString" must not find Object.prototype's.
    const p = Object.hasOwn(def.params, key) ? def.params[key] : undefined;
    if (!p) {
      const known = Object.keys(def.params);
      throw new UserError(`agent "${spec.text}": unknown parameter "${key}" (${known.length ? `known: ${known.join(', ')}` : `${def.name} takes no parameters`})`);
    }
    if ('choices' in p) {
      if (!p.choices.includes(raw)) throw new UserError(`agent "${spec.text}": ${key} must be one of ${p.choices.join(', ')}, got "${raw}"`);
      out[key] = raw;
      continue;
    }
    const v = Number(raw);
    const kind = p.integer ? 'an integer' : 'a number';
    if (raw === '' || !Number.isFinite(v) || (p.integer && !Number.isInteger(v)) || v < p.min || v > p.max) {
      throw new UserError(`agent "${spec.text}": ${key} must be ${kind} from ${p.min} to ${p.max}, got "${raw}"`);
    }
    out[key] = v;
  }
  return out;
}

/**
 * Imports a user's bot file. TypeScript is bundled with esbuild (relative imports included,
 * packages left to node_modules) into a cached .mjs named by a hash of the bundle itself: an edit
 * to any file the bot imports gives a new bundle, so stale code never runs. Bundling is done once
 * per thread (milliseconds); worker threads import plain JavaScript and nothing is transpiled in
 * the game loop.
 */
async function importAgentFile(path: string): Promise<AgentDefinition> {
  if (!existsSync(path)) throw new UserError(`agent file ${path} does not exist`);
  let target = path;
  if (/\.(m|c)?ts$/.test(path)) {
    let code: Uint8Array;
    try {
      // Loaded on demand: worker threads that play built-in bots never pay for esbuild.
      const { build } = await import('esbuild');
      const out = await build({ entryPoints: [path], bundle: true, format: 'esm', platform: 'node', write: false, logLevel: 'silent', packages: 'external' });
      code = out.outputFiles[0]!.contents;
    } catch (err) {
      const first = (err as { errors?: { text: string }[] }).errors?.[0]?.text ?? String(err);
      throw new UserError(`agent file ${path} does not compile: ${first}`);
    }
    const hash = createHash('sha256').update(path).update(code).digest('hex').slice(0, 16);
    // Inside the project so that the bot's package imports resolve from the lab's node_modules.
    const dir = join(PROJECT_ROOT, 'node_modules', '.cache', 'nothanks-agents');
    target = join(dir, `${hash}.mjs`);
    if (!existsSync(target)) {
      mkdirSync(dir, { recursive: true });
      const partial = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      writeFileSync(partial, code);
      renameSync(partial, target);
    }
  }
  let mod: Record<string, unknown>;
  try {
    mod = (await import(pathToFileURL(target).href)) as Record<string, unknown>;
  } catch (err) {
    throw new UserError(`agent file ${path} failed to load: ${err instanceof Error ? err.message : String(err)}`);
  }
  const def = (mod.default ?? mod.agent) as Partial<AgentDefinition> | undefined;
  if (!def || typeof def !== 'object' || typeof def.create !== 'function') {
    throw new UserError(`agent file ${path} does not export a bot: export default { name, description, params, create }`);
  }
  if (def.game !== undefined && typeof def.game !== 'string') throw new UserError(`agent file ${path}: "game" must be a game id such as "no-thanks"`);
  return { name: def.name ?? path, game: def.game, description: def.description ?? '', params: def.params ?? {}, interactive: def.interactive === true, create: def.create } as AgentDefinition;
}
