import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from './paths.js';
import { FULL } from './testing/tier.js';

/** What a copy of the lab needs to build and test itself. */
const LAB_FILES = ['src', 'scripts', 'clients', 'package.json', 'tsconfig.json', 'tsconfig.test.json', 'vitest.config.ts'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? filesUnder(join(dir, name)) : [join(dir, name)]));
}

// The promise to a newcomer, kept by a test: a new game is its folder, copied from the template,
// and one line in src/games/registry.ts; nothing else of the lab changes. A copy of the lab gets a
// fourth game that way, builds, and passes the registry's checks and the game's own conformance
// battery (the full tier: it builds a second copy of the lab, about a minute of CPU).
describe.runIf(FULL)('adding a game', () => {
  it('takes the template copied into a folder of its own and one registry line: the copy builds, registers, and passes the battery', () => {
    const lab = mkdtempSync(join(tmpdir(), 'add-game-'));
    try {
      for (const f of LAB_FILES) cpSync(join(PROJECT_ROOT, f), join(lab, f), { recursive: true });
      symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(lab, 'node_modules'));
      const game = join(lab, 'src', 'games', 'fourth-game');
      cpSync(join(lab, 'src', 'games', 'template'), game, { recursive: true });
      rmSync(join(game, 'template.test.ts'));
      // The id, where the template declares it: its folder's files only.
      for (const file of filesUnder(game))
        writeFileSync(file, readFileSync(file, 'utf8').replaceAll("'template'", "'fourth-game'").replaceAll('"template"', '"fourth-game"'));
      const registry = join(lab, 'src', 'games', 'registry.ts');
      writeFileSync(registry, `${readFileSync(registry, 'utf8')}export { default as fourthGame } from './fourth-game/manifest.js';\n`);

      const run = (command: string, args: string[]) => spawnSync(command, args, { cwd: lab, encoding: 'utf8', env: { ...process.env, LAB_TESTS: '' } });
      const built = run('npx', ['tsc', '-p', 'tsconfig.json']);
      expect(built.status, built.stdout + built.stderr).toBe(0);
      // Its own deals (the seed namespace is the id): its golden records are written once, as a
      // newcomer does, then checked.
      const golden = spawnSync('npx', ['vitest', 'run', 'src/games/fourth-game/conformance.test.ts', '-t', 'golden'], {
        cwd: lab,
        encoding: 'utf8',
        env: { ...process.env, LAB_TESTS: '', UPDATE_GOLDEN: '1' },
      });
      expect(golden.status, (golden.stdout + golden.stderr).slice(-3000)).toBe(0);
      const tested = run('npx', ['vitest', 'run', 'src/registry.test.ts', 'src/layers.test.ts', 'src/games/fourth-game/conformance.test.ts']);
      expect(tested.status, (tested.stdout + tested.stderr).slice(-3000)).toBe(0);
      expect(tested.stdout).toMatch(/fourth-game/);
      const played = run('node', [
        'dist/src/cli/main.js',
        'tournament',
        '--game',
        'fourth-game',
        '-a',
        'random,heuristic',
        '-p',
        '3',
        '-g',
        '20',
        '--out',
        join(lab, 'run'),
        '-q',
      ]);
      expect(played.status, played.stderr).toBe(0);
      expect(existsSync(join(lab, 'run', 'summary.json'))).toBe(true);
    } finally {
      rmSync(lab, { recursive: true, force: true });
    }
  }, 600_000);
});
