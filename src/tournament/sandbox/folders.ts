import { lstatSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { UserError } from '../../errors.js';
import { realPath } from '../../files.js';
import { PROJECT_ROOT } from '../../paths.js';

export { realPath };

/**
 * Which folders the sandbox may show a bot, decided on real paths (symbolic links followed), never
 * on paths as written: `/bin` is a link to `/usr/bin` on most systems, and `resolve` compares
 * spellings, not places.
 */

/** Whether `path` is `folder` or lies inside it (both real paths). */
export const within = (path: string, folder: string): boolean => path === folder || folder === '/' || path.startsWith(`${folder}/`);

/**
 * The system's folders: never a bot's folder, nor any folder above one of them (`/` above all).
 * The sandbox binds the programs and libraries (/usr, /bin, /lib, /lib64, /sbin) itself.
 */
const SYSTEM_FOLDERS = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/etc', '/proc', '/sys', '/dev', '/boot', '/run'];
/** Folders that hold everyone's files: never a bot's folder themselves (a folder inside them may be). */
const SHARED_FOLDERS = ['/var', '/root', '/home', '/opt', '/srv', '/mnt', '/media', '/tmp', '/var/tmp'];

/**
 * Why `folder` cannot be shown to a bot (bound into its sandbox), or undefined when it can: a
 * system folder or one inside the programs' and libraries' folders, a folder above the lab's code,
 * its temporary folder (TMPDIR: the lab's private folder of pipes lies there) or the lab's private
 * folder itself, or inside that private folder.
 */
export function folderProblem(folder: string): string | undefined {
  const real = realPath(folder);
  const temporary = realPath(tmpdir());
  if (within(temporary, real)) return `${real} holds the lab's temporary folder (TMPDIR ${temporary}), where the lab keeps the pipes of every bot`;
  const systems = SYSTEM_FOLDERS.map((d) => realPath(d));
  if (real === '/' || systems.includes(real) || SHARED_FOLDERS.some((d) => realPath(d) === real)) return `${real} is a system folder`;
  const system = systems.find((d) => within(real, d));
  if (system) return `${real} is inside the system folder ${system}`;
  const lab = realPath(PROJECT_ROOT);
  if (within(lab, real)) return `${real} holds the lab itself (${lab})`;
  if (within(real, realPath(privateRoot()))) return `${real} is inside the lab's private folder`;
  return undefined;
}

/** Throws the one line for a bot whose folder cannot be shown to it (see folderProblem). */
export function checkBotFolder(folder: string, what: string): string {
  const why = folderProblem(folder);
  if (why) throw new UserError(`${what}: its folder ${folder} cannot be a bot's folder (${why}): put the bot in a folder of its own`);
  return realPath(folder);
}

const privateRoot = (): string => join(tmpdir(), `nothanks-lab-${process.getuid?.() ?? 0}-${process.pid}`);

/**
 * The lab's private folder (0700, this process's): the bots' pipes are made here, never in a
 * folder a bot can see (folderProblem refuses every folder that holds it). Shared by the
 * process's threads; the main thread removes it when the process ends.
 */
export function labPrivateFolder(): string {
  const path = privateRoot();
  if (!swept) {
    swept = true;
    sweepEnded();
  }
  try {
    mkdirSync(path, { mode: 0o700 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const s = lstatSync(path);
  // Made by someone else before this process (a link, another owner, open to others): not used.
  if (!s.isDirectory() || s.isSymbolicLink() || (process.getuid && s.uid !== process.getuid()) || (s.mode & 0o077) !== 0)
    throw new UserError(`the lab's private folder ${path} exists and is not this process's own (0700, yours): remove it`);
  if (isMainThread && !cleaning) {
    cleaning = true;
    process.on('exit', () => rmSync(path, { recursive: true, force: true }));
  }
  return path;
}
let cleaning = false;
let swept = false;

/**
 * Removes the private folders of this user's lab processes that have ended without removing
 * their own (a test runner's thread, a process killed): pipes only, named by user and process id.
 */
function sweepEnded(): void {
  const uid = process.getuid?.() ?? 0;
  let names: string[];
  try {
    names = readdirSync(tmpdir());
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(new RegExp(`^nothanks-lab-${uid}-(\\d+)$`).exec(name)?.[1]);
    if (!pid || pid === process.pid || alive(pid)) continue;
    const path = join(tmpdir(), name);
    try {
      const s = lstatSync(path);
      if (s.isDirectory() && s.uid === uid) rmSync(path, { recursive: true, force: true });
    } catch {
      // Gone already, or not ours.
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
