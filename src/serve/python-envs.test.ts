import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../paths.js';
import { runChild } from '../testing/child.js';

/**
 * The Python learning environments (clients/python/nothanks_lab/envs) on this build of the lab:
 * their unittest modules, run as a Python user runs them (`python3 -m unittest` in clients/python),
 * against the built `nothanks serve`. They need numpy, PettingZoo and Gymnasium (the pinned
 * clients/python/requirements-test.txt): without them the file is skipped with one line, unless
 * REQUIRE_PYTHON=1 (CI), where that is a failure.
 */
const python = join(PROJECT_ROOT, 'clients', 'python');
const MODULES = [
  'tests.test_envs_api',
  'tests.test_envs_fidelity',
  'tests.test_envs_errors',
  'tests.test_envs_vector',
  'tests.test_server',
  'tests.test_train_expert',
];

const probe = spawnSync('python3', ['-c', 'import numpy, pettingzoo, gymnasium'], { encoding: 'utf8' });
const missing = probe.status === 0 ? undefined : (probe.error?.message ?? probe.stderr.trim().split('\n').pop() ?? 'python3 failed');
const required = process.env.REQUIRE_PYTHON === '1';
if (missing !== undefined && !required)
  process.stderr.write(
    `Python environment tests skipped: ${missing} (pip install -r clients/python/requirements-test.txt; CI requires them: REQUIRE_PYTHON=1)\n`,
  );

describe.skipIf(missing !== undefined && !required).concurrent('Python environments (python3 -m unittest in clients/python)', () => {
  it('numpy, PettingZoo and Gymnasium are installed', () => {
    expect(missing, 'REQUIRE_PYTHON=1 needs them: pip install -r clients/python/requirements-test.txt').toBeUndefined();
  });

  // One child per module, side by side: they mostly wait on the servers they start.
  it.each(MODULES)(
    '%s',
    async (module) => {
      const r = await runChild('python3', ['-m', 'unittest', module], {
        cwd: python,
        env: { ...process.env, NOTHANKS_LAB: PROJECT_ROOT, REQUIRE_PYTHON: '1', PYTHONDONTWRITEBYTECODE: '1' },
        timeout: 240_000,
      });
      expect(r.status, r.stderr).toBe(0);
      // "Ran 0 tests ... OK" would pass too: the tests must have run, none skipped.
      expect(r.stderr).toMatch(/^Ran [1-9]\d* tests? in /m);
      expect(r.stderr).not.toMatch(/skipped/);
    },
    300_000,
  );
});
