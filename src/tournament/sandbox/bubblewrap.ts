import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, realpathSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { PROJECT_ROOT } from '../../paths.js';

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

function baseArgs(): string[] {
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
    '--tmpfs',
    '/tmp',
  ];
}

/** The reference clients (Python, Node), readable by every bot at their own path: PYTHONPATH points at the Python one. */
const CLIENTS = join(PROJECT_ROOT, 'clients');

const isNode = (program: string): boolean => program === process.execPath || basename(program) === 'node';

/**
 * A program given as a path outside the system folders (a virtualenv's or pyenv's python, a
 * compiled bot): the folders of its installation, which the sandbox binds read-only. A bare name is looked up on the sandbox's own
 * PATH, the system's (/usr/local/bin, /usr/bin, /bin).
 */
function programFolders(program: string): string[] {
  if (!program.includes('/') || !existsSync(program)) return [];
  // The installation it belongs to (a bin/ folder's parent holds its lib/), as given (a
  // virtualenv, whose site-packages are beside its bin/) and as resolved (the Python it links to).
  const prefix = (path: string): string => (basename(dirname(path)) === 'bin' ? dirname(dirname(path)) : dirname(path));
  const folders = [...new Set([prefix(program), prefix(realpathSync(program))])];
  return folders.filter((f) => !SYSTEM.some((d) => f === d || f.startsWith(`${d}/`)));
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
  const args2 = [...baseArgs()];
  const bindRo = (path: string, at = path): void => void args2.push('--ro-bind', path, at);
  for (const folder of programFolders(file!)) bindRo(folder);
  bindRo(program.folder);
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
  args2.push('--chdir', program.folder, '--setenv', 'PATH', '/usr/local/bin:/usr/bin:/bin', '--setenv', 'HOME', '/tmp', '--setenv', 'LANG', 'C.UTF-8');
  args2.push('--setenv', 'PYTHONPATH', join(CLIENTS, 'python'), '--setenv', 'PYTHONDONTWRITEBYTECODE', '1', '--');
  // A memory limit: Node reserves address space far beyond its heap, so it gets a heap limit instead.
  if (isNode(file!)) return [BWRAP, ...args2, file!, `--max-old-space-size=${program.memoryMb}`, ...args];
  return [BWRAP, ...args2, '/usr/bin/prlimit', `--as=${program.memoryMb * 1024 * 1024}`, '--', file!, ...args];
}
