import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../errors.js';
import { shardLabel, type Shard } from './shard.js';
import { stateDigest } from './checkpoint.js';
import { adoptRunFolder, removeStaleTmp, VERSION, writeFileAtomic } from '../files.js';

/**
 * Every run folder keeps its exact state in `state/`: `run.json` (this manifest: what was run) and
 * one checkpoint per tournament (tournament/checkpoint.ts). It is what `--resume` continues and what
 * `nothanks merge` combines, and it is kept after the run (it is small: one number per agent and
 * metric per deal).
 */
export const STATE_DIR = 'state';

export interface RunManifest {
  /** The command: "tournament", "run" (an experiment) or "test" (a sequential test). */
  command: 'tournament' | 'run' | 'test';
  version: string;
  seed: string;
  /**
   * Every setting that fixes the numbers besides the seed (agents, rules, deals, seatings, format;
   * an experiment's whole validated file); never threads, chunk or paths, which change nothing.
   */
  settings: Record<string, unknown>;
  shard?: Shard;
}

export const stateDir = (dir: string): string => join(dir, STATE_DIR);

export function writeManifest(dir: string, manifest: RunManifest): void {
  writeFileAtomic(join(stateDir(dir), 'run.json'), JSON.stringify({ ...manifest, digest: stateDigest(manifest) }, null, 2) + '\n');
}

export function readManifest(dir: string): RunManifest {
  const path = join(stateDir(dir), 'run.json');
  if (!existsSync(path))
    throw new UserError(
      `${dir} is not a run folder with a saved state (no ${join(STATE_DIR, 'run.json')}): it was made by an older version, or it is not a run`,
    );
  let manifest: RunManifest & { digest?: string };
  try {
    manifest = JSON.parse(readFileSync(path, 'utf8')) as RunManifest & { digest?: string };
  } catch (err) {
    throw new UserError(`cannot read ${path}: ${(err as Error).message}`);
  }
  if (manifest?.digest !== stateDigest(manifest ?? {}))
    throw new UserError(`${path} was edited or damaged (its digest does not match): the run cannot be resumed or merged`);
  const { digest: _, ...rest } = manifest;
  return rest;
}

export const newManifest = (command: RunManifest['command'], seed: string, settings: Record<string, unknown>, shard?: Shard): RunManifest => ({
  command,
  version: VERSION,
  seed,
  settings: JSON.parse(JSON.stringify(settings)) as Record<string, unknown>,
  ...(shard && shard.count > 1 ? { shard } : {}),
});

/** The first way two runs differ (besides their shard), for a one-line error; undefined if none. */
export function difference(a: RunManifest, b: RunManifest): string | undefined {
  if (a.command !== b.command) return `command ${a.command} vs ${b.command}`;
  if (a.seed !== b.seed) return `seed ${a.seed} vs ${b.seed}`;
  if (a.version !== b.version) return `version ${a.version} vs ${b.version}`;
  const keys = [...new Set([...Object.keys(a.settings), ...Object.keys(b.settings)])];
  for (const key of keys) {
    const [x, y] = [JSON.stringify(a.settings[key]), JSON.stringify(b.settings[key])];
    if (x !== y) return `${key} ${x ?? 'unset'} vs ${y ?? 'unset'}`;
  }
  return undefined;
}

/**
 * Opens a run folder to continue it: its manifest must describe the run being started (same
 * command, seed, version and settings; the shard too, or the folder's when none is given).
 * Temporary files a killed run left in it are removed. Returns the shard to play.
 */
export function openForResume(dir: string, wanted: RunManifest): Shard | undefined {
  const saved = readManifest(dir);
  const diff = difference(saved, wanted);
  if (diff) throw new UserError(`--resume ${dir}: that run was started with other settings (${diff}); repeat its command exactly`);
  if (wanted.shard && JSON.stringify(wanted.shard) !== JSON.stringify(saved.shard)) {
    throw new UserError(
      `--resume ${dir}: that run is ${saved.shard ? `shard ${shardLabel(saved.shard)}` : 'not a shard'}, not shard ${shardLabel(wanted.shard)}`,
    );
  }
  adoptRunFolder(dir);
  removeStaleTmp(dir, true);
  removeStaleTmp(stateDir(dir), true);
  return saved.shard;
}
