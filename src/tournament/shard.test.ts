import { describe, expect, it } from 'vitest';
import { parseShard, shardFromEnv, shardRange } from './shard.js';

describe('shards', () => {
  it('parses I/N, 0-based, with one-line errors', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 });
    expect(() => parseShard('4/4')).toThrow('--shard 4/4: the index is 0-based, so it must be from 0 to 3');
    expect(() => parseShard('1of4')).toThrow('--shard must be I/N');
    expect(() => parseShard('0/0')).toThrow('the number of shards must be from 1 to 100000');
  });

  it.each([
    [1000, 3, 1],
    [7, 7, 1],
    [10, 4, 1],
    [12, 5, 3], // circuit matches of 3: shards hold whole matches
    [2000, 16, 4],
  ])('tile deals 0..%i-1 in %i contiguous blocks of whole units of %i', (games, count, unit) => {
    let next = 0;
    const sizes: number[] = [];
    for (let index = 0; index < count; index++) {
      const { from, to } = shardRange({ index, count }, games, unit);
      expect(from).toBe(next);
      expect(from % unit).toBe(0);
      next = to;
      sizes.push(to - from);
    }
    expect(next).toBe(games);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(unit);
  });

  it('maps a cluster task to its shard: Slurm arrays, Kubernetes Indexed Jobs, explicit variables', () => {
    expect(shardFromEnv({ SLURM_ARRAY_TASK_ID: '3', SLURM_ARRAY_TASK_COUNT: '4', SLURM_ARRAY_TASK_MIN: '0', SLURM_ARRAY_TASK_MAX: '3' })).toEqual({
      index: 3,
      count: 4,
    });
    // --array=1-4: ids counted from the first.
    expect(shardFromEnv({ SLURM_ARRAY_TASK_ID: '1', SLURM_ARRAY_TASK_COUNT: '4', SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_MAX: '4' })).toEqual({
      index: 0,
      count: 4,
    });
    expect(shardFromEnv({ JOB_COMPLETION_INDEX: '5', NOTHANKS_SHARDS: '8' })).toEqual({ index: 5, count: 8 });
    expect(shardFromEnv({ NOTHANKS_SHARD: '1', NOTHANKS_SHARDS: '2', SLURM_ARRAY_TASK_ID: '7' })).toEqual({ index: 1, count: 2 });
  });

  it.each([
    [{}, 'no shard in the environment'],
    [{ JOB_COMPLETION_INDEX: '2' }, "NOTHANKS_SHARDS (the Job's completions) is not"],
    [{ JOB_COMPLETION_INDEX: '8', NOTHANKS_SHARDS: '8' }, 'must be from 0 to 7'],
    [{ SLURM_ARRAY_TASK_ID: '2', SLURM_ARRAY_TASK_COUNT: '3', SLURM_ARRAY_TASK_MIN: '0', SLURM_ARRAY_TASK_MAX: '4' }, 'must be a plain range like --array=0-2'],
    [{ SLURM_ARRAY_TASK_ID: 'x', SLURM_ARRAY_TASK_COUNT: '3' }, 'SLURM_ARRAY_TASK_ID must be a non-negative integer'],
    [{ NOTHANKS_SHARD: '1' }, 'NOTHANKS_SHARDS (the number of shards) is not'],
  ])('refuses %j with one line', (env, message) => {
    expect(() => shardFromEnv(env)).toThrow(message);
  });
});
