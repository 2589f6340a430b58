import { existsSync, statSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { describe } from 'vitest';

/**
 * Tests that need a real browser (report pages) run in headless Chromium. Without it they are
 * skipped, and the suite says so in one line (browser-setup.ts); CI sets REQUIRE_BROWSER=1
 * (.ci/run), which turns a missing Chromium into a failure, so they can never be skipped there.
 */
export const CHROMIUM_PATH: string = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** True when the browser tests must run (CI): a missing Chromium is then an error, not a skip. */
export const browserRequired = (): boolean => process.env.REQUIRE_BROWSER === '1';

export const hasChromium = (): boolean => existsSync(CHROMIUM_PATH) && statSync(CHROMIUM_PATH).isFile();

/** The line the suite prints (or fails with) when Chromium is missing. */
export function missingChromiumMessage(): string {
  const run = browserRequired() ? 'REQUIRE_BROWSER=1 needs them' : 'skipped; to run them';
  return `browser tests: ${CHROMIUM_PATH} is missing (${run}: apt-get install -y chromium, or set CHROMIUM_PATH)`;
}

/**
 * describe() for tests that need Chromium: skipped when it is missing (the one line saying so comes
 * from the global setup, not from every file; a file of browser tests must still register them, or
 * vitest fails it as "No test suite found"), and always run when REQUIRE_BROWSER=1, where a missing
 * Chromium fails them.
 */
export function describeBrowser(name: string, body: () => void): void {
  if (hasChromium() || browserRequired()) describe(name, body);
  else describe.skip(name, body);
}

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
