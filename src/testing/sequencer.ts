import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order test files start in: the longest first, so that no long file starts last and runs
 * alone at the end while the other worker idles. A file's length is what its last run
 * here took (vitest's results cache), else what durations.json says a whole run took (written by
 * `npm run test:durations`, never by hand: a fresh clone, CI, has no cache), else it is a file
 * neither has seen, and starts first (as vitest starts unknown files). Ties keep vitest's order.
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const measured = readDurations();
    const root = this.ctx.config.root.replace(/\/?$/, '/');
    const ms = (f: TestSpecification): number => {
      const path = f.moduleId.startsWith(root) ? f.moduleId.slice(root.length) : f.moduleId;
      const cached = this.ctx.cache.getFileTestResults(`${f.project.name}:${path}`)?.duration;
      if (cached !== undefined) return cached;
      const seconds = measured[path];
      return seconds === undefined ? Number.POSITIVE_INFINITY : seconds * 1000;
    };
    const order = (await super.sort(files)).map((f, i) => ({ f, i, ms: ms(f) }));
    return order.sort((a, b) => (a.ms === b.ms ? a.i - b.i : b.ms - a.ms)).map(({ f }) => f);
  }
}

export const DURATIONS = new URL('./durations.json', import.meta.url);

/** Seconds per test file (paths from the project root) of the last `npm run test:durations`; none if the file is missing. */
export function readDurations(): Record<string, number> {
  try {
    return (JSON.parse(readFileSync(DURATIONS, 'utf8')) as { seconds: Record<string, number> }).seconds;
  } catch {
    return {};
  }
}
