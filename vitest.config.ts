import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'agents/**/*.test.ts', 'scripts/**/*.test.ts'],
    testTimeout: 60_000,
    // One line when Chromium is missing (browser tests skipped), or a failure with REQUIRE_BROWSER=1.
    globalSetup: ['src/testing/browser-setup.ts'],
  },
});
