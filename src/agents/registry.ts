import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AgentDefinition, ParamValues } from '../agent.js';
import { UserError } from '../errors.js';
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
  return { spec, definition, params, label: spec.text, create: () => definition.create(params) };
}

export function resolveParams(def: AgentDefinition, spec: AgentSpec): ParamValues {
  const out: ParamValues = {};
  for (const [key, p] of Object.entries(def.params)) out[key] = p.default;
  for (const [key, raw] of Object.entries(spec.params)) {
    const p = def.params[key];
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
 * Imports a user's bot file. TypeScript is bundled once with esbuild (relative imports included,
 * packages left to node_modules) into a cached .mjs named by a hash of the path and contents, so
 * worker threads import plain JavaScript and no transpiling happens in the game loop.
 */
async function importAgentFile(path: string): Promise<AgentDefinition> {
  if (!existsSync(path)) throw new UserError(`agent file ${path} does not exist`);
  let target = path;
  if (/\.(m|c)?ts$/.test(path)) {
    const hash = createHash('sha256').update(path).update(readFileSync(path)).digest('hex').slice(0, 16);
    // Inside the project so that the bot's package imports resolve from the lab's node_modules.
    const dir = join(PROJECT_ROOT, 'node_modules', '.cache', 'nothanks-agents');
    target = join(dir, `${hash}.mjs`);
    if (!existsSync(target)) {
      mkdirSync(dir, { recursive: true });
      const partial = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      try {
        // Loaded on demand: worker threads that play built-in bots never pay for esbuild.
        const { build } = await import('esbuild');
        await build({ entryPoints: [path], bundle: true, format: 'esm', platform: 'node', outfile: partial, logLevel: 'silent', packages: 'external' });
      } catch (err) {
        const first = (err as { errors?: { text: string }[] }).errors?.[0]?.text ?? String(err);
        throw new UserError(`agent file ${path} does not compile: ${first}`);
      }
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
  return { name: def.name ?? path, game: def.game, description: def.description ?? '', params: def.params ?? {}, create: def.create } as AgentDefinition;
}
