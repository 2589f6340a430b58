import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { splitLineup } from '../agents/spec.js';
import { batchLayout } from '../game/contract.js';
import { gameById } from '../game/registry.js';
import { dealKeyInto, masterKey, seedHex } from '../game/seed.js';
import { AtomicLineWriter, checkNewFile, newResultsDir, prepareOutputDir } from '../output/files.js';
import { leaderboard, summaryJson, writeTournamentOutputs, type Summary } from '../output/tournament-outputs.js';
import { runTournament } from '../tournament/run.js';
import type { SeatingMode } from '../tournament/schedule.js';
import { UserError } from '../errors.js';
import { rulesFromArgs, type RuleArgs } from './options.js';
import { interruptible } from './interrupt.js';
import { Progress } from '../output/progress.js';

export type TournamentArgs = RuleArgs & {
  agents: string;
  games: number;
  seed: string;
  threads?: number;
  chunk?: number;
  selfPlay: boolean;
  seatings: SeatingMode;
  /** One table only, as pool indices per seat ("0,1,1"). */
  table?: string;
  format: 'single' | 'circuit';
  out?: string;
  log?: string;
  perGame?: string;
  quiet?: boolean;
  force?: boolean;
  stallTimeout?: number;
};

/** Runs a tournament, writes its outputs (also when interrupted, marked partial) and returns the summary. */
export async function tournamentCommand(a: TournamentArgs): Promise<{ summary: Summary; dir: string }> {
  const game = gameById(a.game);
  const pool = splitLineup(a.agents);
  const table = a.table === undefined ? undefined : parseTable(a.table, pool.length);
  const players = a.players ?? table?.length ?? new Set(pool).size;
  if (a.players === undefined && players < 2) throw new UserError('one agent in the pool: say how many seats with --players');
  const rules = rulesFromArgs(a, game, players);
  const dir = a.out ?? newResultsDir('tournament');
  prepareOutputDir(dir, a.force);
  for (const file of [a.log, a.perGame]) if (file) checkNewFile(file, a.force);
  const log = a.log ? new AtomicLineWriter(a.log) : undefined;
  const perGame = a.perGame ? new AtomicLineWriter(a.perGame) : undefined;
  perGame?.write(['deal', 'seed', 'seating', 'seat', 'position', 'agent', 'score', ...game.metrics.map((m) => m.id)].join(',') + '\n');
  const progress = new Progress('tournament', !a.quiet && process.stderr.isTTY === true);
  const stop = interruptible();
  try {
    const result = await runTournament({
      game: game.id,
      pool,
      rules,
      games: a.games,
      seed: a.seed,
      selfPlay: a.selfPlay,
      seatings: a.seatings,
      tables: table ? [table] : undefined,
      format: a.format,
      threads: a.threads,
      chunk: a.chunk,
      records: log !== undefined,
      stallSeconds: a.stallTimeout,
      signal: stop.signal,
      onProgress: (done, total) => progress.update(done, total),
      onBatch(batch, res, seatings) {
        if (log && res.records) log.write(res.records.join('\n') + '\n');
        if (!perGame) return;
        const P = seatings[0]!.length;
        const M = game.metrics.length;
        const layout = batchLayout(batch.to - batch.from, seatings.length, P, M);
        const rows: (string | number)[][] = [];
        const master = masterKey(game.seedNamespace ?? game.id, batch.master);
        const key = { hi: 0, lo: 0 };
        for (let k = batch.from; k < batch.to; k++) {
          const seed = seedHex(dealKeyInto(master, k, key));
          const starter = res.data[layout.starters + k - batch.from]!;
          seatings.forEach((lineup, s) => {
            for (let seat = 0; seat < P; seat++) {
              const at = ((k - batch.from) * seatings.length + s) * P + seat;
              const metrics = Array.from({ length: M }, (_, m) => res.data[layout.metric(m) + at]!);
              rows.push([k, seed, s, seat, (seat - starter + P) % P, batch.pool[lineup[seat]!]!, res.data[layout.scores + at]!, ...metrics]);
            }
          });
        }
        perGame.write(stringify(rows));
      },
    });
    progress.done();
    const summary = summaryJson(result, { seed: a.seed, games: a.games, format: a.format, seatingMode: a.seatings, selfPlay: a.selfPlay });
    writeTournamentOutputs(dir, summary);
    return { summary, dir };
  } finally {
    stop.release();
    log?.close();
    perGame?.close();
  }
}

export function printTournament(summary: Summary, dir: string): void {
  if (summary.gamesPlayed === 0) {
    console.log(`Interrupted before any game finished: nothing to report (outputs marked partial in ${join(dir, 'summary.json')}).`);
    return;
  }
  console.log(leaderboard(summary));
  const note = gameById(summary.game).seatingNote;
  if (note && summary.seatingMode === 'rotations' && summary.players > 2 && summary.agents.length > 2) console.log(`note: ${note}`);
  console.log(`\n${summary.gamesPlayed} games in ${summary.elapsedSeconds.toFixed(1)} s (${summary.gamesPerSecond} games/s, ${summary.threads} thread${summary.threads === 1 ? '' : 's'}). Outputs: ${join(dir, 'summary.json')}`);
}

/** "0,1,1" -> [0, 1, 1]: pool indices, one per seat (a bot may sit more than once). */
export function parseTable(text: string, poolSize: number): number[] {
  const seats = text.split(',').map((t) => t.trim());
  const table = seats.map(Number);
  if (seats.length < 2 || table.some((i, k) => seats[k] === '' || !Number.isInteger(i) || i < 0 || i >= poolSize)) {
    throw new UserError(`--table must list a pool index from 0 to ${poolSize - 1} for each seat (e.g. 0,1,1), got "${text}"`);
  }
  return table;
}
