import yargs from 'yargs';
import { UserError } from '../errors.js';
import { runCaptured, type CliResult } from './captured-run.js';
import { agents } from './commands/agents.js';
import { analyse } from './commands/analyse.js';
import { bench } from './commands/bench.js';
import { advise, evaluate } from './commands/eval.js';
import { distill } from './commands/distill.js';
import { exploit } from './commands/exploit.js';
import { ladder } from './commands/ladder.js';
import { merge } from './commands/merge.js';
import { play } from './commands/play.js';
import { replay } from './commands/replay.js';
import { run } from './commands/run.js';
import { serve } from './commands/serve.js';
import { sweep } from './commands/sweep.js';
import { test } from './commands/test.js';
import { tournament } from './commands/tournament.js';
import { tune } from './commands/tune.js';
import { web } from './commands/web.js';
import { checkFlagValues } from './flag-values.js';

export type { CliResult } from './captured-run.js';

/** Text flags whose value may start with a minus sign (a negative index or seed). */
const TEXT_FLAGS = new Set(['--table', '--shard', '--seed', '-s']);

/**
 * `--table -1,0,1` as `--table=-1,0,1`: yargs reads a word that starts with a minus as flags
 * (`-1` as flag 1: "Unknown argument: 1"), so the command never saw the value to say what is
 * wrong with it.
 */
function negativeValues(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const next = args[i + 1];
    if (TEXT_FLAGS.has(args[i]!) && next !== undefined && /^-[\d.]/.test(next)) {
      out.push(`${args[i]}=${next}`);
      i++;
    } else out.push(args[i]!);
  }
  return out;
}

/**
 * One command of the CLI, given its arguments (without `node main.js`). Every mistake a user can
 * make rejects with a UserError (the binary, main.ts, prints it as one line and exits 1); a
 * command that ends partial leaves process.exitCode 130. --help and --version print and exit the
 * process (yargs).
 */
export async function parseAndRun(args: readonly string[]): Promise<void> {
  const cli = yargs(negativeValues(args));
  await cli
    .scriptName('nothanks')
    .usage('$0 <command> [options]')
    // In the order of the help's command list.
    .command(tournament)
    .command(ladder)
    .command(replay)
    .command(analyse)
    .command(evaluate)
    .command(advise)
    .command(distill)
    .command(exploit)
    .command(agents)
    .command(play)
    .command(run)
    .command(merge)
    .command(sweep)
    .command(test)
    .command(tune)
    .command(bench)
    .command(web)
    .command(serve)
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
