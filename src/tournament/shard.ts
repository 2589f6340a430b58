import { UserError } from '../errors.js';
import { runTournament, type PreparedRun, type TournamentOptions, type TournamentResult } from './run.js';

/** Shard `index` of `count` (0-based, as Slurm array task ids and Kubernetes completion indexes are). */
export interface Shard {
  index: number;
  count: number;
}

/** "2/4" -> shard 2 of 4 (0-based: 0/4 .. 3/4). */
export function parseShard(text: string): Shard {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!m) throw new UserError(`--shard must be I/N (0-based: 0/4 to 3/4 for four shards) or "env", got "${text}"`);
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1 || count > 100_000) throw new UserError(`--shard ${text}: the number of shards must be from 1 to 100000`);
  if (index >= count) throw new UserError(`--shard ${text}: the index is 0-based, so it must be from 0 to ${count - 1}`);
  return { index, count };
}

/** Environment variables, as process.env holds them (a plain type: the package's declarations need no @types/node). */
export type Environment = Readonly<Record<string, string | undefined>>;

const intVar = (env: Environment, name: string): number | undefined => {
  const v = env[name];
  if (v === undefined || v === '') return undefined;
  if (!/^\d+$/.test(v.trim())) throw new UserError(`--shard env: ${name} must be a non-negative integer, got "${v}"`);
  return Number(v);
};

/**
 * The shard a cluster task is: NOTHANKS_SHARD/NOTHANKS_SHARDS when set, else a Slurm array task
 * (SLURM_ARRAY_TASK_ID counted from SLURM_ARRAY_TASK_MIN, SLURM_ARRAY_TASK_COUNT tasks), else a
 * Kubernetes Indexed Job pod (JOB_COMPLETION_INDEX; Kubernetes does not tell the number of
 * completions, so the manifest sets NOTHANKS_SHARDS). The result is checked like --shard I/N.
 */
export function shardFromEnv(env: Environment = process.env): Shard {
  const count = intVar(env, 'NOTHANKS_SHARDS');
  const own = intVar(env, 'NOTHANKS_SHARD');
  if (own !== undefined) {
    if (count === undefined) throw new UserError('--shard env: NOTHANKS_SHARD is set but NOTHANKS_SHARDS (the number of shards) is not');
    return parseShard(`${own}/${count}`);
  }
  const slurmId = intVar(env, 'SLURM_ARRAY_TASK_ID');
  if (slurmId !== undefined) {
    const min = intVar(env, 'SLURM_ARRAY_TASK_MIN') ?? 0;
    const tasks = count ?? intVar(env, 'SLURM_ARRAY_TASK_COUNT');
    if (tasks === undefined) throw new UserError('--shard env: SLURM_ARRAY_TASK_ID is set but neither SLURM_ARRAY_TASK_COUNT nor NOTHANKS_SHARDS');
    // A stepped or sparse array (--array=0-6:2, 1,5) would leave holes between shards: refuse it.
    const max = intVar(env, 'SLURM_ARRAY_TASK_MAX');
    if (max !== undefined && max - min + 1 !== tasks)
      throw new UserError(`--shard env: the Slurm array must be a plain range like --array=0-${tasks - 1} (got ids ${min}..${max} for ${tasks} tasks)`);
    return parseShard(`${slurmId - min}/${tasks}`);
  }
  const k8s = intVar(env, 'JOB_COMPLETION_INDEX');
  if (k8s !== undefined) {
    if (count === undefined) throw new UserError("--shard env: JOB_COMPLETION_INDEX is set but NOTHANKS_SHARDS (the Job's completions) is not");
    return parseShard(`${k8s}/${count}`);
  }
  throw new UserError('--shard env: no shard in the environment (NOTHANKS_SHARD, SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX)');
}

/** --shard I/N or env; one shard of one is the whole run (no shard). */
export function resolveShard(text: string): Shard | undefined {
  const shard = text.trim() === 'env' ? shardFromEnv() : parseShard(text);
  return shard.count === 1 ? undefined : shard;
}

/**
 * The deals [from, to) of a shard: a contiguous block, fixed by the index alone (not by which
 * machine runs it), cut at whole units (a circuit match is `unit` deals, and a match must not be
 * split between shards). Blocks differ in size by at most one unit; a shard may be empty when
 * there are more shards than units.
 */
export function shardRange(shard: Shard, games: number, unit = 1): { from: number; to: number } {
  const units = Math.ceil(games / unit);
  const cut = (i: number): number => Math.min(games, Math.floor((i * units) / shard.count) * unit);
  return { from: cut(shard.index), to: cut(shard.index + 1) };
}

export const shardLabel = (s: Shard): string => `${s.index}/${s.count}`;

/**
 * Plays one tournament of a run (`part` names it in the state folder) on the deals of `shard` (all
 * of them without one), checkpointing into `stateDir` and resuming from it. The result covers the
 * shard's deals; partial when they are not all finished.
 */
export function playPart(options: TournamentOptions, part: string, stateDir: string, shard?: Shard, prepared?: PreparedRun): Promise<TournamentResult> {
  const unit = options.format === 'circuit' ? options.rules.players : 1;
  const { from, to } = shard ? shardRange(shard, options.games, unit) : { from: 0, to: options.games };
  if (to === from)
    throw new UserError(
      `shard ${shardLabel(shard!)} has no deals: ${options.games} deals${unit > 1 ? ` (${options.games / unit} matches)` : ''} make at most ${Math.ceil(options.games / unit)} shards`,
    );
  return runTournament({ ...options, firstDeal: from, games: to - from, checkpoint: { dir: stateDir, part } }, prepared);
}
