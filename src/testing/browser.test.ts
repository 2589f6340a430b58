import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../paths.js';

// The quick start promises that `npm test` passes on a machine with nothing but Node: the browser
// tests are skipped there with one line, and fail only when REQUIRE_BROWSER=1 (CI) asks for them.
describe('browser tests on a machine without Chromium', () => {
  const vitest = (env: Record<string, string>) =>
    // A quick test file without a browser (the seed's) and a browser test file: the run must keep
    // the one and leave out the other (report.test.ts, matched here before, took a minute).
    spawnSync(
      process.execPath,
      [join(PROJECT_ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', 'src/game/seed.test.ts', 'src/output/report.browser.test.ts'],
      {
        cwd: PROJECT_ROOT,
        encoding: 'utf8',
        env: { ...process.env, CHROMIUM_PATH: join(PROJECT_ROOT, 'no-such-chromium'), REQUIRE_BROWSER: '', ...env },
      },
    );

  it('leaves them out with one line and passes', () => {
    const r = vitest({});
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect((r.stdout + r.stderr).match(/browser tests: .* is missing \(skipped/g)).toHaveLength(1);
    expect(r.stdout).toContain('seed.test.ts');
    expect(r.stdout).not.toContain('report.browser.test.ts');
  });

  it('fails with REQUIRE_BROWSER=1', () => {
    const r = vitest({ REQUIRE_BROWSER: '1' });
    expect(r.status).not.toBe(0);
    expect(r.stdout + r.stderr).toMatch(/browser tests: .* is missing \(REQUIRE_BROWSER=1 needs them/);
  });
});
