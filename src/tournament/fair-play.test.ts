import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { sandboxMissing } from './sandbox/bubblewrap.js';
import { loadAgent } from '../agents/registry.js';
import { dealKeyInto, masterKey, SeatStream, seedHex, type SeedKey } from '../game/seed.js';
import { makeRecord } from '../games/no-thanks/record.js';
import { streamSaltOf } from './sandbox/stream-salt.js';
import type { GameStart, NoThanksAgent, Observation } from '../games/no-thanks/agent.js';
import { deal } from '../games/no-thanks/deal.js';
import { makeRules, type Rules } from '../games/no-thanks/rules.js';
import { Table } from '../games/no-thanks/table.js';
import { runTournament } from './run.js';
import { STUCK_SECONDS, STUCK_TEXT, FULL } from '../testing/tier.js';

/**
 * Attacks on the information wall, as tests (docs/fair-play.md). The spy
 * plays No Thanks! and tries to predict the next face-up card from everything the lab hands it:
 * every string and number reachable from GameStart (a seed there, with the public dealing code,
 * gives the deck away: that leak existed until the seed was taken out), and its own stream's first
 * draws read as a seed key. A prediction that beats chance fails the test.
 */
class Spy implements NoThanksAgent {
  candidates: SeedKey[] = [];
  rules!: Rules;
  predictions = 0;
  hits = 0;
  /** Sum over predictions of 1 / (cards the spy has not seen): the hits chance alone would give. */
  expected = 0;
  reconstructed = 0;
  private pending: { index: number; card: number } | undefined;
  private random!: () => number;

  newGame(start: GameStart): void {
    this.rules = start.rules as Rules;
    this.random = start.random;
    this.candidates = [];
    const walk = (v: unknown, depth: number): void => {
      if (typeof v === 'string' && /^[0-9a-f]{16}$/.test(v)) this.candidates.push({ hi: parseInt(v.slice(0, 8), 16), lo: parseInt(v.slice(8), 16) });
      else if (typeof v === 'number') this.candidates.push({ hi: v >>> 0, lo: 0 });
      else if (v && typeof v === 'object' && depth < 4) for (const key of Reflect.ownKeys(v)) walk((v as Record<PropertyKey, unknown>)[key], depth + 1);
    };
    walk(start, 0);
    const u = (): number => Math.floor(start.random() * 2 ** 32) >>> 0;
    this.candidates.push({ hi: u(), lo: u() });
    this.pending = undefined;
  }

  decide(obs: Observation): 'take' | 'pass' {
    // The face-up cards in the order they came: each take reveals the next one.
    const revealed: number[] = [];
    for (let i = 0; i < obs.historyLength; i++) {
      const e = obs.historyAt(i);
      if (revealed[revealed.length - 1] !== e.card) revealed.push(e.card);
    }
    if (revealed[revealed.length - 1] !== obs.card) revealed.push(obs.card);
    if (this.pending && revealed.length > this.pending.index) {
      this.predictions++;
      if (revealed[this.pending.index] === this.pending.card) this.hits++;
      this.pending = undefined;
    }
    if (!this.pending && obs.cardsLeft > 0) {
      const unseen: number[] = [];
      for (let c = this.rules.minCard; c <= this.rules.maxCard; c++) if (!revealed.includes(c)) unseen.push(c);
      let guess = unseen[Math.floor(this.random() * unseen.length)]!;
      for (const key of this.candidates) {
        const d = deal(this.rules, seedHex(key));
        if (revealed.every((c, i) => d.deck[i] === c)) {
          guess = d.deck[revealed.length]!;
          if (revealed.length >= 5) this.reconstructed++; // 5 cards matching by chance: p < 1e-7
          break;
        }
      }
      this.pending = { index: revealed.length, card: guess };
      this.expected += 1 / unseen.length;
    }
    return obs.myChips === 0 || obs.marginalCost() - obs.pot < 8 ? 'take' : 'pass';
  }
}

const loadedRandom = await loadAgent('random');

/** --isolate needs the sandbox: skipped only where bubblewrap cannot run, never in CI (REQUIRE_SANDBOX=1). */
// The --isolate cases run bots under bubblewrap: the full tier's, with the other sandbox tests
// (src/testing/tier.ts); without bwrap they are left out unless CI requires the sandbox.
const sandboxed = it.runIf(FULL && (sandboxMissing() === undefined || process.env.REQUIRE_SANDBOX !== undefined));

describe('fair play', () => {
  it('a spy cannot predict the next card better than chance from what it is given', async () => {
    const rules = makeRules({ players: 4 });
    const spy = new Spy();
    const greedy = await loadAgent('greedy');
    const table = new Table(rules, [greedy.create(), spy, greedy.create(), greedy.create()] as NoThanksAgent[], ['greedy', 'spy', 'greedy', 'greedy']);
    const master = masterKey('no-thanks', 'spy');
    const key: SeedKey = { hi: 0, lo: 0 };
    for (let k = 0; k < 400; k++) table.play(dealKeyInto(master, k, key));
    expect(spy.predictions).toBeGreaterThan(2000);
    expect(spy.reconstructed).toBe(0);
    // Hits are a sum of independent-enough Bernoulli trials: 4 standard deviations above chance.
    expect(spy.hits).toBeLessThan(spy.expected + 4 * Math.sqrt(spy.expected));
  });

  it("refuses a bot file that patches the lab's own classes (game loop, statistics, the guard) before it plays", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nothanks-frozen-'));
    const dist = (p: string): string => JSON.stringify(join(process.cwd(), 'dist', 'src', p));
    const cases: [string, string, RegExp][] = [
      [
        'table.mjs',
        `import { Table } from ${dist('games/no-thanks/table.js')}; Table.prototype.play = () => {};`,
        /Cannot assign to read only property 'play'/,
      ],
      [
        'stats.mjs',
        `import { TournamentStats } from ${dist('stats/tournament-stats.js')}; TournamentStats.prototype.agents = () => [];`,
        /Cannot assign to read only property 'agents'/,
      ],
      [
        'guard.mjs',
        `import { IntegrityGuard } from ${dist('tournament/sandbox/integrity.js')}; IntegrityGuard.prototype.check = () => undefined;`,
        /Cannot assign to read only property 'check'/,
      ],
      [
        'mc.mjs',
        `import mc from ${JSON.stringify(join(process.cwd(), 'dist', 'src', 'games', 'no-thanks', 'bots', 'mc.js'))}; const bot = mc.create({ rollouts: 1 }); Object.getPrototypeOf(bot).decide = () => 'take';`,
        /Cannot assign to read only property 'decide'/,
      ],
    ];
    for (const [name, body, message] of cases) {
      const path = join(dir, name);
      writeFileSync(path, `${body}\nexport default { name: 'x', params: {}, create: () => ({ decide: () => 'take' }) };`);
      await expect(runTournament({ pool: [path, 'greedy', 'random'], rules: { players: 3 }, games: 5, seed: 'frozen', threads: 1 })).rejects.toThrow(message);
    }
  });

  it("refuses a bot file that rewrites the engine's module-level tables or another bot's defaults", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nothanks-tables-'));
    const dist = (p: string): string => JSON.stringify(join(process.cwd(), 'dist', p));
    const cases: [string, string, string, RegExp][] = [
      // A typed array cannot be frozen: the tamper guard compares it with its copy.
      [
        '6-nimmt',
        'zeros.mjs',
        `import { BULLHEADS } from ${dist('src/games/6-nimmt/rules.js')}; BULLHEADS.fill(0);`,
        /^a bot changed 6 nimmt! bullhead table, shared with the engine/,
      ],
      [
        'no-thanks-specials',
        'kinds.mjs',
        `import { KINDS } from ${dist('src/games/no-thanks-specials/cards.js')}; KINDS[0].standard = 0;`,
        /Cannot assign to read only property 'standard'/,
      ],
      [
        'no-thanks',
        'rollout.mjs',
        `import { bots } from ${dist('src/games/no-thanks/bots/index.js')}; bots[3].params.rollouts.default = 1;`,
        /Cannot assign to read only property 'default'/,
      ],
    ];
    for (const [game, name, body, message] of cases) {
      const path = join(dir, name);
      writeFileSync(
        path,
        `${body}\nexport default { name: 'x', game: '${game}', params: {}, create: () => ({ decide: (o) => (o.phase === 'row' ? 0 : o.handCard ? o.handCard(0) : o.myChips === 0 ? 'take' : 'pass') }) };`,
      );
      const other = game === '6-nimmt' ? 'heuristic' : game === 'no-thanks' ? 'greedy' : 'value';
      await expect(runTournament({ game, pool: [path, other, 'random'], rules: { players: 3 }, games: 3, seed: 'tables', threads: 1 })).rejects.toThrow(
        message,
      );
    }
  });

  it("salts a tournament's seat streams with a one-way hash of the run, the same in every worker", async () => {
    const key: SeedKey = { hi: 0x12345678, lo: 0x9abcdef0 };
    const draws = (salt?: SeedKey): number[] => {
      const stream = new SeatStream(key, 1, salt);
      return [stream.random(), stream.random()];
    };
    const salt = streamSaltOf('no-thanks', 'contest');
    expect(draws(salt)).not.toEqual(draws());
    expect(streamSaltOf('no-thanks', 'contest')).toEqual(salt);
    expect(streamSaltOf('no-thanks', 'contest2')).not.toEqual(salt);
    expect(streamSaltOf('6-nimmt', 'contest')).not.toEqual(salt);
    // The tournament applies it: a random bot's games differ from the same deals on an unsalted table.
    const records: string[] = [];
    await runTournament({
      pool: ['random'],
      rules: { players: 3 },
      games: 3,
      seed: 'contest',
      threads: 1,
      selfPlay: true,
      records: true,
      onBatch: (_b, res) => records.push(...res.records!),
    });
    const table = new Table(
      makeRules({ players: 3 }),
      [0, 1, 2].map(() => loadedRandom.create() as NoThanksAgent),
      ['random', 'random', 'random'],
    );
    table.play(dealKeyInto(masterKey('no-thanks', 'contest'), 0, { hi: 0, lo: 0 }));
    const first = JSON.parse(records[0]!) as { seed: string; actions: string };
    expect(first.seed).toBe(table.seed);
    expect(first.actions).not.toBe(makeRecord(table.state, table.seed, table.labels).actions);
  });

  it('stops a tournament whose bot patches a shared prototype, with one line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nothanks-tamper-'));
    const engine = join(process.cwd(), 'dist', 'src', 'games', 'no-thanks', 'state.js');
    const cases = {
      // Reads the live engine state through the engine's own class.
      'state.mjs': `import { GameState } from ${JSON.stringify(engine)}; let done = false; export default { name: 'peek', params: {}, create: () => ({ decide: () => { if (!done) { done = true; GameState.prototype.peek = function () { return this.cards; }; } return 'take'; } }) };`,
      // Replaces a typed-array method every engine uses.
      'typed.mjs': `const real = Uint8Array.prototype.subarray; let done = false; export default { name: 'sub', params: {}, create: () => ({ decide: () => { if (!done) { done = true; Object.getPrototypeOf(Uint8Array.prototype).subarray = function (...a) { return real.apply(this, a); }; } return 'take'; } }) };`,
      // Patches at import time (in the threads that load it: never the main thread's realm).
      'import.mjs': `Math.random = () => 0.5; export default { name: 'dice', params: {}, create: () => ({ decide: () => 'take' }) };`,
      // The iterators every for...of steps through, regular expressions, the clock.
      'iterator.mjs': `const it = Object.getPrototypeOf([][Symbol.iterator]()); const next = it.next; it.next = function () { return next.call(this); }; export default { name: 'iter', params: {}, create: () => ({ decide: () => 'take' }) };`,
      'regexp.mjs': `const exec = RegExp.prototype.exec; RegExp.prototype.exec = function (s) { return exec.call(this, s); }; export default { name: 're', params: {}, create: () => ({ decide: () => 'take' }) };`,
      'date.mjs': `Date.now = () => 0; export default { name: 'clock', params: {}, create: () => ({ decide: () => 'take' }) };`,
    };
    const expected: Record<string, RegExp> = {
      // The lab's classes are frozen before a bot file loads: the patch throws in the bot's own code.
      'state.mjs': /^bot "peek" in seat \d \(game seed [0-9a-f]{16}\) threw Cannot add property peek, object is not extensible$/,
      'typed.mjs': /^a bot changed TypedArray\.prototype\.subarray, shared with the engine/,
      'import.mjs': /^a bot changed Math\.random, shared with the engine/,
      'iterator.mjs': /^a bot changed %ArrayIteratorPrototype%\.next, shared with the engine/,
      'regexp.mjs': /^a bot changed RegExp\.prototype\.exec, shared with the engine/,
      'date.mjs': /^a bot changed Date\.now, shared with the engine/,
    };
    for (const [name, body] of Object.entries(cases)) {
      const path = join(dir, name);
      writeFileSync(path, body);
      await expect(runTournament({ pool: [path, 'greedy', 'random'], rules: { players: 3 }, games: 20, seed: 'tamper', threads: 1 })).rejects.toThrow(
        expected[name]!,
      );
    }
  });

  sandboxed('--isolate: a bot file in a sandboxed process of its own plays the same games, and its tampering reaches nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nothanks-isolate-'));
    const greedyLike = `(o) => (o.myChips === 0 || o.marginalCost() - o.pot <= 0 ? 'take' : 'pass')`;
    const plain = join(dir, 'plain.mjs');
    writeFileSync(plain, `export default { name: 'plain', params: {}, create: () => ({ decide: ${greedyLike} }) };`);
    // The same bot, patching intrinsics the engine uses, in its own realm.
    const patcher = join(dir, 'patcher.mjs');
    writeFileSync(
      patcher,
      `Math.random = () => 0; Uint8Array.prototype.spy = 1;
      export default { name: 'patcher', params: {}, create: () => ({ decide: ${greedyLike} }) };`,
    );
    const o = { rules: { players: 3 }, games: 40, seed: 'isolate', threads: 1 };
    const inProcess = await runTournament({ ...o, pool: [plain, 'greedy', 'random'] });
    const isolated = await runTournament({ ...o, pool: [patcher, 'greedy', 'random'], isolate: true });
    expect(isolated.stats.agents().map((a) => [a.meanScore, a.winShare])).toEqual(inProcess.stats.agents().map((a) => [a.meanScore, a.winShare]));
    // Without --isolate the same file is caught.
    await expect(runTournament({ ...o, pool: [patcher, 'greedy', 'random'] })).rejects.toThrow(/^a bot changed /);
  });

  sandboxed('--isolate: a bot file cannot reach the lab: no signal, no seed, no run files, no network, no inspector of the lab', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nothanks-escape-'));
    const seed = 'SEED-of-the-contest-0815';
    const server = createServer((s) => s.end('x')).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const port = (server.address() as { port: number }).port;
    const secret = join(tmpdir(), `nothanks-run-data-${process.pid}.txt`);
    writeFileSync(secret, 'the log of a running tournament');
    const bot = join(dir, 'escape.mjs');
    // Every way tried at load time; what got through is the bot's decision: 'take' if anything worked.
    writeFileSync(
      bot,
      `import { readFileSync, readdirSync } from 'node:fs';
      import { connect } from 'node:net';
      import inspector from 'node:inspector';
      const attempts = [
        () => process.kill(${process.pid}, 'SIGUSR1'),
        () => process.kill(${process.pid}, 0),
        () => readFileSync('/proc/${process.pid}/cmdline'),
        () => { for (const p of readdirSync('/proc')) { try { if (readFileSync('/proc/' + p + '/cmdline', 'utf8').includes('${seed}')) return; } catch {} } throw new Error('not found'); },
        () => readFileSync(${JSON.stringify(secret)}),
        () => readFileSync('/etc/passwd'),
        () => { const s = new inspector.Session(); s.connectToMainThread(); s.post('Runtime.evaluate', { expression: 'process.argv' }); },
      ];
      let opened = attempts.filter((f) => { try { f(); return true; } catch { return false; } }).length;
      await new Promise((resolve) => { const c = connect(${port}, '127.0.0.1'); c.on('data', () => { opened++; resolve(); }); c.on('error', resolve); setTimeout(resolve, 1000); });
      export default { name: 'escape', params: {}, create: () => ({ decide: (o) => (opened > 0 || o.myChips === 0 ? 'take' : 'pass') }) };`,
    );
    const r = await runTournament({ pool: [bot, 'greedy', 'random'], rules: { players: 3 }, games: 5, seed, threads: 1, isolate: true });
    server.close();
    // Had anything worked, the bot would take every card and never pay a chip (11 or more at the end).
    expect(r.stats.agents()[0]!.meanChips).toBeLessThan(11);
  });

  it('a bot file never runs in the main thread: a load that loops, never settles or exits is one line; its timers reach nothing there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nothanks-probe-'));
    const bot = `export default { name: 'x', params: {}, create: () => ({ decide: () => 'take' }) };`;
    const cases: [string, string, RegExp][] = [
      ['loop.mjs', `for (;;) {}\n${bot}`, /loop\.mjs did not load and start a bot within 5 s/],
      ['create-loop.mjs', `export default { name: 'x', params: {}, create: () => { for (;;) {} } };`, /did not load and start a bot within 5 s/],
      ['never.mjs', `await new Promise(() => {});\n${bot}`, /never\.mjs never finished loading: a top-level await in it never settles/],
      ['exit.mjs', `export default { name: 'x', params: {}, create: () => process.exit(0) };`, /exit\.mjs ended its thread while loading \(exit code 0/],
    ];
    // The four at once: each loads in a thread of its own, and the two that loop wait out the same 5 s.
    await Promise.all(
      cases.map(([name, body, message]) => {
        const path = join(dir, name);
        writeFileSync(path, body);
        return expect(
          runTournament({ pool: [path, 'greedy', 'random'], rules: { players: 3 }, games: 5, seed: 'probe', threads: 1, decisionSeconds: 1 }),
        ).rejects.toThrow(message);
      }),
    );
    // A timer that would forge the outputs written in the main thread: it never runs there.
    const stringify = JSON.stringify;
    const forger = join(dir, 'forger.mjs');
    writeFileSync(forger, `setTimeout(() => { JSON.stringify = () => '{}'; }, 1); setInterval(() => {}, 1000);\n${bot}`);
    const result = await runTournament({ pool: [forger, 'greedy', 'random'], rules: { players: 3 }, games: 20, seed: 'probe', threads: 1 });
    await new Promise((r) => setTimeout(r, 50));
    expect(JSON.stringify).toBe(stringify);
    expect(result.partial).toBe(false);
    expect(result.dealsPlayed).toBe(20);
  });

  sandboxed('--isolate: a bot file that never loads, exits or loops is one line within the limit, never a hang', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nothanks-isolate-'));
    const cases: [string, string, RegExp][] = [
      ['never.mjs', `await new Promise(() => {}); export default {};`, /never\.mjs \(isolated\): its program ended when greeted/],
      ['exit.mjs', `export default { name: 'exit', params: {}, create: () => process.exit(2) };`, /exit\.mjs \(isolated\): its program ended when greeted/],
      [
        'loop.mjs',
        `export default { name: 'loop', params: {}, create: () => { for (;;) {} } };`,
        /loop\.mjs \(isolated\) did not answer the greeting within 5 s/,
      ],
    ];
    const check = ([name, body, message]: [string, string, RegExp]) => {
      const path = join(dir, name);
      writeFileSync(path, body);
      return expect(
        runTournament({ rules: { players: 3 }, games: 5, seed: 'iso', threads: 1, pool: [path, 'greedy', 'random'], isolate: true, decisionSeconds: 1 }),
      ).rejects.toThrow(message);
    };
    // The two that end at once; the loop after them, alone: the limit it meets stops
    // every child process of the lab, the others' sandboxes too.
    await Promise.all(cases.slice(0, 2).map(check));
    await check(cases[2]!);
  });

  sandboxed('--isolate: the stand-in answers `in`, Object.keys and methods that fill typed arrays as the observation does', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nothanks-isolate-'));
    // A special-card bot whose move depends on what unseenInto writes into its arrays, and on the observation's shape.
    const body = `export default { name: 'shape', game: 'no-thanks-specials', params: {}, create: () => {
      const out = new Uint8Array(64); const counts = new Int32Array(64);
      return { decide: (o) => {
        const n = o.unseenInto(out, counts);
        const shape = ('seat' in o) && Object.keys(o).includes('seat') && Object.keys({ ...o }).length > 0;
        if (!shape) throw new Error('the stand-in has no shape');
        let sum = 0; for (let i = 0; i < n; i++) sum += out[i] + counts[out[i]];
        if (o.phase === 'take') return o.myChips > 0 && sum % 2 === 1 ? 'pass' : 'take';
        if (o.phase === 'bid') return o.myChips > 0 && sum % 2 === 1 ? 'bid' : 'decline';
        for (let c = o.rules.minCard; c <= 40; c++) if (o.has(o.seat, c)) return c;
        for (let c = 100; c < 130; c++) if (o.held(o.seat, c) > 0) return c;
        throw new Error('nothing to choose');
      } };
    } };`;
    const path = join(dir, 'shape.mjs');
    writeFileSync(path, body);
    const o = { game: 'no-thanks-specials', rules: { players: 3 }, games: 6, seed: 'shape', threads: 1, pool: [path, 'value', 'random'] };
    const inProcess = await runTournament(o);
    const isolated = await runTournament({ ...o, isolate: true });
    expect(isolated.stats.agents().map((a) => [a.meanScore, a.winShare])).toEqual(inProcess.stats.agents().map((a) => [a.meanScore, a.winShare]));
  });

  sandboxed('--isolate: a bot stuck in a game is stopped by the decision limit like any bot, and the finished games are kept', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nothanks-isolate-'));
    const path = join(dir, 'late.mjs');
    writeFileSync(
      path,
      `let games = 0; export default { name: 'late', params: {}, create: () => ({ newGame() { games++; }, decide: (o) => { if (games > 12 && o.cardsLeft < 3) for (;;) {} return 'take'; } }) };`,
    );
    const r = await runTournament({
      rules: { players: 3 },
      games: 40,
      seed: 'iso-late',
      threads: 1,
      chunk: 1,
      pool: [path, 'greedy', 'random'],
      isolate: true,
      decisionSeconds: STUCK_SECONDS,
    });
    expect(r.stopped).toMatch(new RegExp(`^bot "late" in seat \\d \\(game seed [0-9a-f]{16}\\) took longer than ${STUCK_TEXT} s to decide: stopped`));
    expect(r.partial).toBe(true);
    expect(r.gamesPlayed).toBeGreaterThan(0);
  });

  sandboxed('--isolate: the observation still hides what it hides, and bot errors keep their one line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nothanks-isolate-'));
    const nosy = join(dir, 'nosy.mjs');
    writeFileSync(
      nosy,
      `export default { name: 'nosy', params: {}, create: () => ({ decide: (o) => { o.chips((o.seat + 1) % o.players); return 'take'; } }) };`,
    );
    await expect(
      runTournament({ rules: { players: 3 }, games: 5, seed: 'nosy', threads: 1, pool: [nosy, 'greedy'], isolate: true, selfPlay: true }),
    ).rejects.toThrow(/^bot "nosy" in seat \d \(game seed [0-9a-f]{16}\): its program reported an error: opponents' chips are hidden unless openChips is set/);
  });
});
