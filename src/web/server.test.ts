import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tournamentCommand } from '../cli/tournament.js';
import { listLogs, logPath, serveWebApp, type WebServer } from './server.js';
import { sampleGame } from '../output/sample-game.js';

describe('nothanks web server', () => {
  let root: string;
  let outside: string;
  let server: WebServer;

  beforeAll(async () => {
    const base = mkdtempSync(join(tmpdir(), 'nothanks-web-server-'));
    root = join(base, 'results');
    outside = join(base, 'secret.jsonl');
    mkdirSync(join(root, 'run', 'deep'), { recursive: true });
    writeFileSync(join(root, 'run', 'games.jsonl'), '{"game":"no-thanks"}\n');
    writeFileSync(join(root, 'run', 'deep', 'more.jsonl'), '{}\n');
    writeFileSync(join(root, 'run', 'summary.json'), '{}');
    writeFileSync(outside, 'secret\n');
    symlinkSync(outside, join(root, 'run', 'link.jsonl'));
    server = await serveWebApp({ html: '<!doctype html><title>app</title>', port: 0, host: '127.0.0.1', results: root });
  });
  afterAll(() => server?.close());

  it('lists only the *.jsonl files under the results folder, not links out of it', () => {
    expect(
      listLogs(root)
        .map((l) => l.path)
        .sort(),
    ).toEqual(['run/deep/more.jsonl', 'run/games.jsonl']);
  });

  it.each([
    '../secret.jsonl',
    '..%2Fsecret.jsonl',
    'run/../../secret.jsonl',
    'run/link.jsonl',
    'run/summary.json',
    '%2Fetc%2Fpasswd',
    'run/games.jsonl%00.jsonl',
    '%E0%A4%A',
  ])('refuses %s', async (rel) => {
    expect(logPath(root, rel)).toBeUndefined();
    const res = await fetch(`${server.url}logs/${rel}`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('secret');
  });

  it('serves the page, the listing and a log, and nothing else; read-only', async () => {
    expect(await (await fetch(server.url)).text()).toContain('<title>app</title>');
    const listing = (await (await fetch(`${server.url}api/logs`)).json()) as { logs: { path: string }[] };
    expect(listing.logs.map((l) => l.path).sort()).toEqual(['run/deep/more.jsonl', 'run/games.jsonl']);
    expect(await (await fetch(`${server.url}logs/run/games.jsonl`)).text()).toBe('{"game":"no-thanks"}\n');
    expect((await fetch(`${server.url}package.json`)).status).toBe(404);
    expect((await fetch(`${server.url}logs/run/games.jsonl`, { method: 'PUT', body: 'x' })).status).toBe(405);
    expect(readFileSync(join(root, 'run', 'games.jsonl'), 'utf8')).toBe('{"game":"no-thanks"}\n');
  });

  it('answers only requests for its own address (no DNS rebinding), and refuses a missing or whole-disk results folder', async () => {
    const { port } = new URL(server.url);
    const status = (host: string) =>
      new Promise<number>((ok, fail) =>
        request({ host: '127.0.0.1', port, path: '/api/logs', headers: { host } }, (res) => {
          res.resume();
          ok(res.statusCode ?? 0);
        })
          .on('error', fail)
          .end(),
      );
    expect(await status(`127.0.0.1:${port}`)).toBe(200);
    expect(await status(`localhost:${port}`)).toBe(200);
    expect(await status(`evil.example:${port}`)).toBe(421);
    expect(await status(`127.0.0.1.nip.io:${port}`)).toBe(421);
    expect(await status('127.0.0.1:1')).toBe(421);
    await expect(serveWebApp({ html: '', port: 0, host: '127.0.0.1', results: '/' })).rejects.toThrow(/is the root of the file system/);
    await expect(serveWebApp({ html: '', port: 0, host: '127.0.0.1', results: join(root, 'nope') })).rejects.toThrow(/is not a folder/);
  });

  it('a port in use is one line', async () => {
    const port = Number(new URL(server.url).port);
    await expect(serveWebApp({ html: '', port, host: '127.0.0.1', results: root })).rejects.toThrow(`port ${port} is in use: choose another with --port`);
  });
});

describe('sample game of a report', () => {
  it.each([
    ['no-thanks', 'random,threshold,mc'],
    ['6-nimmt', 'random,heuristic'],
    ['no-thanks-specials', 'random,value'],
  ])('is the first game the %s tournament played (its --log line 1)', async (game, agents) => {
    const dir = mkdtempSync(join(tmpdir(), 'nothanks-sample-'));
    const log = join(dir, 'games.jsonl');
    const { summary } = await tournamentCommand({
      game,
      agents,
      players: 3,
      games: 2,
      seed: 'sample',
      selfPlay: false,
      seatings: 'rotations',
      format: 'single',
      out: join(dir, 'out'),
      log,
      quiet: true,
      threads: 1,
    } as Parameters<typeof tournamentCommand>[0]);
    const first = readFileSync(log, 'utf8').split('\n')[0];
    expect(await sampleGame(summary)).toBe(first);
  });
});

describe('nothanks web --out', () => {
  it('writes the self-contained page, refuses to overwrite it unasked, and a bad port is one line', async () => {
    const { webCommand } = await import('../cli/web.js');
    const out = mkdtempSync(join(tmpdir(), 'nothanks-web-out-'));
    const args = { out, port: 8080, host: '127.0.0.1', results: 'results', force: false };
    await webCommand(args);
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href="http|import\(|require\(/);
    await expect(webCommand(args)).rejects.toThrow('already exists: choose a new file or add --force to overwrite');
    await webCommand({ ...args, force: true });
    await expect(webCommand({ ...args, out: undefined, port: 70000 })).rejects.toThrow('--port must be an integer from 0 to 65535, got 70000');
  });
});

describe('analyses in the results folder', () => {
  it('lists an analysis folder with the log its analysis.json names, never as a log; one naming a file outside names nothing', () => {
    const root = mkdtempSync(join(tmpdir(), 'nothanks-analysis-list-'));
    mkdirSync(join(root, 'run', 'analysis'), { recursive: true });
    mkdirSync(join(root, 'other'), { recursive: true });
    writeFileSync(join(root, 'run', 'games.jsonl'), '{}\n');
    writeFileSync(join(root, 'run', 'analysis', 'analysis.jsonl'), '{}\n');
    writeFileSync(join(root, 'run', 'analysis', 'analysis.json'), JSON.stringify({ records: join(root, 'run', 'games.jsonl') }));
    writeFileSync(join(root, 'other', 'analysis.jsonl'), '{}\n');
    writeFileSync(join(root, 'other', 'analysis.json'), JSON.stringify({ records: join(tmpdir(), 'elsewhere.jsonl') }));
    expect(listLogs(root)).toEqual([{ path: 'run/games.jsonl', size: 3, analysis: 'run/analysis/analysis.jsonl' }]);
  });
});

describe("the runs' sample games", () => {
  it("are listed after the user's own logs however new they are, each kind newest first, and marked", () => {
    const root = mkdtempSync(join(tmpdir(), 'nothanks-sample-list-'));
    const at = (path: string, seconds: number): void => {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), '{}\n');
      utimesSync(join(root, path), seconds, seconds);
    };
    at('mine-old.jsonl', 1000);
    at('tournament-1/sample-game.jsonl', 2000);
    at('mine-new.jsonl', 3000);
    at('tournament-2/players-4/sample-game.jsonl', 4000);
    expect(listLogs(root).map((l) => [l.path, l.sample === true])).toEqual([
      ['mine-new.jsonl', false],
      ['mine-old.jsonl', false],
      ['tournament-2/players-4/sample-game.jsonl', true],
      ['tournament-1/sample-game.jsonl', true],
    ]);
  });
});
