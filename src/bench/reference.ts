import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { PROJECT_ROOT } from '../paths.js';

/**
 * The C reference engines of the benchmark (a script per game, named by the game's bench.ts) live
 * beside the clone in shared/perf/, not in this repository. They are looked for in
 * $NOTHANKS_PERF_DIR, then in shared/perf/ beside the project and beside each folder above it (a
 * git worktree sits one level deeper than the clone), and each is built and run when found.
 */

/** The folder holding the reference scripts, or null (runReference then says where it looked). */
export function findPerfDir(root: string = PROJECT_ROOT, env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.NOTHANKS_PERF_DIR) return resolve(env.NOTHANKS_PERF_DIR);
  for (let dir = resolve(root); ; dir = dirname(dir)) {
    const candidate = join(dirname(dir), 'shared', 'perf');
    if (existsSync(candidate) && readdirSync(candidate).some((f) => /^reference.*\.sh$/.test(f))) return candidate;
    if (dirname(dir) === dir) return null;
  }
}

export type ReferenceResult = { figures: Record<string, number> } | { skipped: string };

/**
 * Builds and runs one C reference with these arguments; its last output line is one JSON object.
 * Without the script (or without bash and cc) the reason, in one line: the benchmark runs on.
 */
export function runReference(script: string, args: string[], perfDir: string | null = findPerfDir()): ReferenceResult {
  if (perfDir === null)
    return {
      skipped: `${script} not found (looked in $NOTHANKS_PERF_DIR and in shared/perf/ beside ${PROJECT_ROOT} and the folders above it; it is not part of this repository)`,
    };
  const path = join(perfDir, script);
  if (!existsSync(path)) return { skipped: `${path} is not there (it is not part of this repository)` };
  try {
    const out = execFileSync('bash', [path, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return { figures: JSON.parse(out.trim().split('\n').pop()!) as Record<string, number> };
  } catch (err) {
    const stderr = String((err as { stderr?: unknown }).stderr ?? '')
      .trim()
      .split('\n')
      .pop();
    return { skipped: `${path} failed (it needs bash and a C compiler, cc)${stderr ? `: ${stderr}` : ''}` };
  }
}

/** The machine's load: 1-minute load average against its cores, so a reader can discount a busy run. */
export interface MachineLoad {
  cores: number;
  load1: number;
  load5: number;
  /** More runnable work than half the cores besides the benchmark itself: figures are depressed. */
  busy: boolean;
}

export function machineLoad(): MachineLoad {
  const [load1, load5] = loadavg() as [number, number, number];
  const cores = availableParallelism();
  return { cores, load1, load5, busy: load1 > cores / 2 + 1 };
}

/** One line about the load, e.g. "load average 3.10 (1 min), 2.80 (5 min) on 2 cores: BUSY ...". */
export function describeLoad(l: MachineLoad): string {
  return `load average ${l.load1.toFixed(2)} (1 min), ${l.load5.toFixed(2)} (5 min) on ${l.cores} cores${
    l.busy ? ': BUSY, other work competed for the cores; absolute figures are low, trust the ratios measured in this run' : ''
  }`;
}
