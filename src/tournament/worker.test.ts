import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../paths.js';

/** Every module a module imports statically, transitively (relative imports; dynamic import() is not followed). */
function staticImports(file: string, seen = new Set<string>()): Set<string> {
  for (const m of readFileSync(file, 'utf8').matchAll(/(?:^|\n)\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const target = resolve(dirname(file), m[1]!.replace(/\.js$/, '.ts'));
    if (seen.has(target)) continue;
    seen.add(target);
    staticImports(target, seen);
  }
  return seen;
}

describe('the tournament worker module', () => {
  // Each fresh worker thread compiles what it imports: every game and bot (src/registry.ts) cost
  // about 30 ms of CPU per thread, where the thread's game alone (loaded by id) costs about 15.
  it('imports no game, no bot and not the registry of every game up front', () => {
    const found = [...staticImports(join(PROJECT_ROOT, 'src', 'tournament', 'worker.ts'))].map((f) => relative(PROJECT_ROOT, f));
    expect(found).toContain('src/game-loader.ts');
    expect(found.filter((f) => f === 'src/registry.ts' || f === 'src/agents/registry.ts' || f.startsWith('src/games/') || f.startsWith('agents/'))).toEqual([]);
  });
});
