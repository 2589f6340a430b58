import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdvisorSession } from '../analysis/advisor.js';
import { evaluatorSettings } from '../analysis/position.js';
import { gameById } from '../registry.js';
import { launchChromium } from '../testing/browser.js';
import { buildWebPage } from './build.js';
import { serveWebApp, type WebServer } from './server.js';

/**
 * The advisor page (#advise) in headless Chromium against `nothanks web`'s server, which relays
 * the typed lines and evaluates on its side. Screenshots go to NOTHANKS_SHOTS (default a
 * temporary folder), printed at the end.
 */
let browser: Browser;
let server: WebServer;
const shots = process.env.NOTHANKS_SHOTS ?? mkdtempSync(join(tmpdir(), 'nothanks-advise-shots-'));

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

/** Types one line and waits for the server's reply (the status is "busy" while it evaluates). */
async function type(page: Page, line: string): Promise<void> {
  await page.fill('#advise-input', line);
  await page.press('#advise-input', 'Enter');
  await page.waitForFunction(() => document.querySelector('#advise-status')?.getAttribute('data-state') !== 'busy');
}

describe('the advisor page, in headless Chromium', () => {
  beforeAll(async () => {
    const [html, started] = await Promise.all([buildWebPage(), launchChromium()]);
    browser = started;
    server = await serveWebApp({ html, port: 0, host: '127.0.0.1', results: mkdtempSync(join(tmpdir(), 'nothanks-advise-')) });
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    console.log(`screenshots: ${shots}`);
  });

  it("relays a No Thanks! game and shows the server's advice at your turns: the terminal advisor's numbers; a bad line is one line and changes nothing", async () => {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && !m.text().includes('400') && errors.push(m.text()));
    await page.goto(`${server.url}#advise`);
    await page.selectOption('#advise-game', 'no-thanks');
    await page.fill('#advise-players', '3');
    await page.dispatchEvent('#advise-players', 'change');
    await page.selectOption('#advise-seat', '2');
    await page.fill('#advise-samples', '60');
    await page.click('#advise-start');
    await page.waitForSelector('#advise-status[data-state="ready"]', { state: 'attached' });
    expect(await page.textContent('#advise-prompt')).toContain('who starts?');
    await page.screenshot({ path: join(shots, 'eval-advise-start.png') });
    for (const line of ['1', '30', 'p']) await type(page, line);
    await page.waitForSelector('#advise-values');
    // The terminal advisor's session, fed the same lines, gives the numbers the page shows.
    const game = gameById('no-thanks');
    const session = new AdvisorSession(game, { players: 3 }, 2, evaluatorSettings(game, 'rollouts:samples=60', '1'));
    let step = session.start();
    for (const line of ['1', '30', 'p']) step = session.enter(line);
    const ev = step.advice!;
    expect(await page.textContent('#advise-notation')).toBe(ev.position);
    for (const a of ev.actions) {
      const cells = await page.locator(`#advise-values tr[data-action="${a.name}"] td`).allTextContents();
      expect(cells[1]).toBe(pct(a.win));
      expect(cells[3]).toBe(a.score.toFixed(1));
    }
    expect(await page.textContent(`#advise-values tr[data-action="${ev.best}"] td`)).toBe(`${ev.best} (best)`);
    await page.screenshot({ path: join(shots, 'eval-advise-advice.png'), fullPage: true });
    // A line the relay refuses: its one-line reason, the lines typed so far unchanged.
    await type(page, 'x');
    expect(await page.textContent('#advise-error')).toBe('"x": seat 2 is to decide on 30: t (take) or p (pass)');
    expect(await page.locator('#advise-lines div').allTextContents()).toEqual(['1. 1', '2. 30', '3. p']);
    expect(await page.inputValue('#advise-input')).toBe('x');
    // Still your turn: the advice stays on view.
    expect(await page.locator('#advise-values').count()).toBe(1);
    expect(await page.textContent('#advise-help')).toMatch(/^Type the starting seat, then each card as it is turned up/);
    await page.screenshot({ path: join(shots, 'eval-advise-error.png'), fullPage: true });
    // The shortcut buttons enter their line: take.
    expect(await page.locator('#advise-shortcuts button').allTextContents()).toEqual(['take', 'pass']);
    await page.click('#advise-shortcuts button[data-line="t"]');
    await page.waitForFunction(() => document.querySelector('#advise-status')?.getAttribute('data-state') !== 'busy');
    await page.waitForFunction(() => document.querySelectorAll('#advise-lines div').length === 4);
    expect(await page.textContent('#advise-error')).toBe('');
    expect(await page.locator('#advise-values').count()).toBe(0);
    expect(await page.textContent('#advise-table')).toContain('seat 2 (you): 30, 12 chips');
    await page.click('#advise-undo');
    await page.waitForSelector('#advise-values', { state: 'attached' });
    expect(await page.locator('#advise-lines div').allTextContents()).toEqual(['1. 1', '2. 30', '3. p']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("6 nimmt!: the round relayed turn by turn, the row choice advised with the turn's cards shown face up", async () => {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}#advise`);
    await page.selectOption('#advise-game', '6-nimmt');
    await page.fill('#advise-players', '3');
    await page.dispatchEvent('#advise-players', 'change');
    await page.fill('#advise-samples', '8');
    await page.click('#advise-start');
    await page.waitForSelector('#advise-status[data-state="ready"]', { state: 'attached' });
    expect(await page.textContent('#advise-help')).toMatch(/^At each round's start type its four row cards/);
    for (const line of ['rows 10 20 30 40', 'hand 1 2 3 4 5 6 7 8 9 11']) await type(page, line);
    expect(await page.locator('#advise-values tr[data-action]').count()).toBe(10);
    await type(page, '1 12 13');
    expect(await page.textContent('#advise-prompt')).toContain('your card 1 is lower than every row');
    expect(await page.textContent('#advise-table')).toContain("this turn's cards, not placed yet: 1 12 13");
    expect(await page.locator('#advise-values tr[data-action]').allTextContents()).toHaveLength(4);
    await page.screenshot({ path: join(shots, 'eval-advise-nimmt-row.png'), fullPage: true });
    expect(await page.locator('#advise-shortcuts button').allTextContents()).toEqual(['take row 0', 'take row 1', 'take row 2', 'take row 3']);
    await type(page, '>2');
    expect(await page.locator('#advise-shortcuts button').count()).toBe(0);
    expect(await page.textContent('#advise-table')).toContain('row 2: 1');
    expect(await page.textContent('#advise-table')).toContain('seat 0 (you): 3 bullheads');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('api/advise refuses a bad request in one line and never changes anything between requests', async () => {
    const get = (q: string) => fetch(`${server.url}api/advise?${q}`);
    const bad = await get('game=no-thanks&players=3&seat=2&line=1&line=x&line=30');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe('line 2 ("x"): "x": waiting for the card turned up (a number 3-35)');
    const seat = await get('game=no-thanks&players=3&seat=7');
    expect(((await seat.json()) as { error: string }).error).toMatch(/--seat must be a seat from 0 to 2/);
    const a = await (await get('game=no-thanks&players=3&seat=2&samples=20&line=1&line=30&line=p')).json();
    const b = await (await get('game=no-thanks&players=3&seat=2&samples=20&line=1&line=30&line=p')).json();
    expect(a).toEqual(b);
    // A typed control character comes back escaped, as the terminal advisor shows it.
    const esc = (await (await get(`game=no-thanks&players=3&seat=2&line=${encodeURIComponent('\u001b[31mx')}`)).json()) as { error: string };
    expect(esc.error).toContain('\\u{1b}[31mx');
    expect(esc.error).not.toContain('\u001b');
    const one = await get('game=no-thanks&players=3&seat=2&samples=1');
    expect(((await one.json()) as { error: string }).error).toBe('samples must be a whole number from 2 to 5000');
  });

  it("the rule settings are the page's own fields, named by the rule flags: a 2-player No Thanks! game takes its chips there", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}#advise`);
    await page.waitForSelector('#advise-start');
    await page.fill('#advise-players', '2');
    await page.dispatchEvent('#advise-players', 'change');
    expect(await page.locator('#advise-rules label').first().textContent()).toBe('chips ');
    await page.fill('#advise-rules [data-rule="startChips"]', '5');
    await page.fill('#advise-samples', '8');
    await page.click('#advise-start');
    await page.waitForSelector('#advise-status[data-state="ready"]', { state: 'attached' });
    for (const line of ['0', '20']) await type(page, line);
    expect(await page.textContent('#advise-error')).toBe('');
    expect(await page.textContent('#advise-table')).toContain('5 chips');
    await page.close();
  });
});
