import { existsSync, statSync } from 'node:fs';

/**
 * Tests that need a real browser live in *.browser.test.ts files and run in headless Chromium.
 * Without it vitest.config.ts leaves those files out, and the suite says so in one line
 * (global-setup.ts); CI sets REQUIRE_BROWSER=1 (.ci/run), which turns a missing Chromium into a
 * failure, so they always run there. This file imports nothing of vitest: the config reads it.
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
