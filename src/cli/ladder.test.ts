import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { distModule } from '../paths.js';
import { runCli } from './program.js';
import { STUCK_SECONDS, STUCK_TEXT } from '../testing/tier.js';

// The CLI as a user runs it: the compiled build in a child process (`npm test` builds first).
const cli = distModule('cli/main.js');
const dir = mkdtempSync(join(tmpdir(), 'nothanks-ladder-'));
const run = (args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: dir });
// ...or, for what a command prints and writes, the same program in this process: no Node start and
// module load per command. A stuck bot stays in a child: the limit stops the lab's child processes.
const inProcess = (args: string[]) => runCli(args, dir);
const ladder = ['ladder', '--agents', 'random,greedy,threshold', '--players', '3,4', '--games', '10', '--seed', '3'];

describe('nothanks ladder', () => {
  it('prints ratings per table size and pooled with the goodness check, and writes the run folder', async () => {
    const r = await inProcess([...ladder, '--out', join(dir, 'a'), '--threads', '1', '--chunk', '10']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^3 players: 60 games on 10 deals; anchor random = 0$/m);
    // 3 bots at 4 seats: filled as every command fills by default, and said so.
    expect(r.stdout).toMatch(
      /^tables at 4 players: fill balanced: 3 bots for 4 seats, every bot once, the 1 seat left to each 1-bot subset in turn \(3 tables\)$/m,
    );
    expect(r.stdout).toMatch(/^pooled: \d+ games on 10 deals/m);
    expect(r.stdout).toMatch(/pooled: held-out \d+ games of 2 deals: win-share RMSE [\d.]+ points vs [\d.]+ for parity; winner log-loss [\d.]+ vs [\d.]+/);
    for (const f of [
      'ratings.csv',
      'goodness.csv',
      'summary.json',
      'ladder.png',
      'ladder.svg',
      'ladder.vl.json',
      'report.html',
      'players-3/summary.json',
      'players-4/pairwise.csv',
    ])
      expect(existsSync(join(dir, 'a', f))).toBe(true);
    const summary = JSON.parse(readFileSync(join(dir, 'a', 'summary.json'), 'utf8'));
    expect(summary).toMatchObject({ anchor: 'random', players: [3, 4], seed: '3', partial: false, holdoutEvery: 5 });
    expect(summary.scopes.map((s: { scope: string }) => s.scope)).toEqual(['3 players', '4 players', 'pooled']);
    expect(readFileSync(join(dir, 'a', 'ratings.csv'), 'utf8').split('\n')[0]).toBe(
      'scope,rank,agent,rating,ratingLo,ratingHi,se,seFisher,games,winShare,gapToNext,gapToNextLo,gapToNextHi,partial',
    );
    expect(readFileSync(join(dir, 'a', 'report.html'), 'utf8')).toMatch(/<h2>Goodness of fit<\/h2>/);
  });

  it('writes the same ratings.csv for any thread count and chunk size', async () => {
    expect((await inProcess([...ladder, '--out', join(dir, 'b'), '--threads', '2', '--chunk', '3'])).status).toBe(0);
    expect(readFileSync(join(dir, 'b', 'ratings.csv'), 'utf8')).toBe(readFileSync(join(dir, 'a', 'ratings.csv'), 'utf8'));
  });

  it.each([
    [['--players', '3,x'], /--players must be a comma-separated list of table sizes \(3,4,5\), got "3,x"/],
    [['--players', '3,9'], /players must be an integer from 2 to 7, got 9/],
    [['--anchor', 'mc'], /anchor "mc" is not in the pool \(random, greedy, threshold\)/],
    [['--holdout', '1'], /holdout must be 0 \(none\) or an integer of at least 2, got 1/],
    [['--agents', 'random'], /a ladder needs at least two different bots/],
    [['--out', '.'], /--out \. already holds files: choose a new folder or add --force/],
  ])('refuses %j with one line', async (extra, message) => {
    const args = [...ladder];
    for (let i = 0; i < extra.length; i += 2) {
      const at = args.indexOf(extra[i]!);
      if (at >= 0) args.splice(at, 2);
    }
    const out = join(dir, 'never-made');
    // What the command refuses: the CLI in this process (no Node start per case).
    const r = await inProcess([...args, ...extra, ...(extra.includes('--out') ? [] : ['--out', out])]);
    expect(r.status).toBe(1);
    expect(existsSync(out)).toBe(false); // checked before the folder is made
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(message);
  });
  it('stops a stuck bot after --decision-timeout with one line naming it (not "interrupted")', () => {
    const bot = join(dir, 'stuck.mjs');
    writeFileSync(
      bot,
      `let games = 0; export default { name: 'stuck', params: {}, create: () => ({ newGame() { games++; }, decide: () => { if (games > 5) for (;;) {} return 'take'; } }) };`,
    );
    const r = run([
      'ladder',
      '--agents',
      `random,greedy,${bot}`,
      '--players',
      '3',
      '--games',
      '10',
      '--threads',
      '1',
      '--decision-timeout',
      String(STUCK_SECONDS),
      '--out',
      join(dir, 'stuck'),
    ]);
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(new RegExp(`^nothanks: bot "stuck" in seat \\d \\(game seed [0-9a-f]{16}\\) took longer than ${STUCK_TEXT} s to decide`));
  });
});

describe('ladder labels', () => {
  it('names a file bot by its own name in the table and ratings.csv, never by its path', async () => {
    const bot = join(dir, 'named.mjs');
    writeFileSync(bot, `export default { name: 'named', params: {}, create: () => ({ decide: (o) => (o.myChips === 0 || o.card < 12 ? 'take' : 'pass') }) };`);
    const r = await inProcess(['ladder', '--agents', `${bot},greedy,random`, '--players', '3', '--games', '10', '--out', join(dir, 'named')]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/ named /);
    expect(r.stdout).not.toContain(bot);
    const csv = readFileSync(join(dir, 'named', 'ratings.csv'), 'utf8');
    expect(csv).toMatch(/,named,/);
    expect(csv).not.toContain('.mjs');
  });
});
