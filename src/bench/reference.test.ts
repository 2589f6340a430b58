import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { met, ratioTable } from './ratios.js';
import { describeLoad, findPerfDir, runReference } from './reference.js';

const root = mkdtempSync(join(tmpdir(), 'perf-dir-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the C references', () => {
  it('are found in shared/perf beside the clone or beside a folder above a worktree, or through $NOTHANKS_PERF_DIR', () => {
    mkdirSync(join(root, 'shared', 'perf'), { recursive: true });
    writeFileSync(join(root, 'shared', 'perf', 'reference-six.sh'), 'echo \'{"roundsPerSecond": 5}\'\n');
    mkdirSync(join(root, 'main'));
    mkdirSync(join(root, 'wt', 'branch'), { recursive: true });
    expect(findPerfDir(join(root, 'main'), {})).toBe(join(root, 'shared', 'perf'));
    expect(findPerfDir(join(root, 'wt', 'branch'), {})).toBe(join(root, 'shared', 'perf'));
    expect(findPerfDir(join(root, 'main'), { NOTHANKS_PERF_DIR: '/elsewhere' })).toBe('/elsewhere');
    const lonely = mkdtempSync(join(tmpdir(), 'no-perf-'));
    expect(findPerfDir(lonely, {})).toBeNull();
    rmSync(lonely, { recursive: true });
  });

  it('run when there and say in one line why not otherwise', () => {
    const dir = join(root, 'shared', 'perf');
    expect(runReference('reference-six.sh', [], dir)).toEqual({ figures: { roundsPerSecond: 5 } });
    const missing = runReference('reference.sh', [], dir);
    expect('skipped' in missing && missing.skipped).toMatch(/reference\.sh is not there/);
    const none = runReference('reference.sh', [], null);
    expect('skipped' in none && none.skipped).toMatch(/not found .*NOTHANKS_PERF_DIR/);
    writeFileSync(join(dir, 'reference.sh'), 'echo broken >&2; exit 3\n');
    const failed = runReference('reference.sh', [], dir);
    expect('skipped' in failed && failed.skipped).toMatch(/failed .*: broken$/);
  });
});

describe('the ratio table', () => {
  const idle = { cores: 2, load1: 0.5, load5: 0.4, busy: false };
  const busy = { cores: 2, load1: 5.5, load5: 4.1, busy: true };
  it('says which targets are met, which are not and which could not be measured, with the load', () => {
    const rows = [
      { what: 'a', value: 0.6, unit: 'ratio' as const, target: { atLeast: 0.5 } },
      { what: 'b', value: 2, unit: 'ms' as const, target: { atMost: 1.5 } },
      { what: 'c', value: null, unit: 'ratio' as const, target: { atLeast: 0.5 }, note: 'reference.sh is not there' },
      { what: 'd', value: 1.9, unit: 'x' as const },
    ];
    expect(rows.map(met)).toEqual([true, false, null, null]);
    const text = ratioTable(rows, idle, busy);
    expect(text).toContain('a       0.60  >= 0.50    met');
    expect(text).toContain('b    2.00 ms  <= 1.50 ms NOT met');
    expect(text).toContain('c        n/a  >= 0.50             reference.sh is not there');
    expect(text).toContain('d      1.90x');
    expect(text).toContain('before, load average 0.50 (1 min), 0.40 (5 min) on 2 cores\n');
    expect(text).toMatch(/after, {2}load average 5\.50 .*BUSY/);
    expect(describeLoad(idle)).not.toContain('BUSY');
  });
});
