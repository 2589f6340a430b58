import { mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseServedLog, launchChromium, servedLogs } from '../testing/browser.js';
import { gameById } from '../registry.js';
import { runExperiment } from '../experiments/run-experiment.js';
import { validateExperiment } from '../experiments/experiment.js';
import { buildWebPage } from './build.js';
import { serveWebApp, type WebServer } from './server.js';
import { recordsOf } from './testing.js';

const GAMES = [
  { id: 'no-thanks', bots: ['random', 'threshold', 'mc'] },
  { id: '6-nimmt', bots: ['random', 'heuristic', 'heuristic'] },
  { id: 'no-thanks-specials', bots: ['random', 'value', 'value'] },
] as const;

let browser: Browser;
let server: WebServer;
/** Screenshots of what a person sees, in NOTHANKS_SHOTS (default a temporary folder), printed at the end. */
const shots = process.env.NOTHANKS_SHOTS ?? mkdtempSync(join(tmpdir(), 'nothanks-web-shots-'));
let results: string;
const logs = new Map<string, string[]>();

async function setUp(): Promise<void> {
  results = mkdtempSync(join(tmpdir(), 'nothanks-web-'));
  for (const g of GAMES) {
    const lines = recordsOf(g.id, [...g.bots], 'web', 3);
    logs.set(g.id, lines);
    mkdirSync(join(results, `run-${g.id}`), { recursive: true });
    writeFileSync(join(results, `run-${g.id}`, 'games.jsonl'), lines.join('\n') + '\n');
  }
  server = await serveWebApp({ html: await buildWebPage(), port: 0, host: '127.0.0.1', results });
  browser = await launchChromium();
}

async function tearDown(): Promise<void> {
  await browser?.close();
  await server?.close();
  console.log(`screenshots: ${shots}`);
}

/** A page that records console errors and any request that leaves the local server (or the file). */
async function openPage(url: string, viewport = { width: 1280, height: 800 }): Promise<{ page: Page; errors: string[]; foreign: string[] }> {
  const page = await browser.newPage({ viewport });
  const errors: string[] = [];
  const foreign: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => !r.url().startsWith(server.url) && !r.url().startsWith('file:') && foreign.push(r.url()));
  await page.goto(url);
  return { page, errors, foreign };
}

/**
 * Steps forward with the Forward button, one frame at a time, to the end (inside the page: one
 * round trip, not one per step); returns the number of frames and the final scores shown.
 */
async function stepToEnd(page: Page): Promise<{ frames: number; scores: number[] }> {
  await page.waitForSelector('#table[data-frame="0"]');
  await page.click('#forward');
  return page.evaluate(() => {
    const table = document.getElementById('table')!;
    let frames = 2;
    while (table.getAttribute('data-last') !== 'true') {
      document.getElementById('forward')!.click();
      if (Number(table.getAttribute('data-frame')) !== frames) throw new Error(`forward did not reach frame ${frames}`);
      frames++;
    }
    return { frames, scores: [...table.querySelectorAll('.seat')].map((s) => Number(s.getAttribute('data-score'))) };
  });
}

describe('web app in headless Chromium', () => {
  beforeAll(setUp, 60_000);
  afterAll(tearDown);

  // The three games' pages at once, each a page of its own in the one browser.
  it.concurrent.for(GAMES.map((g) => g.id))(
    "replays a %s log opened with the file picker to the end: the final scores are the record's",
    async (id, { expect }) => {
      const { page, errors, foreign } = await openPage(`${server.url}#replay`);
      await page.setInputFiles('#log-file', join(results, `run-${id}`, 'games.jsonl'));
      await page.waitForSelector('#table[data-frame="0"]');
      await page.fill('#game-number', '2');
      await page.dispatchEvent('#game-number', 'change');
      const record = JSON.parse(logs.get(id)![1]!);
      await page.waitForFunction((seed) => document.querySelector('#replay h2')?.textContent?.includes(seed), record.seed);
      const { frames, scores } = await stepToEnd(page);
      expect(scores).toEqual(record.scores);
      expect(frames).toBeGreaterThan(10);
      // Back one step and jump straight to the end again.
      await page.click('#back');
      expect(await page.getAttribute('#table', 'data-last')).toBe('false');
      await page.click('#last');
      expect(await page.$$eval('#table .seat.winner', (s) => s.map((x) => Number(x.getAttribute('data-seat'))))).toEqual(record.winners);
      // The page's account is the game's own replay text (what `nothanks replay --show` prints).
      expect(await page.textContent('#account')).toBe(gameById(id).replay(record, true).join('\n'));
      expect(await page.textContent('#replay-error')).toBe('');
      expect(errors).toEqual([]);
      expect(foreign).toEqual([]);
      await page.close();
    },
  );

  it("lists the results folder's logs through the server and opens one; a broken record shows the replay's one-line error", async () => {
    const { page, errors, foreign } = await openPage(`${server.url}#replay`);
    await page.waitForSelector('#served-log-select');
    const options = await servedLogs(page);
    expect(options.map((o) => o.split(' ')[0]).sort()).toEqual(GAMES.map((g) => `run-${g.id}/games.jsonl`).sort());
    await chooseServedLog(page, 'run-6-nimmt/');
    const { scores } = await stepToEnd(page);
    expect(scores).toEqual(JSON.parse(logs.get('6-nimmt')![0]!).scores);

    const broken = JSON.parse(logs.get('no-thanks')![0]!);
    broken.actions = broken.actions.slice(0, -1);
    let expected = '';
    try {
      gameById('no-thanks').replay(broken, false);
    } catch (err) {
      expected = (err as Error).message;
    }
    expect(expected).not.toBe('');
    const file = join(results, 'broken.jsonl');
    writeFileSync(file, JSON.stringify(broken) + '\n');
    await page.setInputFiles('#log-file', file);
    await page.waitForFunction(() => document.getElementById('replay-error')?.textContent !== '');
    expect(await page.textContent('#replay-error')).toBe(`line 1: ${expected}`);
    expect(await page.locator('#table').count()).toBe(0);

    // Text from a record is text: an agent name with markup shows as written.
    const crafted = JSON.parse(logs.get('no-thanks')![0]!);
    crafted.agents[0] = '<img src=x onerror=alert(1)>';
    const craftedFile = join(results, 'crafted.jsonl');
    writeFileSync(craftedFile, JSON.stringify(crafted) + '\n');
    await page.setInputFiles('#log-file', craftedFile);
    await page.waitForSelector('#table[data-frame="0"]');
    expect(await page.textContent('#table .seat[data-seat="0"] .name')).toContain('<img src=x onerror=alert(1)>');
    expect(await page.locator('img').count()).toBe(0);
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  });

  it.concurrent.for(GAMES.map((g) => g.id))('plays a complete game of %s by clicks; the result and its replay agree', async (id, { expect }) => {
    const { page, errors, foreign } = await openPage(`${server.url}#play`);
    await page.selectOption('#play-game', id);
    await page.fill('#play-players', '3');
    await page.dispatchEvent('#play-players', 'change');
    await page.fill('#play-seed', 'clicks');
    // No empty "What happened" box before a game; it shows once one starts.
    expect(await page.isVisible('#play-happened')).toBe(false);
    if (id === GAMES[0]!.id) await page.screenshot({ path: join(tmpdir(), 'nothanks-play-before.png'), fullPage: true });
    await page.click('#play-start');
    expect(await page.isVisible('#play-happened')).toBe(true);
    let clicks = 0;
    for (;;) {
      const handle = await page.waitForFunction(() => {
        const state = document.getElementById('play-status')!.getAttribute('data-state')!;
        if (!['ask', 'over', 'error'].includes(state)) return false;
        return {
          state,
          error: document.getElementById('play-error')!.textContent,
          // Base 6 nimmt!: the other hands are card backs, never card numbers.
          hiddenNumbers: document.querySelectorAll('[data-hidden-hand] [data-card]').length,
          backs: document.querySelectorAll('[data-hidden-hand] .card.back').length,
          // The replay's omniscient parts (set-aside cards) never show on the play page.
          omniscient: document.querySelectorAll('#play-table .hidden-info').length,
        };
      });
      const seen = (await handle.jsonValue()) as { state: string; error: string; hiddenNumbers: number; backs: number; omniscient: number };
      if (seen.state !== 'ask') {
        expect(seen.state, seen.error).toBe('over');
        break;
      }
      expect(seen.hiddenNumbers).toBe(0);
      expect(seen.omniscient).toBe(0);
      if (id === '6-nimmt') expect(seen.backs).toBeGreaterThan(0);
      // A real click on the first move offered (declining green cards ends bidding wars sooner).
      const decline = page.locator('#play-table [data-action="decline"]');
      await ((await decline.count()) ? decline : page.locator('#play-table button:not([disabled])').first()).click();
      clicks++;
    }
    expect(clicks).toBeGreaterThan(5);
    const shown = await page.$$eval('#play-result tbody tr', (rows) => rows.map((r) => Number(r.getAttribute('data-score'))));
    expect(shown).toHaveLength(3);
    expect(await page.textContent('#play-result h3')).toMatch(/You (win|share the win|lose)/);
    // The end screen shows the final cards (and No Thanks!'s chips left) beside the scores; before, scores only.
    const heads = await page.$$eval('#play-result thead th', (cells) => cells.map((c) => c.textContent));
    if (id !== '6-nimmt') expect(heads).toContain('final cards');
    if (id === 'no-thanks') {
      expect(heads).toContain('chips left');
      await page.screenshot({ path: join(tmpdir(), 'nothanks-play-end.png'), fullPage: true });
    }
    await page.click('#play-replay');
    const { scores } = await stepToEnd(page);
    expect(scores).toEqual(shown);
    // The results folder's list names the game on view, not a log of the folder (before: its first log).
    await page.waitForSelector('#served-log-select');
    expect(await page.$eval('#served-log-select', (s) => (s as HTMLSelectElement).selectedOptions[0]!.textContent)).toBe('Watching: the game you just played');
    expect(await page.textContent('#chooser')).toMatch(/^the game you just played: game/);
    if (id === 'no-thanks') await page.screenshot({ path: join(shots, 'watch-after-play.png'), fullPage: false });
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  });

  it("lists the runs' sample games in a group after the user's own logs, opens the user's newest log, and names a file opened by hand", async () => {
    // A results folder as a few runs leave it: two --log files and, newer, every run's sample game.
    const folder = mkdtempSync(join(tmpdir(), 'nothanks-web-samples-'));
    const write = (path: string, line: string, seconds: number): void => {
      mkdirSync(join(folder, path, '..'), { recursive: true });
      writeFileSync(join(folder, path), line + '\n');
      utimesSync(join(folder, path), seconds, seconds);
    };
    const [older, mine, sample1, sample2] = [...logs.get('no-thanks')!, logs.get('6-nimmt')![0]!];
    write('old.jsonl', older!, 1_000_000);
    write('mine.jsonl', mine!, 2_000_000);
    write('tournament-20261205-101010/sample-game.jsonl', sample1!, 3_000_000);
    write('run-20261205-111111/players-4/sample-game.jsonl', sample2!, 4_000_000);
    const samples = await serveWebApp({ html: await buildWebPage(), port: 0, host: '127.0.0.1', results: folder });
    try {
      const { page, errors, foreign } = await openPage(`${samples.url}#replay`);
      // The user's newest log opens (before: the newest sample game).
      await page.waitForFunction((seed) => document.querySelector('#replay h2')?.textContent?.includes(seed), JSON.parse(mine!).seed);
      const groups = await page.$$eval('#served-log-select optgroup', (gs) =>
        gs.map((g) => [g.getAttribute('label'), [...g.querySelectorAll('option')].map((o) => o.textContent!.split(' ')[0])]),
      );
      expect(groups).toEqual([
        ['Your logs', ['mine.jsonl', 'old.jsonl']],
        [
          "Sample games of runs (2: each tournament's first game)",
          ['run-20261205-111111/players-4/sample-game.jsonl', 'tournament-20261205-101010/sample-game.jsonl'],
        ],
      ]);
      expect(await page.$eval('#served-log-select', (s) => (s as HTMLSelectElement).selectedOptions[0]!.textContent)).toMatch(/^mine\.jsonl /);
      await page.screenshot({ path: join(shots, 'results-list.png') });
      // What a person sees with the list open: the two groups (a native list does not show in a screenshot).
      await page.$eval('#served-log-select', (s) => ((s as HTMLSelectElement).size = 7));
      await page.locator('#served-logs').screenshot({ path: join(shots, 'results-list-open.png') });
      await page.$eval('#served-log-select', (s) => ((s as HTMLSelectElement).size = 0));
      // A file opened by hand is what the list names, not the log it had open.
      await page.setInputFiles('#log-file', join(results, 'run-6-nimmt', 'games.jsonl'));
      await page.waitForFunction((seed) => document.querySelector('#replay h2')?.textContent?.includes(seed), JSON.parse(logs.get('6-nimmt')![0]!).seed);
      expect(await page.$eval('#served-log-select', (s) => (s as HTMLSelectElement).selectedOptions[0]!.textContent)).toBe('Watching: games.jsonl');
      // And choosing a listed log again names it.
      await chooseServedLog(page, 'old.jsonl');
      expect(await page.$eval('#served-log-select', (s) => (s as HTMLSelectElement).selectedOptions[0]!.textContent)).toMatch(/^old\.jsonl /);
      expect(errors).toEqual([]);
      // This page's own server is a second one: only requests beyond both count.
      expect(foreign.filter((u) => !u.startsWith(samples.url))).toEqual([]);
      await page.close();
    } finally {
      await samples.close();
    }
  });

  it('report.html links each leaderboard to its sample game, which opens in replay.html from file://', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nothanks-web-report-'));
    const exp = validateExperiment({
      kind: 'strategies',
      title: 'Links',
      agents: ['random', 'greedy', 'threshold'],
      players: [3, 4],
      games: 1,
      seed: 'links',
      seatings: 'rotations',
      png: false,
    });
    const run = await runExperiment(exp, { out: dir, quiet: true, threads: 1 });
    const { page, errors, foreign } = await openPage(pathToFileURL(run.report).href);
    const links = page.locator('p.replay a');
    expect(await links.count()).toBe(2);
    await links.nth(1).click();
    await page.waitForURL(/replay\.html#record=/);
    const { scores } = await stepToEnd(page);
    const sample = JSON.parse(readFileSync(join(dir, 'players-4', 'sample-game.jsonl'), 'utf8'));
    expect(sample.players).toBe(4);
    expect(scores).toEqual(sample.scores);
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  });

  it.each([
    ['desktop', 1280, 800],
    ['phone', 390, 844],
  ])('screenshots at %s width (%dx%d) are the right size and not blank', async (name, width, height) => {
    const shots = mkdtempSync(join(tmpdir(), `nothanks-web-shots-${name}-`));
    const { page, errors } = await openPage(`${server.url}#replay`, { width, height });
    await page.setInputFiles('#log-file', join(results, 'run-6-nimmt', 'games.jsonl'));
    await page.waitForSelector('#table[data-frame="0"]');
    for (let i = 0; i < 4; i++) await page.click('#forward');
    await page.locator('#replay').scrollIntoViewIfNeeded();
    const replay = await page.screenshot({ path: join(shots, 'replay.png') });
    await page.goto(`${server.url}#play`);
    await page.click('#play-start');
    await page.waitForSelector('#play-status[data-state="ask"]');
    const play = await page.screenshot({ path: join(shots, 'play.png') });
    for (const png of [replay, play]) {
      // PNG header: width and height are the IHDR's first two 32-bit fields.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([width, height]);
      expect(await distinctColours(png)).toBeGreaterThan(8);
    }
    // The page fits the phone: nothing wider than the viewport.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(errors).toEqual([]);
    await page.close();
    console.log(`screenshots: ${shots}`);
  });
});

/** Colours in a PNG (decoded by the browser in a page of its own), a blank page has one or two. */
async function distinctColours(png: Buffer): Promise<number> {
  const page = await browser.newPage();
  try {
    return await page.evaluate(async (b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
      const colours = new Set<number>();
      for (let i = 0; i < data.length; i += 4 * 7) colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
      return colours.size;
    }, png.toString('base64'));
  } finally {
    await page.close();
  }
}
