import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { PROJECT_ROOT } from '../../paths.js';
import { checkBotFolder, folderProblem, realPath, within } from './folders.js';

/**
 * The operating-system sandbox of program bots: bubblewrap (Debian package `bubblewrap`), the
 * tool Flatpak runs apps in. A bot program runs in new namespaces of every kind (no network, its
 * own process ids: it sees no lab process, so neither the lab's argv with the seed nor a pid to
 * signal), with a read-only view of the system's programs and libraries, its own folder and the
 * lab's reference clients read-only, a private /tmp, an empty environment, no /etc, and an
 * address-space limit. It dies with the
 * thread that started it, and everything it forked dies with it (the namespace's init is bwrap).
 */
const BWRAP = 'bwrap';

let verdict: string | undefined | null = null;

/** Why the sandbox cannot run here (one line), or undefined when it works: tried once per thread. */
export function sandboxMissing(): string | undefined {
  if (verdict !== null) return verdict;
  try {
    execFileSync(BWRAP, [...baseArgs(), '--', '/usr/bin/true'], { stdio: 'ignore', timeout: 10_000 });
    verdict = undefined;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    verdict =
      code === 'ENOENT'
        ? 'bubblewrap (bwrap) is not installed: apt-get install bubblewrap'
        : 'bubblewrap (bwrap) is installed but cannot make a sandbox here (user namespaces disabled?)';
  }
  return verdict;
}

const SYSTEM = ['/usr', '/bin', '/lib', '/lib64', '/sbin'];

function baseArgs(tmpMb = 16): string[] {
  const size = String(tmpMb * 1024 * 1024);
  return [
    '--unshare-all',
    '--die-with-parent',
    '--new-session',
    '--clearenv',
    ...SYSTEM.flatMap((d) => ['--ro-bind-try', d, d]),
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    // RAM-backed folders are memory too: /tmp and /dev/shm sized, the rest of /dev read-only.
    '--size',
    size,
    '--tmpfs',
    '/dev/shm',
    '--remount-ro',
    '/dev',
    '--size',
    size,
    '--tmpfs',
    '/tmp',
  ];
}

/** Processes (and threads: the kernel counts both) a sandboxed bot may run at once. */
export const MAX_PROCESSES = 64;

/** What each of the sandbox's RAM-backed folders (/tmp, /dev/shm) may hold: an eighth of the memory limit, at least 8 MB. */
export const tmpfsMb = (memoryMb: number): number => Math.max(8, Math.floor(memoryMb / 8));

/** The reference clients (Python, Node), readable by every bot at their own path: PYTHONPATH points at the Python one. */
const CLIENTS = join(PROJECT_ROOT, 'clients');

const isNode = (program: string): boolean => program === process.execPath || basename(program) === 'node';

/**
 * A program given by path (a virtual environment's python, pyenv's, conda's, a compiled bot) as the
 * sandbox runs it, and what of it the sandbox binds read-only. A bare name is looked up on the
 * sandbox's own PATH, the system's (/usr/local/bin, /usr/bin, /bin): nothing to bind.
 *
 * Bound, by real paths and only where a bot may see them (folderProblem: `/bin/python3`'s
 * installation would be `/`, the whole machine):
 * - a virtual environment, the folder above its bin/ that holds pyvenv.cfg (its site-packages),
 *   and the Python it was made from, which pyvenv.cfg's `home` names (a venv made with --copies
 *   reaches it by no symbolic link);
 * - the installation the program resolves to: the folder above its bin/ when that holds a
 *   lib/python* (pyenv's, conda's, a Python built from source), else the program's own folder;
 * - else the program file alone, where its folder is none of these (~/bin/python linking to a
 *   pyenv Python): the folder above a bin/ is bound only when it is an installation, never a home.
 *
 * The program runs at its path with its folders' links resolved and its own name kept: a venv's
 * python finds its pyvenv.cfg beside it, which the Python it links to would not.
 */
function programInSandbox(program: string): { path: string; binds: string[] } {
  if (!program.includes('/') || !existsSync(program)) return { path: program, binds: [] };
  const path = join(realPath(dirname(program)), basename(program));
  const folders: string[] = [];
  const above = (bin: string): string | undefined => (basename(bin) === 'bin' ? dirname(bin) : undefined);
  const venv = above(dirname(path));
  if (venv !== undefined && existsSync(join(venv, 'pyvenv.cfg'))) {
    folders.push(venv);
    const home = venvHome(join(venv, 'pyvenv.cfg'));
    if (home !== undefined) folders.push(installationOf(realPath(home)));
  }
  folders.push(installationOf(dirname(realPath(path))));
  const binds = [...new Set(folders.map(realPath))].filter((f) => folderProblem(f) === undefined);
  const reachable = binds.some((f) => within(dirname(path), f));
  if (!reachable && folderProblem(dirname(path)) === undefined) binds.push(path);
  return { path, binds };
}

/** The installation a program's folder belongs to: above its bin/ when that is a Python's (lib/python*), else the folder itself. */
function installationOf(folder: string): string {
  const root = basename(folder) === 'bin' ? dirname(folder) : undefined;
  if (root === undefined) return folder;
  try {
    if (readdirSync(join(root, 'lib')).some((name) => /^python\d/.test(name))) return root;
  } catch {
    // No lib/: not an installation.
  }
  return folder;
}

/** The `home` of a virtual environment's pyvenv.cfg (the bin/ folder of the Python it was made from), if it names one. */
function venvHome(cfg: string): string | undefined {
  try {
    const home = /^\s*home\s*=\s*(.+?)\s*$/m.exec(readFileSync(cfg, 'utf8'))?.[1];
    return home !== undefined && isAbsolute(home) && existsSync(home) ? home : undefined;
  } catch {
    return undefined;
  }
}

/** What the sandbox needs to know of a program (program.ts's `Program` is one). */
export interface SandboxedProgram {
  /** The program and its arguments. */
  command: string[];
  /** Its folder: the working directory, bound read-only. */
  folder: string;
  /** Address-space limit (MB); Node programs get it as their heap limit. */
  memoryMb: number;
  /** The lab's own files it may read (bound read-only). */
  labFiles?: readonly string[];
}

/** The command line that runs `program` in the sandbox. */
export function sandboxCommand(program: SandboxedProgram): string[] {
  const [file, ...args] = program.command;
  const args2 = [...baseArgs(tmpfsMb(program.memoryMb))];
  const bindRo = (path: string, at = path): void => void args2.push('--ro-bind', path, at);
  // The bot's folder as its real path, and never a system folder, one above the lab or its
  // temporary folder (folders.ts): a manifest's folder and an exec: bot's script's are checked
  // when read, and again here, where the mount is decided.
  const folder = checkBotFolder(program.folder, 'a bot program');
  const run = programInSandbox(file!);
  for (const f of run.binds) bindRo(f);
  bindRo(folder);
  bindRo(CLIENTS);
  for (const path of program.labFiles ?? []) {
    bindRo(path);
    // The lab's bundle cache holds other bots' compiled code: never visible (a bot's own bundle is
    // bound after it). Made first if missing: the mount needs it, and one made later would show.
    if (path === join(PROJECT_ROOT, 'node_modules')) {
      mkdirSync(join(path, '.cache'), { recursive: true });
      args2.push('--tmpfs', join(path, '.cache'));
    }
  }
  args2.push('--chdir', folder, '--setenv', 'PATH', '/usr/local/bin:/usr/bin:/bin', '--setenv', 'HOME', '/tmp', '--setenv', 'LANG', 'C.UTF-8');
  args2.push('--setenv', 'PYTHONPATH', join(CLIENTS, 'python'), '--setenv', 'PYTHONDONTWRITEBYTECODE', '1', '--');
  // A memory limit: Node reserves address space far beyond its heap, so it gets a heap limit and a
  // data limit (what it writes: ArrayBuffers outside the heap included) instead of an address-space
  // limit. And a process limit, as the user's (counted in the sandbox's own user namespace), but
  // the kernel does not hold root to it: a lab run by root adds a pids cgroup where it can
  // (sandboxSpawn).
  const mb = program.memoryMb * 1024 * 1024;
  const limits = ['/usr/bin/prlimit', `--nproc=${MAX_PROCESSES}`];
  if (isNode(file!))
    return [BWRAP, ...args2, ...limits, `--data=${mb + 256 * 1024 * 1024}`, '--', run.path, `--max-old-space-size=${program.memoryMb}`, ...args];
  return [BWRAP, ...args2, ...limits, `--as=${mb}`, '--', run.path, ...args];
}

let cgroups = 0;
const CGROUP_PIDS = '/sys/fs/cgroup/pids';

/**
 * A sandbox's command as spawned: under root (whom RLIMIT_NPROC does not bind), started inside a
 * pids cgroup of its own (cgroup v1's pids controller) when the lab may make one, so a fork bomb
 * stops at MAX_PROCESSES there too. `cleanup` removes the cgroup once the sandbox is killed.
 */
export function sandboxSpawn(command: string[]): { command: string[]; cleanup: () => void } {
  if (process.getuid?.() !== 0 || !existsSync(join(CGROUP_PIDS, 'cgroup.procs'))) return { command, cleanup: () => {} };
  if (cgroups === 0) removeSandboxCgroups(false);
  const group = join(CGROUP_PIDS, `nothanks-${process.pid}-${threadId}-${cgroups++}`);
  try {
    mkdirSync(group);
    writeFileSync(join(group, 'pids.max'), String(MAX_PROCESSES));
  } catch {
    return { command, cleanup: () => {} };
  }
  const cleanup = (): void => {
    for (let i = 0; i < 50; i++) {
      try {
        rmdirSync(group);
        return;
      } catch {
        // Its last processes are still dying.
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
      }
    }
  };
  return { command: ['/bin/sh', '-c', 'echo $$ > "$0/cgroup.procs" && exec "$@"', group, ...command], cleanup };
}

/**
 * Removes the empty pids cgroups of lab processes that have ended (`own`: this process's too, as
 * it ends): a thread stopped mid-run (a decision limit, an interrupt) never closed its programs.
 */
export function removeSandboxCgroups(own: boolean): void {
  let names: string[];
  try {
    names = readdirSync(CGROUP_PIDS);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/^nothanks-(\d+)-\d+-\d+$/.exec(name)?.[1]);
    if (!pid || (pid === process.pid ? !own : alive(pid))) continue;
    try {
      rmdirSync(join(CGROUP_PIDS, name));
    } catch {
      // Still holding a process, or not ours to remove.
    }
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};
