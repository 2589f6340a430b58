import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newManifest, stateDir, writeManifest } from './run-state.js';
import { mergePart, openShards } from './merge.js';
import { runTournament, type TournamentOptions, type TournamentResult } from './run.js';
import { playPart } from './shard.js';

// Worker threads run the compiled build: `npm test` builds first.
const root = mkdtempSync(join(tmpdir(), 'nothanks-merge-'));
const base: TournamentOptions = { pool: ['random', 'greedy', 'threshold'], rules: { players: 3 }, games: 91, seed: 'merge', threads: 2 };
const numbers = (r: TournamentResult) =>
  JSON.stringify({
    agents: r.stats.agents(),
    pairs: r.stats.pairwise(),
    seats: r.stats.seats(),
    hist: r.pool.map((_, a) => r.stats.distribution(a)),
    games: r.gamesPlayed,
    decisions: r.decisions,
  });

/** Plays every shard of `o` into its own folder, as separate machines would. */
async function shards(name: string, o: TournamentOptions, count: number, seed = o.seed): Promise<string[]> {
  const dirs: string[] = [];
  for (let index = 0; index < count; index++) {
    const dir = join(root, `${name}-${index}`);
    writeManifest(dir, newManifest('tournament', seed, { pool: o.pool, games: o.games }, { index, count }));
    await playPart({ ...o, seed, threads: 1, chunk: 1 + index * 3 }, 'tournament', stateDir(dir), { index, count });
    dirs.push(dir);
  }
  return dirs;
}

describe('merge', () => {
  it('gives the single run bit for bit: 3 shards, any chunk size', async () => {
    const single = await runTournament({ ...base, chunk: 10 });
    const dirs = await shards('plain', base, 3);
    expect(numbers(mergePart(openShards(dirs).shards, 'tournament', base))).toBe(numbers(single));
    // Given in any order.
    expect(numbers(mergePart(openShards([dirs[2]!, dirs[0]!, dirs[1]!]).shards, 'tournament', base))).toBe(numbers(single));
  });

  it('keeps circuit matches whole (match wins are tallied per match)', async () => {
    const o: TournamentOptions = { ...base, games: 30, format: 'circuit' };
    const single = await runTournament(o);
    const dirs = await shards('circuit', o, 4);
    const merged = mergePart(openShards(dirs).shards, 'tournament', o);
    expect(numbers(merged)).toBe(numbers(single));
    expect(merged.stats.agents()[0]!.matches).toBe(single.stats.agents()[0]!.matches);
  });

  it('refuses shards that do not belong together, with one line', async () => {
    const dirs = await shards('check', base, 3);
    const other = await shards('seed', base, 3, 'another seed');
    expect(() => openShards([dirs[0]!, dirs[1]!, other[2]!])).toThrow(/does not belong with .*check-0: seed merge vs another seed$/);
    expect(() => openShards([dirs[0]!, dirs[1]!])).toThrow('merge: shard 2/3 missing (2 of 3 given)');
    expect(() => openShards([dirs[0]!, dirs[1]!, dirs[1]!, dirs[2]!])).toThrow(/check-1 and .*check-1 are both shard 1\/3/);
    const four = await shards('four', { ...base, games: 8 }, 4);
    expect(() => openShards([dirs[0]!, dirs[1]!, four[2]!])).toThrow(/does not belong with .*check-0: games 91 vs 8/);
    const path = join(stateDir(dirs[2]!), 'run.json');
    const manifest = JSON.parse(readFileSync(path, 'utf8'));
    writeFileSync(path, JSON.stringify({ ...manifest, version: '0.0.1' }));
    expect(() => openShards(dirs)).toThrow(/does not belong with .*check-0: version 0\.1\.0 vs 0\.0\.1$/);
  });

  it('refuses an unfinished shard, naming how to finish it', async () => {
    const o = { ...base, games: 40 };
    const dirs = await shards('unfinished', o, 2);
    const part = join(stateDir(dirs[1]!), 'tournament.json');
    const state = JSON.parse(readFileSync(part, 'utf8'));
    writeFileSync(part, JSON.stringify({ ...state, done: 3 }));
    expect(() => mergePart(openShards(dirs).shards, 'tournament', o)).toThrow(
      /unfinished-1 is not finished \(tournament: 3 of deals 20\.\.39 played\): finish it with --resume/,
    );
  });
});
