import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../paths.js';
import { runChild } from '../../testing/child.js';
import { sized } from '../../testing/tier.js';
import { runTournament, type TournamentOptions, type TournamentResult } from '../run.js';
import { sandboxMissing } from './bubblewrap.js';
import { checkAgent } from './load.js';

// A numpy policy as a bot program (clients/python/nothanks_lab/policy.py, the tensor encoding of
// docs/protocol.md), played against the same rule in process: the first legal action id.
const dir = mkdtempSync(join(tmpdir(), 'nothanks-policy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const tests = join(PROJECT_ROOT, 'clients', 'python', 'tests');
const cli = join(PROJECT_ROOT, 'dist', 'src', 'cli', 'main.js');

// The interpreter python3 names (a pyenv shim is a script: its target is what a sandbox can run),
// and whether it has numpy, which the policy client needs and CI installs (requirements-test.txt).
const python = spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).stdout.trim();
const numpy = python !== '' && spawnSync(python, ['-c', 'import numpy'], { stdio: 'ignore' }).status === 0;
const sandboxed = sandboxMissing() === undefined || process.env.REQUIRE_SANDBOX !== undefined;
if (!numpy) process.stderr.write('policy tests skipped: python3 has no numpy (pip install -r clients/python/requirements-test.txt)\n');

/**
 * The interpreter programs run with: in the sandbox, a virtual environment made here from python3
 * with its site-packages (numpy; nothing downloaded), since the sandbox's own python3 is the
 * system's, without numpy; without the sandbox, python3 itself.
 */
const interpreter = ((): string => {
  if (!numpy || !sandboxed) return python;
  const venv = join(dir, 'env', 'venv');
  const made = spawnSync(python, ['-m', 'venv', '--system-site-packages', '--without-pip', venv], { encoding: 'utf8' });
  if (made.status === 0) return join(venv, 'bin', 'python');
  process.stderr.write(`policy tests skipped: python3 -m venv failed: ${made.stderr.trim().split('\n').at(-1)}\n`);
  return '';
})();

/** The first legal id, in process: the game's own mask and decoder, and each tensor logged as the program's recorder logs it. */
function firstLegalFile(game: string, log: string): string {
  const file = join(dir, `first-legal-${game}.mjs`);
  writeFileSync(
    file,
    `import { appendFileSync } from 'node:fs';
import { gameById } from ${JSON.stringify(join(PROJECT_ROOT, 'dist', 'src', 'registry.js'))};
const game = gameById(${JSON.stringify(game)});
export default {
  name: 'first-legal', game: ${JSON.stringify(game)}, params: {},
  create() {
    let tensor, mask;
    return {
      newGame(start) {
        tensor = new Float32Array(game.tensor.size(start.rules));
        mask = new Uint8Array(game.actions.size(start.rules));
      },
      decide(obs) {
        game.tensor.encode(obs, tensor);
        game.actions.observationMask(obs, mask);
        appendFileSync(${JSON.stringify(log)}, 'T ' + JSON.stringify({ obs: Array.from(tensor), mask: Array.from(mask) }) + '\\n');
        return game.actions.decode(obs, mask.indexOf(1));
      },
    };
  },
};
`,
  );
  return file;
}

/** Everything a run's statistics say, without the labels. */
const numbers = (r: TournamentResult) =>
  JSON.stringify({
    agents: r.stats.agents().map(({ agent: _, ...rest }) => rest),
    pairs: r.stats.pairwise().map(({ a: _a, b: _b, ...rest }) => rest),
    decisions: r.decisions,
  });

const tensorLines = (text: string): unknown[] =>
  text
    .split('\n')
    .filter((l) => l.startsWith('T '))
    .map((l) => JSON.parse(l.slice(2)) as unknown);

describe.skipIf(!numpy || interpreter === '')('a Python policy as a bot program (the tensor encoding)', () => {
  it.skipIf(!sandboxed)(
    'plays every game as the same rule in process, sandboxed with a virtual environment, gets the game tensors and speaks the schemas',
    async () => {
      const ajv = new Ajv2020({ strict: false });
      const schemas = join(PROJECT_ROOT, 'clients', 'schemas');
      for (const f of readdirSync(schemas)) ajv.addSchema(JSON.parse(readFileSync(join(schemas, f), 'utf8')), f);
      const games = [
        ['no-thanks', 3],
        ['6-nimmt', 4],
        ['no-thanks-specials', 3],
      ] as const;
      const check = async ([game, players]: (typeof games)[number]): Promise<void> => {
        const logs = mkdtempSync(join(dir, `logs-${game}-`));
        const expected = join(dir, `expected-${game}.log`);
        const o: TournamentOptions = {
          game,
          pool: [firstLegalFile(game, expected), 'random'],
          rules: { players },
          games: sized(2, 4),
          seed: 'policy',
          threads: 1,
        };
        const inProcess = await runTournament(o);
        const spec = `exec:${interpreter} ${join(tests, 'record_policy.py')} ${join(tests, 'first_legal.py')}:policy`;
        const program = await runTournament({ ...o, pool: [spec, 'random'], botLogs: logs, isolate: true });
        expect(program.labels[0]).toBe('first_legal:policy');
        expect(numbers(program), game).toBe(numbers(inProcess));
        const log = readdirSync(logs)
          .map((f) => readFileSync(join(logs, f), 'utf8'))
          .join('');
        // The tensors and masks the program decoded are the game's own, decision by decision.
        const got = tensorLines(log);
        expect(got.length, game).toBeGreaterThan(0);
        expect(got, game).toEqual(tensorLines(readFileSync(expected, 'utf8')));
        const kinds = new Set<string>();
        for (const line of log.split('\n').filter((l) => /^[<>] /.test(l))) {
          const m = JSON.parse(line.slice(2)) as { type: string };
          kinds.add(`${line[0]}${m.type}`);
          const schema = line[0] === '<' ? 'lab-to-bot.schema.json' : 'bot-to-lab.schema.json';
          expect(ajv.validate(schema, m), `${game} ${line.slice(0, 200)}: ${ajv.errorsText()}`).toBe(true);
          if (m.type === 'decide') expect(m, game).not.toHaveProperty('observation');
        }
        // ("bye" may go unlogged: the program is stopped right after it.)
        expect([...kinds].filter((k) => k !== '<bye').sort(), game).toEqual(['<decide', '<hello', '<new-game', '>action', '>hello']);
      };
      await Promise.all(games.map(check));
    },
  );

  it('plays as the same rule without the sandbox too (no bwrap on PATH), batched or not', async () => {
    // A PATH with what the run needs (node, python3, mkfifo) and no bwrap, as a machine without it.
    const bin = mkdtempSync(join(dir, 'no-bwrap-'));
    const mkfifo = spawnSync('sh', ['-c', 'command -v mkfifo'], { encoding: 'utf8' }).stdout.trim();
    for (const [name, path] of [
      ['node', process.execPath],
      ['python3', python],
      ['mkfifo', mkfifo],
    ] as const)
      symlinkSync(path, join(bin, name));
    const run = async (agent: string, out: string): Promise<unknown> => {
      const args = [
        cli,
        'tournament',
        '--agents',
        `${agent},random,greedy`,
        '--players',
        '3',
        '--games',
        String(sized(4, 8)),
        '--seed',
        'bare',
        '--threads',
        '1',
      ];
      const r = await runChild(process.execPath, [...args, '--out', join(dir, out), '-q'], { env: { ...process.env, PATH: bin }, timeout: 60_000 });
      expect(r.status, r.stderr).toBe(0);
      if (agent.startsWith('exec:')) expect(r.stderr).toMatch(/bot programs run without a sandbox/);
      const summary = JSON.parse(readFileSync(join(dir, out, 'summary.json'), 'utf8')) as { agents: { agent: string }[] };
      return summary.agents.map(({ agent: _, ...rest }) => rest);
    };
    const file = firstLegalFile('no-thanks', join(dir, 'bare.log'));
    const [inProcess, single, batched] = await Promise.all([
      run(file, 'bare-file'),
      run(`exec:python3 -m nothanks_lab.policy ${join(tests, 'first_legal.py')}:policy`, 'bare-policy'),
      run(`exec:python3 -m nothanks_lab.policy ${join(tests, 'first_legal.py')}:batched`, 'bare-batched'),
    ]);
    expect(single).toEqual(inProcess);
    expect(batched).toEqual(inProcess);
  });

  it.skipIf(!sandboxed)('in the sandbox a virtual environment shows its own files and its Python, nothing beside them', async () => {
    const secret = join(dir, 'env', 'secret.txt');
    writeFileSync(secret, 'mine');
    const folder = join(dir, 'spy');
    mkdirSync(folder);
    writeFileSync(
      join(folder, 'spy.py'),
      `import numpy as np, sys
def reads(path):
    try:
        open(path).read()
        return 1
    except OSError:
        return 0
def policy(obs, mask):
    return int(np.flatnonzero(mask)[0])
policy.name = 'spy-venv%d-beside%d-prefix%d' % (reads(${JSON.stringify(join(dir, 'env', 'venv', 'pyvenv.cfg'))}), reads(${JSON.stringify(secret)}), int(sys.prefix == ${JSON.stringify(join(dir, 'env', 'venv'))}))
`,
    );
    const r = await runTournament({
      pool: [`exec:${interpreter} -m nothanks_lab.policy ${join(folder, 'spy.py')}:policy`, 'random'],
      rules: { players: 3 },
      games: 2,
      seed: 'spy',
      threads: 1,
      isolate: true,
    });
    expect(r.labels[0]).toBe('spy-venv1-beside0-prefix1');
  });

  it.skipIf(!sandboxed)('in the sandbox a venv made with --copies and a ~/bin/python link run numpy, and the link binds no home folder', async () => {
    const copies = join(dir, 'copies');
    const made = spawnSync(python, ['-m', 'venv', '--copies', '--system-site-packages', '--without-pip', copies], { encoding: 'utf8' });
    expect(made.status, made.stderr).toBe(0);
    // A home folder with a bin/ that links to the interpreter, and a file of its own beside.
    const home = join(dir, 'home');
    mkdirSync(join(home, 'bin'), { recursive: true });
    symlinkSync(python, join(home, 'bin', 'python'));
    writeFileSync(join(home, 'notes.txt'), 'mine');
    const folder = mkdtempSync(join(dir, 'reader-'));
    writeFileSync(
      join(folder, 'reader.py'),
      `import numpy as np
def reads(path):
    try:
        open(path).read()
        return 1
    except OSError:
        return 0
def policy(obs, mask):
    return int(np.flatnonzero(mask)[0])
policy.name = 'reader-home%d' % reads(${JSON.stringify(join(home, 'notes.txt'))})
`,
    );
    const labels = await Promise.all(
      [join(copies, 'bin', 'python'), join(home, 'bin', 'python')].map(
        async (exe) => (await checkAgent(`exec:${exe} -m nothanks_lab.policy ${join(folder, 'reader.py')}:policy`, 'no-thanks', { isolate: true })).label,
      ),
    );
    expect(labels).toEqual(['reader-home0', 'reader-home0']);
  });

  it('names a wrong action id, a missing module and a wrong function in one line', async () => {
    const bot = (name: string, body: string, target = 'policy'): string => {
      const folder = mkdtempSync(join(dir, `${name}-`));
      writeFileSync(join(folder, `${name}.py`), body);
      return `exec:${interpreter} -m nothanks_lab.policy ${join(folder, `${name}.py`)}:${target}`;
    };
    const play = (spec: string, game = 'no-thanks') =>
      runTournament({ game, pool: [spec, 'random'], rules: { players: 3 }, games: 2, seed: 'bad', threads: 1 });
    // 6 nimmt!: a card not in hand is an id in range that is not legal.
    const illegal = bot('illegal', 'import numpy as np\ndef policy(obs, mask):\n    return int(np.flatnonzero(~mask)[0])\n');
    const outside = bot('outside', 'def policy(obs, mask):\n    return len(mask)\n');
    const missing = bot('missing', 'import a_module_no_one_installed\ndef policy(obs, mask):\n    return 0\n');
    const misnamed = bot('misnamed', 'def act(obs, mask):\n    return 0\n', 'policy');
    await Promise.all([
      expect(play(illegal, '6-nimmt')).rejects.toThrow(
        /^bot "illegal:policy" in seat \d \(game seed [0-9a-f]{16}\): its program answered the action id \d+, which is not legal here \(legal: \d+(, \d+)*\)$/,
      ),
      expect(play(outside)).rejects.toThrow(/: its program answered the action id 2, which is not one of this game's 2 action ids \(legal: (0, 1|1)\)$/),
      expect(play(missing)).rejects.toThrow(
        /its program ended when greeted \(.*its last line on stderr: ModuleNotFoundError: No module named 'a_module_no_one_installed' \(at missing\.py line 1, in <module>\)/,
      ),
      expect(play(misnamed)).rejects.toThrow(/its last line on stderr: PolicyError: \S+misnamed\.py has no function policy \(its functions: act\)/),
    ]);
  });
});
