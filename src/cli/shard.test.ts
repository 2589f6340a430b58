import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { distModule } from '../paths.js';
import { runCli } from './program.js';
import { sized } from '../testing/tier.js';

// The CLI as a user (or a cluster job) runs it: the compiled build in child processes...
const cli = distModule('cli/main.js');
const dir = mkdtempSync(join(tmpdir(), 'nothanks-shard-cli-'));
const run = (args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: dir });
// ...or, for what a command writes and refuses, the same program in this process.
const inProcess = (args: string[]) => runCli(args, dir);
/** A child process that does not block this one, so that two runs can go at once. */
const spawned = (args: string[]) =>
  new Promise<{ status: number | null; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stderr }));
  });

/**
 * Every file of a run folder but its state, summary.json and summary.csv without timing/host fields
 * (time per decision included: a clock reading, and merge has none), the report without them.
 */
function outputs(folder: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (sub: string): void => {
    for (const name of readdirSync(join(folder, sub), { withFileTypes: true })) {
      const rel = join(sub, name.name);
      if (name.isDirectory()) {
        if (rel !== 'state') walk(rel);
        continue;
      }
      // The lab's list of what it wrote (for --force) is bookkeeping, in the order things were written.
      if (name.name === '.nothanks-run') continue;
      let text = readFileSync(join(folder, rel), 'utf8');
      if (name.name === 'summary.json') {
        const { elapsedSeconds: _e, gamesPerSecond: _g, threads: _t, chunk: _c, decisionTime: _d, ...rest } = JSON.parse(text);
        text = JSON.stringify(rest);
      }
      if (name.name === 'summary.csv') {
        const rows = text.split('\n').map((r) => r.split(','));
        const keep = rows[0]!.map((h, i) => (h.startsWith('decisionTime') ? -1 : i)).filter((i) => i >= 0);
        text = rows.map((r) => keep.map((i) => r[i]).join(',')).join('\n');
      }
      if (name.name === 'report.html') text = text.replace(/, \d+ s([.,<])/g, ', N s$1').replace(/<td>(?:[\d.]+ \/ [\d.]+)?<\/td><\/tr>/g, '<td>T</td></tr>');
      if (name.name === 'run.json') text = JSON.stringify({ ...JSON.parse(text), elapsedSeconds: 0, node: '' });
      out[rel] = text;
    }
  };
  walk('');
  return out;
}

const waitFor = async (check: () => boolean): Promise<void> => {
  while (!check()) await new Promise((r) => setTimeout(r, 50));
};
const doneIn = (folder: string, part: string): number => {
  try {
    return JSON.parse(readFileSync(join(folder, 'state', `${part}.json`), 'utf8')).done as number;
  } catch {
    return 0;
  }
};

// A run of a second or more: the run that is killed writes a checkpoint at most every 200 ms
// (NOTHANKS_CHECKPOINT_MS; 2 s by default), so it is killed halfway, after its first checkpoints.
// The fast tier plays 100 deals (about a second of games idle), the full tier 200.
const DEALS = sized(100, 200);
const checkpointOften = { ...process.env, NOTHANKS_CHECKPOINT_MS: '200' };
const tournament = [
  'tournament',
  '--agents',
  'mc:rollouts=60,greedy,threshold',
  '--players',
  '3',
  '--games',
  String(DEALS),
  '--seed',
  'resume',
  '--threads',
  '1',
  '--chunk',
  '5',
  '--quiet',
];

describe('resume after kill -9', () => {
  it("continues from the last checkpoint and ends with the uninterrupted run's outputs", async () => {
    // The uninterrupted run goes on beside the one that is killed.
    const whole = spawned([...tournament, '--out', 'whole']);
    const killed = join(dir, 'killed');
    const child = spawn(process.execPath, [cli, ...tournament, '--out', 'killed'], { cwd: dir, env: checkpointOften });
    await waitFor(() => doneIn(killed, 'tournament') >= 10);
    child.kill('SIGKILL');
    await new Promise((r) => child.on('exit', r));
    const checkpointed = doneIn(killed, 'tournament');
    expect(checkpointed).toBeLessThan(DEALS);
    expect((await whole).status).toBe(0);
    expect(existsSync(join(killed, 'summary.json'))).toBe(false);
    // A temporary file a killed process left in the folder is removed by the resume.
    writeFileSync(join(killed, `summary.json.${hostname()}.999999.tmp`), 'half a file');
    // The resume itself is an ordinary command: in this process (a Node start less).
    const resumed = await inProcess([...tournament, '--resume', 'killed']);
    expect(resumed.stderr).toBe('');
    expect(resumed.status).toBe(0);
    expect(readdirSync(killed).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(outputs(killed)).toEqual(outputs(join(dir, 'whole')));
  });

  it('resumes a shard too, and refuses a resume with other settings', async () => {
    const args = [...tournament, '--shard', '1/2'];
    const whole = spawned([...args, '--out', 'shard-whole']);
    const killed = join(dir, 'shard-killed');
    const child = spawn(process.execPath, [cli, ...args, '--out', 'shard-killed'], { cwd: dir, env: checkpointOften });
    await waitFor(() => doneIn(killed, 'tournament') >= 5);
    child.kill('SIGKILL');
    await new Promise((r) => child.on('exit', r));
    expect(doneIn(killed, 'tournament')).toBeLessThan(DEALS / 2);
    expect((await whole).status).toBe(0);
    const wrong = await inProcess([...tournament.map((a) => (a === 'resume' ? 'other' : a)), '--resume', 'shard-killed']);
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toBe('nothanks: --resume shard-killed: that run was started with other settings (seed resume vs other); repeat its command exactly\n');
    // The shard comes from the folder when the command does not repeat it.
    expect((await inProcess([...tournament, '--resume', 'shard-killed'])).status).toBe(0);
    expect(outputs(killed)).toEqual(outputs(join(dir, 'shard-whole')));
    expect((await inProcess([...tournament, '--resume', 'shard-killed', '--log', 'x.jsonl'])).stderr).toMatch(
      /^nothanks: --log and --per-game cannot be resumed/,
    );
  });
});

describe('resume with an edited bot file', () => {
  it('is refused: one result never mixes two versions of a bot', async () => {
    const bot = join(dir, 'edited.mjs');
    writeFileSync(bot, `export default { name: 'edited', params: {}, create: () => ({ decide: (o) => (o.myChips === 0 || o.card < 15 ? 'take' : 'pass') }) };`);
    const args = ['tournament', '--agents', `${bot},greedy,random`, '--players', '3', '--games', '10', '--seed', 'edit', '--quiet'];
    // In this process: the bot file loads in worker threads only, never in this one's module cache.
    expect((await inProcess([...args, '--out', 'edited-run'])).status).toBe(0);
    writeFileSync(bot, `export default { name: 'edited', params: {}, create: () => ({ decide: (o) => (o.myChips === 0 || o.card < 20 ? 'take' : 'pass') }) };`);
    const resumed = await inProcess([...args, '--resume', 'edited-run']);
    expect(resumed.status).toBe(1);
    expect(resumed.stderr).toMatch(
      /^nothanks: --resume edited-run: that run was started with other settings \(botFiles \{.*edited\.mjs":"[0-9a-f]{16}"\} vs \{.*"[0-9a-f]{16}"\}\); repeat its command exactly\n$/,
    );
  });
});

describe('sharded experiment', () => {
  it("3 shards merged write the single run's CSVs, charts and report", async () => {
    const file = join(dir, 'tiny.json');
    writeFileSync(
      file,
      JSON.stringify({ kind: 'player-count', title: 'tiny', agents: ['random', 'greedy', 'threshold'], players: [3, 4], games: 31, seed: 'tiny', png: false }),
    );
    expect((await inProcess(['run', file, '--out', 'exp-single', '--quiet'])).status).toBe(0);
    for (const i of [0, 1, 2]) {
      const r = await inProcess(['run', file, '--shard', `${i}/3`, '--out', `exp-${i}`, '--quiet', '--threads', '1']);
      expect(r.status).toBe(0);
      expect(existsSync(join(dir, `exp-${i}`, 'report.html'))).toBe(false); // a shard keeps state only
    }
    const merged = await inProcess(['merge', 'exp-2', 'exp-0', 'exp-1', '--out', 'exp-merged', '--quiet']);
    expect(merged.stderr).toBe('');
    const single = outputs(join(dir, 'exp-single'));
    expect(Object.keys(single)).toEqual(expect.arrayContaining(['report.html', 'score-by-players.svg', 'players-3/summary.csv', 'players-4/pairwise.csv']));
    expect(outputs(join(dir, 'exp-merged'))).toEqual(single);
    expect((await inProcess(['merge', 'exp-0', 'exp-1', '--out', 'exp-merged-2'])).stderr).toBe('nothanks: merge: shard 2/3 missing (2 of 3 given)\n');
  });

  it('refuses --shard for a sweep with one line', async () => {
    const r = await inProcess(['run', join(import.meta.dirname, '..', '..', 'experiments', 'thresholds.json'), '--shard', '0/2']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /^nothanks: --shard and --resume work for the strategies and player-count experiments; a thresholds experiment runs on one machine/,
    );
  });
});

describe('result folders', () => {
  const quick = ['tournament', '--agents', 'random,greedy', '--players', '3', '--games', '5', '--quiet'];

  it('--force replaces what a previous run wrote, and nothing else: not a user file, not a folder without a run, not an input', async () => {
    expect((await inProcess([...quick, '--out', 'again', '--log', join('again', 'games.jsonl')])).status).toBe(0);
    writeFileSync(join(dir, 'again', 'my-notes.txt'), 'mine');
    expect((await inProcess([...quick, '--out', 'again'])).stderr).toMatch(/already holds files: choose a new folder or add --force/);
    expect((await inProcess([...quick, '--out', 'again', '--force'])).status).toBe(0);
    // The old run's log is gone (the new run wrote none); the user's file stays.
    expect(existsSync(join(dir, 'again', 'games.jsonl'))).toBe(false);
    expect(readFileSync(join(dir, 'again', 'my-notes.txt'), 'utf8')).toBe('mine');
    expect(existsSync(join(dir, 'again', 'summary.json'))).toBe(true);
    mkdirSync(join(dir, 'notes'));
    writeFileSync(join(dir, 'notes', 'thesis.tex'), 'precious');
    writeFileSync(join(dir, 'notes', 'summary.json'), '{}');
    const r = await inProcess([...quick, '--out', 'notes', '--force']);
    expect(r.stderr).toBe('nothanks: --out notes holds files but no record of a lab run: --force only replaces what a lab run wrote; choose a new folder\n');
    expect(readFileSync(join(dir, 'notes', 'thesis.tex'), 'utf8')).toBe('precious');
    // A merge never writes over one of its shards, which could then never be merged again.
    for (const i of [0, 1]) expect((await inProcess([...quick, '--shard', `${i}/2`, '--out', `part-${i}`])).status).toBe(0);
    const m = await inProcess(['merge', 'part-0', 'part-1', '--out', 'part-0', '--force']);
    expect(m.stderr).toMatch(/^nothanks: --out part-0 is one of this command's inputs .*: choose a new folder\n$/);
    expect(existsSync(join(dir, 'part-0', 'state'))).toBe(true);
    expect((await inProcess(['merge', 'part-0', 'part-1', '--out', 'merged'])).status).toBe(0);
  });

  it('refuses a second run into a folder another live run is writing', async () => {
    expect((await inProcess([...quick, '--out', 'busy'])).status).toBe(0);
    // This test's own process stands in for the other run: alive, on this host (so this run is a child).
    writeFileSync(join(dir, 'busy', '.nothanks-lock'), `${hostname().replace(/[^A-Za-z0-9-]/g, '-')} ${process.pid}\n`);
    const r = run([...quick, '--out', 'busy', '--force']);
    expect(r.stderr).toBe(`nothanks: --out busy is being written by another lab run (process ${process.pid}): wait for it, or choose another folder\n`);
    expect(existsSync(join(dir, 'busy', 'summary.json'))).toBe(true);
    // A lock left by a killed run is taken over.
    writeFileSync(join(dir, 'busy', '.nothanks-lock'), `${hostname().replace(/[^A-Za-z0-9-]/g, '-')} 999999\n`);
    // (A child again: a run lets go of its lock as its process ends.)
    expect(run([...quick, '--out', 'busy', '--force']).status).toBe(0);
    expect(existsSync(join(dir, 'busy', '.nothanks-lock'))).toBe(false);
  });

  it('removes the temporary log a killed run left beside --log', async () => {
    const stale = join(dir, `games.jsonl.${hostname()}.999999.tmp`);
    writeFileSync(stale, '{"half": ');
    expect((await inProcess([...quick, '--log', 'games.jsonl', '--out', 'logged'])).status).toBe(0);
    expect(existsSync(stale)).toBe(false);
    const { gamesPlayed } = JSON.parse(readFileSync(join(dir, 'logged', 'summary.json'), 'utf8'));
    expect(readFileSync(join(dir, 'games.jsonl'), 'utf8').trim().split('\n')).toHaveLength(gamesPlayed);
  });
});
