import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The lab's own folder (where package.json is), whether running from src/ (tests) or dist/. */
export const PROJECT_ROOT: string = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('cannot find the project root above ' + fileURLToPath(import.meta.url));
    dir = up;
  }
  return dir;
})();

/** Compiled JavaScript for a module under src/ (worker threads always run the build, never TypeScript). */
export function distModule(relativeToSrc: string): string {
  return join(PROJECT_ROOT, 'dist', 'src', relativeToSrc);
}
