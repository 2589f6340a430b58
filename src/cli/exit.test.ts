import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { distModule } from '../paths.js';

const dir = mkdtempSync(join(tmpdir(), 'nothanks-exit-'));
/** The built CLI in a child process that does not block this one: these checks run at once. */
const cli = (args: string[], env: NodeJS.ProcessEnv = process.env) =>
  new Promise<{ status: number | null; stdout: string; stderr: string; timedOut: boolean }>((resolve, reject) => {
    const child = spawn(process.execPath, [distModule('cli/main.js'), ...args], { cwd: dir, env });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, 60_000);
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr, timedOut });
    });
  });
const run = (bot: string) => cli(['tournament', '--agents', `./${bot},greedy`, '--players', '3', '--games', '5', '--out', `${bot}-out`, '-q']);
const bot = (name: string, top: string, create = "() => ({ decide: () => 'take' })") =>
  writeFileSync(join(dir, name), `${top}\nexport default { name: 'b', params: {}, create: ${create} };\n`);

// A run that did not finish never exits 0, and one that finished never hangs on what a bot left running.
describe.concurrent('how a tournament ends', () => {
  it.for<[string, string, string | undefined]>([
    ['never.mjs', 'await new Promise(() => {});', undefined],
    ['exit.mjs', 'process.exit(0);', undefined],
    ['create-exit.mjs', '', '() => { process.exit(0); }'],
  ])('%s: exit 1 with one line, never a silent 0', async ([name, top, create], { expect }) => {
    bot(name, top, create);
    const r = await run(name);
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^nothanks: /);
  });

  it('a bot that leaves a timer running does not keep the finished run alive', async ({ expect }) => {
    bot('interval.mjs', 'setInterval(() => {}, 1000);');
    const r = await run('interval.mjs');
    expect(r.timedOut).toBe(false);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/games in .* Outputs: /);
  });
});

describe('ends that are not failures', () => {
  it('--help, -h and --version exit 0', async () => {
    const cases = [['--help'], ['-h'], ['--version'], ['run', '--help'], ['tournament', '-h'], ['ladder', '-h']];
    const ends = await Promise.all(cases.map((args) => cli(args)));
    for (const [i, r] of ends.entries()) expect(r.status, cases[i]!.join(' ')).toBe(0);
    // -h prints the same page as --help (of the command it follows).
    expect(ends[1]!.stdout).toBe(ends[0]!.stdout);
    expect(ends[4]!.stdout).toMatch(/^nothanks tournament\n/);
    // The ladder redefines --players (table sizes): its alias is listed once.
    expect(ends[5]!.stdout).toMatch(/^ {2}-p, --players +table sizes/m);
    // ... and typed as the list it is, not as the one table size of the other commands.
    const laddersPlayers = ends[5]!.stdout.split('--players')[1]!.split(/\n {2,6}-/)[0]!;
    expect(laddersPlayers).toMatch(/\[string\] \[required\]/);
    expect(laddersPlayers).not.toMatch(/\[number\]/);
  });
});

describe('progress when stderr is not a terminal', () => {
  it('prints a plain line now and then (a cluster log shows the run is alive), none with --quiet', async () => {
    const args = ['tournament', '--agents', 'mc:rollouts=40,greedy,threshold', '--players', '3', '--games', '60', '--threads', '1'];
    const env = { ...process.env, NOTHANKS_PROGRESS_SECONDS: '0.2' };
    const [piped, quiet] = await Promise.all([cli([...args, '--out', 'progress'], env), cli([...args, '--out', 'progress-quiet', '--quiet'], env)]);
    expect(piped.status).toBe(0);
    const lines = piped.stderr.trim().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/^tournament: [\d,]+\/[\d,]+ games · [\d,]+\/s · [\d:-]+ left \(\d+%\)$/);
    expect(quiet.stderr).toBe('');
  });
});
