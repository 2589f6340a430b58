#!/usr/bin/env node
// The house rule, checked: data flows one way, so every module imports only from its own unit or
// from a unit below it in LAYERS (no arrow up, hence no folder cycles), and a bot reaches its game
// only through the game's public bot surface (agent.ts: types; kit.ts: what search bots may use).
// No two files import each other either, directly or round a circle, anywhere in src/
// (type imports, bare `import './x.js'` and dynamic import() count: each is a module that cannot be
// read without the other).
// Run: node scripts/check-layers.mjs   (prints each offending import and exits 1; src/layers.test.ts runs it)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * Units from the bottom up. A unit is a folder (or one file) of src/; `*` stands for one folder
 * name, so `src/games/*` is every game folder: the games are siblings at one rank, and each game's
 * bots, manifest, web view and bench workloads sit at the ranks of what they use.
 */
export const LAYERS = [
  ['src/errors.ts', 'src/paths.ts', 'src/text.ts'],
  ['src/files.ts'],
  ['src/game'],
  ['src/search'],
  // Models played in process (onnxruntime, Node only): what a game's net bot runs.
  ['src/net'],
  ['src/games/manifest.ts'],
  // Every game's rules and engine (src/games/<id>/), then its built-in bots, then its manifest.
  ['src/games/*'],
  ['src/games/*/bots'],
  ['src/games/*/manifest.ts'],
  ['src/games/registry.ts'],
  // One game and its bots loaded alone (a tournament worker's), below the registry of every game.
  ['src/game-loader.ts'],
  ['src/registry.ts'],
  ['src/agents'],
  ['src/stats'],
  ['src/charts'],
  ['src/tournament'],
  // The engine server of the Python environments: games, bots and the table as a tournament seats them.
  ['src/serve'],
  // Game analysis (evaluator, worker pool, its outputs) sits below the web app, whose viewer shows it.
  ['src/analysis'],
  // The web app (the browser bundle and its server), then each game's drawing in it; both sit
  // below the outputs: reports embed the replay viewer.
  ['src/web'],
  ['src/games/*/web'],
  ['src/output'],
  ['src/ladder'],
  // Exact best responses against lab bots (their tables replayed deal by deal) and the full games' lower bound.
  ['src/exploit'],
  ['src/experiments'],
  ['src/distill'],
  ['src/testing', 'src/bench'],
  ['src/games/*/bench.ts'],
  ['src/cli', 'src/index.ts'],
];
/** What a bot may import of its game's folder. */
const BOT_SURFACE = ['agent.ts', 'kit.ts'];

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');
const rank = new Map(LAYERS.flatMap((units, r) => units.map((u) => [u, r])));
const patterns = [...rank.keys()].map((u) => ({ unit: u, re: new RegExp(`^${u.replace(/[.]/g, '\\.').replace(/\*/g, '[^/]+')}(?=/|$)`) }));

/** The unit a file belongs to (the longest LAYERS entry that is the file or a folder holding it, `*` filled in) and its rank. */
function unitOf(file) {
  let best;
  for (const { unit, re } of patterns) {
    const m = re.exec(file);
    if (m && (!best || unit.length > best.pattern.length)) best = { pattern: unit, path: m[0] };
  }
  return best && { path: best.path, rank: rank.get(best.pattern) };
}

/** The game folder a file is in (src/games/<id>/...), or undefined. */
function gameOf(file) {
  return /^src\/games\/([^/]+)\//.exec(file)?.[1];
}

/** The other games a game's manifest says it uses (`uses: ['no-thanks']`). */
function usesOf(root, game) {
  const manifest = join(root, 'src', 'games', game, 'manifest.ts');
  const list = existsSync(manifest) ? /\buses:\s*\[([^\]]*)\]/.exec(readFileSync(manifest, 'utf8'))?.[1] : undefined;
  return new Set([...(list ?? '').matchAll(/['"]([^'"]+)['"]/g)].map((m) => m[1]));
}

function sources(root, dir) {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) return sources(root, path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
  });
}

/** The files of each circle of imports among `edges` (file -> imported files), a line each (Tarjan's components). */
function circles(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (v) => {
    index.set(v, index.size);
    low.set(v, index.get(v));
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const component = [];
    for (let w = stack.pop(); ; w = stack.pop()) {
      onStack.delete(w);
      component.push(w);
      if (w === v) break;
    }
    // The files of one strongly connected component: each reaches every other through imports.
    if (component.length > 1 || edges.get(v)?.has(v)) found.push(`import circle among: ${component.sort().join(', ')}`);
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

/** Every import of the tree at `root` that breaks the layering or closes a circle, as a line each. */
export function violations(root = ROOT) {
  const found = [];
  const edges = new Map();
  for (const file of sources(root, 'src')) {
    const from = unitOf(file);
    if (from === undefined) {
      found.push(`${file}: in no unit of scripts/check-layers.mjs LAYERS (add its folder)`);
      continue;
    }
    // Comments out first: a comment that says "from './x.js'" is no import.
    const text = readFileSync(join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|(?<![:'"`])\/\/[^\n]*/g, '');
    const imports =
      /(?:^|\n)\s*(?:import|export)\b[^'";]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|(?:^|\n)\s*import\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
    for (const m of text.matchAll(imports)) {
      const spec = m[1] ?? m[2] ?? m[3];
      const target = relative(root, resolve(root, dirname(file), /\.[cm]?[jt]s$/.test(spec) ? spec.replace(/\.js$/, '.ts') : `${spec}.ts`));
      if (!edges.has(file)) edges.set(file, new Set());
      edges.get(file).add(target);
      const to = unitOf(target);
      const [fromGame, toGame] = [gameOf(file), gameOf(target)];
      if (fromGame && toGame && fromGame !== toGame) {
        if (!usesOf(root, fromGame).has(toGame)) found.push(`${file} imports ${target}: the game ${fromGame} does not list ${toGame} in its manifest's uses`);
        else if (to !== undefined && to.rank > from.rank) found.push(`${file} imports ${target}: ${to.path} is not below ${from.path}`);
        continue;
      }
      if (to === undefined || to.path === from.path) continue;
      if (to.rank >= from.rank) found.push(`${file} imports ${target}: ${to.path} is not below ${from.path}`);
      else if (/^src\/games\/[^/]+\/bots$/.test(from.path) && toGame === fromGame && !BOT_SURFACE.includes(target.slice(`src/games/${toGame}/`.length))) {
        found.push(`${file} imports ${target}: a bot uses only its game's ${BOT_SURFACE.join(' and ')}`);
      }
    }
  }
  return [...found, ...circles(edges)];
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const found = violations();
  for (const line of found) console.log(line);
  console.log(
    found.length === 0
      ? `layers: every import points down (${LAYERS.length} layers), no import circle`
      : `layers: ${found.length} import(s) break the layering or close a circle`,
  );
  process.exit(found.length === 0 ? 0 : 1);
}
