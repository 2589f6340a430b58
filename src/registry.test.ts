import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameBench } from './bench/game-bench.js';
import { GAME_MODULES } from './games/manifest.js';
import { importGameModule, loadGame } from './game-loader.js';
import { PROJECT_ROOT } from './paths.js';
import { GAMES } from './registry.js';
import type { GameView } from './web/client/types.js';

const GAMES_DIR = join(PROJECT_ROOT, 'src', 'games');

/** The folder a new game is copied from: a complete small game, deliberately not registered. */
const TEMPLATE = 'template';

/** The game folders of src/games/: the folders that hold a manifest.ts, but the template. */
function gameFolders(): string[] {
  return readdirSync(GAMES_DIR).filter((name) => name !== TEMPLATE && existsSync(join(GAMES_DIR, name, 'manifest.ts')));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

/**
 * What a game folder must hold beyond its manifest, each with why a user needs it: the registry's
 * checks below name the first thing missing, so a new game is finished when this test passes.
 */
function missingPieces(folder: string): string[] {
  const need: [string, string][] = [
    ['manifest.ts', 'the game as one object (src/games/manifest.ts)'],
    ['README.md', 'its rules and the choices made where documents are vague'],
    ['agent.ts', 'the bot interface: observation, action and event types, defineAgent'],
    ['kit.ts', 'what its search bots may use of the engine'],
    ['bots/index.ts', 'its built-in bots'],
    ['bots/rollout.ts', 'the analysis rollout policy'],
    ['conformance.test.ts', 'the conformance battery with golden records'],
    [`${GAME_MODULES.webView}.ts`, 'its drawing in the web app'],
    [`${GAME_MODULES.bench}.ts`, 'its benchmark workloads'],
    ['observation.schema.json', 'the protocol schema of its observation (bot programs)'],
  ];
  return need.filter(([file]) => !existsSync(join(folder, file))).map(([file, why]) => `${file} (${why})`);
}

// Adding a game is its folder and one line in src/games/registry.ts: this fails for a folder that
// is not registered, and names what a registered game still lacks.
describe('the game registry', () => {
  it('lists every game folder of src/games/ (a folder named by its game id), and nothing else', () => {
    expect([...GAMES.keys()].sort()).toEqual(gameFolders().sort());
  });

  it('loads each game alone by id (src/game-loader.ts, for worker threads) as the same object it lists', async () => {
    for (const [id, game] of GAMES) expect(await loadGame(id)).toBe(game);
    await expect(loadGame('chess')).rejects.toThrow('unknown game "chess"');
    await expect(loadGame('../registry')).rejects.toThrow('unknown game "../registry"');
    await expect(loadGame('constructor')).rejects.toThrow('unknown game "constructor"');
  });

  it('generic code names no game and imports nothing from a game folder but its manifest', () => {
    const ids = [...GAMES.keys()];
    const folderNames = new Set(gameFolders());
    const found: string[] = [];
    // The registry lists the games, and the package's API exports each game's bot interface by
    // name (as package.json's subpaths do): the two places that name games on purpose.
    const named = new Set(['src/games/registry.ts', 'src/registry.ts', 'src/index.ts']);
    for (const file of sourceFiles(join(PROJECT_ROOT, 'src'))) {
      const path = relative(PROJECT_ROOT, file);
      const game = /^src\/games\/([^/]+)\//.exec(path)?.[1];
      if (game !== undefined && folderNames.has(game)) continue;
      if (path.startsWith(`src/games/${TEMPLATE}/`)) continue;
      const text = readFileSync(file, 'utf8');
      if (!named.has(path))
        for (const id of ids) if (new RegExp(`(?<![\\w-])${id.replace('-', '\\-')}(?![\\w-])`).test(text)) found.push(`${path} names ${id}`);
      for (const m of text.matchAll(/from\s+['"]([^'"]*\/games\/([^/'"]+)\/([^'"]+))['"]/g))
        if (folderNames.has(m[2]!) && m[3] !== 'manifest.js' && !named.has(path)) found.push(`${path} imports ${m[1]}`);
    }
    expect(found).toEqual([]);
  });

  it('has a template folder with every piece a game folder needs, so that a copy starts complete', () => {
    expect(missingPieces(join(GAMES_DIR, TEMPLATE))).toEqual([]);
  });

  describe.each([...GAMES.keys()])('%s', (id) => {
    const game = GAMES.get(id)!;
    const folder = join(GAMES_DIR, id);

    it('has every piece of a game folder', () => {
      expect(missingPieces(folder)).toEqual([]);
    });

    it('passes the conformance battery with golden records', () => {
      const text = readFileSync(join(folder, 'conformance.test.ts'), 'utf8');
      expect(text).toMatch(/conformanceSuite\(/);
      const golden = /golden:\s*{\s*file:\s*new URL\('\.\/([\w.-]+)'/.exec(text)?.[1];
      expect(golden, `${folder}/conformance.test.ts names no golden records`).toBeDefined();
      expect(readFileSync(join(folder, golden!), 'utf8').trim().split('\n').length).toBeGreaterThan(0);
    });

    it('has built-in bots, one of them the human', () => {
      expect(game.agents.length).toBeGreaterThan(1);
      expect(game.agents.some((a) => a.interactive)).toBe(true);
    });

    it('is a package export of its bot interface (nothanks-lab/<id>, by the package.json pattern of every game folder)', () => {
      const exports = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { exports: Record<string, { default: string }> }).exports;
      expect(exports['./*']?.default.replace('*', id)).toBe(`./dist/src/games/${id}/agent.js`);
      expect(existsSync(join(PROJECT_ROOT, 'src', 'games', id, 'agent.ts'))).toBe(true);
    });

    it('has a view in the web app and bench workloads, at the paths generic code loads', async () => {
      const view = ((await importGameModule(id, GAME_MODULES.webView)) as { default: GameView }).default;
      expect(typeof view.frames).toBe('function');
      expect(typeof view.renderPrompt).toBe('function');
      expect(game.agents.map((a) => a.name)).toContain(view.defaultBot.split(':')[0]);
      expect(typeof ((await importGameModule(id, GAME_MODULES.bench)) as GameBench).bench).toBe('function');
    });
  });
});
