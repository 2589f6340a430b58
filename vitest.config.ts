import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'agents/**/*.test.ts', 'scripts/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
