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
  // The whole tree first, then parents before children: a shell killed first cannot print
  // "Killed" for its child (execSync runs its command in /bin/sh).
  const tree: number[] = [];
  for (let i = -1; i < tree.length; i++) tree.push(...(children.get(i < 0 ? root : tree[i]!) ?? []));
  let killed = 0;
  for (const pid of tree) {
    try {
      process.kill(pid, 'SIGKILL');
      killed++;
    } catch {
      // Already gone.
    }
  }
  return killed;
}
