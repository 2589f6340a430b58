import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { distModule, PROJECT_ROOT } from '../paths.js';
import { runChild } from '../testing/child.js';
import { runCli } from './program.js';
import { OWN_OUTPUTS } from './tournament.js';
import { STUCK_SECONDS, STUCK_TEXT } from '../testing/tier.js';

// The CLI as a user runs it: the compiled build in a child process (`npm test` builds first)...
const cli = distModule('cli/main.js');
const dir = mkdtempSync(join(tmpdir(), 'nothanks-cli-'));
const run = (args: string[], input?: string) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', input, cwd: dir });
// ...or, where a test checks what a command prints, writes and exits with rather than what its
// process does (signals, stdin, a piped stderr, bot files), the same program in this process:
// no Node start and module load per command.
const inProcess = (args: string[]) => runCli(args, dir);
/** A child process that does not block this one, so that several can run at once. */
const spawned = (args: string[], env: NodeJS.ProcessEnv) => runChild(process.execPath, [cli, ...args], { cwd: dir, env, timeout: 60_000 });

/** stderr without the one line saying bot programs run unsandboxed (printed where bubblewrap is missing). */
const withoutSandboxWarning = (stderr: string) =>
  stderr
    .split('\n')
    .filter((line) => !/; bot programs run without a sandbox /.test(line))
    .join('\n');

/** sweep, tune, test and run, each playing `bot` (an experiment `file` for run): the commands that take --decision-timeout besides tournament and ladder. */
const sweepTuneTestRun = (bot: string, file: string): [string, string[]][] => [
  ['sweep', ['sweep', '--agent', 'threshold', '--grid', 'margin=0..4:4', '--field', bot, '--players', '3', '--games', '20']],
  [
    'tune',
    ['tune', '--agent', 'threshold', '--params', 'margin=-4..8', '--field', bot, '--players', '3', '--budget', '120', '--deals', '20', '--holdout', '20'],
  ],
  ['test', ['test', '--candidate', bot, '--baseline', 'threshold', '--players', '3']],
  ['run', ['run', file]],
];

describe('nothanks tournament / replay', () => {
  it('writes valid records and replays one game readably', async () => {
    const log = join(dir, 'g.jsonl');
    const t = await inProcess([
      'tournament',
      '--agents',
      'random',
      '--players',
      '5',
      '--games',
      '300',
      '--seed',
      '7',
      '--log',
      log,
      '--out',
      join(dir, 't1'),
      '--per-game',
      join(dir, 'pg.csv'),
    ]);
    expect(t.status).toBe(0);
    expect(t.stderr).toBe(''); // no progress bar when stderr is not a terminal
    expect(t.stdout).toMatch(/5 players, 300 games, seed 7/);
    expect(readFileSync(log, 'utf8').trim().split('\n')).toHaveLength(300);
    expect(readFileSync(join(dir, 'pg.csv'), 'utf8').trim().split('\n')).toHaveLength(1 + 300 * 5);
    const summary = JSON.parse(readFileSync(join(dir, 't1', 'summary.json'), 'utf8'));
    expect(summary).toMatchObject({ players: 5, seed: '7', gamesPlayed: 300, partial: false });
    expect(Object.keys(summary.agents[0])).toEqual(
      expect.arrayContaining(['agent', 'games', 'meanScore', 'meanScoreCI', 'winShare', 'winShareCI', 'meanRank']),
    );
    for (const f of ['summary.csv', 'pairwise.csv', 'seats.csv']) expect(readFileSync(join(dir, 't1', f), 'utf8').length).toBeGreaterThan(20);
    // A --log under one of these names in --out is refused before the run (it would be overwritten): the list must name every output.
    expect(readdirSync(join(dir, 't1')).filter((f) => !OWN_OUTPUTS.includes(f))).toEqual([]);

    const r = await inProcess(['replay', log, '--show', '3']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Game 3 of 300 · seed [0-9a-f]{16} · 5 players · 11 chips each/);
    expect(r.stdout).toMatch(/Final table:/);
    expect(r.stdout).toMatch(/300 records in .* replayed: all legal, all results match\./);
  });

  it('labels file bots by their names in every output and keeps their paths in the metadata', async () => {
    const bot = (file: string, take: number) => {
      writeFileSync(
        join(dir, file),
        `export default { name: 'mine', description: '', params: {}, create: () => ({ decide: (obs) => (obs.myChips === 0 || obs.card <= ${take} ? 'take' : 'pass') }) };`,
      );
      return join(dir, file);
    };
    const [a, b] = [bot('a.mjs', 12), bot('b.mjs', 20)];
    const log = join(dir, 'labels.jsonl');
    const perGame = join(dir, 'labels.csv');
    const t = await inProcess([
      'tournament',
      '--agents',
      `./a.mjs,./b.mjs,greedy`,
      '--players',
      '3',
      '--games',
      '4',
      '--log',
      log,
      '--per-game',
      perGame,
      '--out',
      join(dir, 'labels'),
    ]);
    expect(t.stderr).toBe('');
    const summary = JSON.parse(readFileSync(join(dir, 'labels', 'summary.json'), 'utf8'));
    expect(summary.agents.map((x: { agent: string }) => x.agent)).toEqual(['mine', 'mine#2', 'greedy']);
    expect(summary.agentOrigins).toEqual([
      { agent: 'mine', spec: './a.mjs', file: a },
      { agent: 'mine#2', spec: './b.mjs', file: b },
      { agent: 'greedy', spec: 'greedy' },
    ]);
    expect(summary.seatings[0]).toEqual(['mine', 'mine#2', 'greedy']);
    expect(Object.keys(summary.distributions)).toEqual(['mine', 'mine#2', 'greedy']);
    const outputs =
      ['summary.csv', 'pairwise.csv', 'seats.csv'].map((f) => readFileSync(join(dir, 'labels', f), 'utf8')).join('') + readFileSync(perGame, 'utf8') + t.stdout;
    expect(outputs).toContain('mine#2');
    expect(outputs).not.toContain('.mjs');
    const records = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(records[0].agents).toEqual(['mine', 'mine#2', 'greedy']);
  });

  it('rejects a record that breaks the rules, naming the decision', async () => {
    const log = join(dir, 'one.jsonl');
    await inProcess(['tournament', '--agents', 'greedy', '--players', '3', '--games', '1', '--log', log, '--out', join(dir, 't2')]);
    const rec = JSON.parse(readFileSync(log, 'utf8'));
    rec.rules.startChips = 0;
    rec.rules.custom = true;
    rec.actions = 'P' + rec.actions.slice(1);
    writeFileSync(log, JSON.stringify(rec) + '\n');
    const r = await inProcess(['replay', log]);
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toMatch(/^nothanks: .*one\.jsonl: game 1: decision 1: seat \d may not pass \(it may take\)$/);
  });

  it.each([
    [['tournament', '--agents', 'grumpy', '--players', '4'], /unknown agent "grumpy"/],
    [['tournament', '--agents', 'random', '--players', '8'], /players must be an integer from 2 to 7, got 8/],
    [['tournament', '--agents', 'random', '--players', '3,4'], /^nothanks: --players must be a number, got "3,4"\n$/],
    [['tournament', '--agents', 'random', '-p', 'x', '--games', '1'], /^nothanks: --players must be a number, got "x"\n$/],
    [['tournament', '--agents', 'random', '--players=4', '--games=many'], /^nothanks: --games must be a number, got "many"\n$/],
    [['tournament', '--agents', 'random', '--players', '4', '--games', '--threads', '1'], /^nothanks: --games needs a value\n$/],
    [['tournament', '--agents', 'random', '--players', '4', '--games=0x3'], /^nothanks: --games must be a number, got "0x3"\n$/],
    [['tournament', '--agents', 'random', '--players', '4', '--seed', 'a\nb'], /^nothanks: --seed must not hold control characters, got "a\\nb"\n$/],
    [['tournament', '--agents', 'random', '-p', '0b11', '--games', '1'], /^nothanks: --players must be a number, got "0b11"\n$/],
    [['tournament', '--agents', 'random', '-p'], /^nothanks: -p needs a value\n$/],
    [['tournaments', '--agents', 'random'], /^nothanks: Unknown command: tournaments \(see --help\)\n$/],
    [['replay', 'a.jsonl', 'b.jsonl'], /^nothanks: Unknown argument: b\.jsonl\n$/],
    [['tournament', '-a', 'random', '-p', '3', '-g', '0x3'], /^nothanks: --games must be a number, got "0x3"\n$/],
    [['tournament', '--agents', 'random,greedy', '--players', '2'], /2 players is outside the official rules/],
    [['tournament', '--agents', 'random', '--players', '4', '--games', '0'], /games must be an integer from 1 to 100000000 \(deals per seating\), got 0/],
    [
      ['tournament', '--agents', 'random', '--players', '4', '--games', '1e12'],
      /games must be an integer from 1 to 100000000 \(deals per seating\), got 1000000000000/,
    ],
    [['tournament', '--agents', 'human,greedy', '--players', '3'], /agent "human" waits for a person at the terminal: play against it with `nothanks play`/],
    [['tournament', '--agents', 'threshold:constructor=1,greedy', '--players', '3'], /unknown parameter "constructor"/],
    [['tournament', '--agents', 'random', '--players', '4', '--chips', '-1'], /[^-]chips must be an integer from 0 to 1000, got -1/],
    [['tournament', '--agents', 'random', '--players', '4', '--removed', '40'], /removed must be an integer from 0 to 32, got 40/],
    [['tournament', '--agents', 'threshold:margin=99', '--players', '4'], /margin must be a number from -40 to 40/],
    [['tournament', '--agents', 'random', '--bogus'], /Unknown argument/],
    [['replay', 'no-such-file.jsonl'], /cannot read no-such-file.jsonl/],
    [['tournament', '--agents', 'random', '--players', '3', '--out', '/dev/null/x'], /cannot write to \/dev\/null\/x: a parent is not a folder/],
    [['tournament', '--agents', 'random', '--players', '3', '--out', '.'], /--out \. already holds files: choose a new folder or add --force/],
    [['tournament', '--agents', 'random', '--players', '3', '--log', '/dev/null/g.jsonl'], /^nothanks: cannot write \/dev\/null\/g\.jsonl: /],
    [['tournament', '--agents', 'random', '--players', '3', '--per-game', '/dev/null/x.csv'], /^nothanks: cannot write \/dev\/null\/x\.csv: /],
    [['tournament', '--agents', 'random', '--players', '3', '--log', '/'], /^nothanks: \/ is a folder, not a regular file: the lab writes only regular files/],
    // Before, the run's summary.json (written through the same temporary name) took the log's place: a stack trace, the log lost.
    [
      ['tournament', '--agents', 'random,greedy', '--players', '3', '--games', '2', '--log', 'df5/summary.json', '--out', 'df5'],
      /^nothanks: --log df5\/summary\.json clashes with the run's own output df5\/summary\.json, which would overwrite it: choose another file\n$/,
    ],
    [
      ['tournament', '--agents', 'random,greedy', '--players', '3', '--games', '2', '--per-game', './df6/state/x.csv', '--out', 'df6/'],
      /^nothanks: --per-game \.\/df6\/state\/x\.csv clashes with the run's own output df6\/state, which/,
    ],
    [['tournament', '--game', 'chess', '--agents', 'random'], /unknown game "chess"/],
    [['tournament', '--agents', 'random', '--players', '3', '--specials', 'joker'], /--specials is a setting of no-thanks-specials, not of no-thanks/],
    [['tournament', '--game', 'no-thanks-specials', '--agents', 'random', '--players', '3', '--specials', 'dragon'], /unknown special "dragon"/],
    [['sweep', '--agent', 'threshold', '--grid', 'margin=1..2', '--field', 'greedy', '--games', '1e12'], /games must be an integer from 1 to 10000000/],
    [
      ['tournament', '--agents', 'greedy,threshold', '--table', '0,2,1'],
      /--table must list a pool index from 0 to 1 for each seat \(e\.g\. 0,1,1\), got "0,2,1"/,
    ],
    [['tournament', '--agents', 'greedy,threshold', '--table', '0,1,1', '--players', '4'], /table \[0,1,1\] does not seat 4 agents of the pool/],
  ])('%j fails with one clear line', async (args, message) => {
    const r = await inProcess(args);
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(message);
  });

  it.each([
    // yargs refuses it, a command refuses it: either way the process prints one line and exits 1.
    [['tournament', '--agents', 'random', '--bogus'], /^nothanks: Unknown argument: bogus\n$/],
    [['tournament', '--agents', 'grumpy', '--players', '4'], /^nothanks: unknown agent "grumpy"/],
  ])('%j fails with one clear line and exit code 1 from the binary too', (args, message) => {
    const r = run(args);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(message);
  });

  it("checks an experiment's bots before it makes its folder", async () => {
    const file = join(dir, 'bad-bot.json');
    writeFileSync(file, JSON.stringify({ kind: 'strategies', title: 't', agents: ['random', 'grumpy'], players: [3], games: 5, seed: 1 }));
    const out = join(dir, 'bad-bot-run');
    const r = await inProcess(['run', file, '--out', out, '--quiet']);
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toMatch(/^nothanks: unknown agent "grumpy" for no-thanks/);
    expect(existsSync(out)).toBe(false);
  });

  it('resuming a test that finished leaves its results as they are', async () => {
    const out = join(dir, 'test-done');
    const args = [
      'test',
      '--candidate',
      'threshold:margin=3',
      '--baseline',
      'threshold',
      '--players',
      '3',
      '--max-deals',
      '20',
      '--batch',
      '10',
      '--seed',
      '5',
      '-q',
    ];
    expect((await inProcess([...args, '--out', out])).status).toBe(0);
    const before = readFileSync(join(out, 'test.json'), 'utf8');
    expect(JSON.parse(before).games).toBeGreaterThan(0);
    const r = await inProcess([...args, '--resume', out]);
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(r.stdout).toMatch(
      /^The test in .*test-done had already finished; its results are left as they are: threshold:margin=3 against threshold .*: truncated at the cap of 20 deals/,
    );
    expect(readFileSync(join(out, 'test.json'), 'utf8')).toBe(before);
    // Stopped while its outputs were written: the resume says they are missing, not that they stay.
    rmSync(join(out, 'test.json'));
    const missing = await inProcess([...args, '--resume', out]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/^nothanks: the test in .*test-done had finished, but its outputs were not written .*run it again with --out for them\n$/);
  });

  it('sweep, tune, test and run take --decision-timeout, the flag their stuck-bot line names', async () => {
    const bot = join(dir, 'stuck-flag.mjs');
    writeFileSync(bot, "export default { name: 'stuck', params: {}, create: () => ({ decide: () => { for (;;) {} } }) };");
    const file = join(dir, 'stuck-flag.json');
    writeFileSync(file, JSON.stringify({ kind: 'strategies', title: 't', agents: ['greedy', bot], players: [3], games: 5, seed: 1 }));
    const commands = sweepTuneTestRun(bot, file);
    await Promise.all(
      commands.map(async ([name, args]) => {
        const r = await spawned(
          [...args, '--threads', '1', '--decision-timeout', String(STUCK_SECONDS), '--out', join(dir, `stuck-flag-${name}`), '-q'],
          process.env,
        );
        expect(r.status, name).toBe(1);
        expect(r.stderr.trim().split('\n'), name).toHaveLength(1);
        // A bot that stopped the run is never reported as an interrupt.
        expect(r.stdout, name).not.toMatch(/interrupted/i);
        expect(r.stderr, name).toMatch(
          new RegExp(
            `^nothanks: bot "stuck" in seat \\d \\(game seed [0-9a-f]{16}\\) took longer than ${STUCK_TEXT} s to decide: stopped \\(the limit is --decision-timeout\\)`,
          ),
        );
      }),
    );
  });

  it('sweep, tune, test and run give a program bot --decision-timeout to greet, as tournament does', async () => {
    // A program that never greets (a bot loading a model for longer than the limit), in a folder of its own.
    const folder = mkdtempSync(join(dir, 'mute-'));
    writeFileSync(join(folder, 'mute.py'), 'import time\ntime.sleep(1000)\n');
    const bot = `exec:python3 ${join(folder, 'mute.py')}`;
    const file = join(dir, 'mute.json');
    writeFileSync(file, JSON.stringify({ kind: 'strategies', title: 't', agents: ['greedy', bot], players: [3], games: 5, seed: 1 }));
    const commands = sweepTuneTestRun(bot, file);
    await Promise.all(
      commands.map(async ([name, args]) => {
        const r = await spawned([...args, '--threads', '1', '--decision-timeout', '6', '--out', join(dir, `mute-${name}`), '-q'], process.env);
        expect(r.status, name).toBe(1);
        // Before, all but test checked the greeting with the default 10 s, whatever the flag said.
        // Without bubblewrap a warning line comes first, legitimately: it is not what this test is about.
        expect(withoutSandboxWarning(r.stderr), name).toMatch(/^nothanks: bot program exec:python3 .*mute\.py did not answer the greeting within 6 s\n$/);
      }),
    );
  });

  it('a sweep refused for its options leaves an earlier run in its --out as it was, --force or not', async () => {
    const out = join(dir, 'sweep-kept');
    const sweep = ['sweep', '--agent', 'threshold', '--grid', 'margin=1..2', '--field', 'greedy', '--players', '3', '--games', '2', '--out', out, '-q'];
    expect((await inProcess(sweep)).status).toBe(0);
    const before = readdirSync(out).sort();
    for (const bad of [
      ['--decision-timeout', '0'],
      ['--grid', 'nosuch=1..2'],
      ['--rounds', '0'],
    ]) {
      const r = await inProcess([...sweep, ...bad, '--force']);
      expect(r.status, bad.join(' ')).toBe(1);
      expect(readdirSync(out).sort()).toEqual(before);
    }
    // The same for a thresholds experiment whose grid names no parameter of its bot.
    const file = join(dir, 'thresholds-bad.json');
    const experiment = { kind: 'thresholds', title: 't', seed: 's', agent: 'threshold', grid: { nosuch: '0..2' }, field: ['greedy'], players: 3, games: 2 };
    writeFileSync(file, JSON.stringify(experiment));
    const r = await inProcess(['run', file, '--out', out, '--force', '-q']);
    expect(r.stderr).toMatch(/^nothanks: grid: threshold has no parameter "nosuch"/);
    expect(readdirSync(out).sort()).toEqual(before);
  });

  it('resumes a run whose list of written files is gone (a run from before the list), as it was', async () => {
    const out = join(dir, 'listless');
    const args = ['tournament', '-a', 'random,greedy', '-p', '3', '-g', '4', '--no-report', '--threads', '1'];
    expect((await inProcess([...args, '--out', out])).status).toBe(0);
    const summary = readFileSync(join(out, 'summary.json'), 'utf8');
    rmSync(join(out, '.nothanks-run'));
    const r = await inProcess([...args, '--resume', out]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')).agents).toEqual(JSON.parse(summary).agents);
  });

  it('a run a bot stopped does not say it finished', async () => {
    const bot = join(dir, 'boom-run.mjs');
    writeFileSync(bot, "export default { name: 'boom', params: {}, create: () => ({ decide: () => { throw new Error('boom'); } }) };");
    const file = join(dir, 'boom-run.json');
    writeFileSync(file, JSON.stringify({ kind: 'strategies', title: 't', agents: ['greedy', bot], players: [3], games: 5, seed: 1 }));
    const r = await inProcess(['run', file, '--out', join(dir, 'boom-run'), '--quiet']);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^t \(PARTIAL: stopped by a bot\)$/m);
    expect(r.stdout).toMatch(/^Stopped by a bot after \d+ s\. Report: /m);
    expect(r.stdout).not.toMatch(/Finished/);
  });

  it('stops a bot that gets stuck, blocks in a child, throws or runs out of memory mid-run with one line, keeping the finished games', async () => {
    const cases: [string, string, RegExp][] = [
      ['stuck', `for (;;) {}`, new RegExp(`bot "stuck" in seat \\d \\(game seed [0-9a-f]{16}\\) took longer than ${STUCK_TEXT} s to decide: stopped`)],
      [
        'sleeper',
        `execSync('sleep 1000');`,
        new RegExp(`bot "sleeper" in seat \\d \\(game seed [0-9a-f]{16}\\) took longer than ${STUCK_TEXT} s to decide: stopped`),
      ],
      ['thrower', `throw new Error('late boom');`, /bot "thrower" in seat \d \(game seed [0-9a-f]{16}\) threw late boom/],
      ['hog', `for (const keep = [];;) keep.push(new Array(1e5).fill(games));`, /a bot ran out of memory \(the limit is 64 MB of heap per worker thread\)/],
    ];
    // The four runs at once: the stuck ones mostly wait for their limit.
    const check = async ([name, act, message]: [string, string, RegExp]): Promise<void> => {
      const bot = join(dir, `${name}-late.mjs`);
      writeFileSync(
        bot,
        `import { execSync } from 'node:child_process'; let games = 0; export default { name: '${name}', params: {}, create: () => ({ newGame() { games++; }, decide: (o) => { if (games > 30 && o.cardsLeft < 3) { ${act} } return 'take'; } }) };`,
      );
      const out = join(dir, `${name}-run`);
      // Only the stuck bots meet the short limit: a slow machine must not turn a throw or the heap limit into a timeout.
      const limit = name === 'stuck' || name === 'sleeper' ? String(STUCK_SECONDS) : '30';
      const args = [
        'tournament',
        '--agents',
        `${bot},greedy`,
        '--players',
        '3',
        '--games',
        '50',
        '--threads',
        '1',
        '--chunk',
        '1',
        '--decision-timeout',
        limit,
        '--out',
        out,
      ];
      const r = await spawned(args, { ...process.env, NOTHANKS_WORKER_HEAP_MB: '64' });
      expect(r.status, name).toBe(1);
      expect(r.stderr.trim().split('\n'), name).toHaveLength(1);
      expect(r.stderr).toMatch(new RegExp(`^nothanks: ${message.source}.*; the [1-9]\\d* games finished before are in `));
      const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
      expect(summary, name).toMatchObject({ partial: true, stopped: r.stderr.slice('nothanks: '.length, r.stderr.indexOf('; the ')) });
      expect(summary.gamesPlayed, name).toBeGreaterThan(0);
      expect(readFileSync(join(out, 'summary.csv'), 'utf8').split('\n')[1], name).toMatch(/,true$/);
    };
    await Promise.all(cases.map(check));
  });

  it('plays one bot against P-1 copies of another with --table, in every rotation', async () => {
    const t = await inProcess(['tournament', '--agents', 'greedy,threshold', '--table', '0,1,1', '--games', '20', '--out', join(dir, 'table')]);
    expect(t.status).toBe(0);
    const summary = JSON.parse(readFileSync(join(dir, 'table', 'summary.json'), 'utf8'));
    expect(summary.seatings).toEqual([
      ['greedy', 'threshold', 'threshold'],
      ['threshold', 'threshold', 'greedy'],
      ['threshold', 'greedy', 'threshold'],
    ]);
    expect(summary.gamesPlayed).toBe(60);
    const games = Object.fromEntries(summary.agents.map((a: { agent: string; games: number }) => [a.agent, a.games]));
    expect(games).toEqual({ greedy: 60, threshold: 120 });
    // The command ended, so its folder is free: no lock left (the binary drops it as it exits), and
    // another lab process may write there again with --force.
    expect(existsSync(join(dir, 'table', '.nothanks-lock'))).toBe(false);
    const again = await spawned(
      ['tournament', '--agents', 'greedy,threshold', '--table', '0,1,1', '--games', '2', '--out', join(dir, 'table'), '--force', '--quiet'],
      process.env,
    );
    expect(again.stderr).toBe('');
    expect(again.status).toBe(0);
  });

  it("fills a small pool's tables the same way by default in tournament, ladder and experiments, and as --fill says", async () => {
    // 2 bots at 3 seats. balanced: {a,a,b} and {a,b,b}; multisets adds {a,a,a} and {b,b,b}; cycle: {a,b,a}.
    const seatings = (folder: string) =>
      JSON.parse(readFileSync(join(dir, folder, 'summary.json'), 'utf8')) as { fill: string; seatings: string[][]; tableFill: string };
    const t = await inProcess(['tournament', '-a', 'random,greedy', '-p', '3', '-g', '4', '--no-report', '--out', join(dir, 'fill-t')]);
    expect(t.status).toBe(0);
    expect(t.stdout).toMatch(/^tables: fill balanced: 2 bots for 3 seats, every bot once, the 1 seat left to each 1-bot subset in turn \(2 tables\)$/m);
    const exp = join(dir, 'fill.json');
    writeFileSync(
      exp,
      JSON.stringify({ kind: 'strategies', title: 'fill', agents: ['random', 'greedy'], players: [3], games: 4, seed: '1', seatings: 'rotations', png: false }),
    );
    expect((await inProcess(['run', exp, '--out', join(dir, 'fill-e')])).status).toBe(0);
    expect((await inProcess(['ladder', '-a', 'random,greedy', '-p', '3', '-g', '4', '--seatings', 'rotations', '--out', join(dir, 'fill-l')])).status).toBe(0);
    const defaults = [seatings('fill-t'), seatings('fill-e/players-3'), seatings('fill-l/players-3')];
    for (const s of defaults) {
      expect(s.fill).toBe('balanced');
      expect(s.seatings).toHaveLength(6); // 2 tables x 3 rotations
      expect(s.tableFill).toBe(defaults[0]!.tableFill);
    }
    expect(JSON.parse(readFileSync(join(dir, 'fill-l', 'summary.json'), 'utf8')).fill).toBe('balanced');
    expect(readFileSync(join(dir, 'fill-e', 'report.html'), 'utf8')).toContain('Tables: fill balanced: 2 bots for 3 seats');
    // The setting is used, not just recorded.
    for (const [fill, count] of [
      ['cycle', 3],
      ['multisets', 8],
    ] as const) {
      expect(
        (await inProcess(['tournament', '-a', 'random,greedy', '-p', '3', '-g', '4', '--no-report', '--fill', fill, '--out', join(dir, `fill-t-${fill}`)]))
          .status,
      ).toBe(0);
      expect(seatings(`fill-t-${fill}`)).toMatchObject({ fill });
      expect(seatings(`fill-t-${fill}`).seatings).toHaveLength(count);
      expect(
        (
          await inProcess([
            'ladder',
            '-a',
            'random,greedy',
            '-p',
            '3',
            '-g',
            '4',
            '--seatings',
            'rotations',
            '--fill',
            fill,
            '--out',
            join(dir, `fill-l-${fill}`),
          ])
        ).status,
      ).toBe(0);
      expect(seatings(`fill-l-${fill}/players-3`).seatings).toHaveLength(count);
    }
    writeFileSync(
      exp,
      JSON.stringify({
        kind: 'strategies',
        title: 'fill',
        agents: ['random', 'greedy'],
        players: [3],
        games: 4,
        seed: '1',
        seatings: 'rotations',
        png: false,
        fill: 'cycle',
      }),
    );
    expect((await inProcess(['run', exp, '--out', join(dir, 'fill-e-cycle')])).status).toBe(0);
    expect(seatings('fill-e-cycle/players-3').seatings).toEqual([
      ['random', 'greedy', 'random'],
      ['greedy', 'random', 'random'],
      ['random', 'random', 'greedy'],
    ]);
    // Nine runs of the CLI: more than the default minute on a busy machine.
  }, 300_000);

  it('stars exactly the pairs whose printed interval excludes 0', async () => {
    // Seed 7 gave a per-pair interval of [-5.32, -0.28] beside Holm's p of 0.059 and no star.
    const t = await inProcess([
      'tournament',
      '-a',
      'threshold,threshold:margin=4,threshold:margin=3,greedy',
      '-p',
      '3',
      '-g',
      '60',
      '--seed',
      '7',
      '--no-report',
    ]);
    expect(t.status).toBe(0);
    const rows = [...t.stdout.matchAll(/^\S+ +\S+ +60 +-?[\d.]+ +\[(-?[\d.]+), (-?[\d.]+)\] +\S+( +\*)?$/gm)];
    expect(rows).toHaveLength(6);
    for (const [, lo, hi, star] of rows) expect(Number(lo) > 0 || Number(hi) < 0).toBe(star !== undefined);
    expect(rows.some((r) => r[3] !== undefined)).toBe(true);
  });

  it("writes an experiment's report and charts for a tournament and prints the pairwise comparisons, with each bot's time per decision", async () => {
    const t = await inProcess(['tournament', '-a', 'random,greedy,threshold', '-p', '3', '-g', '30', '--out', join(dir, 'report-t')]);
    expect(t.status).toBe(0);
    expect(t.stdout).toMatch(/^Paired differences over deals .* simultaneous 95% CI and Bonferroni p over the 3 pairs/m);
    expect(t.stdout).toMatch(/^random +greedy +30 +[\d.]+ +\[[\d.]+, [\d.]+\] +[\d.e-]+ +\*$/m);
    expect(t.stdout).toMatch(/µs\/decision mean \/ worst/);
    expect(t.stdout).toMatch(/^1 {2}\w+ +90 .* [\d.]+ \/ [\d.]+$/m);
    const out = join(dir, 'report-t');
    for (const f of [
      'report.html',
      'leaderboard.svg',
      'pairwise.svg',
      'distributions.svg',
      'seats.svg',
      'leaderboard.vl.json',
      'replay.html',
      'sample-game.jsonl',
    ])
      expect(existsSync(join(out, f)), f).toBe(true);
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).toContain('3 players: paired differences');
    expect(html).toContain('µs per decision (mean / worst)');
    // The count is of seat-games, named so (summary.csv keeps its field name, games, for scripts).
    expect(html).toMatch(/<th[^>]*>seat-games<\/th>/);
    expect(html).not.toMatch(/<th[^>]*>games<\/th>/);
    expect(html).toContain('Tables: every combination of 3 of the 3 bots');
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
    expect(summary.decisionTime.map((d: { agent: string }) => d.agent).sort()).toEqual(['greedy', 'random', 'threshold']);
    for (const d of summary.decisionTime) {
      expect(d.decisionsTimed).toBeGreaterThan(0);
      expect(d.meanMicroseconds).toBeGreaterThan(0);
      expect(d.worstMicroseconds).toBeGreaterThanOrEqual(d.meanMicroseconds);
    }
    const csv = readFileSync(join(out, 'summary.csv'), 'utf8').split('\n');
    expect(csv[0]).toMatch(/,decisionTimeMeanUs,decisionTimeWorstUs,decisionTimeSamples,partial$/);
    expect(csv[1]).toMatch(/,[\d.]+,[\d.]+,\d+,false$/);
    // --no-report: the data files only.
    expect((await inProcess(['tournament', '-a', 'random,greedy', '-p', '3', '-g', '5', '--no-report', '--out', join(dir, 'report-none')])).status).toBe(0);
    expect(existsSync(join(dir, 'report-none', 'report.html'))).toBe(false);
    expect(existsSync(join(dir, 'report-none', 'leaderboard.svg'))).toBe(false);
  });

  it('prints n/a, not [NaN, NaN], where one deal gives no interval', async () => {
    const r = await inProcess(['tournament', '--agents', 'random,greedy', '--players', '3', '--games', '1', '--no-report', '--out', join(dir, 'one-deal')]);
    expect(r.status).toBe(0);
    expect(r.stdout).not.toMatch(/NaN/);
    expect(r.stdout).toMatch(/^1 +greedy +9 +[\d.]+ +n\/a +[\d.]+% +n\/a /m);
    expect(r.stdout).toMatch(/^random +greedy +1 +[\d.-]+ +n\/a +n\/a/m);
    // A pool bot no table seats has no figures at all.
    const unseated = await inProcess([
      'tournament',
      '-a',
      'random,greedy',
      '--table',
      '0,0,0',
      '-p',
      '3',
      '-g',
      '3',
      '--no-report',
      '--out',
      join(dir, 'unseated'),
    ]);
    expect(unseated.stdout).not.toMatch(/NaN/);
    expect(unseated.stdout).toMatch(/^2 +greedy +0 +n\/a +n\/a +n\/a +n\/a +n\/a/m);
  });

  it('lists the built-in agents with their parameters', async () => {
    const r = await inProcess(['agents']);
    expect(r.stdout).toMatch(/^No Thanks! \(--game no-thanks\):$/m);
    expect(r.stdout).toMatch(/^ {2}threshold: /m);
    expect(r.stdout).toMatch(/^\s+margin\s+take when .* \(default 2; number -40\.\.40\)$/m);
    expect(r.stdout).toMatch(/^ {2}mc: /m);
    // A text parameter: its kind, and "none" for no default.
    expect(r.stdout).toMatch(/^\s+model\s+the ONNX model file \(a path\) \(default none; text\)$/m);
  });

  it("lists every file a tournament writes in its folder, the state's means and the bots' logs too, so --force removes them all and only them", async () => {
    const out = join(dir, 'listed');
    const bot = `exec:python3 ${join(PROJECT_ROOT, 'clients', 'python', 'examples', 'no_thanks_greedy.py')}`;
    const args = ['tournament', '--players', '3', '--games', '2', '--out', out, '--no-report'];
    expect((await inProcess([...args, '--agents', `${bot},random`])).status).toBe(0);
    const onDisk = readdirSync(out, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && !e.name.startsWith('.nothanks-'))
      .map((e) => join(e.parentPath, e.name).slice(out.length + 1));
    // Before, state/tournament.means and bot-logs/*.log were not listed: --force left them behind.
    expect(onDisk).toEqual(expect.arrayContaining(['state/tournament.means', expect.stringMatching(/^bot-logs\/.*\.log$/)]));
    expect(readdirSync(out).filter((f) => !OWN_OUTPUTS.includes(f))).toEqual([]);
    const listed = readFileSync(join(out, '.nothanks-run'), 'utf8').split('\n');
    expect(onDisk.filter((f) => !listed.includes(f))).toEqual([]);
    writeFileSync(join(out, 'state', 'mynotes.txt'), 'mine');
    expect((await inProcess([...args, '--force', '--agents', 'random,greedy'])).status).toBe(0);
    expect(readdirSync(join(out, 'state')).sort()).toEqual(['mynotes.txt', 'run.json', 'tournament.json', 'tournament.means']);
    expect(existsSync(join(out, 'bot-logs'))).toBe(false);
  });

  it('says once that bot programs run without a sandbox where bubblewrap is missing, however many threads play them', async () => {
    // A PATH with what a Python bot's run needs (node, python3, mkfifo) and no bwrap.
    const bin = mkdtempSync(join(dir, 'no-bwrap-'));
    for (const [name, path] of [
      ['node', process.execPath],
      // The interpreter itself (a pyenv shim is a bash script, and bash is not on this PATH).
      ['python3', spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).stdout.trim()],
      ['mkfifo', spawnSync('sh', ['-c', 'command -v mkfifo'], { encoding: 'utf8' }).stdout.trim()],
    ] as const)
      symlinkSync(path, join(bin, name));
    const bot = `exec:python3 ${join(PROJECT_ROOT, 'clients', 'python', 'examples', 'no_thanks_greedy.py')}`;
    const args = ['tournament', '--agents', `${bot},random`, '--players', '3', '--games', '4', '--threads', '2', '--out', join(dir, 'no-bwrap'), '-q'];
    const r = await spawned(args, { ...process.env, PATH: bin });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr.split('\n').filter((line) => line.includes('run without a sandbox'))).toEqual([
      expect.stringMatching(/^nothanks: bubblewrap \(bwrap\) is not installed: .*; bot programs run without a sandbox /),
    ]);
  });

  it.runIf(existsSync('/dev/full'))('keeps what was finished when --log cannot be written (a full disk), with one line and no cut-off log', async () => {
    const out = join(dir, 'full');
    const log = join(dir, 'full.jsonl');
    // The log's temporary file is /dev/full: its first write fails with ENOSPC, as on a full disk.
    symlinkSync('/dev/full', `${log}.${hostname().replace(/[^A-Za-z0-9-]/g, '-')}.${process.pid}.tmp`);
    const perGame = join(dir, 'full-per-game.csv');
    const r = await inProcess([
      'tournament',
      '--agents',
      'random,greedy',
      '--players',
      '3',
      '--games',
      '300',
      '--chunk',
      '10',
      '--log',
      log,
      '--per-game',
      perGame,
      '--out',
      out,
    ]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^nothanks: cannot write .*full\.jsonl: no space left; the \d+ games finished before are in .*full\n$/);
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
    expect(summary).toMatchObject({ partial: true, stopped: expect.stringMatching(/no space left/) });
    expect(summary.gamesPlayed).toBeGreaterThan(0);
    // The per-game file holds every game the summary counts (3 seats a game), the failed batch's too.
    expect(readFileSync(perGame, 'utf8').trim().split('\n').length - 1).toBe(3 * summary.gamesPlayed);
    expect(readdirSync(dir).filter((f) => f.startsWith('full.jsonl'))).toEqual([]);
  });

  it('web: the start line names every page of the app (replays, play, advisor)', async () => {
    const child = spawn(process.execPath, [cli, 'web', '--port', '0', '--results', dir], { cwd: dir });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    const exited = new Promise<unknown>((r) => child.on('exit', r));
    while (!stdout.includes('\n') && child.exitCode === null) await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGTERM');
    await exited;
    expect(stdout).toMatch(/^Serving the web app at (http:\/\/\S+) \(replays: \1#replay, play: \1#play, advisor: \1#advise; logs under /);
  });

  it('keeps what was finished on Ctrl-C, marked partial', async () => {
    const out = join(dir, 'interrupted');
    const log = join(dir, 'interrupted.jsonl');
    const child = spawn(
      process.execPath,
      [cli, 'tournament', '--agents', 'mc:rollouts=50,greedy,threshold', '--players', '3', '--games', '100000', '--out', out, '--chunk', '4', '--log', log],
      { cwd: dir },
    );
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((r) => child.on('exit', r));
    // Interrupt once a first chunk is finished (its checkpoint is written), not after a fixed time.
    const checkpoint = join(out, 'state', 'tournament.json');
    const done = (): number => {
      try {
        return JSON.parse(readFileSync(checkpoint, 'utf8')).done as number;
      } catch {
        return 0;
      }
    };
    while (done() === 0 && child.exitCode === null) await new Promise((r) => setTimeout(r, 50));
    const seen = done();
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).toMatch(/interrupted/);
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
    expect(summary.partial).toBe(true);
    // What was finished is what is reported: every game in the summary is in the log, and no more.
    const logged = readFileSync(log, 'utf8').trim().split('\n').length;
    expect(summary.gamesPlayed).toBe(logged);
    expect(logged).toBeGreaterThanOrEqual(seen); // deals checkpointed before the interrupt, each at least one game
    expect(summary.gamesPlayed).toBeLessThan(300000);
  });
});

describe('errors that say what to do', () => {
  it('a .py bot, parameters of an exec: program, a print on stdout and a program that ends when greeted each name the fix', async () => {
    const folder = mkdtempSync(join(dir, 'say-'));
    const [hello, crash] = [join(folder, 'hello.py'), join(folder, 'crash.py')];
    writeFileSync(hello, 'print("hello")\n');
    writeFileSync(crash, 'import sys\nprint("loading", file=sys.stderr)\nimport no_such_module_here\n');
    const lines = async (args: string[]) => withoutSandboxWarning((await inProcess([...args, '--players', '3', '-q'])).stderr).trim();
    const tournament = (agents: string, out: string) => ['tournament', '--agents', agents, '--games', '1', '--out', join(dir, out)];
    // A Python file named as a bot file: the exec: spec that runs it.
    expect(await lines(tournament(`${hello},greedy`, 'say-py'))).toMatch(/is not a JavaScript or TypeScript bot file: .*--agents 'exec:python3 .*hello\.py'/);
    // An exec: program has no parameters to sweep: where a program declares them.
    const greedy = `exec:python3 ${join(PROJECT_ROOT, 'clients', 'python', 'examples', 'no_thanks_greedy.py')}`;
    const sweep = ['sweep', '--agent', greedy, '--grid', 'frac=0..1:0.5', '--field', 'greedy', '--games', '2', '--out', join(dir, 'say-sweep')];
    expect(await lines(sweep)).toMatch(/has no parameter "frac" \(known: none\); .*\.bot\.json manifest.*docs\/protocol\.md/);
    // A print on stdout: print debugging to stderr.
    expect(await lines(tournament(`exec:python3 ${hello},greedy`, 'say-print'))).toMatch(/not JSON when greeted: hello \(.*print debugging to stderr/);
    // A program that ends at the greeting: its last stderr line and how to name another interpreter, in one line.
    const ended = await lines(tournament(`exec:python3 ${crash},greedy`, 'say-crash'));
    expect(ended.split('\n')).toHaveLength(1);
    expect(ended).toMatch(
      /ended when greeted .*its last line on stderr: ModuleNotFoundError: No module named 'no_such_module_here'.*exec:\/path\/to\/venv\/bin\/python .*crash\.py/,
    );
  });
});

describe('bot logs', () => {
  it("go to bot-logs/ in the run folder of sweep, tune, test, run and ladder too, listed as the run's own", async () => {
    const bot = `exec:python3 ${join(PROJECT_ROOT, 'clients', 'python', 'examples', 'no_thanks_greedy.py')}`;
    const file = join(dir, 'logged.json');
    writeFileSync(file, JSON.stringify({ kind: 'strategies', title: 't', agents: ['greedy', bot], players: [3], games: 2, seed: 1, png: false }));
    const commands: [string, string[]][] = [
      ['sweep', ['sweep', '--agent', 'threshold', '--grid', 'margin=0..4:4', '--field', bot, '--players', '3', '--games', '2', '--rounds', '1']],
      [
        'tune',
        ['tune', '--agent', 'threshold', '--params', 'margin=-4..8', '--field', bot, '--players', '3', '--budget', '24', '--deals', '2', '--holdout', '20'],
      ],
      ['test', ['test', '--candidate', bot, '--baseline', 'threshold', '--players', '3', '--max-deals', '4', '--batch', '2']],
      ['run', ['run', file]],
      ['ladder', ['ladder', '--agents', `${bot},greedy,random`, '--players', '3', '--games', '1']],
    ];
    await Promise.all(
      commands.map(async ([name, args]) => {
        const out = join(dir, `logged-${name}`);
        const tmp = mkdtempSync(join(dir, `logged-tmp-${name}-`));
        const r = await spawned([...args, '--threads', '1', '--out', out, '-q'], { ...process.env, TMPDIR: tmp });
        expect(r.status, `${name}: ${r.stderr}`).toBe(0);
        // Before, only tournament kept them in its folder: the others wrote to $TMPDIR/nothanks-bot-logs.
        const logs = readdirSync(join(out, 'bot-logs')).filter((f) => f.endsWith('.log'));
        expect(logs.length, name).toBeGreaterThan(0);
        const listed = readFileSync(join(out, '.nothanks-run'), 'utf8').split('\n');
        for (const log of logs) expect(listed, name).toContain(`bot-logs/${log}`);
        // At most the greeting check, before the run folder is made, logs in the temporary folder
        // (a report's sample game, played again, logs in the run folder too).
        const inTmp = join(tmp, 'nothanks-bot-logs');
        expect(existsSync(inTmp) ? readdirSync(inTmp).length : 0, name).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('keep at most 8 MB of what a program writes to stderr in a run, then a line saying it was cut', async () => {
    const folder = mkdtempSync(join(dir, 'chatty-'));
    const greedy = join(PROJECT_ROOT, 'clients', 'python', 'examples', 'no_thanks_greedy.py');
    writeFileSync(
      join(folder, 'chatty.py'),
      `import runpy, sys\nsys.stderr.write(('x' * 999 + '\\n') * 10000)\nsys.stderr.flush()\nrunpy.run_path(${JSON.stringify(greedy)}, run_name='__main__')\n`,
    );
    const out = join(dir, 'chatty-run');
    const r = await inProcess([
      'tournament',
      '--agents',
      `exec:python3 ${join(folder, 'chatty.py')},greedy`,
      '--players',
      '3',
      '--games',
      '2',
      '--out',
      out,
      '-q',
    ]);
    expect(r.status, r.stderr).toBe(0);
    const logs = readdirSync(join(out, 'bot-logs'));
    expect(logs.length).toBeGreaterThan(0);
    for (const log of logs) {
      const text = readFileSync(join(out, 'bot-logs', log), 'utf8');
      expect(text.length).toBeLessThan((8 << 20) + 200);
      // Cut after a whole line, then the note.
      const lines = text.split('\n');
      expect(lines.slice(-2)).toEqual(['[nothanks: this log was cut at 8 MB; the bot wrote more]', '']);
      expect(lines.slice(0, -2).every((l) => l === 'x'.repeat(999))).toBe(true);
    }
  });
});

describe('nothanks play', () => {
  it('plays a whole game from typed keys and prints the final table', () => {
    const r = run(['play', '--players', '3', '--agents', 'greedy,threshold', '--seed', '5'], 'x\n' + 'p\n'.repeat(3) + 't\n'.repeat(200));
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/Card \d+ with \d+ chips? on it · \d+ cards left in the deck/);
    expect(r.stdout).toMatch(/Press t to take the card or p to pass\./);
    expect(r.stdout).toMatch(/Game over\. Final table/);
    expect(r.stdout).toMatch(/WINNER|shared win/);
  });

  it('plays the special-card game from typed lines, re-asking on moves it cannot make', () => {
    const names = [
      'bonus5',
      'bonus10',
      'bonus15',
      'bonus20',
      'joker',
      'plus-per-card',
      'sit-out',
      'look',
      'double-chips',
      'fetch',
      'chips-minus',
      'double-highest',
      'half-chips',
      'minus-per-card',
    ];
    const block = ['x', 't', 'd', ...Array.from({ length: 38 }, (_, i) => String(i + 3)), '40', ...names].join('\n') + '\n';
    const r = run(['play', '--game', 'no-thanks-specials', '--players', '3', '--agents', 'value,random', '--seed', '4'], block.repeat(80));
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/That is not a move you can make now\./);
    expect(r.stdout).toMatch(/Game over\. Final table/);
  });

  it('plays 6 nimmt! from typed lines (cards, rows), re-asking on a card it does not hold', () => {
    const block = ['x', ...Array.from({ length: 104 }, (_, i) => String(i + 1)), '1', '2', '3', '4'].join('\n') + '\n';
    const r = run(['play', '--game', '6-nimmt', '--players', '2', '--agents', 'heuristic', '--seed', '4'], block.repeat(60));
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/Game over/i);
  });
});
