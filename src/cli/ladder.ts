import { printable } from '../text.js';
import { refuseRunInsideBotFolders } from '../tournament/sandbox/load.js';
import { join } from 'node:path';
import { splitLineup } from '../agents/spec.js';
import { AgentError, UserError } from '../errors.js';
import { gameById } from '../registry.js';
import { checkLadder, runLadder, type LadderOptions, type LadderResult } from '../ladder/ladder.js';
import { ladderHeadlines, ladderText, writeLadderData, writeLadderOutputs } from '../ladder/outputs.js';
import { newResultsDir, prepareOutputDir, writtenEntries } from '../files.js';
import { listBotLogs, runBotLogs } from '../tournament/bot-logs.js';
import { ProgressBars } from '../output/progress.js';
import { escapeHtml, writeReport } from '../output/report.js';
import type { SeatingMode, TableFill } from '../tournament/schedule.js';
import { interruptible } from './interrupt.js';
import { rulesFromArgs, type RuleArgs } from './options.js';

export type LadderArgs = { game: string } & Record<string, unknown> & {
    agents: string;
    /** "3,4,5" */
    players: string;
    games: number;
    seed: string;
    seatings: SeatingMode;
    selfPlay: boolean;
    fill: TableFill;
    anchor?: string;
    holdout: number;
    threads?: number;
    chunk?: number;
    out?: string;
    force?: boolean;
    quiet?: boolean;
    decisionTimeout?: number;
  };

/** "3,4,5" -> [3, 4, 5]; anything else is one line. */
export function parsePlayerList(text: string | number): number[] {
  const parts = String(text)
    .split(',')
    .map((s) => s.trim());
  const out = parts.map(Number);
  if (parts.some((p) => !/^\d+$/.test(p))) throw new UserError(`--players must be a comma-separated list of table sizes (3,4,5), got "${text}"`);
  return out;
}

/** Plays the ladder, writes its folder (also when interrupted, marked partial) and returns the result. */
export async function ladderCommand(a: LadderArgs): Promise<{ result: LadderResult; dir: string }> {
  const game = gameById(a.game);
  const players = parsePlayerList(a.players);
  const pool = splitLineup(a.agents);
  const rules = (p: number) => rulesFromArgs({ ...a, players: p } as RuleArgs, game, p);
  const stop = interruptible();
  const bars = new ProgressBars((p) => `ladder, ${p} players`, !a.quiet);
  let botLogs: string | undefined;
  try {
    const options: LadderOptions = {
      game: game.id,
      pool,
      players,
      rules,
      games: a.games,
      seed: a.seed,
      seatings: a.seatings,
      selfPlay: a.selfPlay,
      fill: a.fill,
      anchor: a.anchor,
      holdout: a.holdout,
      threads: a.threads,
      chunk: a.chunk,
      decisionSeconds: a.decisionTimeout,
      signal: stop.signal,
      onProgress: (p, done, total) => bars.update(p, done, total),
    };
    // Mistakes fail before the folder is made.
    const checked = await checkLadder(options);
    const dir = a.out ?? newResultsDir('ladder');
    refuseRunInsideBotFolders(dir, options.pool);
    prepareOutputDir(dir, a.force);
    botLogs = runBotLogs(dir, options.pool);
    const info = { seed: a.seed, games: a.games, selfPlay: a.selfPlay, fill: a.fill };
    // A long ladder keeps what it has finished: partial data files as it goes (a minute apart, and
    // after every table size), replaced by the whole outputs at the end.
    const result = await runLadder({ ...options, botLogs, onPartial: (snapshot, progress) => writeLadderData(dir, snapshot, info, progress) }, checked);
    bars.done();
    const { sections } = await writeLadderOutputs(dir, result, info);
    const headlines = ladderHeadlines(result);
    const files = writtenEntries(dir).sort();
    const intro = escapeHtml(
      `${game.name}: pool ${result.pool.join(', ')}; ${players.join(', ')} players; ${a.games} deals per seating (${result.seatingMode} seatings), seed ${a.seed}; tables: ${result.tournaments.map((t) => `${t.rules.players} players: ${t.tableFill}`).join('; ')}${result.partial ? `; PARTIAL: ${result.stopped ?? 'interrupted'}` : ''}.`,
    );
    writeReport(
      dir,
      'Ladder',
      intro,
      [{ heading: 'Findings', html: `<ul>${headlines.map((h) => `<li>${escapeHtml(h)}</li>`).join('')}</ul>` }, ...sections],
      [...files, 'report.html'],
    );
    const games = result.tournaments.reduce((s, t) => s + t.gamesPlayed, 0);
    if (result.stopped) throw new AgentError(`${result.stopped}; the ${games} games finished before are in ${dir}`);
    return { result, dir };
  } finally {
    stop.release();
    listBotLogs(botLogs);
  }
}

export function printLadder(result: LadderResult, dir: string): void {
  console.log(printable(ladderText(result)));
  for (const t of result.tournaments) console.log(`tables at ${t.rules.players} players: ${t.tableFill}`);
  const games = result.tournaments.reduce((s, t) => s + t.gamesPlayed, 0);
  console.log(`\n${games} games in ${result.elapsedSeconds.toFixed(1)} s. Outputs: ${join(dir, 'ratings.csv')}, ${join(dir, 'report.html')}`);
}
