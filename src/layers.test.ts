import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script (the same one `node scripts/check-layers.mjs` runs), no types.
import { violations } from '../scripts/check-layers.mjs';

describe('the house (scripts/check-layers.mjs)', () => {
  it('has no import that points up or across, no import circle, and bots use only their game surface', () => {
    expect(violations()).toEqual([]);
  });

  it('catches an upward import, a circle, a bot reaching into engine internals and a file in no layer', () => {
    const root = mkdtempSync(join(tmpdir(), 'layers-'));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    try {
      write('src/game/contract.ts', "import { runTournament } from '../tournament/run.js';\n");
      write('src/tournament/run.ts', "import type { State } from '../game/contract.js';\n");
      write('src/games/no-thanks/bots/mc.ts', "import { GameState } from '../state.js';\nimport { HiddenSampler } from '../kit.js';\n");
      write('src/games/no-thanks/state.ts', '');
      write('src/games/no-thanks/kit.ts', '');
      // Games are siblings: one reaches another only where its manifest lists it in `uses`.
      write('src/games/chess/rules.ts', "import { GameState } from '../no-thanks/state.js';\n");
      write('src/games/draughts/manifest.ts', "export default { uses: ['no-thanks'] };\n");
      write('src/games/draughts/rules.ts', "import { GameState } from '../no-thanks/state.js';\n");
      write('src/newfolder/x.ts', '');
      // A circle inside one folder (through a type import) breaks no layer but is still a circle;
      // so is one through a bare import; a comment that names a file is no import.
      write('src/stats/a.ts', "import type { B } from './b.js';\nexport type A = B;\n");
      write('src/stats/b.ts', "import { c } from './c.js';\nexport type B = number;\n");
      write('src/stats/c.ts', "export { a } from './a.js';\n");
      write('src/stats/d.ts', "import './e.js';\n");
      write('src/stats/e.ts', "import './d.js';\n");
      write('src/stats/f.ts', "export const f = 1; // not from './g.js'\n/* nor from './g.js' */\n");
      write('src/stats/g.ts', "export { f } from './f.js';\n");
      const found: string[] = violations(root);
      expect(found).toHaveLength(7);
      expect(found).toContain('import circle among: src/stats/a.ts, src/stats/b.ts, src/stats/c.ts');
      expect(found).toContain('import circle among: src/stats/d.ts, src/stats/e.ts');
      // contract.ts -> run.ts -> contract.ts: the upward import closes a circle too.
      expect(found).toContain('import circle among: src/game/contract.ts, src/tournament/run.ts');
      expect(found[0]).toMatch(/^src\/game\/contract\.ts imports src\/tournament\/run\.ts: src\/tournament is not below src\/game$/);
      expect(found.some((l) => /^src\/newfolder\/x\.ts: in no unit/.test(l))).toBe(true);
      expect(found.some((l) => /bots\/mc\.ts imports src\/games\/no-thanks\/state\.ts: a bot uses only/.test(l))).toBe(true);
      expect(found).toContain("src/games/chess/rules.ts imports src/games/no-thanks/state.ts: the game chess does not list no-thanks in its manifest's uses");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
