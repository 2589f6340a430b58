import { printable } from '../text.js';
import { refuseRunInsideBotFolders } from '../tournament/sandbox/load.js';
import { listBotLogs, runBotLogs } from '../tournament/bot-logs.js';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { botFileDigests } from '../agents/registry.js';
import { splitLineup } from '../agents/spec.js';
import { gameById } from '../registry.js';
import { seatResults } from '../tournament/batch.js';
import { AtomicLineWriter, checkNewFile, newResultsDir, prepareOutputDir } from '../files.js';
import { CSV_OPTIONS, leaderboard, pairwiseText, summaryJson, writeTournamentOutputs, type Summary } from '../output/tournament-outputs.js';
import { newManifest, openForResume, stateDir, writeManifest } from '../tournament/run-state.js';
import { playPart, resolveShard, shardLabel, shardRange, type Shard } from '../tournament/shard.js';
import { prepare, untilStopped, type TournamentOptions } from '../tournament/run.js';
import type { SeatingMode, TableFill } from '../tournament/schedule.js';
import { writeTournamentReport } from '../experiments/tournament-tables.js';
import { AgentError, UserError } from '../errors.js';
import { rulesFromArgs, type RuleArgs } from './options.js';
import { interruptible } from './interrupt.js';
import { Progress } from '../output/progress.js';

export type TournamentArgs = RuleArgs & {
  agents: string;
  games: number;
  seed?: string;
  threads?: number;
  chunk?: number;
  selfPlay: boolean;
  /** How a pool smaller than the table fills it (ignored with --table). */
  fill: TableFill;
  seatings: SeatingMode;
  /** One table only, as pool indices per seat ("0,1,1"). */
  table?: string;
  format: 'single' | 'circuit';
  out?: string;
  log?: string;
  perGame?: string;
  quiet?: boolean;
  /** report.html and charts beside the outputs (default true; --no-report skips them). */
  report?: boolean;
  force?: boolean;
  decisionTimeout?: number;
  isolate?: boolean;
  /** I/N or "env" (a cluster array task's index). */
  shard?: string;
  /** Continue the run in this folder. */
  resume?: string;
};

/** The folder's single tournament in its state (an experiment has one per player count or arm). */
export const TOURNAMENT_PART = 'tournament';

/** What fixes a tournament's numbers besides the seed: its manifest's settings, and what merge replays. */
export function tournamentSettings(o: Omit<TournamentOptions, 'seed'>): Record<string, unknown> {
  const botFiles = botFileDigests(o.pool);
  return {
    game: o.game,
    pool: o.pool,
    rules: o.rules,
    games: o.games,
    selfPlay: o.selfPlay,
    ...(o.fill === undefined ? {} : { fill: o.fill }),
    seatings: o.seatings,
    format: o.format,
    ...(o.tables ? { tables: o.tables } : {}),
    ...(Object.keys(botFiles).length ? { botFiles } : {}),
  };
}

/**
 * What a tournament writes at the top of its --out folder (cli.test checks a run against it): a
 * --log or --per-game file under one of these names would be overwritten by the run's own output.
 */
export const OWN_OUTPUTS: readonly string[] = [
  ...['summary.json', 'summary.csv', 'pairwise.csv', 'seats.csv', 'report.html', 'replay.html', 'sample-game.jsonl', 'state', 'bot-logs'],
  ...['leaderboard', 'pairwise', 'distributions', 'seats'].flatMap((chart) => [`${chart}.vl.json`, `${chart}.svg`, `${chart}.png`]),
  ...['.nothanks-run', '.nothanks-lock'],
];

/** Runs a tournament, writes its outputs (also when interrupted, marked partial) and returns the summary. */
export async function tournamentCommand(
  a: TournamentArgs,
): Promise<{ summary: Summary & { shard?: { index: number; count: number; deals: number[] } }; dir: string; interrupted: boolean }> {
  const game = gameById(a.game);
  if (a.seed === undefined) {
    // Every deal is a function of the master seed, and the dealing code is public: in a contest
    // the seed must be one the bots cannot know (docs/fair-play.md).
    a.seed = a.isolate ? randomBytes(8).toString('hex') : '1';
    if (a.isolate && a.resume === undefined)
      process.stderr.write(`nothanks: --isolate without --seed: the secret seed is ${a.seed} (repeat it with --seed to resume or reproduce)\n`);
  }
  const pool = splitLineup(a.agents);
  const table = a.table === undefined ? undefined : parseTable(a.table, pool.length);
  const players = a.players ?? table?.length ?? new Set(pool).size;
  if (a.players === undefined && players < 2) throw new UserError('one agent in the pool: say how many seats with --players');
  const rules = rulesFromArgs(a, game, players);
  const tables = table ? [table] : undefined;
  // A given table has nothing to fill.
  const fill = table ? undefined : a.fill;
  const settings = tournamentSettings({
    game: game.id,
    pool,
    rules,
    games: a.games,
    selfPlay: a.selfPlay,
    fill,
    seatings: a.seatings,
    format: a.format,
    tables,
  });
  let shard: Shard | undefined = a.shard === undefined ? undefined : resolveShard(a.shard);
  // Bots, rules and numbers are checked before the folder is made: a typo leaves nothing behind.
  const options: TournamentOptions = {
    game: game.id,
    pool,
    rules,
    games: a.games,
    seed: a.seed,
    selfPlay: a.selfPlay,
    fill,
    seatings: a.seatings,
    tables,
    format: a.format,
    threads: a.threads,
    chunk: a.chunk,
    decisionSeconds: a.decisionTimeout,
    isolate: a.isolate,
  };
  const prepared = await prepare(options);
  if (a.log && a.perGame && resolve(a.log) === resolve(a.perGame)) throw new UserError('--log and --per-game name the same file: give each its own');
  // A log under one of the run's own names in --out would be overwritten by that output (and lost).
  for (const [flag, file] of [
    ['--log', a.log],
    ['--per-game', a.perGame],
  ] as const) {
    const inOut = file && a.out !== undefined ? relative(resolve(a.out), resolve(file)) : undefined;
    if (inOut !== undefined && !inOut.startsWith('..') && !isAbsolute(inOut) && (inOut === '' || OWN_OUTPUTS.includes(inOut.split(sep)[0]!)))
      throw new UserError(
        `${flag} ${file} clashes with the run's own output ${join(a.out!, inOut.split(sep)[0]!)}, which would overwrite it: choose another file`,
      );
  }
  if (a.resume === undefined) for (const file of [a.log, a.perGame]) if (file) checkNewFile(file, a.force);
  let dir: string;
  if (a.resume !== undefined) {
    if (a.out !== undefined) throw new UserError('--resume DIR continues the run in DIR: leave out --out');
    // The records of the deals finished before the interruption were in the killed process's file.
    if (a.log || a.perGame) throw new UserError("--log and --per-game cannot be resumed (the interrupted run's file is incomplete): start afresh to get them");
    dir = a.resume;
    shard = openForResume(dir, newManifest('tournament', a.seed, settings, shard));
  } else {
    dir = a.out ?? newResultsDir(shard ? `tournament-shard-${shard.index}-of-${shard.count}` : 'tournament');
    refuseRunInsideBotFolders(dir, pool, a.isolate);
    prepareOutputDir(dir, a.force);
    writeManifest(dir, newManifest('tournament', a.seed, settings, shard));
  }
  const log = a.log ? new AtomicLineWriter(a.log) : undefined;
  const perGame = a.perGame ? new AtomicLineWriter(a.perGame) : undefined;
  perGame?.write(['deal', 'seed', 'seating', 'seat', 'position', 'agent', 'score', ...game.metrics.map((m) => m.id)].join(',') + '\n');
  const botLogs = runBotLogs(
    dir,
    prepared.origins.map((o) => o.spec),
    a.isolate,
  );
  const progress = new Progress('tournament', !a.quiet);
  const stop = interruptible();
  try {
    const result = await untilStopped(
      playPart(
        {
          ...options,
          records: log !== undefined,
          ...(botLogs === undefined ? {} : { botLogs }),
          signal: stop.signal,
          onProgress: (done, total) => progress.update(done, total),
          onBatch(batch, res, seatings, labels) {
            // The batch is in the summary already: each file gets it even when the other's write
            // fails (a full disk), and the first failure stops the run after both.
            let failed: unknown;
            try {
              if (log && res.records) log.write(res.records.join('\n') + '\n');
            } catch (err) {
              failed = err;
            }
            if (perGame) {
              const rows: (string | number)[][] = [];
              for (const r of seatResults(game, batch, res.data, seatings.length, seatings[0]!.length)) {
                rows.push([r.deal, r.seed, r.seating, r.seat, r.position, labels[seatings[r.seating]![r.seat]!]!, r.score, ...r.metrics]);
              }
              try {
                perGame.write(stringify(rows, CSV_OPTIONS));
              } catch (err) {
                failed ??= err;
              }
            }
            if (failed !== undefined) throw failed;
          },
        },
        TOURNAMENT_PART,
        stateDir(dir),
        shard,
        prepared,
      ),
    );
    progress.done();
    const summary = summaryJson(result, { seed: a.seed, games: a.games, format: a.format, seatingMode: a.seatings, selfPlay: a.selfPlay, fill });
    // A shard's own summary covers its deals only, and says so; `nothanks merge` makes the run's.
    const range = shard && shardRange(shard, a.games, a.format === 'circuit' ? players : 1);
    const written = shard ? { ...summary, shard: { index: shard.index, count: shard.count, deals: [range!.from, range!.to] } } : summary;
    writeTournamentOutputs(dir, written);
    // A shard's report comes from nothanks merge, over the whole run.
    if (a.report !== false && !shard && summary.gamesPlayed > 0) await writeTournamentReport(dir, summary, !a.isolate);
    // What finished is kept (marked partial); the run still fails, with the one line.
    if (result.stopped) throw new AgentError(`${result.stopped}; the ${result.gamesPlayed} games finished before are in ${dir}`);
    return { summary: written, dir, interrupted: stop.signal.aborted };
  } finally {
    stop.release();
    listBotLogs(botLogs);
    log?.close();
    perGame?.close();
  }
}

export function printTournament(summary: Summary & { shard?: { index: number; count: number; deals: number[] } }, dir: string, interrupted = false): void {
  if (summary.gamesPlayed === 0) {
    console.log(`Interrupted before any game finished: nothing to report (outputs marked partial in ${join(dir, 'summary.json')}). ${resumeHint(dir)}`);
    return;
  }
  if (summary.shard)
    console.log(
      `shard ${shardLabel(summary.shard)}: deals ${summary.shard.deals[0]}..${summary.shard.deals[1]! - 1} of ${summary.dealsPerSeating}; this leaderboard covers them only (nothanks merge makes the whole run's)`,
    );
  console.log(printable(leaderboard(summary)));
  if (summary.pairwise.length) console.log(`\n${printable(pairwiseText(summary))}`);
  const note = gameById(summary.game).seatingNote;
  if (note && summary.seatingMode === 'rotations' && summary.players > 2 && summary.agents.length > 2) console.log(`note: ${note}`);
  if (summary.partial) console.log(resumeHint(dir));
  else if (interrupted) console.log('The interrupt came after the last game had finished: the results are complete.');
  console.log(
    `\n${summary.gamesPlayed} games in ${summary.elapsedSeconds.toFixed(1)} s (${summary.gamesPerSecond} games/s, ${summary.threads} thread${summary.threads === 1 ? '' : 's'}). Outputs: ${join(dir, 'summary.json')}${existsSync(join(dir, 'report.html')) ? `, ${join(dir, 'report.html')}` : ''}`,
  );
}

export const resumeHint = (dir: string): string => `To finish the run, repeat its command with --resume ${dir} in place of --out.`;
/** "0,1,1" -> [0, 1, 1]: pool indices, one per seat (a bot may sit more than once). */
export function parseTable(text: string, poolSize: number): number[] {
  const seats = text.split(',').map((t) => t.trim());
  const table = seats.map(Number);
  if (seats.length < 2 || table.some((i, k) => seats[k] === '' || !Number.isInteger(i) || i < 0 || i >= poolSize)) {
    throw new UserError(`--table must list a pool index from 0 to ${poolSize - 1} for each seat (e.g. 0,1,1), got "${text}"`);
  }
  return table;
}
