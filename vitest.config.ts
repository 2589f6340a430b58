import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { browserRequired, hasChromium } from './src/testing/chromium.js';

/**
 * The suite's slowest files, slowest first (seconds each took in a whole `npm test` on the 2-core
 * VM, docs/notes/speed.md "Test suite, seventh pass"). Two workers share the files, so a long file
 * started last runs alone at the end: these start first, and the short files fill in behind them.
 * Vitest orders by its results cache, but a fresh clone (CI) has none, and then it starts the
 * largest files by bytes first: the conformance batteries, a dozen lines each and among the
 * slowest, came last. A file missing here only starts later; a name here that is no test file is ignored.
 */
const SLOW_FIRST = [
  'src/package.test.ts',
  'src/games/no-thanks-specials/conformance.test.ts',
  'src/web/web.browser.test.ts',
  'src/cli/cli.test.ts',
  'src/tournament/sandbox/program.test.ts',
  'src/tournament/fair-play.test.ts',
  'src/games/6-nimmt/bots/search.test.ts',
  'src/tournament/run.test.ts',
  'src/cli/shard.test.ts',
  'src/games/6-nimmt/conformance.test.ts',
  'src/games/6-nimmt/bots/agents.test.ts',
  'src/analysis/analysis.test.ts',
  'src/cli/ladder.test.ts',
  'src/games/no-thanks/bots/agents.test.ts',
  'src/output/report.browser.test.ts',
  'src/agents/registry.test.ts',
  'src/tournament/merge.test.ts',
  'scripts/shard-task.test.ts',
  'src/cli/exit.test.ts',
  'src/web/analysis.browser.test.ts',
  'src/ladder/ladder.test.ts',
  'src/games/no-thanks/conformance.test.ts',
];

/** Vitest's own order (its cache, else size) with the SLOW_FIRST files moved to the front, in that order. */
class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root.replace(/\/?$/, '/');
    const rank = (f: TestSpecification): number => {
      const i = SLOW_FIRST.indexOf(f.moduleId.startsWith(root) ? f.moduleId.slice(root.length) : f.moduleId);
      return i < 0 ? SLOW_FIRST.length : i;
    };
    // Array.prototype.sort is stable: the other files keep vitest's order among themselves.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'agents/**/*.test.ts', 'scripts/**/*.test.ts'],
    // Tests that need Chromium are left out without it (one line says so), never left out in CI.
    exclude: ['**/node_modules/**', ...(hasChromium() || browserRequired() ? [] : ['**/*.browser.test.ts'])],
    testTimeout: 60_000,
    // One test file per core: vitest's default (one core less than there are) ran the files one at a
    // time on a 2-core machine, whose main process only waits on them.
    maxWorkers: availableParallelism(),
    // The slowest files first, so that no long file starts last and runs alone at the end.
    sequence: { sequencer: SlowFirst },
    // Commands the tests run print no periodic progress lines into the stderr they check (one test asks for them).
    env: { NOTHANKS_PROGRESS_SECONDS: '3600' },
    // One line when Chromium is missing (browser tests skipped), or a failure with REQUIRE_BROWSER=1.
    globalSetup: ['src/testing/global-setup.ts'],
  },
});
