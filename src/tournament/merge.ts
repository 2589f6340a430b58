import { resolve } from 'node:path';
import { parseSpec } from '../agents/spec.js';
import { UserError } from '../errors.js';
import { DEFAULT_GAME, gameById } from '../registry.js';
import { difference, readManifest, stateDir, type RunManifest } from './run-state.js';
import { TournamentStats } from '../stats/tournament-stats.js';
import { loadPart, type LoadedPart } from './checkpoint.js';
import { shardLabel, type Shard } from './shard.js';
import { DECISION_TIMING } from './batch.js';
import { addTimingInto, decisionTimes, poolSpecs, tableFillNote, type TournamentOptions, type TournamentResult } from './run.js';

export interface ShardFolder {
  dir: string;
  manifest: RunManifest;
}

/**
 * Reads the shard folders and checks that they belong together: the same command, seed, version
 * and settings, the same number of shards, each shard once and none missing. Returns them in
 * shard order and the manifest of the whole run (without a shard).
 */
export function openShards(dirs: string[]): { shards: ShardFolder[]; manifest: RunManifest } {
  if (dirs.length === 0) throw new UserError('merge: name the shard folders to merge');
  const shards = dirs.map((dir) => ({ dir, manifest: readManifest(dir) }));
  const [first] = shards;
  for (const s of shards) {
    const diff = difference(first!.manifest, s.manifest);
    if (diff) throw new UserError(`merge: ${s.dir} does not belong with ${first!.dir}: ${diff}`);
  }
  const count = first!.manifest.shard?.count ?? 1;
  const byIndex = new Map<number, ShardFolder>();
  for (const s of shards) {
    const shard: Shard = s.manifest.shard ?? { index: 0, count: 1 };
    if (shard.count !== count) throw new UserError(`merge: ${s.dir} is shard ${shardLabel(shard)} but ${first!.dir} is one of ${count} shards`);
    const twin = byIndex.get(shard.index);
    if (twin) throw new UserError(`merge: ${twin.dir} and ${s.dir} are both shard ${shardLabel(shard)} (their deals would count twice)`);
    byIndex.set(shard.index, s);
  }
  const missing = Array.from({ length: count }, (_, i) => i).filter((i) => !byIndex.has(i));
  if (missing.length)
    throw new UserError(
      `merge: shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${count}`).join(', ')} missing (${shards.length} of ${count} given)`,
    );
  const { shard: _shard, ...manifest } = first!.manifest;
  return { shards: [...byIndex.entries()].sort((a, b) => a[0] - b[0]).map(([, s]) => s), manifest };
}

/**
 * The shards' states of one tournament (`part`) of a run of `games` deals, in deal order, checked:
 * the ranges tile 0..games-1, every shard finished, all played with the same bots and tables.
 */
export function checkPart(shards: ShardFolder[], part: string, games: number): { dir: string; loaded: LoadedPart }[] {
  const parts: { dir: string; loaded: LoadedPart }[] = shards.map((s) => {
    const loaded = loadPart(stateDir(s.dir), part);
    if (!loaded) throw new UserError(`merge: ${s.dir} has not started ${part}: finish it with --resume ${s.dir}`);
    return { dir: s.dir, loaded };
  });
  parts.sort((a, b) => a.loaded.state.from - b.loaded.state.from);
  let next = 0;
  for (const { dir, loaded } of parts) {
    const { from, to, done } = loaded.state;
    if (from !== next) throw new UserError(`merge: ${part}: deals ${next}..${from - 1} are in no shard (${dir} starts at deal ${from})`);
    if (done < to - from)
      throw new UserError(`merge: ${dir} is not finished (${part}: ${done} of deals ${from}..${to - 1} played): finish it with --resume ${dir}`);
    next = to;
  }
  if (next !== games) throw new UserError(`merge: ${part}: the shards cover deals 0..${next - 1} of 0..${games - 1}`);
  const reference = parts[0]!.loaded.state;
  const shapeOf = (s: typeof reference): string => JSON.stringify([s.labels, s.seatings, s.players, s.shape, s.tally.length]);
  for (const { dir, loaded } of parts) {
    if (shapeOf(loaded.state) !== shapeOf(reference))
      throw new UserError(`merge: ${dir}: ${part} was played with other bots or tables than in ${parts[0]!.dir}`);
  }
  return parts;
}

/**
 * One tournament of the run rebuilt from its shards: each shard's integer tallies added, then its
 * deals' means fed in deal order, exactly as a single run feeds them, so every figure is the
 * single run's bit for bit. The deal ranges must tile 0..games-1 and every shard be finished.
 */
export function mergePart(shards: ShardFolder[], part: string, options: TournamentOptions): TournamentResult {
  const parts = checkPart(shards, part, options.games);
  const reference = parts[0]!.loaded.state;
  const game = gameById(options.game ?? DEFAULT_GAME);
  const stats = new TournamentStats(reference.labels, reference.seatings, reference.players, reference.shape);
  let decisions = 0;
  let elapsedSeconds = 0;
  // The shards' decision times combined (decisions and milliseconds added, the worst of all); empty
  // when a shard's state predates them.
  const timing = new Float64Array(reference.labels.length * DECISION_TIMING);
  const timed = parts.every(({ loaded }) => loaded.state.timing?.length === timing.length);
  for (const { loaded } of parts) {
    if (timed) addTimingInto(timing, loaded.state.timing!);
    stats.mergeTally(Float64Array.from(loaded.state.tally));
    for (let i = 0; i < loaded.state.done; i++) stats.addDealMeans(loaded.means, i * stats.meansPerDeal);
    decisions += loaded.state.decisions;
    elapsedSeconds += loaded.state.elapsedSeconds;
  }
  // The origins a single run reports: each label with its spec (and a bot file's absolute path).
  const pool = poolSpecs(options);
  const origins = reference.labels.map((agent, i) => {
    const spec = parseSpec(pool[i]!);
    return { agent, spec: spec.text, ...(spec.isFile ? { file: resolve(spec.source) } : {}) };
  });
  return {
    game,
    pool,
    labels: reference.labels,
    origins,
    rules: game.makeRules(options.rules),
    seatings: reference.seatings,
    tableFill: tableFillNote(options, pool.length, reference.players),
    stats,
    dealsPlayed: options.games,
    gamesPlayed: options.games * reference.seatings.length,
    decisions,
    decisionTimes: decisionTimes(reference.labels, timing),
    // The shards' play time added up (machine time, not wall time).
    elapsedSeconds,
    partial: false,
    dealsResumed: options.games,
    threads: 0,
    chunk: 0,
  };
}
