import { browserRequired, hasChromium, missingChromiumMessage } from './chromium.js';

/**
 * Vitest global setup: runs once per `vitest run`, so a missing Chromium is one line for the whole
 * suite (vitest.config.ts leaves the *.browser.test.ts files out), or, with REQUIRE_BROWSER=1, a failed run.
 */
export default function setup(): void {
  if (hasChromium()) return;
  if (browserRequired()) throw new Error(missingChromiumMessage());
  process.stderr.write(`${missingChromiumMessage()}\n`);
}
