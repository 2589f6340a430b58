import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { distModule } from '../paths.js';

const dir = mkdtempSync(join(tmpdir(), 'nothanks-exit-'));
const run = (bot: string) =>
  spawnSync(
    process.execPath,
    [distModule('cli/main.js'), 'tournament', '--agents', `./${bot},greedy`, '--players', '3', '--games', '5', '--out', `${bot}-out`, '-q'],
    {
      cwd: dir,
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
const bot = (name: string, top: string, create = "() => ({ decide: () => 'take' })") =>
  writeFileSync(join(dir, name), `${top}\nexport default { name: 'b', params: {}, create: ${create} };\n`);

// A run that did not finish never exits 0, and one that finished never hangs on what a bot left running.
describe('how a tournament ends', () => {
  it.each([
    ['never.mjs', 'await new Promise(() => {});', undefined],
    ['exit.mjs', 'process.exit(0);', undefined],
    ['create-exit.mjs', '', '() => { process.exit(0); }'],
  ])('%s: exit 1 with one line, never a silent 0', (name, top, create) => {
    bot(name, top, create);
    const r = run(name);
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^nothanks: /);
  });

  it('a bot that leaves a timer running does not keep the finished run alive', () => {
    bot('interval.mjs', 'setInterval(() => {}, 1000);');
    const r = run('interval.mjs');
    expect(r.error).toBeUndefined(); // no timeout
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/games in .* Outputs: /);
  });
});

describe('ends that are not failures', () => {
  it('--help and --version exit 0', () => {
    for (const args of [['--help'], ['--version'], ['run', '--help']]) {
      expect(spawnSync(process.execPath, [distModule('cli/main.js'), ...args], { encoding: 'utf8' }).status, args.join(' ')).toBe(0);
    }
  });
});

describe('progress when stderr is not a terminal', () => {
  it('prints a plain line now and then (a cluster log shows the run is alive), none with --quiet', () => {
    const args = [distModule('cli/main.js'), 'tournament', '--agents', 'mc:rollouts=40,greedy,threshold', '--players', '3', '--games', '60', '--threads', '1'];
    const env = { ...process.env, NOTHANKS_PROGRESS_SECONDS: '0.2' };
    const piped = spawnSync(process.execPath, [...args, '--out', 'progress'], { cwd: dir, encoding: 'utf8', env });
    expect(piped.status).toBe(0);
    const lines = piped.stderr.trim().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/^tournament: [\d,]+\/[\d,]+ games · [\d,]+\/s · [\d:-]+ left \(\d+%\)$/);
    const quiet = spawnSync(process.execPath, [...args, '--out', 'progress-quiet', '--quiet'], { cwd: dir, encoding: 'utf8', env });
    expect(quiet.stderr).toBe('');
  });
});
