import { existsSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { DURATIONS, readDurations } from './sequencer.js';
import { TIER } from './tier.js';

/**
 * `npm run test:durations`: a reporter that writes what each test file took (collection and tests,
 * seconds) into src/testing/durations.json, which orders the files of a run that has no results
 * cache of its own (src/testing/sequencer.ts). Files this run did not run keep their entries;
 * files that are gone lose theirs. Never edited by hand.
 */
export default class DurationsReporter implements Reporter {
  private root = process.cwd();

  onInit(ctx: { config: { root: string } }): void {
    this.root = ctx.config.root;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const seconds: Record<string, number> = {};
    for (const [path, s] of Object.entries(readDurations())) if (existsSync(`${this.root}/${path}`)) seconds[path] = s;
    for (const m of modules) {
      const d = m.diagnostic();
      seconds[relative(this.root, m.moduleId)] = Math.round((d.collectDuration + d.duration) / 100) / 10;
    }
    const sorted = Object.fromEntries(Object.entries(seconds).sort(([a, x], [b, y]) => y - x || a.localeCompare(b)));
    const note = `seconds per test file in a whole run of the ${TIER} tier, written by npm run test:durations (src/testing/durations-reporter.ts); they only order the files`;
    writeFileSync(DURATIONS, `${JSON.stringify({ note, seconds: sorted }, null, 2)}\n`);
  }
}
