import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { browserRequired, hasChromium } from './src/testing/chromium.js';
import { LongestFirst } from './src/testing/sequencer.js';
import { FULL, FULL_TIER_ONLY } from './src/testing/tier.js';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    // Tests that need Chromium are left out without it (one line says so), never left out in CI.
    // The fast tier leaves out the files that mostly wait on other programs (src/testing/tier.ts).
    exclude: ['**/node_modules/**', ...(hasChromium() || browserRequired() ? [] : ['**/*.browser.test.ts']), ...(FULL ? [] : FULL_TIER_ONLY)],
    testTimeout: 60_000,
    // One test file per core: vitest's default (one core less than there are) ran the files one at a
    // time on a 2-core machine, whose main process only waits on them.
    maxWorkers: availableParallelism(),
    // The longest files first, so that no long file starts last and runs alone at the end:
    // by vitest's results cache, else by src/testing/durations.json (npm run test:durations), never a hand-kept list.
    sequence: { sequencer: LongestFirst },
    // Commands the tests run print no periodic progress lines into the stderr they check (one test asks for them).
    env: { NOTHANKS_PROGRESS_SECONDS: '3600' },
    // One line when Chromium is missing (browser tests skipped), or a failure with REQUIRE_BROWSER=1.
    globalSetup: ['src/testing/global-setup.ts'],
  },
});
