import { withRuleOptions, type RuleArgs } from '../options.js';
import { CHUNK, decisionTimeout, FILL, outFolder, overwrite, QUIET, RESUME, SELF_PLAY, SHARD_HELP, THREADS } from '../option-groups.js';
import { printTournament, tournamentCommand, type TournamentArgs } from '../tournament.js';
import { defineCommand } from './command.js';

export const tournament = defineCommand({
  command: 'tournament',
  describe: 'play a pool of bots at every table and seating on duplicate deals',
  builder: (y) =>
    withRuleOptions(y)
      .option('agents', { alias: 'a', type: 'string', demandOption: true, describe: 'the pool: comma-separated agent specs' })
      .option('games', { alias: 'g', type: 'number', default: 1000, describe: 'deals per seating (total games = deals x seatings)' })
      .option('seed', { alias: 's', type: 'string', describe: 'master seed (default 1; with --isolate a secret random one, printed)' })
      .option('threads', THREADS)
      .option('chunk', CHUNK)
      .option('self-play', SELF_PLAY)
      .option('fill', FILL)
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
      .option('out', outFolder('tournament'))
      .option('log', { type: 'string', describe: 'write every game record (JSON Lines) to this file' })
      .option('per-game', { type: 'string', describe: 'write one CSV row per seat and game to this file' })
      .option('report', {
        type: 'boolean',
        default: true,
        describe: "write report.html and the charts (SVG, Vega-Lite) beside the outputs, as an experiment's; --no-report skips them",
      })
      .option('force', overwrite('an --out folder, --log or --per-game file that exists'))
      .option('isolate', {
        type: 'boolean',
        default: false,
        describe:
          'contest mode: every bot file and program in a sandboxed process of its own (bubblewrap) that sees only its observation; without --seed a secret random seed (a known seed gives every deal away)',
      })
      .option('decision-timeout', decisionTimeout('stop with an error when one bot call takes longer than this many seconds (a stuck bot)'))
      .option('shard', { type: 'string', describe: SHARD_HELP })
      .option('resume', RESUME)
      .option('quiet', QUIET),
  handler: async (a) => {
    const { summary, dir, interrupted } = await tournamentCommand(a as unknown as TournamentArgs & RuleArgs);
    printTournament(summary, dir, interrupted);
    if (summary.partial) process.exitCode = 130;
  },
});
