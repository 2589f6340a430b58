import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AgentDefinition } from '../game/agent.js';
import type { Plugin } from 'esbuild';
import { UserError } from '../errors.js';
import { freezeLabClasses } from '../game/protect.js';
import { DEFAULT_GAME, GAMES, gameById } from '../registry.js';
import { PROJECT_ROOT } from '../paths.js';
import { describeError, hasControlCharacters, printable } from '../text.js';
import { parseSpec, programAdvice, type AgentSpec } from './spec.js';
import { builtinAgent, builtinsByName, resolveParams, type LoadedAgent } from './builtin.js';

export { checkBot, createBot, resolveParams, type LoadedAgent } from './builtin.js';

/** A game's built-in bots (src/games/<game>/bots/), by name. */
export function builtinAgents(game: string): ReadonlyMap<string, AgentDefinition> {
  return builtinsByName(gameById(game));
}

const fileCache = new Map<string, Promise<AgentDefinition>>();

/** Resolves a spec for `game`: one of its built-in bots, or a bot file written for that game. */
export async function loadAgent(text: string, game: string = DEFAULT_GAME): Promise<LoadedAgent> {
  const spec = parseSpec(text);
  let definition: AgentDefinition;
  let file: string | undefined;
  if (spec.isFile) {
    const path = (file = resolve(spec.source));
    // Before the first line of a bot file runs in this thread: see src/game/protect.ts.
    freezeLabClasses();
    if (!fileCache.has(path)) fileCache.set(path, importAgentFile(path));
    definition = await fileCache.get(path)!;
    // A file without a game is a No Thanks! bot (the lab's first game; older bot files say nothing).
    const plays = definition.game ?? DEFAULT_GAME;
    if (plays !== game) throw new UserError(`agent file ${path} is a ${plays} bot, not a ${game} bot`);
  } else if (spec.kind === 'program') {
    throw new UserError(
      `agent "${spec.text}" is a bot program: tournaments, sweeps, ladders and experiments play it in a process of its own (docs/protocol.md); it cannot be loaded in this thread`,
    );
  } else {
    return builtinAgent(spec, gameById(game));
  }
  const params = resolveParams(definition, spec);
  const label = agentLabel(definition.name, spec);
  return { spec, definition, params, label, file, create: () => definition.create(params) };
}

/**
 * A file bot's label: its definition's name and the parameters as the spec writes them, in the
 * built-ins' spec style (`name:key=value,...`), so the same rule names built-in and file bots alike.
 */
export function agentLabel(name: string, spec: AgentSpec): string {
  const params = Object.entries(spec.params).map(([k, v]) => `${k}=${v}`);
  return params.length ? `${name}:${params.join(',')}` : name;
}

/**
 * Loads a pool and makes its labels unique. Built-in labels never change (they are the specs,
 * already distinct in a pool); a file or program bot whose label is taken (two files with one
 * name, or a file or program named like a built-in) gets the first free suffix `#2`, `#3`, ... in pool order. Every thread
 * that loads the same pool gets the same labels.
 */
export async function loadPool(
  specs: readonly string[],
  game: string = DEFAULT_GAME,
  load: (spec: string, game: string) => Promise<LoadedAgent> = loadAgent,
): Promise<LoadedAgent[]> {
  const loaded = await Promise.all(specs.map((spec) => load(spec, game)));
  // Only a built-in's label is its own: a bot file or program names itself, and may name itself
  // like another bot (a program greeting as "greedy" beside the built-in greedy).
  const taken = new Set(loaded.filter((a) => a.spec.kind === 'builtin').map((a) => a.label));
  return loaded.map((a) => {
    if (a.spec.kind === 'builtin') return a;
    let label = a.label;
    for (let k = 2; taken.has(label); k++) label = `${a.label}#${k}`;
    taken.add(label);
    return { ...a, label };
  });
}

/**
 * A digest (SHA-256, 16 hex digits) of each bot file a list of specs names, by spec: a run's
 * manifest keeps them, so a resume or merge with an edited bot file is refused instead of mixing
 * two versions of a bot in one result. Covers the file itself, not the helpers it imports.
 */
export function botFileDigests(specs: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const text of specs) {
    const spec = parseSpec(text);
    if (spec.kind === 'program') out[spec.text] = programDigest(spec.source);
    if (!spec.isFile) continue;
    const path = resolve(spec.source);
    out[spec.text] = existsSync(path) ? createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 16) : 'missing';
  }
  return out;
}

/**
 * A bot program's digest, as a bot file's: its manifest (for a `.bot.json`) and every word of its
 * command that names a file outside the system's folders (its script, its compiled program), so a
 * program edited between an interrupt and --resume is refused like an edited bot file.
 */
function programDigest(source: string): string {
  const hash = createHash('sha256');
  const isFile = (path: string): boolean => existsSync(path) && statSync(path).isFile() && !/^\/(usr|bin|sbin|lib|lib64)\//.test(path);
  let words: string[];
  let folder = process.cwd();
  if (source.startsWith('exec:')) words = [...source.slice(5).matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
  else {
    const manifest = resolve(source);
    if (!existsSync(manifest)) return 'missing';
    const text = readFileSync(manifest);
    hash.update(text);
    folder = dirname(manifest);
    try {
      const command = (JSON.parse(text.toString('utf8')) as { command?: unknown }).command;
      words = Array.isArray(command) ? command.filter((w): w is string => typeof w === 'string') : [];
    } catch {
      words = [];
    }
  }
  for (const word of words) {
    const path = resolve(folder, word);
    if (isFile(path)) hash.update(path).update(readFileSync(path));
  }
  return hash.digest('hex').slice(0, 16);
}

/** For tournaments, sweeps and experiments: a bot that waits for a person would hang them. */
export function assertBot(agent: LoadedAgent): LoadedAgent {
  if (agent.definition.interactive) {
    throw new UserError(
      `agent "${agent.label}" waits for a person at the terminal: play against it with \`nothanks play\`; tournaments, sweeps and experiments seat bots only`,
    );
  }
  return agent;
}

/** loadAgent, refusing the human bots (see assertBot). */
export async function loadBot(text: string, game: string = DEFAULT_GAME): Promise<LoadedAgent> {
  return assertBot(await loadAgent(text, game));
}

/**
 * An esbuild plugin that points a bot's `import ... from 'nothanks-lab'` (or a subpath such as
 * 'nothanks-lab/<game id>') at the files of the lab that is running it, through its package.json
 * `exports`: a bot file anywhere on disk then works with this lab, whether or not its own folder
 * has the package installed, and never binds to a second copy.
 */
function labImports(): Plugin {
  const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { name: string; exports?: Record<string, string | { default?: string }> };
  const escaped = pkg.name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return {
    name: 'lab-imports',
    setup(b) {
      b.onResolve({ filter: new RegExp(`^${escaped}(/.*)?$`) }, (args) => {
        const subpath = `.${args.path.slice(pkg.name.length)}`;
        const target = exportTarget(pkg.exports ?? {}, subpath);
        if (!target)
          return {
            errors: [
              {
                text: `"${args.path}" is not an entry of the lab (${[pkg.name, ...[...GAMES.keys()].map((id) => `${pkg.name}/${id}`)].join(', ')})`,
              },
            ],
          };
        return { path: pathToFileURL(join(PROJECT_ROOT, target)).href, external: true };
      });
    },
  };
}

/**
 * The file a subpath of the package's `exports` names, as Node resolves it: an exact entry, or a
 * pattern (`./*`: each game's bot interface, `nothanks-lab/<game id>`) whose target exists.
 */
function exportTarget(exports: Record<string, string | { default?: string }>, subpath: string): string | undefined {
  const targetOf = (entry: string | { default?: string } | undefined): string | undefined => (typeof entry === 'string' ? entry : entry?.default);
  if (Object.hasOwn(exports, subpath)) return targetOf(exports[subpath]);
  for (const [key, entry] of Object.entries(exports)) {
    const star = key.indexOf('*');
    if (star < 0 || !subpath.startsWith(key.slice(0, star)) || !subpath.endsWith(key.slice(star + 1))) continue;
    const matched = subpath.slice(star, subpath.length - (key.length - star - 1));
    const target = targetOf(entry)?.replaceAll('*', matched);
    if (target && !matched.includes('/') && existsSync(join(PROJECT_ROOT, target))) return target;
  }
  return undefined;
}

/**
 * The JavaScript a bot file runs as: the file itself, or for TypeScript a bundle with esbuild (relative imports included, the
 * lab's own package name pointed at this lab by labImports, other packages left to node_modules)
 * into a cached .mjs named by a hash of the bundle itself: an edit to any file the bot imports
 * gives a new bundle, so stale code never runs. Bundling is done once per thread (milliseconds);
 * worker threads import plain JavaScript and nothing is transpiled in the game loop.
 */
export async function bundleAgentFile(path: string): Promise<string> {
  const advice = programAdvice(path);
  if (advice) throw new UserError(`agent file ${path} is not a JavaScript or TypeScript bot file${advice}`);
  if (!existsSync(path)) throw new UserError(`agent file ${path} does not exist`);
  let target = path;
  if (/\.(m|c)?ts$/.test(path)) {
    let code: Uint8Array;
    try {
      // Loaded on demand: worker threads that play built-in bots never pay for esbuild.
      const { build } = await import('esbuild');
      const out = await build({
        entryPoints: [path],
        bundle: true,
        format: 'esm',
        platform: 'node',
        write: false,
        logLevel: 'silent',
        packages: 'external',
        plugins: [labImports()],
      });
      code = out.outputFiles[0]!.contents;
    } catch (err) {
      const first = (err as { errors?: { text: string }[] }).errors?.[0]?.text ?? String(err);
      throw new UserError(`agent file ${path} does not compile: ${first}`);
    }
    // The bundle names the lab's own files (labImports), so a lab in another folder gets its own.
    const hash = createHash('sha256').update(path).update('\0').update(code).digest('hex').slice(0, 16);
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
  return target;
}

/** The longest name a bot file may give itself (bot programs: MAX_NAME in src/tournament/sandbox/program.ts). */
export const MAX_NAME_LENGTH = 64;

/** Imports a bot file (bundled first, see bundleAgentFile) and checks what it exports. */
async function importAgentFile(path: string): Promise<AgentDefinition> {
  const target = await bundleAgentFile(path);
  let mod: Record<string, unknown>;
  try {
    mod = (await import(pathToFileURL(target).href)) as Record<string, unknown>;
  } catch (err) {
    throw new UserError(`agent file ${path} failed to load: ${describeError(err)}`);
  }
  const def = (mod.default ?? mod.agent) as Partial<AgentDefinition> | undefined;
  if (!def || typeof def !== 'object' || typeof def.create !== 'function') {
    throw new UserError(`agent file ${path} does not export a bot: export default { name, description, params, create }`);
  }
  if (def.game !== undefined && typeof def.game !== 'string') throw new UserError(`agent file ${path}: "game" must be a game id, a string`);
  // Read once: a getter could answer the checks with one name and the label with another.
  const name: unknown = def.name;
  if (name !== undefined && (typeof name !== 'string' || !name.trim()))
    throw new UserError(`agent file ${path}: "name" must be a non-empty string (the bot's label in tables)`);
  // A name reaches terminals, reports and CSVs: an escape sequence in it would act there.
  if (name !== undefined && hasControlCharacters(name))
    throw new UserError(`agent file ${path}: "name" must not hold control characters, got ${printable(JSON.stringify(name))}`);
  if (name !== undefined && name.trim().length > MAX_NAME_LENGTH)
    throw new UserError(`agent file ${path}: "name" must be at most ${MAX_NAME_LENGTH} characters (it stands in every table), got ${name.trim().length}`);
  // A bot without a name is labelled by its file's name (not its whole path).
  return {
    name: name?.trim() ?? basename(path).replace(/\.(m|c)?(t|j)s$/, ''),
    game: def.game,
    description: def.description ?? '',
    params: def.params ?? {},
    interactive: def.interactive === true,
    create: def.create,
  } as AgentDefinition;
}
