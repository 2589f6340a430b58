import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../registry.js';
import { PROJECT_ROOT } from '../../paths.js';
import { runTournament, type TournamentOptions, type TournamentResult } from '../run.js';

import { sandboxMissing } from './bubblewrap.js';
import { checkAgent, refuseRunInsideBotFolders } from './load.js';
import { sized, STUCK_SECONDS, STUCK_TEXT } from '../../testing/tier.js';

// Bot programs over the line protocol (docs/protocol.md). Worker threads run the compiled build.
const examples = join(PROJECT_ROOT, 'clients', 'python', 'examples');
const py = (file: string): string => `exec:python3 ${join(examples, file)}`;
const dir = mkdtempSync(join(tmpdir(), 'nothanks-programs-'));
/** A Python bot written for a test, in a folder of its own (its sandbox). */
function pyBot(name: string, body: string): string {
  const folder = mkdtempSync(join(dir, `${name}-`));
  const file = join(folder, `${name}.py`);
  writeFileSync(file, `import os, socket, sys, time\nfrom nothanks_bot import Bot, run\n${body}\n`);
  return `exec:python3 ${file}`;
}

/** Everything a run's statistics say, without the labels (which name the bots differently). */
const numbers = (r: TournamentResult) =>
  JSON.stringify({
    agents: r.stats.agents().map(({ agent: _, ...rest }) => rest),
    pairs: r.stats.pairwise().map(({ a: _a, b: _b, ...rest }) => rest),
    seats: r.stats.seats().map(({ agent: _, ...rest }) => rest),
    decisions: r.decisions,
  });

// Skipped only where bubblewrap cannot run, and never in CI (REQUIRE_SANDBOX=1: see src/testing/global-setup.ts).
const sandboxed = sandboxMissing() === undefined || process.env.REQUIRE_SANDBOX !== undefined;

describe('bot programs', () => {
  it("the Python bot client and policy server pass their own tests (python3 -m unittest in clients/python; the environments' are src/serve/python-envs.test.ts)", () => {
    const r = spawnSync('python3', ['-m', 'unittest', 'tests.test_client', 'tests.test_policy'], {
      cwd: join(PROJECT_ROOT, 'clients', 'python'),
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    // unittest's "Ran 0 tests ... OK" is a pass too: the tests must have been found.
    expect(r.stderr).toMatch(/^Ran [1-9]\d* tests? in /m);
  });

  it.each([
    ['no-thanks', 'greedy', 'no_thanks_greedy.py', ['threshold', 'random'], { players: 3 }],
    ['6-nimmt', 'heuristic', 'six_nimmt_heuristic.py', ['random', 'heuristic:caution=1'], { players: 3 }],
    ['6-nimmt', 'heuristic', 'six_nimmt_heuristic.py', ['random', 'heuristic:draft=spread'], { players: 4, variant: 'pro' }],
    ['no-thanks-specials', 'value', 'specials_value.py', ['random', 'value:margin=0'], { players: 3 }],
  ] as const)('a Python bot plays %s exactly as the built-in %s', async (game, builtin, file, field, rules) => {
    const o: TournamentOptions = {
      game,
      pool: [builtin, ...field],
      rules,
      games: rules.players === 4 ? sized(3, 8) : sized(12, 40),
      seed: 'python',
      threads: 2,
    };
    const inProcess = await runTournament(o);
    const program = await runTournament({ ...o, pool: [py(file), ...field] });
    expect(program.labels[0]).toMatch(/-py$/);
    expect(numbers(program)).toBe(numbers(inProcess));
  });

  it('a Node program bot plays as the built-in greedy, asking the lab for the run-aware cost', async () => {
    const o: TournamentOptions = { pool: ['greedy', 'threshold', 'random'], rules: { players: 4 }, games: sized(10, 30), seed: 'node', threads: 2 };
    const node = `exec:node ${join(PROJECT_ROOT, 'clients', 'node', 'examples', 'no-thanks-greedy.mjs')}`;
    const program = await runTournament({ ...o, pool: [node, 'threshold', 'random'] });
    expect(program.labels[0]).toBe('greedy-node');
    expect(numbers(program)).toBe(numbers(await runTournament(o)));
  });

  it('gets its own seat stream: a Python random bot draws what the built-in draws, for any thread count', async () => {
    const random = pyBot(
      'random',
      `class R(Bot):\n    name = 'random-py'\n    def new_game(self, start):\n        self.r = start.random\n    def decide(self, obs):\n        return 'take' if obs['myChips'] == 0 or self.r.random() < 0.5 else 'pass'\nrun(R)`,
    );
    const o: TournamentOptions = { pool: ['random', 'greedy', 'threshold'], rules: { players: 3 }, games: sized(12, 30), seed: 'streams', threads: 1 };
    const builtin = numbers(await runTournament(o));
    expect(numbers(await runTournament({ ...o, pool: [random, 'greedy', 'threshold'] }))).toBe(builtin);
    expect(numbers(await runTournament({ ...o, pool: [random, 'greedy', 'threshold'], threads: 2, chunk: 3 }))).toBe(builtin);
  });

  it('names a program that misbehaves in one line: garbage, a wrong action, an early exit, a flood, a hang', async () => {
    const base = `class B(Bot):\n    name = 'bad'\n    def decide(self, obs):\n`;
    const cases: [string, string, RegExp][] = [
      [
        'garbage',
        `        print('not json', flush=True)\n        return 'take'\nrun(B)`,
        /^bot "bad" in seat \d \(game seed [0-9a-f]{16}\): its program sent a line that is not JSON when asked to decide/,
      ],
      ['wrong', `        return 'maybe'\nrun(B)`, /^bot "bad" in seat \d \(game seed [0-9a-f]{16}\) /],
      ['exit', `        os._exit(3)\nrun(B)`, /\): its program ended when asked to decide \(seat \d\) \(it exited/],
      [
        'flood',
        `        sys.stdout.write('x' * (9 << 20))\n        sys.stdout.flush()\nrun(B)`,
        /\): its program sent a line of over 8 MB when asked to decide/,
      ],
      [
        'hang',
        `        time.sleep(1000)\nrun(B)`,
        new RegExp(`^bot "bad" in seat \\d \\(game seed [0-9a-f]{16}\\) took longer than ${STUCK_TEXT} s to decide: stopped`),
      ],
      [
        'raise',
        `        raise ValueError('no move')\nrun(B)`,
        /\): its program reported an error: ValueError: no move \(at raise\.py line \d+, in decide\) \(its stderr is in \S+\.log\)/,
      ],
    ];
    const check = async ([name, body, message]: [string, string, RegExp]): Promise<void> => {
      const bot = pyBot(name, base + body);
      // Only the hang meets the short limit: the others get the default 10 s, so a slow machine never turns them into timeouts.
      const run = runTournament({
        pool: [bot, 'greedy', 'random'],
        rules: { players: 3 },
        games: 4,
        seed: 'bad',
        threads: 1,
        decisionSeconds: name === 'hang' ? STUCK_SECONDS : 10,
      });
      if (name === 'hang') expect((await run).stopped, name).toMatch(message);
      else await expect(run, name).rejects.toThrow(message);
    };
    // The cases that meet no time limit at once. A limit that is met stops every child
    // process of the lab (a bot blocked in one cannot be stopped otherwise): the hang and the mute
    // program come one at a time, after them.
    const silent = pyBot('silent', `sys.exit(0)`);
    await Promise.all([
      ...cases.filter(([name]) => name !== 'hang').map(check),
      expect(checkAgent(silent, 'no-thanks')).rejects.toThrow(/^bot program exec:python3 .*silent\.py: its program ended when greeted/),
    ]);
    await check(cases.find(([name]) => name === 'hang')!);
    const mute = pyBot('mute', `time.sleep(1000)`);
    await expect(checkAgent(mute, 'no-thanks', { seconds: 1 })).rejects.toThrow(/^bot program exec:python3 .*mute\.py did not answer the greeting within 5 s$/);
  });

  it('refuses a malformed manifest and a run folder inside a bot folder, in one line', async () => {
    const folder = mkdtempSync(join(dir, 'manifest-'));
    writeFileSync(join(folder, 'bot.py'), '');
    const manifest = (name: string, m: object): string => {
      writeFileSync(join(folder, name), JSON.stringify(m));
      return join(folder, name);
    };
    const command = ['python3', 'bot.py'];
    await expect(checkAgent(manifest('a.bot.json', { command, params: { margin: 5 } }), 'no-thanks')).rejects.toThrow(/parameter "margin": must be an object/);
    await expect(
      checkAgent(manifest('b.bot.json', { command, params: { margin: { description: 'm', default: 9, min: 0, max: 5 } } }), 'no-thanks'),
    ).rejects.toThrow(/"default" must lie from "min" to "max"/);
    await expect(checkAgent(manifest('c.bot.json', { command, nmae: 'x' }), 'no-thanks')).rejects.toThrow(/unknown field "nmae"/);
    // A path with spaces: quoted, it names the bot; unquoted (or escaped as a shell would), the line says to quote it.
    const spaced = join(dir, 'my bots');
    mkdirSync(spaced);
    writeFileSync(join(spaced, 'greedy bot.py'), readFileSync(join(examples, 'no_thanks_greedy.py')));
    expect((await checkAgent(`exec:python3 '${join(spaced, 'greedy bot.py')}'`, 'no-thanks')).label).toBe('greedy-py');
    for (const spec of [`exec:python3 ${join(spaced, 'greedy bot.py')}`, `exec:python3 ${join(spaced, 'greedy\\ bot.py').replace('my bots', 'my\\ bots')}`])
      await expect(checkAgent(spec, 'no-thanks')).rejects.toThrow(/no word of the command names an existing file .*a path with spaces goes in quotes/);
    expect(() => refuseRunInsideBotFolders(join(folder, 'results'), [`exec:python3 ${join(folder, 'bot.py')}`])).toThrow(
      // The default results/ is inside a bot saved where the lab runs: the line says the way out.
      /the run folder .*results is inside the folder of bot .* which that bot can read: choose an --out outside it, or give the bot a folder of its own$/,
    );
    expect(() => refuseRunInsideBotFolders(join(dir, 'elsewhere'), [`exec:python3 ${join(folder, 'bot.py')}`])).not.toThrow();
  });

  it.skipIf(!sandboxed)('sandboxed, it cannot read files, open the network, find the seed, signal the lab or leave a process behind', async () => {
    const server = createServer((s) => s.end('secret')).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const port = (server.address() as { port: number }).port;
    const seed = 'SEED-no-bot-may-know-4711';
    const spy = pyBot(
      'spy',
      `import subprocess, glob
def tries(f):
    try:
        f()
        return 1
    except Exception:
        return 0
def fs():
    open('/etc/passwd').read()
def lab():
    open(${JSON.stringify(join(PROJECT_ROOT, 'package.json'))}).read()
def net():
    socket.create_connection(('127.0.0.1', ${port}), timeout=2).recv(10)
def seed():
    for path in glob.glob('/proc/*/cmdline') + glob.glob('/proc/*/environ'):
        try:
            if b'${seed}' in open(path, 'rb').read():
                return
        except OSError:
            pass
    raise LookupError()
def signal():
    os.kill(${process.pid}, 0)
subprocess.Popen(['sleep', '4242'], start_new_session=True)
class Spy(Bot):
    name = 'spy-fs%d-lab%d-net%d-seed%d-signal%d' % (tries(fs), tries(lab), tries(net), tries(seed), tries(signal))
    def decide(self, obs):
        return 'take'
run(Spy)`,
    );
    const r = await runTournament({ pool: [spy, 'greedy', 'random'], rules: { players: 3 }, games: 3, seed, threads: 1, isolate: true });
    server.close();
    expect(r.labels[0]).toBe('spy-fs0-lab0-net0-seed0-signal0');
    // What it forked died with it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(() => execFileSync('pgrep', ['-f', 'sleep 4242'])).toThrow();
  });

  it('speaks protocol 1 as its JSON Schemas say, both ways, in every game', async () => {
    const ajv = new Ajv2020({ strict: false });
    const schemas = join(PROJECT_ROOT, 'clients', 'schemas');
    for (const f of readdirSync(schemas)) ajv.addSchema(JSON.parse(readFileSync(join(schemas, f), 'utf8')), f);
    // Each game's observation schema sits in its folder.
    for (const id of GAMES.keys())
      ajv.addSchema(JSON.parse(readFileSync(join(PROJECT_ROOT, 'src', 'games', id, 'observation.schema.json'), 'utf8')), `observation.${id}.schema.json`);
    const logs = mkdtempSync(join(dir, 'logs-'));
    const recorder = join(PROJECT_ROOT, 'clients', 'python', 'tests', 'record_bot.py');
    for (const [game, example, players] of [
      ['no-thanks', 'no_thanks_greedy', 3],
      ['6-nimmt', 'six_nimmt_heuristic', 4],
      ['no-thanks-specials', 'specials_value', 3],
    ] as const) {
      const r = await runTournament({
        game,
        pool: [`exec:python3 ${recorder} ${example}`, 'random'],
        rules: { players },
        games: 2,
        seed: 'schema',
        threads: 1,
        botLogs: logs,
      });
      expect(r.dealsPlayed).toBe(2);
      const lines = readdirSync(logs)
        .filter((f) => f.startsWith(`exec_python3_`) && readFileSync(join(logs, f), 'utf8').includes(`"game":"${game}"`))
        .flatMap((f) => readFileSync(join(logs, f), 'utf8').trim().split('\n'));
      const seen = new Set<string>();
      for (const line of lines) {
        const [way, text] = [line.slice(0, 1), line.slice(2)];
        const m = JSON.parse(text) as { type: string; observation?: object };
        seen.add(`${way}${m.type}`);
        const schema = way === '<' ? 'lab-to-bot.schema.json' : 'bot-to-lab.schema.json';
        expect(ajv.validate(schema, m), `${game} ${line.slice(0, 200)}: ${ajv.errorsText()}`).toBe(true);
        if (m.observation) expect(ajv.validate(`observation.${game}.schema.json`, m.observation), `${game}: ${ajv.errorsText()}`).toBe(true);
      }
      for (const kind of ['<hello', '>hello', '<new-game', '<decide', '>action', '<event', '>ok']) expect(seen, `${game} ${kind}`).toContain(kind);
      if (game === 'no-thanks-specials') expect(seen).toContain('>call');
    }
  });
});
