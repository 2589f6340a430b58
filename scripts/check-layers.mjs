#!/usr/bin/env node
// The house rule, checked: data flows one way, so every module imports only from its own unit or
// from a unit below it in LAYERS (no arrow up, hence no folder cycles), and a bot reaches its game
// only through the game's public bot surface (agent.ts: types; kit.ts: what search bots may use).
// Run: node scripts/check-layers.mjs   (prints each offending import and exits 1; src/layers.test.ts runs it)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Units from the bottom up. A unit is a folder (or one file) of src/ or agents/. */
export const LAYERS = [
  ['src/errors.ts', 'src/paths.ts', 'src/text.ts'],
  ['src/files.ts'],
  ['src/game'],
  ['src/games/no-thanks'],
  ['src/games/six-nimmt'],
  ['src/games/no-thanks-specials'],
  ['src/search'],
  ['agents/terminal.ts'],
  ['agents/no-thanks', 'agents/six-nimmt', 'agents/no-thanks-specials'],
  // One game and its bots loaded alone (a tournament worker's), below the registry of every game.
  ['src/game-loader.ts'],
  ['src/registry.ts'],
  ['src/agents'],
  ['src/stats'],
  ['src/charts'],
  ['src/tournament'],
  // Game analysis (evaluator, worker pool, its outputs) sits below the web app, whose viewer shows it.
  ['src/analysis'],
  // The web app (the browser bundle and its server) sits below the outputs: reports embed the replay viewer.
  ['src/web'],
  ['src/output'],
  ['src/ladder'],
  ['src/experiments'],
  ['src/testing', 'src/bench'],
  ['src/cli', 'src/index.ts'],
];
/** What a bot may import of its game's folder. */
const BOT_SURFACE = ['agent.ts', 'kit.ts'];

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');
const rank = new Map(LAYERS.flatMap((units, r) => units.map((u) => [u, r])));

/** The unit a file belongs to: the longest LAYERS entry that is the file or a folder holding it. */
function unitOf(file) {
  let best;
  for (const u of rank.keys()) if ((file === u || file.startsWith(`${u}/`)) && (!best || u.length > best.length)) best = u;
  return best;
}

function sources(root, dir) {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) return sources(root, path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
  });
}

/** Every import of the tree at `root` that breaks the layering, as a line each. */
export function violations(root = ROOT) {
  const found = [];
  for (const file of [...sources(root, 'src'), ...sources(root, 'agents')]) {
    const from = unitOf(file);
    if (from === undefined) {
      found.push(`${file}: in no unit of scripts/check-layers.mjs LAYERS (add its folder)`);
      continue;
    }
    const text = readFileSync(join(root, file), 'utf8');
    for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g)) {
      const target = relative(root, resolve(root, dirname(file), (m[1] ?? m[2]).replace(/\.js$/, '.ts')));
      const to = unitOf(target);
      if (to === undefined || to === from) continue;
      if (rank.get(to) >= rank.get(from)) found.push(`${file} imports ${target}: ${to} is not below ${from}`);
      else if (from.startsWith('agents/') && to.startsWith('src/games/') && !BOT_SURFACE.includes(target.slice(to.length + 1))) {
        found.push(`${file} imports ${target}: a bot uses only its game's ${BOT_SURFACE.join(' and ')}`);
      }
    }
  }
  return found;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const found = violations();
  for (const line of found) console.log(line);
  console.log(found.length === 0 ? `layers: every import points down (${LAYERS.length} layers)` : `layers: ${found.length} imports break the layering`);
  process.exit(found.length === 0 ? 0 : 1);
}
