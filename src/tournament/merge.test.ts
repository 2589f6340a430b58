import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../paths.js';
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { TournamentStats } from '../stats/tournament-stats.js';
import { stateDigest, type PartState } from './checkpoint.js';
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

/** Edits a part's state as a run would have written it (its digest recomputed over the means it now counts). */
function rewritePart(path: string, edit: (state: PartState) => PartState): void {
  const state = edit(JSON.parse(readFileSync(path, 'utf8')) as PartState);
  const perDeal = TournamentStats.meansPerDeal(state.shape.metrics.length, state.labels.length);
  const means = readFileSync(path.replace(/\.json$/, '.means')).subarray(0, state.done * perDeal * 8);
  writeFileSync(path, JSON.stringify({ ...state, digest: stateDigest(state, createHash('sha256').update(means).digest('hex')) }));
}

describe('merge', () => {
  it('gives the single run bit for bit: 3 shards, any chunk size', async () => {
    const single = await runTournament({ ...base, chunk: 10 });
    const dirs = await shards('plain', base, 3);
    expect(numbers(mergePart(openShards(dirs).shards, 'tournament', base))).toBe(numbers(single));
    // Given in any order.
    expect(numbers(mergePart(openShards([dirs[2]!, dirs[0]!, dirs[1]!]).shards, 'tournament', base))).toBe(numbers(single));
  });

  it("combines the shards' decision times (before, merge left them empty): decisions added, the worst of all", async () => {
    const o: TournamentOptions = { ...base, games: 12 };
    const dirs = await shards('times', o, 2);
    const states = dirs.map((d) => JSON.parse(readFileSync(join(stateDir(d), 'tournament.json'), 'utf8')) as PartState);
    const merged = mergePart(openShards(dirs).shards, 'tournament', o).decisionTimes;
    merged.forEach((t, a) => {
      const [one, two] = states.map((st) => st.timing!.slice(a * 3, a * 3 + 3));
      expect(t.timed).toBe(one![0]! + two![0]!);
      expect(t.timed).toBeGreaterThan(0);
      expect(t.meanMicroseconds).toBeCloseTo((1000 * (one![1]! + two![1]!)) / t.timed, 6);
      expect(t.worstMicroseconds).toBe(1000 * Math.max(one![2]!, two![2]!));
    });
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
    const older = { ...manifest, version: '0.0.1' };
    writeFileSync(path, JSON.stringify({ ...older, digest: stateDigest(older) }));
    const version = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    expect(() => openShards(dirs)).toThrow(new RegExp(`does not belong with .*check-0: version ${version.replaceAll('.', '\\.')} vs 0\\.0\\.1$`));
  });

  it('refuses an unfinished shard, naming how to finish it', async () => {
    const o = { ...base, games: 40 };
    const dirs = await shards('unfinished', o, 2);
    rewritePart(join(stateDir(dirs[1]!), 'tournament.json'), (state) => ({ ...state, done: 3 }));
    expect(() => mergePart(openShards(dirs).shards, 'tournament', o)).toThrow(
      /unfinished-1 is not finished \(tournament: 3 of deals 20\.\.39 played\): finish it with --resume/,
    );
  });

  it('refuses a damaged or hand-edited state: tallies that are not whole numbers, edited tallies or means, an edited manifest', async () => {
    const o = { ...base, games: 12 };
    const cases: [string, (dir: string) => void, RegExp][] = [
      [
        'nan',
        (dir) => {
          const path = join(stateDir(dir), 'tournament.json');
          writeFileSync(path, readFileSync(path, 'utf8').replace(/"tally":\[(-?\d+)/, '"tally":["NaN"'));
        },
        /tournament\.json is damaged: its deal counts or tallies are not whole numbers in range$/,
      ],
      [
        'count',
        (dir) => {
          const path = join(stateDir(dir), 'tournament.json');
          const state = JSON.parse(readFileSync(path, 'utf8')) as PartState;
          writeFileSync(path, JSON.stringify({ ...state, tally: state.tally.map((v, i) => (i === 0 ? v - 100 : v)) }));
        },
        /tournament\.json was edited or damaged \(its digest does not match its tallies and means\)/,
      ],
      [
        'means',
        (dir) => {
          const path = join(stateDir(dir), 'tournament.means');
          const bytes = readFileSync(path);
          bytes[3]! ^= 1;
          writeFileSync(path, bytes);
        },
        /tournament\.json was edited or damaged/,
      ],
      [
        'manifest',
        (dir) => {
          const path = join(stateDir(dir), 'run.json');
          writeFileSync(path, readFileSync(path, 'utf8').replace('"seed": "merge"', '"seed": "other"'));
        },
        /run\.json was edited or damaged \(its digest does not match\): the run cannot be resumed or merged$/,
      ],
    ];
    for (const [name, damage, message] of cases) {
      const dirs = await shards(`damaged-${name}`, o, 2);
      expect(numbers(mergePart(openShards(dirs).shards, 'tournament', o))).toBe(numbers(await runTournament(o)));
      damage(dirs[1]!);
      expect(() => mergePart(openShards(dirs).shards, 'tournament', o), name).toThrow(message);
    }
  });
});
