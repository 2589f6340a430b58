import { DEFAULT_FILL, TABLE_FILLS } from '../tournament/schedule.js';
import yargs from 'yargs';
import { UserError } from '../errors.js';
import { gameById } from '../registry.js';
import { agentsCommand } from './agents.js';
import { benchCommand } from './bench.js';
import { ladderCommand, printLadder, type LadderArgs } from './ladder.js';
import { sequentialTestCommand, type TestArgs } from './sequential-test.js';
import { tuneCommand, type TuneArgs } from './tune.js';
import { DEFAULT_TUNE_DEALS } from '../tournament/tune.js';
import { runCommand, sweepCommand } from './experiment.js';
import { withRuleOptions, type RuleArgs } from './options.js';
import { mergeCommand } from './merge.js';
import { playCommand } from './play.js';
import { replayCommand } from './replay.js';
import { analyseCommand, type AnalyseArgs } from './analyse.js';
import { DEFAULT_DECISION_SECONDS } from '../tournament/run.js';
import { printTournament, tournamentCommand, type TournamentArgs } from './tournament.js';
import { webCommand } from './web.js';
import { runCaptured, type CliResult } from './captured-run.js';
import { checkFlagValues } from './flag-values.js';

export type { CliResult } from './captured-run.js';

const SHARD_HELP =
  'play shard I of N (0-based, I/N) of the deals into a shard folder for nothanks merge; "env" reads SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX or NOTHANKS_SHARD with NOTHANKS_SHARDS';
const RESUME_HELP = 'continue the interrupted run (or shard) in this folder: repeat its command with --resume DIR in place of --out';
/** The per-decision limit of the commands that play tournaments inside (the stuck-bot line names it). */
const DECISION_TIMEOUT = {
  type: 'number',
  default: DEFAULT_DECISION_SECONDS,
  describe: 'stop with an error naming the bot when one bot call takes longer than this many seconds (a stuck bot)',
} as const;

/** --fill's help, the same for every command that fills tables (docs/tournaments.md "Table filling"). */
const FILL_HELP =
  'a pool smaller than the table: balanced (every bot once, the seats left to each subset in turn), multisets (every multiset of bots) or cycle (the pool repeated in order)';

/**
 * One command of the CLI, given its arguments (without `node main.js`). Every mistake a user can
 * make rejects with a UserError (the binary, main.ts, prints it as one line and exits 1); a
 * command that ends partial leaves process.exitCode 130. --help and --version print and exit the
 * process (yargs).
 */
export async function parseAndRun(args: readonly string[]): Promise<void> {
  const cli = yargs([...args]);
  await cli
    .scriptName('nothanks')
    .usage('$0 <command> [options]')
    .command(
      'tournament',
      'play a pool of bots at every table and seating on duplicate deals',
      (y) =>
        withRuleOptions(y)
          .option('agents', { alias: 'a', type: 'string', demandOption: true, describe: 'the pool: comma-separated agent specs' })
          .option('games', { alias: 'g', type: 'number', default: 1000, describe: 'deals per seating (total games = deals x seatings)' })
          .option('seed', { alias: 's', type: 'string', describe: 'master seed (default 1; with --isolate a secret random one, printed)' })
          .option('threads', { alias: 't', type: 'number', describe: 'worker threads (default: the machine cores)' })
          .option('chunk', { type: 'number', describe: 'deals per worker task (results do not depend on it)' })
          .option('self-play', { type: 'boolean', default: false, describe: 'tables may seat one bot more than once' })
          .option('fill', {
            choices: TABLE_FILLS,
            default: DEFAULT_FILL,
            describe: FILL_HELP,
          })
          .option('seatings', {
            choices: ['rotations', 'all'] as const,
            default: 'rotations' as const,
            describe: 'cyclic rotations or every permutation of each table',
          })
          .option('table', {
            type: 'string',
            describe: 'play only this table, as pool indices per seat: 0,1,1 seats the first bot against two copies of the second',
          })
          .option('format', {
            choices: ['single', 'circuit'] as const,
            default: 'single' as const,
            describe: 'circuit: matches of P games, starting seat moving left',
          })
          .option('out', { alias: 'o', type: 'string', describe: 'output folder (default results/tournament-<time>)' })
          .option('log', { type: 'string', describe: 'write every game record (JSON Lines) to this file' })
          .option('per-game', { type: 'string', describe: 'write one CSV row per seat and game to this file' })
          .option('report', {
            type: 'boolean',
            default: true,
            describe: "write report.html and the charts (SVG, Vega-Lite) beside the outputs, as an experiment's; --no-report skips them",
          })
          .option('force', { type: 'boolean', default: false, describe: 'overwrite an --out folder, --log or --per-game file that exists' })
          .option('isolate', {
            type: 'boolean',
            default: false,
            describe:
              'contest mode: every bot file and program in a sandboxed process of its own (bubblewrap) that sees only its observation; without --seed a secret random seed (a known seed gives every deal away)',
          })
          .option('decision-timeout', {
            type: 'number',
            default: DEFAULT_DECISION_SECONDS,
            describe: 'stop with an error when one bot call takes longer than this many seconds (a stuck bot)',
          })
          .option('shard', { type: 'string', describe: SHARD_HELP })
          .option('resume', { type: 'string', describe: RESUME_HELP })
          .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'no progress bar' }),
      async (a) => {
        const { summary, dir, interrupted } = await tournamentCommand(a as unknown as TournamentArgs & RuleArgs);
        printTournament(summary, dir, interrupted);
        if (summary.partial) process.exitCode = 130;
      },
    )
    .command(
      'ladder',
      'rate a pool of bots (Plackett-Luce, Elo-like scale, 95% intervals) from games at one or more table sizes',
      (y) =>
        withRuleOptions(y, { type: 'string', demandOption: true, describe: 'table sizes, comma-separated (e.g. 3,4,5)' })
          .option('agents', { alias: 'a', type: 'string', demandOption: true, describe: 'the pool: comma-separated agent specs (any bots, files too)' })
          .option('games', { alias: 'g', type: 'number', default: 100, describe: 'deals per seating at each table size' })
          .option('seed', { alias: 's', type: 'string', default: '1', describe: 'master seed (the same deals at every table size)' })
          .option('seatings', {
            choices: ['all', 'rotations'] as const,
            default: 'all' as const,
            describe: 'every permutation of each table, or the rotations of a seat order drawn from the seed',
          })
          .option('self-play', { type: 'boolean', default: false, describe: 'tables may seat one bot more than once' })
          .option('fill', {
            choices: TABLE_FILLS,
            default: DEFAULT_FILL,
            describe: FILL_HELP,
          })
          .option('anchor', { type: 'string', describe: 'the bot rated 0 (default: random if in the pool, else the first)' })
          .option('holdout', { type: 'number', default: 5, describe: "hold out every k-th deal to test the ratings' predictions (0: none)" })
          .option('threads', { alias: 't', type: 'number', describe: 'worker threads (default: the machine cores)' })
          .option('chunk', { type: 'number', describe: 'deals per worker task (results do not depend on it)' })
          .option('out', { alias: 'o', type: 'string', describe: 'output folder (default results/ladder-<time>)' })
          .option('force', { type: 'boolean', default: false, describe: 'overwrite an --out folder that holds files' })
          .option('decision-timeout', {
            type: 'number',
            default: DEFAULT_DECISION_SECONDS,
            describe: 'stop with an error naming the bot when one bot call takes longer than this many seconds (a stuck bot)',
          })
          .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'no progress bar' }),
      async (a) => {
        const { result, dir } = await ladderCommand(a as unknown as LadderArgs);
        printLadder(result, dir);
        if (result.partial) process.exitCode = 130;
      },
    )
    .command(
      'replay <file>',
      'validate game records by replaying them; print one game decision by decision',
      (y) =>
        y
          .positional('file', { type: 'string', demandOption: true, describe: 'JSON Lines file of game records' })
          .option('show', { type: 'number', describe: 'print this game (1 = first line)' })
          .option('game', { type: 'string', describe: 'expect records of this game (default: each record names its game)' }),
      (a) => console.log(replayCommand(a.file, a.show, a.game)),
    )
    .command(
      'analyse <file>',
      "evaluate every decision of game records from the acting seat's view: win chance of each action, losses, inaccuracies, mistakes, blunders",
      (y) =>
        y
          .positional('file', { type: 'string', demandOption: true, describe: 'JSON Lines file of game records (a --log)' })
          .option('game', { type: 'string', describe: 'expect records of this game (default: each record names its game)' })
          .option('with', { type: 'string', describe: "the analyst: rollouts:samples=N (default: rollouts at the game's default budget)" })
          .option('games', { type: 'string', describe: 'games (lines) to analyse: 1,3-5 (default: every line)' })
          .option('seed', { alias: 's', type: 'string', default: '1', describe: "seed of the analyst's samples" })
          .option('threads', { alias: 't', type: 'number', describe: 'worker threads (default: the machine cores)' })
          .option('out', { alias: 'o', type: 'string', describe: 'output folder (default results/analysis-<time>)' })
          .option('force', { type: 'boolean', default: false, describe: 'overwrite an --out folder that holds a run' })
          .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'no progress bar' }),
      async (a) => {
        await analyseCommand(a as unknown as AnalyseArgs);
      },
    )
    .command(
      'agents',
      'list the built-in bots of every game and their parameters',
      (y) => y.option('game', { type: 'string', describe: 'only this game' }),
      (a) => console.log(agentsCommand(a.game === undefined ? undefined : gameById(a.game).id)),
    )
    .command(
      'play',
      'play at the terminal against bots',
      (y) =>
        withRuleOptions(y)
          .option('agents', { alias: 'a', type: 'string', demandOption: true, describe: 'the bots at your table' })
          .option('seat', { type: 'number', describe: 'your seat (default 0)' })
          .option('games', { type: 'number', default: 1 })
          .option('seed', { type: 'string', default: String(Date.now()) }),
      (a) => playCommand(a as unknown as Parameters<typeof playCommand>[0]),
    )
    .command(
      'run <file>',
      'run an experiment file (experiments/*.json): tournaments or a sweep, charts and report.html',
      (y) =>
        y
          .positional('file', { type: 'string', demandOption: true })
          .option('games', { type: 'number', describe: 'override the deals per seating of the file' })
          .option('out', { alias: 'o', type: 'string', describe: 'output folder (default results/<kind>-<time>)' })
          .option('force', { type: 'boolean', default: false, describe: 'overwrite an --out folder that holds files' })
          .option('threads', { alias: 't', type: 'number', describe: 'worker threads (default: the machine cores)' })
          .option('decision-timeout', DECISION_TIMEOUT)
          .option('shard', { type: 'string', describe: `${SHARD_HELP} (strategies and player-count experiments)` })
          .option('resume', { type: 'string', describe: RESUME_HELP })
          .option('quiet', { alias: 'q', type: 'boolean', default: false }),
      (a) => runCommand(a),
    )
    .command(
      'merge <shards..>',
      'combine the shard folders of a tournament or experiment into the outputs of the single run',
      (y) =>
        y
          .positional('shards', { type: 'string', array: true, demandOption: true, describe: 'the shard folders (every shard of the run, once)' })
          .option('out', { alias: 'o', type: 'string', describe: 'output folder (default results/<kind>-<time>)' })
          .option('force', { type: 'boolean', default: false, describe: 'overwrite an --out folder that holds a run' })
          .option('quiet', { alias: 'q', type: 'boolean', default: false }),
      async (a) => void (await mergeCommand({ shards: a.shards as string[], out: a.out, force: a.force, quiet: a.quiet })),
    )
    .command(
      'sweep',
      "tune a bot's numeric parameters against a field, with racing",
      (y) =>
        withRuleOptions(y)
          .option('agent', { type: 'string', demandOption: true, describe: 'bot to tune (may fix other parameters: threshold:cost=face)' })
          .option('grid', { type: 'string', array: true, demandOption: true, describe: 'name=lo..hi, name=lo..hi:step or name=a|b|c' })
          .option('field', { type: 'string', demandOption: true, describe: 'the opponents, comma-separated' })
          .option('games', { alias: 'g', type: 'number', default: 2000, describe: 'deals for a point raced to the end' })
          .option('seed', { alias: 's', type: 'string', default: '1', describe: 'master seed' })
          .option('rounds', { type: 'number', default: 4, describe: 'racing rounds (1: no racing)' })
          .option('alpha', { type: 'number', default: 0.05, describe: 'drop points worse than the leader at this Holm-corrected level' })
          .option('threads', { alias: 't', type: 'number', describe: 'worker threads (default: the machine cores)' })
          .option('decision-timeout', DECISION_TIMEOUT)
          .option('out', { alias: 'o', type: 'string', describe: 'output folder (default results/sweep-<time>)' })
          .option('force', { type: 'boolean', default: false, describe: 'overwrite an --out folder that holds files' })
          .option('quiet', { alias: 'q', type: 'boolean', default: false }),
      (a) => sweepCommand(a as unknown as Parameters<typeof sweepCommand>[0]),
    )
    .command(
      'test',
      'is the candidate stronger than the baseline? a sequential test (GSPRT) on duplicate deals, stopped when the answer is sure',
      (y) =>
        withRuleOptions(y)
          .option('candidate', { type: 'string', demandOption: true, describe: 'the bot to test (B)' })
          .option('baseline', { type: 'string', demandOption: true, describe: 'the bot it must beat (A)' })
          .option('field', { type: 'string', describe: 'the other seats: one bot, or players-1 comma-separated (default: copies of the baseline)' })
          .option('unit', {
            type: 'string',
            choices: ['win', 'score'],
            default: 'win',
            describe: 'win: win share in points of percentage; score: mean score in points',
          })
          .option('d0', { type: 'number', default: 0, describe: 'H0: the candidate is better by at most d0' })
          .option('d1', { type: 'number', describe: 'H1: the candidate is better by at least d1 (default 3 win-share points, or 1 score point)' })
          .option('alpha', { type: 'number', default: 0.05, describe: 'the chance of accepting H1 when the difference is d0' })
          .option('beta', { type: 'number', default: 0.05, describe: 'the chance of accepting H0 when the difference is d1' })
          .option('max-deals', { type: 'number', default: 20000, describe: 'the cap: a truncated test stops here' })
          .option('batch', { type: 'number', default: 50, describe: 'deals between looks at the evidence' })
          .option('seatings', { type: 'string', choices: ['rotations', 'all'], default: 'rotations', describe: 'seatings per deal (all: every permutation)' })
          .option('seed', { alias: 's', type: 'string', default: '1', describe: 'master seed' })
          .option('threads', { alias: 't', type: 'number', describe: 'worker threads (default: the machine cores)' })
          .option('decision-timeout', DECISION_TIMEOUT)
          .option('out', { alias: 'o', type: 'string', describe: 'output folder (default results/test-<time>)' })
          .option('force', { type: 'boolean', default: false, describe: 'overwrite an --out folder that holds a run' })
          .option('resume', { type: 'string', describe: 'continue the interrupted test in this folder' })
          .option('quiet', { alias: 'q', type: 'boolean', default: false }),
      (a) => sequentialTestCommand(a as unknown as TestArgs),
    )
    .command(
      'tune',
      'tune every parameter of a bot at once (SPSA or NTBEA on duplicate deals), then check the winner on held-out deals',
      (y) =>
        withRuleOptions(y)
          .option('agent', { type: 'string', demandOption: true, describe: 'bot to tune (may fix other parameters: threshold:cost=face)' })
          .option('params', { type: 'string', array: true, demandOption: true, describe: 'name=lo..hi or name=a|b|c, one per parameter to tune' })
          .option('field', { type: 'string', demandOption: true, describe: 'the opponents, comma-separated' })
          .option('budget', { type: 'number', default: 20000, describe: 'games the tuning may play (the held-out check comes on top)' })
          .option('method', { type: 'string', choices: ['spsa', 'ntbea'], default: 'spsa', describe: 'spsa (continuous) or ntbea (mixed, discrete levels)' })
          .option('deals', { type: 'number', default: DEFAULT_TUNE_DEALS, describe: 'deals per evaluation, shared by the settings it compares' })
          .option('holdout', { type: 'number', default: 1000, describe: 'deals of the held-out check (another seed)' })
          .option('compare', {
            type: 'string',
            array: true,
            describe: 'other specs (a grid winner) replayed with the tuned and starting settings on the held-out deals',
          })
          .option('seed', { alias: 's', type: 'string', default: '1', describe: 'master seed' })
          .option('threads', { alias: 't', type: 'number', describe: 'worker threads (default: the machine cores)' })
          .option('decision-timeout', DECISION_TIMEOUT)
          .option('out', { alias: 'o', type: 'string', describe: 'output folder (default results/tune-<time>)' })
          .option('force', { type: 'boolean', default: false, describe: 'overwrite an --out folder that holds a run' })
          .option('quiet', { alias: 'q', type: 'boolean', default: false }),
      (a) => tuneCommand(a as unknown as TuneArgs),
    )
    .command(
      'bench',
      'measure engine, bots and tournament speed on fixed workloads',
      (y) =>
        y
          .option('json', { type: 'boolean', default: false, describe: 'print one JSON object' })
          .option('quick', { type: 'boolean', default: false, describe: 'workloads 10x smaller' })
          .option('reference', { type: 'boolean', default: true, describe: 'also build and run the C reference (../shared/perf)' })
          .option('game', {
            type: 'string',
            default: 'no-thanks',
            choices: ['no-thanks', '6-nimmt', 'no-thanks-specials', 'all'],
            describe: 'whose workloads: no-thanks, 6-nimmt, no-thanks-specials or all',
          }),
      (a) => benchCommand(a),
    )
    .command(
      'web',
      'build the web app (replay viewer, play page) and serve it locally, or write it with --out',
      (y) =>
        y
          .option('out', { alias: 'o', type: 'string', describe: 'write the page (index.html, self-contained) to this folder instead of serving it' })
          .option('port', { alias: 'p', type: 'number', default: 8080, describe: 'port to serve on (0: any free port)' })
          .option('host', { type: 'string', default: '127.0.0.1', describe: 'address to serve on' })
          .option('results', { type: 'string', default: 'results', describe: 'folder whose *.jsonl game logs the page may list and open (read-only)' })
          .option('force', { type: 'boolean', default: false, describe: 'overwrite an index.html in --out' }),
      (a) => webCommand(a),
    )
    // The flags' aliases as declared (yargs has getOptions() at run time; its types leave it out).
    .middleware((argv) => checkFlagValues(argv, args, (cli as unknown as { getOptions(): { alias: Record<string, string[]> } }).getOptions().alias))
    .demandCommand(1, 'name a command (see --help)')
    .strict()
    .fail((msg, err) => {
      // A user's mistake (a flag yargs refuses, or a UserError from the command) and a bug alike
      // leave here as what parseAndRun rejects with. A first word that is no command is named as
      // such, not as an "Unknown argument" (strictCommands() would call any extra word a command).
      const unknown = /^Unknown arguments?: (.*)$/.exec(msg ?? '')?.[1]?.split(', ') ?? [];
      if (!err && args[0] !== undefined && unknown.includes(args[0])) throw new UserError(`Unknown command: ${args[0]} (see --help)`);
      throw err ?? new UserError(msg);
    })
    .help()
    // -h as well: the first thing many users type, and before it was refused as a missing argument.
    .alias('help', 'h')
    .parseAsync();
}

/**
 * The CLI inside this process, for tests that check what a command prints and its exit code
 * without the cost of starting Node: status is the exit code the binary would end with (1 after
 * a mistake's one line on stderr). What the command writes to stdout, stderr and the console is
 * captured, and it runs in `cwd`; calls wait for each other, as they swap process globals.
 * Process-level behaviour (signals, process.exit, what a bot does to its process, --help) stays
 * with the binary, main.ts.
 */
export function runCli(args: readonly string[], cwd?: string): Promise<CliResult> {
  return runCaptured(() => parseAndRun(args), cwd);
}
