import { readdirSync, readFileSync } from 'node:fs';

/**
 * Kills every process this one started, and theirs (Linux: read from /proc; elsewhere nothing is
 * found). A bot stuck in a blocking call into a child (execSync('sleep 1000')) holds its worker
 * thread where terminate() cannot reach it, and would keep the lab from exiting: once the watchdog
 * has named the bot, its children go.
 */
export function killChildProcesses(root = process.pid): number {
  const children = new Map<number, number[]>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent pid is the 2nd field after the command name, which is in parentheses and may hold spaces.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid)!.push(Number(entry));
    } catch {
      // Gone while we looked.
    }
  }
  let killed = 0;
  const kill = (pid: number): void => {
    for (const child of children.get(pid) ?? []) {
      kill(child);
      try {
        process.kill(child, 'SIGKILL');
        killed++;
      } catch {
        // Already gone.
      }
    }
  };
  kill(root);
  return killed;
}
