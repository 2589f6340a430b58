import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { distModule } from '../src/paths.js';
import { runChild } from '../src/testing/child.js';

// The cluster contract run locally: the task script as a Kubernetes Indexed Job pod runs it
// (JOB_COMPLETION_INDEX, NOTHANKS_SHARDS from the manifest) and as Slurm array tasks run it, then
// merge. No container or cluster is involved: this checks the index -> shard -> folder mapping.
const script = join(import.meta.dirname, 'shard-task.sh');
const cli = distModule('cli/main.js');
const work = mkdtempSync(join(tmpdir(), 'nothanks-task-'));
const args = ['tournament', '--agents', 'random,greedy,threshold', '--players', '3', '--games', '50', '--seed', 'task'];
const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(SLURM_|JOB_COMPLETION_INDEX|NOTHANKS_)/.test(k)));
const task = (runDir: string, env: Record<string, string>) =>
  spawnSync('bash', [script, runDir, ...args], { encoding: 'utf8', cwd: work, env: { ...clean, ...env } });
/** The same, without blocking this process: the tasks of an array run at once, as on a cluster. */
const started = (command: string, commandArgs: string[], env: Record<string, string> = {}) =>
  runChild(command, commandArgs, { cwd: work, env: { ...clean, ...env } });
const startTask = (runDir: string, env: Record<string, string>) => started('bash', [script, runDir, ...args], env);
const numbers = (dir: string) => {
  // Timings differ from run to run (and a merge has none): the numbers are the rest.
  const {
    elapsedSeconds: _e,
    gamesPerSecond: _g,
    threads: _t,
    chunk: _c,
    decisionTime: _d,
    ...rest
  } = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
  return rest;
};

describe('shard-task.sh (the Slurm and Kubernetes entry point)', () => {
  it('maps JOB_COMPLETION_INDEX and SLURM_ARRAY_TASK_ID to shard folders that merge into the single run', async () => {
    // Its numbers are what the merges must give; its report would only add CPU.
    const single = started(process.execPath, [cli, ...args, '--out', 'single', '--quiet', '--no-report'], process.env as Record<string, string>);
    const k8s = ['0', '1', '2'].map((index) => startTask('k8s', { JOB_COMPLETION_INDEX: index, NOTHANKS_SHARDS: '3' }));
    const slurm = ['1', '2', '3'].map((id) =>
      startTask('slurm', { SLURM_ARRAY_TASK_ID: id, SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_MAX: '3', SLURM_ARRAY_TASK_COUNT: '3' }),
    );
    expect((await single).status).toBe(0);
    for (const [index, r] of (await Promise.all(k8s)).entries()) {
      expect(r.stderr).toBe('');
      expect(r.stdout).toMatch(new RegExp(`^shard ${index}/3: deals `));
    }
    for (const r of await Promise.all(slurm)) expect(r.status).toBe(0);
    // A task started again (a requeued job) continues its folder instead of failing on it.
    expect(task('k8s', { JOB_COMPLETION_INDEX: '1', NOTHANKS_SHARDS: '3' }).status).toBe(0);
    const merges = ['k8s', 'slurm'].map((runDir) => {
      const shards = ['0', '1', '2'].map((i) => join(runDir, `shard-${runDir === 'slurm' ? Number(i) + 1 : i}`));
      return started(process.execPath, [cli, 'merge', ...shards, '--out', join(runDir, 'merged'), '--quiet'], process.env as Record<string, string>);
    });
    for (const [i, m] of (await Promise.all(merges)).entries()) {
      expect(m.stderr).toBe('');
      expect(numbers(join(work, ['k8s', 'slurm'][i]!, 'merged'))).toEqual(numbers(join(work, 'single')));
    }
  });

  it('refuses to run without a shard index, and a completion index without the number of shards', () => {
    expect(task('none', {}).stderr).toMatch(/^shard-task\.sh: no shard index in the environment/);
    const r = task('none', { JOB_COMPLETION_INDEX: '0' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^nothanks: --shard env: JOB_COMPLETION_INDEX is set but NOTHANKS_SHARDS/);
  });
});
