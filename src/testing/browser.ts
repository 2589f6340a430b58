import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_PATH, hasChromium, missingChromiumMessage } from './chromium.js';

/** Headless Chromium, offline: no first run, no background requests, so a page's own requests are all there is. */
export function launchChromium(): Promise<Browser> {
  if (!hasChromium()) throw new Error(missingChromiumMessage());
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** The served logs the replay page lists, in order (option i opens log i; its first entry, naming what is on view when that is not a listed log, is left out). */
export function servedLogs(page: Page): Promise<string[]> {
  return page.$$eval('#served-log-select option:not([value=""])', (o) => o.map((x) => x.textContent ?? ''));
}

/**
 * Chooses the served log whose path starts with `prefix` in the replay page and waits until it is
 * the one shown. The page opens its first log by itself: choosing that one again would open it
 * anew and reset whatever the test does meanwhile, and another one may appear only after the
 * first has (on a busy machine, long after the click).
 */
export async function chooseServedLog(page: Page, prefix: string): Promise<void> {
  await page.waitForSelector('#served-log-select');
  const logs = await servedLogs(page);
  const index = String(logs.findIndex((o) => o.startsWith(prefix)));
  if ((await page.$eval('#served-log-select', (s) => (s as HTMLSelectElement).value)) !== index) await page.selectOption('#served-log-select', index);
  await page.waitForFunction((p) => document.querySelector('#game-number')?.parentElement?.textContent?.includes(p), prefix);
}
