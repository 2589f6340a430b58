import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from './paths.js';

/**
 * docs/reference/ is generated from the built code by scripts/reference.mjs (`npm run docs:reference`):
 * every command's --help and every built-in bot's parameters. A flag, default or parameter changed
 * without regenerating the pages fails here, with the command that mends it.
 */
const PAGES = ['commands.md', 'bots.md'];

describe('docs/reference', () => {
  const dir = mkdtempSync(join(tmpdir(), 'nothanks-reference-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('matches what scripts/reference.mjs writes from the current build', () => {
    const r = spawnSync(process.execPath, [join(PROJECT_ROOT, 'scripts', 'reference.mjs'), dir], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const stale = PAGES.filter((page) => {
      const committed = (() => {
        try {
          return readFileSync(join(PROJECT_ROOT, 'docs', 'reference', page), 'utf8');
        } catch {
          return undefined;
        }
      })();
      return committed !== readFileSync(join(dir, page), 'utf8');
    });
    if (stale.length > 0) expect.fail(stale.map((page) => `docs/reference/${page} is stale: run npm run docs:reference`).join('\n'));
  }, 180_000);
});
