import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseSpec } from '../agents/spec.js';
import { listWritten, makeDirs } from '../files.js';
import { ownLog } from './sandbox/program.js';

/**
 * The run folder's bot-logs/, where bot programs' stderr logs go while a run plays: beside the
 * results they explain, and removed with the run by --force, rather than piling up in the system's
 * temporary folder across runs. Made here (so the run's list of what the lab wrote has it) when a
 * lineup seats a program, or under --isolate a bot file (it then runs as one); otherwise no bot
 * writes a log and there is no folder.
 */
export function runBotLogs(dir: string, specs: readonly string[], isolate = false): string | undefined {
  const logged = specs.some((s) => {
    const kind = parseSpec(s).kind;
    return kind === 'program' || (isolate && kind === 'file');
  });
  if (!logged) return undefined;
  const logs = join(dir, 'bot-logs');
  makeDirs(logs);
  return logs;
}

/** Lists the logs this process's bots wrote in `logs` as the run's own: the worker threads write them in place, not through files.ts. */
export function listBotLogs(logs: string | undefined): void {
  if (logs) for (const name of readdirSync(logs)) if (ownLog(name)) listWritten(join(logs, name));
}
