import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameDefinition } from './game/contract.js';
import { PROJECT_ROOT } from './paths.js';
import { LOADABLE_GAMES, loadGame } from './game-loader.js';
import { GAMES } from './registry.js';
import { webGame } from './web/client/games.js';

/** Each game folder of src/games/ by the id of the GameDefinition its index.ts exports. */
async function gameFolders(): Promise<Map<string, string>> {
  const folders = new Map<string, string>();
  for (const name of readdirSync(join(PROJECT_ROOT, 'src', 'games'))) {
    const index = join(PROJECT_ROOT, 'src', 'games', name, 'index.ts');
    if (!existsSync(index)) continue;
    const mod = (await import(index)) as Record<string, Partial<GameDefinition>>;
    for (const value of Object.values(mod)) if (typeof value?.id === 'string' && typeof value.newState === 'function') folders.set(value.id, name);
  }
  return folders;
}

// Adding a game must not depend on remembering the shared places: this fails for a game that is
// not registered, or registered without what every game has.
describe('the game registry', async () => {
  const folders = await gameFolders();

  it('lists every game folder of src/games/, and nothing else', () => {
    expect([...GAMES.keys()].sort()).toEqual([...folders.keys()].sort());
  });

  it('loads each game alone by id (src/game-loader.ts, for worker threads) as the same object it lists', async () => {
    expect(LOADABLE_GAMES).toEqual([...GAMES.keys()]);
    for (const [id, game] of GAMES) expect(await loadGame(id)).toBe(game);
    await expect(loadGame('chess')).rejects.toThrow('unknown game "chess" (known: no-thanks, 6-nimmt, no-thanks-specials)');
    await expect(loadGame('constructor')).rejects.toThrow('unknown game "constructor"');
  });

  describe.each([...GAMES.keys()])('%s', (id) => {
    const game = GAMES.get(id)!;
    const folder = join(PROJECT_ROOT, 'src', 'games', folders.get(id) ?? '?');

    it('passes the conformance battery with golden records', () => {
      const suite = join(folder, 'conformance.test.ts');
      expect(existsSync(suite), `${suite} is missing`).toBe(true);
      const text = readFileSync(suite, 'utf8');
      expect(text).toMatch(/conformanceSuite\(/);
      const golden = /golden:\s*{\s*file:\s*new URL\('\.\/([\w.-]+)'/.exec(text)?.[1];
      expect(golden, `${suite} names no golden records`).toBeDefined();
      expect(readFileSync(join(folder, golden!), 'utf8').trim().split('\n').length).toBeGreaterThan(0);
    });

    it('has built-in bots, one of them the human, and a README of its rules', () => {
      expect(game.agents.length).toBeGreaterThan(1);
      expect(game.agents.some((a) => a.interactive)).toBe(true);
      expect(existsSync(join(folder, 'README.md'))).toBe(true);
    });

    it('is a package export of its bot interface (nothanks-lab/<id>)', () => {
      const exports = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { exports: Record<string, { default: string }> }).exports;
      expect(exports[`./${id}`]?.default).toBe(`./dist/src/games/${folders.get(id)}/agent.js`);
    });

    it('has a view in the web app', () => {
      expect(webGame(id)?.game).toBe(game);
    });
  });
});
