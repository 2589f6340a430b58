import { DEFAULT_DECISION_SECONDS } from '../tournament/run.js';
import { DEFAULT_FILL, TABLE_FILLS } from '../tournament/schedule.js';

// The flags several commands share, each declared once here (a command adds it under its name:
// `.option('threads', THREADS)`). Where commands word a flag differently, a function takes the
// command's words. The game and its rule flags are options.ts's withRuleOptions.

/** --threads (-t): every command that plays games in worker threads. */
export const THREADS = { alias: 't', type: 'number', describe: 'worker threads (default: the machine cores)' } as const;

/** --chunk: the commands that split a tournament's deals into worker tasks. */
export const CHUNK = { type: 'number', describe: 'deals per worker task (results do not depend on it)' } as const;

/** --decision-timeout: the per-decision limit of the commands that play tournaments inside (the stuck-bot line names it). */
export const DECISION_TIMEOUT = decisionTimeout('stop with an error naming the bot when one bot call takes longer than this many seconds (a stuck bot)');

/** --decision-timeout, in the command's own words. */
export function decisionTimeout(describe: string) {
  return { type: 'number', default: DEFAULT_DECISION_SECONDS, describe } as const;
}

/** --seed (-s), the master seed of a command whose default seed is 1. */
export function masterSeed(describe = 'master seed') {
  return { alias: 's', type: 'string', default: '1', describe } as const;
}

/** --out (-o): the output folder, by default a new one named after the kind of run. */
export function outFolder(kind: string) {
  return { alias: 'o', type: 'string', describe: `output folder (default results/${kind}-<time>)` } as const;
}

/** --force: replace what the outputs would overwrite (`what`: an --out folder that holds files, ...). */
export function overwrite(what: string) {
  return { type: 'boolean', default: false, describe: `overwrite ${what}` } as const;
}

/** --force of the commands that refuse an --out folder holding any files. */
export const OVERWRITE_FILES = overwrite('an --out folder that holds files');

/** --force of the commands that refuse an --out folder holding a run. */
export const OVERWRITE_RUN = overwrite('an --out folder that holds a run');

/** --quiet (-q) of the commands whose help names what it turns off. */
export const QUIET = { alias: 'q', type: 'boolean', default: false, describe: 'no progress bar' } as const;

/** --quiet (-q) of the commands whose help has always shown it without a description (kept so their help reads as before). */
export const QUIET_UNDESCRIBED = { alias: 'q', type: 'boolean', default: false } as const;

/** --self-play: the commands that build tables from a pool. */
export const SELF_PLAY = { type: 'boolean', default: false, describe: 'tables may seat one bot more than once' } as const;

/** --fill, the same for every command that fills tables (docs/tournaments.md "Table filling"). */
export const FILL = {
  choices: TABLE_FILLS,
  default: DEFAULT_FILL,
  describe:
    'a pool smaller than the table: balanced (every bot once, the seats left to each subset in turn), multisets (every multiset of bots) or cycle (the pool repeated in order)',
} as const;

/** --shard's help; a command may add what it shards. */
export const SHARD_HELP =
  'play shard I of N (0-based, I/N) of the deals into a shard folder for nothanks merge; "env" reads SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX or NOTHANKS_SHARD with NOTHANKS_SHARDS';

/** --resume of the commands that continue an interrupted run or shard. */
export const RESUME = {
  type: 'string',
  describe: 'continue the interrupted run (or shard) in this folder: repeat its command with --resume DIR in place of --out',
} as const;

/** --game of the commands that read game records: the game the records must be of. */
export const EXPECTED_GAME = { type: 'string', describe: 'expect records of this game (default: each record names its game)' } as const;

/** --agent of the commands that tune a bot's parameters. */
export const TUNED_AGENT = { type: 'string', demandOption: true, describe: 'bot to tune (may fix other parameters: threshold:cost=face)' } as const;

/** --field of the commands that tune a bot against opponents. */
export const OPPONENTS = { type: 'string', demandOption: true, describe: 'the opponents, comma-separated' } as const;
