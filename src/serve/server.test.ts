import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { JsonObject } from '../game/contract.js';
import { distModule } from '../paths.js';
import { GAMES } from '../registry.js';

const cli = distModule('cli/main.js');

/** A client of `nothanks serve` for tests: frames out, frames in (docs/engine-server.md). */
class Client {
  readonly child: ChildProcessWithoutNullStreams;
  private pending = Buffer.alloc(0);
  private waiting: (() => void) | undefined;
  facts: JsonObject = {};

  constructor() {
    this.child = spawn(process.execPath, [cli, 'serve']);
    this.child.stdout.on('data', (d: Buffer) => {
      this.pending = Buffer.concat([this.pending, d]);
      this.waiting?.();
    });
    this.child.stderr.resume();
  }

  async frame(): Promise<{ tag: string; body: Buffer }> {
    for (;;) {
      if (this.pending.length >= 4) {
        const length = this.pending.readUInt32LE(0);
        if (this.pending.length >= 4 + length) {
          const body = Buffer.from(this.pending.subarray(4, 4 + length));
          this.pending = this.pending.subarray(4 + length);
          return { tag: String.fromCharCode(body[0]!), body };
        }
      }
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
  }

  send(tag: string, data: Buffer): void {
    const head = Buffer.alloc(8);
    head.writeUInt32LE(4 + data.length, 0);
    head[4] = tag.charCodeAt(0);
    this.child.stdin.write(Buffer.concat([head, data]));
  }

  async ask(command: object): Promise<{ tag: string; body: Buffer; json?: JsonObject; text?: string }> {
    this.send('J', Buffer.from(JSON.stringify(command)));
    return this.read();
  }

  async step(actions: number[]): Promise<{ tag: string; body: Buffer; text?: string }> {
    this.send('S', Buffer.from(new Int32Array(actions).buffer));
    return this.read();
  }

  private async read() {
    const f = await this.frame();
    const text = f.tag === 'B' ? undefined : f.body.toString('utf8', 4);
    return { ...f, text, json: f.tag === 'J' ? (JSON.parse(text!) as JsonObject) : undefined };
  }

  async open(command: object): Promise<JsonObject> {
    const r = await this.ask({ cmd: 'open', ...command });
    if (r.tag !== 'J') throw new Error(r.text);
    this.facts = r.json!;
    return this.facts;
  }

  /** A B frame's arrays, in the layout of the facts (games N, slots K). */
  state(body: Buffer) {
    const f = this.facts as { games: number; players: number; obsSize: number; actionSize: number; seatsPerGame: number };
    const [n, p, d, a, k] = [f.games, f.players, f.obsSize, f.actionSize, f.seatsPerGame];
    let at = 4;
    const ints = (len: number) => Array.from({ length: len }, (_, i) => body.readInt32LE(at + 4 * i));
    const floats = (len: number) => Array.from({ length: len }, (_, i) => body.readFloatLE(at + 4 * i));
    const bytes = (len: number) => [...body.subarray(at, at + len)];
    const seat = ints(n);
    at += 4 * n;
    const deal = ints(n);
    at += 4 * n;
    const obs = floats(n * k * d);
    at += 4 * n * k * d;
    const reward = floats(n * p);
    at += 4 * n * p;
    const score = ints(n * p);
    at += 4 * n * p;
    const mask = bytes(n * k * a);
    at += n * k * a;
    const acting = bytes(n * p);
    at += n * p;
    const ended = bytes(n);
    return { seat, deal, obs, reward, score, mask, acting, ended };
  }

  close(): void {
    this.child.stdin.end();
  }
}

const clients: Client[] = [];
const client = (): Client => {
  const c = new Client();
  clients.push(c);
  return c;
};
afterAll(() => {
  for (const c of clients) c.child.kill();
});

/** The first legal id of game i's acting seat in a K = 1 state. */
const firstLegal = (mask: number[], i: number, a: number): number => mask.slice(i * a, (i + 1) * a).indexOf(1);

describe('nothanks serve', () => {
  for (const game of GAMES.values()) {
    it(`${game.id}: plays 3 games at once to the end and deals the next (autoreset), rewards from the scores, records that replay`, async () => {
      const c = client();
      const facts = await c.open({ game: game.id, rules: { players: 3 }, games: 3 });
      const rules = game.makeRules({ players: 3 });
      expect(facts).toMatchObject({
        protocol: 1,
        game: game.id,
        players: 3,
        games: 3,
        obsSize: game.tensor.size(rules),
        actionSize: game.actions.size(rules),
        seatsPerGame: 1,
      });
      let s = c.state((await c.ask({ cmd: 'reset', seed: 5 })).body);
      expect(s.deal).toEqual([0, 1, 2]);
      const a = facts.actionSize as number;
      const scores: number[][] = [];
      for (let steps = 0; scores.filter(Boolean).length < 3; steps++) {
        expect(steps).toBeLessThan(10000);
        s = c.state((await c.step(s.seat.map((_, i) => firstLegal(s.mask, i, a)))).body);
        s.ended.forEach((e, i) => {
          if (!e || scores[i]) return;
          scores[i] = s.score.slice(i * 3, i * 3 + 3);
          expect(s.reward.slice(i * 3, i * 3 + 3)).toEqual(scores[i]!.map((x) => -x));
          // The next deal, in the order games ended (ties in game order): 3, 4, 5 for the first three ends.
          expect(s.deal[i]).toBeGreaterThanOrEqual(3);
          expect(s.seat[i]).toBeGreaterThanOrEqual(0);
        });
      }
      for (let i = 0; i < 3; i++) {
        const { json } = await c.ask({ cmd: 'record', game: i });
        const record = json!.record as JsonObject;
        expect(json!.deal).toBe(i);
        expect(record.scores).toEqual(scores[i]);
        expect(() => game.replay(record, false)).not.toThrow();
      }
      c.close();
    });
  }

  it('without autoreset, a finished game reports seat -1 and refuses another step in one line', async () => {
    const c = client();
    await c.open({ game: 'no-thanks', rules: { players: 3 }, autoreset: false });
    let s = c.state((await c.ask({ cmd: 'reset', seed: 2 })).body);
    while (s.seat[0]! >= 0) s = c.state((await c.step([firstLegal(s.mask, 0, 2)])).body);
    expect(s.ended).toEqual([1]);
    expect((await c.step([1])).text).toBe('game 0 is over: reset deals the next one');
    expect(c.state((await c.ask({ cmd: 'reset' })).body).deal).toEqual([1]);
    c.close();
  });

  it('refuses an illegal or out-of-range action in one line naming the legal ones, and moves no game', async () => {
    const c = client();
    await c.open({ game: 'no-thanks', rules: { players: 3 }, games: 2 });
    const before = c.state((await c.ask({ cmd: 'reset', seed: 1 })).body);
    const bad = await c.step([1, 7]);
    expect(bad.tag).toBe('E');
    expect(bad.text).toMatch(/^illegal: game 1, seat \d: action 7 \(no action id: ids run 0\.\.1\) is not legal now; legal: 0 \(pass\), 1 \(take\)$/);
    const { text } = await c.ask({ cmd: 'render', game: 0 });
    expect(text).toContain(`seat: ${before.seat[0]}`);
    // Nothing moved: the same step again, legal this time, starts from the dealt position.
    const after = c.state((await c.step([1, 1])).body);
    expect(after.deal).toEqual([0, 1]);
    c.close();
  });

  it('answers bad commands and settings with one line, and the session goes on', async () => {
    const c = client();
    expect((await c.ask({ cmd: 'reset' })).text).toBe('no session: open one first');
    expect((await c.ask({ cmd: 'open', game: 'go' })).text).toMatch(/^unknown game "go" \(known: /);
    expect((await c.ask({ cmd: 'open', game: 'no-thanks', rules: { players: 4, chip: 3 } })).text).toBe(
      'No Thanks! has no rule setting "chip" (known: players, chips, removed, min-card, max-card, open-chips, known-removed)',
    );
    expect((await c.ask({ cmd: 'open', game: 'no-thanks', rules: { players: 9 } })).text).toMatch(/^players must be/);
    expect((await c.ask({ cmd: 'open', game: 'no-thanks', opponents: ['mc', 'mc', 'mc'] })).text).toMatch(/^opponents must list 4 seats/);
    expect((await c.ask({ cmd: 'dance' })).text).toMatch(/^unknown command "dance"/);
    expect((await c.ask({ cmd: 'open', game: 'no-thanks', rules: { players: '4' } })).text).toBe('rule setting "players" takes a number, got "4"');
    expect((await c.ask({ cmd: 'open', game: 'no-thanks', autoreset: 'no' })).text).toBe('autoreset must be true or false, got "no"');
    await c.open({ game: 'no-thanks', rules: { players: 3, chips: 2 } });
    expect((await c.step([0])).text).toBe('step before reset: reset deals the games');
    c.send('S', Buffer.alloc(6));
    expect((await c.frame()).body.toString('utf8', 4)).toBe("a step's actions are int32s: 6 bytes is no whole number of them");
    expect((await c.ask({ cmd: 'reset', seed: 3 })).tag).toBe('B');
    c.close();
  });

  it('with lab bots in the other seats, a deal plays as the tournament of that seed recorded it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'serve-'));
    const log = join(dir, 'games.jsonl');
    const run = spawnSync(
      process.execPath,
      [
        cli,
        'tournament',
        '--agents',
        'threshold,mc:rollouts=20,random',
        '--games',
        '1',
        '--seed',
        '4',
        '--threads',
        '1',
        '--log',
        log,
        '--out',
        join(dir, 'run'),
      ],
      { encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    const record = JSON.parse(readFileSync(log, 'utf8').split('\n')[0]!) as { agents: string[] };
    const c = client();
    const decisions = (await c.ask({ cmd: 'decisions', record })).json!.decisions as number[][];
    // The client plays seat 1; the lab's bots the record's other seats.
    const opponents = record.agents.map((a, seat) => (seat === 1 ? null : a));
    await c.open({ game: 'no-thanks', rules: { players: 3 }, opponents, autoreset: false });
    const mine = decisions.filter(([seat]) => seat === 1).map(([, a]) => a!);
    let s = c.state((await c.ask({ cmd: 'reset', seed: 4 })).body);
    for (const a of mine) {
      expect(s.seat[0]).toBe(1);
      s = c.state((await c.step([a])).body);
    }
    expect(s.ended[0]).toBe(1);
    const { json } = await c.ask({ cmd: 'record' });
    expect({ ...(json!.record as object), agents: record.agents }).toEqual(record);
    c.close();
  });

  it("turns records into training pairs: each decision's seat, action, tensor and mask as a session shows them", async () => {
    const c = client();
    await c.open({ game: '6-nimmt', rules: { players: 3 }, autoreset: false });
    let s = c.state((await c.ask({ cmd: 'reset', seed: 8 })).body);
    const shown: { seat: number; action: number; obs: number[]; mask: number[] }[] = [];
    const d = c.facts.obsSize as number;
    const a = c.facts.actionSize as number;
    while (s.seat[0]! >= 0) {
      const action = s.mask.lastIndexOf(1);
      shown.push({ seat: s.seat[0]!, action, obs: s.obs, mask: s.mask });
      s = c.state((await c.step([action])).body);
    }
    const record = (await c.ask({ cmd: 'record' })).json!.record;
    c.send('J', Buffer.from(JSON.stringify({ cmd: 'examples', records: [record, record] })));
    const { tag, body } = await c.frame();
    expect(tag).toBe('X');
    const [n, dd, aa] = [0, 1, 2].map((i) => body.readInt32LE(4 + 4 * i)) as [number, number, number];
    expect([n, dd, aa]).toEqual([2 * shown.length, d, a]);
    const int = (i: number) => body.readInt32LE(16 + 4 * i);
    const obsAt = 16 + 12 * n;
    const maskAt = obsAt + 4 * n * d;
    shown.forEach((x, j) => {
      const k = shown.length + j; // the second copy of the record
      expect([int(k), int(n + k), int(2 * n + k)]).toEqual([x.seat, x.action, 1]);
      expect(Array.from({ length: d }, (_, i) => body.readFloatLE(obsAt + 4 * (k * d + i)))).toEqual(x.obs);
      expect([...body.subarray(maskAt + k * a, maskAt + (k + 1) * a)]).toEqual(x.mask);
    });
    c.close();
  });

  it('stops a lab bot that stops answering after the decision timeout, in one line naming it, and refuses a person', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'serve-stuck-'));
    const bot = join(dir, 'stuck.py');
    writeFileSync(
      bot,
      [
        'import json, sys, time',
        'for line in sys.stdin:',
        '    m = json.loads(line)',
        '    if m["type"] == "hello":',
        '        print(json.dumps({"type": "hello", "protocol": 1, "name": "stuck", "events": False}), flush=True)',
        '    elif m["type"] == "decide":',
        '        time.sleep(1000)',
      ].join('\n'),
    );
    const c = client();
    expect((await c.ask({ cmd: 'open', game: 'no-thanks', rules: { players: 3 }, opponents: [null, 'human', 'mc'] })).text).toMatch(
      /^agent "human" waits for a person/,
    );
    await c.open({ game: 'no-thanks', rules: { players: 3 }, opponents: [null, `exec:python3 ${bot}`, 'random'], decisionTimeout: 0.5, autoreset: false });
    const started = performance.now();
    let r = await c.ask({ cmd: 'reset', seed: 1 });
    while (r.tag === 'B') r = await c.step([c.state(r.body).mask.indexOf(1)]);
    expect(r.text).toBe('bot "stuck" in seat 1 took longer than 0.5 s to answer: stopped (the session\'s decision timeout); open a new session');
    expect(performance.now() - started).toBeLessThan(20_000);
    c.close();
  });

  it('ends when its stdin closes', async () => {
    const c = client();
    await c.open({ game: '6-nimmt' });
    const exit = new Promise<number | null>((resolve) => c.child.on('exit', resolve));
    c.close();
    expect(await exit).toBe(0);
  });
});
