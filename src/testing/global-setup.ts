import { sandboxMissing } from '../tournament/sandbox/bubblewrap.js';
import { browserRequired, hasChromium, missingChromiumMessage } from './chromium.js';
// The tier switch is checked once for the whole run: a misspelt LAB_TESTS fails it here, whichever files run.
import { FULL, FULL_TIER_ONLY } from './tier.js';

/**
 * Vitest global setup: runs once per `vitest run`, so a missing Chromium is one line for the whole
 * suite (vitest.config.ts leaves the *.browser.test.ts files out), or, with REQUIRE_BROWSER=1, a failed run.
 */
export default function setup(): void {
  if (!FULL) process.stderr.write(`fast tier: ${FULL_TIER_ONLY.join(', ')} run in the full tier only (npm run test:full, as CI does)\n`);
  sandboxSetup();
  if (hasChromium()) return;
  if (browserRequired()) throw new Error(missingChromiumMessage());
  process.stderr.write(`${missingChromiumMessage()}\n`);
}

/** The sandbox tests (bot programs under bubblewrap) likewise: one line without bwrap, or with REQUIRE_SANDBOX=1 a failed run. */
function sandboxSetup(): void {
  const missing = sandboxMissing();
  if (missing === undefined) return;
  const message = `sandbox tests skipped: ${missing}; CI requires them (REQUIRE_SANDBOX=1)`;
  if (process.env.REQUIRE_SANDBOX) throw new Error(message);
  process.stderr.write(`${message}\n`);
}
