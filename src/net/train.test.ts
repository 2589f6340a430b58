import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { distModule, PROJECT_ROOT } from '../paths.js';
import { runChild } from '../testing/child.js';

/*
 * Training, end to end and small: `python -m nothanks_lab.train` for about a minute (an apprentice
 * of mc on a few deals, then a few self-play updates), its ONNX model played by the lab's `net` bot
 * against `random` in a tournament. Needs python3 with numpy, torch and onnx: skipped with one line
 * without them, unless REQUIRE_TORCH=1 (CI) makes their absence a failure.
 */

const hasTorch = spawnSync('python3', ['-c', 'import numpy, torch, onnx'], { encoding: 'utf8' }).status === 0;
const required = process.env.REQUIRE_TORCH === '1';
if (!hasTorch && !required) process.stderr.write('training test skipped: python3 cannot import numpy, torch and onnx; CI requires them (REQUIRE_TORCH=1)\n');

describe.skipIf(!hasTorch && !required)('python -m nothanks_lab.train', () => {
  it('trains a No Thanks! model for about a minute that loads in the lab, plays, and beats random', async () => {
    expect(hasTorch, 'REQUIRE_TORCH=1 needs torch: pip install -r clients/python/requirements-train.txt').toBe(true);
    const out = join(mkdtempSync(join(tmpdir(), 'train-')), 'run');
    const train = await runChild(
      'python3',
      // Every stage, each small: 40 deals of mc to learn from, 2 self-play updates, a curve of 20 deals a point.
      [
        '-m',
        'nothanks_lab.train',
        'no-thanks',
        '--out',
        out,
        '--players',
        '3',
        '--expert-deals',
        '40',
        '--expert-epochs',
        '4',
        '--updates',
        '2',
        '--batch',
        '2048',
        '--games',
        '64',
        '--eval-every',
        '1',
        '--eval-deals',
        '20',
        '--lab-threads',
        '1',
      ],
      { cwd: join(PROJECT_ROOT, 'clients', 'python'), env: { ...process.env, NOTHANKS_LAB: PROJECT_ROOT }, timeout: 240_000 },
    );
    expect(train.status, train.stderr).toBe(0);
    const model = join(out, 'model.onnx');
    const run = spawnSync(
      process.execPath,
      [
        distModule('cli/main.js'),
        'tournament',
        '--agents',
        `net:model=${model},random`,
        '--players',
        '3',
        '--games',
        '100',
        '--seed',
        '9',
        '--threads',
        '1',
        '--out',
        join(out, 'vs-random'),
        '--quiet',
      ],
      { encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    const summary = JSON.parse(readFileSync(join(out, 'vs-random', 'summary.json'), 'utf8')) as {
      agents: { agent: string; winShare: number; winShareCI: [number, number] }[];
    };
    const net = summary.agents.find((a) => a.agent.startsWith('net'))!;
    const random = summary.agents.find((a) => a.agent === 'random')!;
    // Not a close call: the lower end of the net's interval above the upper end of random's.
    expect(net.winShareCI[0]).toBeGreaterThan(random.winShareCI[1]);
    // The curve was measured against mc and written beside the model.
    expect(readFileSync(join(out, 'curve.csv'), 'utf8').split('\n')[0]).toBe('update,minutes,games,win_share,lo,hi,eval_deals,opponent');
  }, 300_000);
});
