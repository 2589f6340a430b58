import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { botFileDigests, loadPool } from '../../agents/registry.js';
import { AgentError } from '../../errors.js';
import { refuseInputAsOutput } from '../../files.js';
import * as seed from '../../game/seed.js';
import { SeatStream, seatStreamOf } from '../../game/seed.js';
import { PROJECT_ROOT } from '../../paths.js';
import { GAMES } from '../../registry.js';
import { hasControlCharacters } from '../../text.js';
import { runTournament } from '../run.js';
import { sandboxMissing } from './bubblewrap.js';
import { checkAgent, refuseRunInsideBotFolders } from './load.js';

// The hostile audit's cases, one test each (docs/fair-play.md). Worker threads run the compiled build.
const dir = mkdtempSync(join(tmpdir(), 'nothanks-hardening-'));
const sandboxed = it.skipIf(sandboxMissing() !== undefined && process.env.REQUIRE_SANDBOX === undefined);

/** A folder of its own holding `files`; returns the folder. */
function folderWith(name: string, files: Record<string, string>): string {
  const folder = mkdtempSync(join(dir, `${name}-`));
  for (const [file, text] of Object.entries(files)) writeFileSync(join(folder, file), text);
  return folder;
}

/** A Python bot whose name is computed when it starts (what it found in its sandbox). */
const namedBy = (expression: string): string =>
  `import os\nfrom nothanks_bot import Bot, run\nclass B(Bot):\n    name = ${expression}\n    def decide(self, obs):\n        return 'take'\nrun(B)\n`;

describe('hardening: the sandbox shows a bot its own folder only', () => {
  sandboxed('a manifest whose command is /bin/python3 does not get the root file system', async () => {
    const folder = folderWith('slash-bin', {
      'bot.py': namedBy(`'sees-' + ('etc' if os.path.exists('/etc/passwd') else 'no-etc') + ('-work' if os.path.exists('${dir}') else '')`),
      'bot.bot.json': JSON.stringify({ command: ['/bin/python3', 'bot.py'] }),
    });
    const agent = await checkAgent(join(folder, 'bot.bot.json'), 'no-thanks', { isolate: true });
    expect(agent.label).toBe('sees-no-etc-work');
    // The interpreter's folder is never a bot's folder.
    await expect(checkAgent('exec:/bin/python3', 'no-thanks')).rejects.toThrow(/its folder \/bin cannot be a bot's folder \(\/usr\/bin is a system folder\)/);
  });

  it("refuses a bot whose folder holds the lab's temporary folder, where the pipes of every bot are", async () => {
    const file = join(tmpdir(), `nothanks-hardening-${process.pid}.py`);
    writeFileSync(file, namedBy("'tmp'"));
    await expect(checkAgent(`exec:python3 ${file}`, 'no-thanks')).rejects.toThrow(/holds the lab's temporary folder/);
  });

  it("refuses an --out that is a symbolic link into a bot's folder, and a merge --out that is a link to a shard", () => {
    const folder = folderWith('linked', { 'bot.py': namedBy("'x'") });
    const link = join(dir, `link-${process.pid}`);
    symlinkSync(folder, link);
    expect(() => refuseRunInsideBotFolders(join(link, 'results'), [`exec:python3 ${join(folder, 'bot.py')}`])).toThrow(/is inside the folder of bot/);
    const shard = mkdtempSync(join(dir, 'shard-'));
    const out = join(dir, `out-${process.pid}`);
    symlinkSync(shard, out);
    expect(() => refuseInputAsOutput(out, [shard])).toThrow(/is one of this command's inputs/);
  });
});

describe('hardening: names', () => {
  it('relabels a program that calls itself like another bot of the pool, and refuses invisible characters', async () => {
    const folder = folderWith('impostor', { 'bot.py': namedBy("'greedy'") });
    const pool = await loadPool(['greedy', `exec:python3 ${join(folder, 'bot.py')}`], 'no-thanks', (text, game) => checkAgent(text, game));
    expect(pool.map((a) => a.label)).toEqual(['greedy', 'greedy#2']);
    for (const c of ['\u200b', '\u2028', '\u2029', '\ufeff']) expect(hasControlCharacters(`a${c}b`)).toBe(true);
  });

  it('refuses a program name over 64 characters, and a bot file name', async () => {
    const folder = folderWith('long', { 'bot.py': namedBy("'x' * 100000") });
    await expect(checkAgent(`exec:python3 ${join(folder, 'bot.py')}`, 'no-thanks')).rejects.toThrow(/at most 64 characters/);
    const file = join(folder, 'long.mjs');
    writeFileSync(file, `export default { name: 'x'.repeat(100000), params: {}, create: () => ({ decide: () => 'take' }) };`);
    await expect(checkAgent(file, 'no-thanks')).rejects.toThrow(/"name" must be at most 64 characters \(it stands in every table\), got 100000$/);
  });
});

describe('hardening: nothing in process holds a key or lets a bot rewrite the lab', () => {
  it("a seat stream holds no reachable key, its start is the lab's alone, and the game registry cannot be swapped", () => {
    const stream = new SeatStream({ hi: 0x12345678, lo: 0x9abcdef0 }, 0);
    const held = seatStreamOf(stream.random)!;
    expect(Reflect.ownKeys(held).map(String).sort()).toEqual(['random', 'stale']);
    expect((held as unknown as { key?: unknown }).key).toBeUndefined();
    expect(JSON.stringify(held)).not.toMatch(/305419896|12345678/);
    // The lab's program seats claimed the starts when load.ts loaded (imported above).
    expect(() => (seed as { claimStreamStarts?: () => unknown }).claimStreamStarts?.()).toThrow(/the lab's own/);
    const game = GAMES.get('no-thanks')!;
    expect(() => Map.prototype.set.call(GAMES, 'no-thanks', { ...game })).toThrow(TypeError);
    expect(GAMES.get('no-thanks')).toBe(game);
  });

  it('a bot file cannot patch the port its worker sends results by, nor open node:inspector', async () => {
    const patch = join(folderWith('port', {}), 'port.mjs');
    writeFileSync(
      patch,
      `import { MessagePort } from 'node:worker_threads';
       const post = MessagePort.prototype.postMessage;
       MessagePort.prototype.postMessage = function (...a) { return post.apply(this, a); };
       export default { name: 'port', params: {}, create: () => ({ decide: () => 'take' }) };`,
    );
    await expect(runTournament({ rules: { players: 3 }, games: 3, seed: 'port', threads: 1, pool: [patch, 'greedy', 'random'] })).rejects.toThrow(
      /read.only|Cannot assign|not extensible/,
    );
    const spy = join(folderWith('inspector', {}), 'spy.mjs');
    writeFileSync(
      spy,
      `import { Session } from 'node:inspector';
       export default { name: 'spy', params: {}, create: () => ({ decide: () => { new Session().connect(); return 'take'; } }) };`,
    );
    await expect(runTournament({ rules: { players: 3 }, games: 3, seed: 'spy', threads: 1, pool: [spy, 'greedy', 'random'] })).rejects.toThrow(
      /^bot "spy" in seat \d \(game seed [0-9a-f]{16}\) threw node:inspector is closed to bots/,
    );
  });
});

describe('hardening: answers and errors', () => {
  it("an answer JSON cannot write, or whose toJSON throws the lab's error, and an AgentError thrown by a bot are the bot's, in one line", async () => {
    const lab = JSON.stringify(join(process.cwd(), 'dist', 'src', 'errors.js'));
    const bot = (name: string, body: string): string => {
      const path = join(folderWith(name, {}), `${name}.mjs`);
      writeFileSync(path, `import { AgentError } from ${lab};\nexport default { name: '${name}', params: {}, create: () => ({ decide: () => { ${body} } }) };`);
      return path;
    };
    const cases: [string, string, RegExp][] = [
      ['big', 'return 10n;', /^bot "big" in seat \d \(game seed [0-9a-f]{16}\) answered 10n \(a bigint\) \(expected "take" or "pass"\)$/],
      ['circle', 'const a = {}; a.a = a; return a;', /^bot "circle" in seat \d \(game seed [0-9a-f]{16}\) answered an object /],
      [
        'forger',
        `return { toJSON() { throw new AgentError('the lab says: forged'); } };`,
        /^bot "forger" in seat \d \(game seed [0-9a-f]{16}\) answered an object /,
      ],
      [
        'claims',
        `throw new AgentError('its program was fine, greedy cheated');`,
        /^bot "claims" in seat \d \(game seed [0-9a-f]{16}\) threw its program was fine/,
      ],
    ];
    for (const [name, body, message] of cases)
      await expect(
        runTournament({ rules: { players: 3 }, games: 2, seed: 'answers', threads: 1, pool: [bot(name, body), 'greedy', 'random'] }),
        name,
      ).rejects.toThrow(message);
    expect(new AgentError('x')).toBeInstanceOf(Error);
  });
});

describe('hardening: limits in the sandbox', () => {
  sandboxed('a fork bomb stops at the process limit', async () => {
    const folder = folderWith('forks', {
      'bot.py': `import os, time\nfrom nothanks_bot import Bot, run\nclass B(Bot):\n    name = 'forks'\n    def decide(self, obs):\n        n = 0\n        for i in range(200):\n            try:\n                if os.fork() == 0:\n                    time.sleep(3)\n                    os._exit(0)\n                n += 1\n            except OSError:\n                break\n        raise ValueError(f'forked {n}')\nrun(B)\n`,
    });
    const run = runTournament({
      rules: { players: 3 },
      games: 1,
      seed: 'forks',
      threads: 1,
      pool: [`exec:python3 ${join(folder, 'bot.py')}`, 'greedy', 'random'],
    });
    const err = await run.then(
      () => new Error('played'),
      (e: Error) => e,
    );
    const forked = Number(/forked (\d+)/.exec(err.message)?.[1]);
    expect(err.message).toMatch(/^bot "forks" in seat \d \(game seed [0-9a-f]{16}\): its program reported an error: ValueError: forked \d+/);
    expect(forked).toBeLessThan(64);
  });

  sandboxed("RAM-backed folders count: /tmp and /dev/shm are sized, memoryMb has the lab's maximum, a Node program's ArrayBuffers are bounded", async () => {
    const writes = folderWith('tmpfs', {
      'bot.py': `import os\nfrom nothanks_bot import Bot, run\ndef fill(path):\n    n = 0\n    try:\n        with open(path, 'wb') as f:\n            for i in range(100):\n                f.write(b'x' * (1 << 20)); f.flush(); n += 1\n    except OSError:\n        pass\n    return n\nclass B(Bot):\n    name = f"wrote-{fill('/tmp/x')}-{fill('/dev/shm/x')}"\n    def decide(self, obs):\n        return 'take'\nrun(B)\n`,
      'bot.bot.json': JSON.stringify({ command: ['python3', 'bot.py'], memoryMb: 256 }),
    });
    expect((await checkAgent(join(writes, 'bot.bot.json'), 'no-thanks', { isolate: true })).label).toBe('wrote-32-32');
    const greedy = folderWith('huge', { 'bot.py': namedBy("'huge'"), 'bot.bot.json': JSON.stringify({ command: ['python3', 'bot.py'], memoryMb: 1e12 }) });
    await expect(checkAgent(join(greedy, 'bot.bot.json'), 'no-thanks')).rejects.toThrow(/"memoryMb" must be an integer from 64 to 4096 \(the lab's maximum\)/);
    const buffers = folderWith('buffers', {
      'bot.mjs': `import { writeSync } from 'node:fs';
        const kept = []; try { for (let i = 0; i < 100; i++) { const b = new ArrayBuffer(10 << 20); new Uint8Array(b).fill(1); kept.push(b); } } catch {}
        writeSync(1, JSON.stringify({ type: 'hello', protocol: 1, name: 'buffers-' + kept.length }) + '\\n');
        setInterval(() => {}, 1000);`,
      'bot.bot.json': JSON.stringify({ command: ['node', 'bot.mjs'], memoryMb: 128 }),
    });
    const label = (await checkAgent(join(buffers, 'bot.bot.json'), 'no-thanks', { isolate: true })).label;
    expect(Number(label.split('-')[1])).toBeLessThan(50);
  });
});

describe('hardening: the low cases', () => {
  it('reads a negative flag value as the value, so the command says what is wrong with it', async () => {
    const { parseAndRun } = await import('../../cli/program.js');
    const base = ['tournament', '-a', 'greedy,random,threshold', '-g', '2', '--quiet', '--out', join(dir, 'negative')];
    await expect(parseAndRun([...base, '--table', '-1,0,1'])).rejects.toThrow(/^--table must list a pool index from 0 to 2 for each seat .*got "-1,0,1"$/);
    await expect(parseAndRun([...base, '--shard', '-1/2'])).rejects.toThrow(/^--shard must be I\/N .*got "-1\/2"$/);
    await expect(parseAndRun(['tune', '--agent', 'greedy', '--params', 'margin', '--field', 'random,threshold', '--budget', '1e15'])).rejects.toThrow(
      /^budget must be a positive integer of games up to 1e\+9, got 1000000000000000$/,
    );
  });

  it("refuses a record whose bot names hold a direction override or an escape, in replay (the CLI's and the web viewer's)", () => {
    const record = JSON.parse(readFileSync(join(PROJECT_ROOT, 'src', 'games', 'no-thanks', 'golden.jsonl'), 'utf8').split('\n')[0]!) as { agents: string[] };
    GAMES.get('no-thanks')!.replay(record as never, false);
    for (const name of ['evil\u202eydeerg', 'x\u001b[2J']) {
      record.agents[0] = name;
      expect(() => GAMES.get('no-thanks')!.replay(record as never, false)).toThrow(/"agents" must be bot names without control characters/);
    }
  });

  it('keeps a digest of a bot program, so an edited program is refused on --resume like an edited bot file', () => {
    const folder = folderWith('digest', { 'bot.py': namedBy("'d'"), 'bot.bot.json': JSON.stringify({ command: ['python3', 'bot.py'] }) });
    const specs = [`exec:python3 ${join(folder, 'bot.py')}`, join(folder, 'bot.bot.json')];
    const before = botFileDigests(specs);
    expect(Object.keys(before)).toEqual(specs);
    writeFileSync(join(folder, 'bot.py'), namedBy("'edited'"));
    const after = botFileDigests(specs);
    for (const spec of specs) expect(after[spec]).not.toBe(before[spec]);
  });

  sandboxed('leaves no pipe folder in TMPDIR after a run with a program, nor one an ended run left', () => {
    const folder = folderWith('pipes', { 'bot.py': namedBy("'piped'") });
    const tmp = mkdtempSync(join(dir, 'tmpdir-'));
    // One left by a lab process that ended without removing it (a test runner's thread, a kill).
    const ended = spawnSync('true').pid;
    mkdirSync(join(tmp, `nothanks-lab-${process.getuid?.() ?? 0}-${ended}`, 'bot-x'), { recursive: true });
    const cli = join(PROJECT_ROOT, 'dist', 'src', 'cli', 'main.js');
    const r = spawnSync(
      process.execPath,
      [
        cli,
        'tournament',
        '-a',
        `exec:python3 ${join(folder, 'bot.py')},greedy,random`,
        '-g',
        '3',
        '--threads',
        '2',
        '--quiet',
        '--out',
        join(dir, 'piped-run'),
      ],
      { env: { ...process.env, TMPDIR: tmp }, encoding: 'utf8' },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(readdirSync(tmp).filter((f) => /^nothanks-(bot|lab)-/.test(f) && f !== 'nothanks-bot-logs')).toEqual([]);
  });

  sandboxed('--isolate: a bot file without params plays as it does in process', async () => {
    const path = join(folderWith('no-params', {}), 'bare.mjs');
    writeFileSync(path, `export default { name: 'bare', create: () => ({ decide: () => 'take' }) };`);
    const o = { rules: { players: 3 }, games: 3, seed: 'bare', threads: 1, pool: [path, 'greedy', 'random'] };
    const inProcess = await runTournament(o);
    const isolated = await runTournament({ ...o, isolate: true });
    expect(isolated.stats.agents().map((a) => a.meanScore)).toEqual(inProcess.stats.agents().map((a) => a.meanScore));
  });
});

describe("hardening: the main thread's inspector", () => {
  it("an in-process bot opens no inspector by SIGUSR1 and reaches none by the inspector's binding", async () => {
    const folder = folderWith('usr1', {
      'usr1.mjs': `let sent = false; export default { name: 'usr1', params: {}, create: () => ({ decide: () => { if (!sent) { sent = true; process.kill(process.pid, 'SIGUSR1'); } return 'take'; } }) };`,
      'binding.mjs': `export default { name: 'binding', params: {}, create: () => ({ decide: () => { process.binding('inspector'); return 'take'; } }) };`,
    });
    const cli = join(PROJECT_ROOT, 'dist', 'src', 'cli', 'main.js');
    const r = spawnSync(
      process.execPath,
      [cli, 'tournament', '-a', `${join(folder, 'usr1.mjs')},greedy,random`, '-g', '30', '--threads', '1', '--quiet', '--out', join(dir, 'usr1-run')],
      {
        encoding: 'utf8',
      },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/Debugger listening/);
    await expect(
      runTournament({ rules: { players: 3 }, games: 2, seed: 'binding', threads: 1, pool: [join(folder, 'binding.mjs'), 'greedy', 'random'] }),
    ).rejects.toThrow(/^bot "binding" in seat \d \(game seed [0-9a-f]{16}\) threw node:inspector is closed to bots/);
  });
});
