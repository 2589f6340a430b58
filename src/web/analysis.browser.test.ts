import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAnalysis } from '../analysis/run.js';
import type { DecisionEntry } from '../analysis/walk.js';
import { writeAnalysisOutputs } from '../cli/analyse.js';
import { chooseServedLog, launchChromium, servedLogs } from '../testing/browser.js';
import { buildWebPage } from './build.js';
import { serveWebApp, type WebServer } from './server.js';
import { recordsOf } from './testing.js';

/**
 * The replay viewer with an analysis (`nothanks analyse` beside a log under results/), and the
 * replay fixes: the pre-selected log opens, the step list follows, autoplay's speed.
 * Screenshots go to NOTHANKS_SHOTS (default a temporary folder), printed at the end.
 */
let browser: Browser;
let server: WebServer;
let results: string;
const entries = new Map<string, DecisionEntry[]>();
const records = new Map<string, string[]>();
const shots = process.env.NOTHANKS_SHOTS ?? mkdtempSync(join(tmpdir(), 'nothanks-analysis-shots-'));

async function setUp(): Promise<void> {
  results = mkdtempSync(join(tmpdir(), 'nothanks-web-analysis-'));
  const analysed = async (id: string, bots: readonly string[]): Promise<void> => {
    const lines = recordsOf(id, [...bots], 'web-analysis', 2);
    records.set(id, lines);
    const dir = join(results, `run-${id}`);
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'games.jsonl');
    writeFileSync(file, lines.join('\n') + '\n');
    const r = await runAnalysis({ file, analyst: 'rollouts:samples=24', threads: 1, games: [1] });
    await writeAnalysisOutputs(join(dir, 'analysis'), file, r);
    entries.set(id, r.games[0]!.entries);
  };
  // The two analyses (a worker thread each), the page's bundle and Chromium's start at once.
  const [html, started] = await Promise.all([
    buildWebPage(),
    launchChromium(),
    analysed('no-thanks', ['random', 'threshold', 'mc']),
    analysed('6-nimmt', ['random', 'heuristic', 'heuristic']),
  ]);
  browser = started;
  server = await serveWebApp({ html, port: 0, host: '127.0.0.1', results });
}

async function openPage(url: string, clock = false): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  if (clock) await page.clock.install();
  await page.goto(url);
  return { page, errors };
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

describe('the replay viewer with an analysis, in headless Chromium', () => {
  beforeAll(setUp, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    console.log(`screenshots: ${shots}`);
  });

  it('opens the pre-selected first log of the results folder without a click, and lists analyses beside their logs, not as logs', async () => {
    const { page, errors } = await openPage(`${server.url}#replay`);
    await page.waitForSelector('#table[data-frame="0"]');
    const options = await servedLogs(page);
    expect(options).toHaveLength(2);
    for (const o of options) expect(o).toMatch(/^run-.*\/games\.jsonl \(\d+ KB\) · analysed$/);
    const selected = await page.$eval('#served-log-select', (s) => (s as HTMLSelectElement).selectedOptions[0]!.textContent!);
    const id = selected.startsWith('run-6-nimmt') ? '6-nimmt' : 'no-thanks';
    expect(await page.textContent('#replay h2')).toContain(JSON.parse(records.get(id)![0]!).seed);
    expect(errors).toEqual([]);
    await page.close();
  });

  for (const id of ['no-thanks', '6-nimmt']) {
    it(`${id}: shows the win-chance graph, a marker per marked decision, the analyst's values at each step and jumps to the next mistake`, async () => {
      const { page, errors } = await openPage(`${server.url}#replay`);
      await chooseServedLog(page, `run-${id}/`);
      await page.waitForSelector('#analysis');
      await page.waitForFunction((seed) => document.querySelector('#replay h2')?.textContent?.includes(seed), JSON.parse(records.get(id)![0]!).seed);
      const mine = entries.get(id)!;
      const marked = mine.filter((e) => e.mark !== null);
      expect(await page.locator('#win-graph .marker').count()).toBe(marked.length);
      expect(await page.locator('#win-graph polyline').count()).toBe(new Set(mine.map((e) => e.seat)).size);
      // Axis ticks under the graph and both axis titles (before: no x ticks, no y title).
      expect(await page.locator('#win-graph .x-tick').count()).toBeGreaterThan(2);
      expect(await page.textContent('#win-graph-y-title')).toBe('win chance');
      expect(await page.textContent('#win-graph-x-title')).toBe(id === '6-nimmt' ? 'turn of the game' : 'decision of the game');
      // One step in, the values shown are those of the first decision(s), action by action.
      await page.click('#forward');
      const first = mine[0]!;
      const row = page.locator(`#analysis-values [data-decision="${first.decision}"] tr[data-action="${first.actions[0]!.name}"] td`).nth(1);
      expect(await row.textContent()).toBe(`${pct(first.actions[0]!.win)} ± ${pct(first.actions[0]!.winSe)}`);
      const mistakes = mine.filter((e) => e.mark === 'mistake' || e.mark === 'blunder');
      expect(mistakes.length).toBeGreaterThan(0);
      // Each jump lands on the position the next mistake led to, in order (a 6 nimmt! turn holds
      // every seat's card: the first turn may show some already).
      const shownNow = (): Promise<number[]> =>
        page.$$eval('#analysis-values [data-mark="mistake"], #analysis-values [data-mark="blunder"]', (d) =>
          d.map((x) => Number(x.getAttribute('data-decision'))),
        );
      let seen = (await shownNow()).length;
      while (!(await page.locator('#next-mistake').isDisabled())) {
        await page.click('#next-mistake');
        const shown = await shownNow();
        expect(shown.length).toBeGreaterThan(0);
        expect(shown).toContain(mistakes[seen]!.decision);
        seen += shown.length;
      }
      expect(seen).toBe(mistakes.length);
      await page.click('#first');
      await page.click('#next-mistake');
      await page.locator('#analysis').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(shots, `analysis-${id}.png`), fullPage: true });
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  for (const [id, steps] of [
    ['no-thanks', 12],
    ['6-nimmt', 5],
  ] as const) {
    it(`${id}: numbers a position one way everywhere: the place, the caption, the list of positions and the analysed decisions`, async () => {
      const { page, errors } = await openPage(`${server.url}#replay`);
      await chooseServedLog(page, `run-${id}/`);
      await page.waitForSelector('#analysis');
      const unit = id === '6-nimmt' ? 'turn' : 'decision';
      expect(await page.textContent('#where')).toMatch(new RegExp(`^start · \\d+ ${unit}s$`));
      for (let i = 0; i < steps; i++) await page.click('#forward');
      // 6 nimmt!'s first position is the round's start (turn 0): five steps on is turn 5 there too.
      const n = steps;
      const seen = await page.evaluate(() => ({
        where: document.getElementById('where')!.textContent!,
        caption: document.getElementById('caption')!.textContent!,
        listed: document.querySelector('#steps .now')!.textContent!,
        analysed: [...document.querySelectorAll('#analysis-values .decision b')].map((b) => b.textContent!),
      }));
      // Before: "step 13 of 57 · decision 12" above "12. Seat 0 ..." above "Decision 13: seat 1 played pass".
      expect(seen.where).toMatch(new RegExp(`^${unit} ${n} of \\d+$`));
      expect(seen.where).not.toMatch(/step/);
      expect(seen.caption.startsWith(`${n}. `), seen.caption).toBe(true);
      expect(seen.listed).toBe(seen.caption);
      expect(seen.analysed.length).toBeGreaterThan(0);
      for (const a of seen.analysed) expect(a.startsWith(`${unit === 'turn' ? 'Turn' : 'Decision'} ${n}: `), a).toBe(true);
      if (id === 'no-thanks') {
        // The one decision analysed is the caption's: the same seat.
        const seat = /^12\. Seat (\d+) /.exec(seen.caption)![1];
        expect(seen.analysed).toEqual([expect.stringMatching(new RegExp(`^Decision 12: seat ${seat} `))]);
      }
      await page.screenshot({ path: join(shots, `numbering-${id}.png`), fullPage: true });
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('shows no analysis for a game of the log that was not analysed (game 2), and says so', async () => {
    const { page, errors } = await openPage(`${server.url}#replay`);
    await chooseServedLog(page, 'run-no-thanks/');
    await page.waitForSelector('#analysis');
    await page.fill('#game-number', '2');
    await page.dispatchEvent('#game-number', 'change');
    await page.waitForFunction((seed) => document.querySelector('#replay h2')?.textContent?.includes(seed), JSON.parse(records.get('no-thanks')![1]!).seed);
    expect(await page.locator('#analysis').count()).toBe(0);
    expect(await page.textContent('#replay-error')).toMatch(/holds no analysis of this game/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps the current step in view in the step list, and plays at the chosen speed', async () => {
    const { page, errors } = await openPage(`${server.url}#replay`, true);
    await chooseServedLog(page, 'run-no-thanks/');
    await page.waitForSelector('#analysis');
    const inView = (): Promise<boolean> =>
      page.$eval('#steps', (steps) => {
        const now = steps.querySelector('.now')!.getBoundingClientRect();
        const box = steps.getBoundingClientRect();
        return now.top >= box.top && now.bottom <= box.bottom;
      });
    await page.click('#last');
    expect(await page.$eval('#steps', (s) => s.scrollTop)).toBeGreaterThan(0);
    expect(await inView()).toBe(true);
    await page.click('#first');
    expect(await inView()).toBe(true);
    // Autoplay on the page's own clock (installed by the test): 0.25 s a step, then 2.5 s a step.
    // An installed clock still runs with real time until paused: on a loaded machine the wait
    // between the click and runFor() played a step more than asked. Paused, only runFor() moves it.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await page.selectOption('#autoplay-speed', '0.25');
    await page.click('#autoplay');
    await page.clock.runFor(1000);
    expect(await page.getAttribute('#table', 'data-frame')).toBe('4');
    expect(await inView()).toBe(true);
    await page.selectOption('#autoplay-speed', '2.5');
    await page.clock.runFor(5000);
    expect(await page.getAttribute('#table', 'data-frame')).toBe('6');
    await page.click('#autoplay');
    expect(errors).toEqual([]);
    await page.close();
  });
});
