import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { RulesInput } from '../game/contract.js';
import { runTournament } from '../tournament/run.js';
import { gameById } from '../registry.js';
import { writeFileAtomic } from '../files.js';
import { replayLink } from './report.js';
import type { Summary } from './tournament-outputs.js';
import { buildWebPage } from '../web/build.js';

/**
 * A tournament's first game (deal 0 under its first seating) as a game record line, played again
 * from the summary: the same seed, bots and rules give the very game the tournament played (deals
 * and the bots' streams depend only on the seeds), without asking the tournament for every record.
 * Played like any tournament, in a worker thread: no bot runs in the main thread. A bot program
 * logs its stderr in `botLogs` (the run's bot-logs/, beside the run's own logs).
 */
export async function sampleGame(summary: Summary, botLogs?: string): Promise<string> {
  const game = gameById(summary.game);
  // Seatings name bots by label; a file bot's label is its name, so each is played by its spec.
  const specOf = new Map(summary.agentOrigins.map((o) => [o.agent, o.spec]));
  const lineup = summary.seatings[0]!.map((label) => specOf.get(label!) ?? label!);
  const pool = [...new Set(lineup)];
  let record: string | undefined;
  await runTournament({
    game: game.id,
    pool,
    // Its first rotation is the lineup itself: the tournament's first seating.
    tables: [lineup.map((spec) => pool.indexOf(spec))],
    seatings: 'rotations',
    rules: game.rulesFromRecord(summary.players, summary.rules) as RulesInput,
    games: 1,
    seed: summary.seed,
    threads: 1,
    records: true,
    ...(botLogs === undefined ? {} : { botLogs }),
    onBatch: (_, res) => void (record ??= res.records?.[0]),
  });
  return record!;
}

/**
 * Writes `<folder>/sample-game.jsonl` (the tournament's first game, for `nothanks replay` and the
 * viewer) and returns report.html's link to it in the viewer.
 */
export async function sampleGameLink(summary: Summary, folder: string, dir: string): Promise<string> {
  // The run made bot-logs/ when it seated a program (src/tournament/bot-logs.ts): the replayed game's logs go there too.
  const logs = join(dir, 'bot-logs');
  const record = await sampleGame(summary, existsSync(logs) ? logs : undefined);
  writeFileAtomic(join(dir, folder, 'sample-game.jsonl'), record + '\n');
  return replayLink(record, `Watch a sample game: deal 1 under the first seating (${summary.seatings[0]!.join(', ')}), in the replay viewer`);
}

/** replay.html beside a report: the web app, opened by the report's links on the game they carry. */
export async function writeReplayViewer(dir: string): Promise<void> {
  writeFileAtomic(join(dir, 'replay.html'), await buildWebPage());
}
