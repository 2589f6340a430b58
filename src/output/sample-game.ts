import { runBatch } from '../tournament/batch.js';
import { join } from 'node:path';
import { loadAgent } from '../agents/registry.js';
import { batchLayout, type RulesInput } from '../game/contract.js';
import { gameById } from '../registry.js';
import { writeFileAtomic } from '../files.js';
import { replayLink } from './report.js';
import type { Summary } from './tournament-outputs.js';
import { streamSaltOf } from '../tournament/sandbox/stream-salt.js';
import { buildWebPage } from '../web/build.js';

/**
 * A tournament's first game (deal 0 under its first seating) as a game record line, played again
 * from the summary: the same seed, bots and rules give the very game the tournament played (deals
 * and the bots' streams depend only on the seeds), without asking the tournament for every record.
 */
export async function sampleGame(summary: Summary): Promise<string> {
  const game = gameById(summary.game);
  // Seatings name bots by label; a file bot's label is its name, so load each by its spec.
  const specOf = new Map(summary.agentOrigins.map((o) => [o.agent, o.spec]));
  const lineup = summary.seatings[0]!.map((label) => specOf.get(label!) ?? label!);
  const pool = (await Promise.all(lineup.map((spec) => loadAgent(spec, game.id)))).map((a, i) => ({ ...a, label: summary.seatings[0]![i]! }));
  const rules = game.rulesFromRecord(summary.players, summary.rules) as RulesInput;
  const data = new Int32Array(batchLayout(1, 1, lineup.length, game.metrics.length).length);
  // The tournament's seat streams are salted (stream-salt.ts): the same salt replays the same draws.
  const batch = {
    game: game.id,
    rules,
    pool: lineup,
    seatings: [lineup.map((_, i) => i)],
    master: summary.seed,
    from: 0,
    to: 1,
    matchLength: 0,
    records: true,
    streamSalt: streamSaltOf(game.id, summary.seed),
  };
  return runBatch(game, batch, pool, data).records![0]!;
}

/**
 * Writes `<folder>/sample-game.jsonl` (the tournament's first game, for `nothanks replay` and the
 * viewer) and returns report.html's link to it in the viewer.
 */
export async function sampleGameLink(summary: Summary, folder: string, dir: string): Promise<string> {
  const record = await sampleGame(summary);
  writeFileAtomic(join(dir, folder, 'sample-game.jsonl'), record + '\n');
  return replayLink(record, `Watch a sample game: deal 1 under the first seating (${summary.seatings[0]!.join(', ')}), in the replay viewer`);
}

/** replay.html beside a report: the web app, opened by the report's links on the game they carry. */
export async function writeReplayViewer(dir: string): Promise<void> {
  writeFileAtomic(join(dir, 'replay.html'), await buildWebPage());
}
