import {
  appendFileSync,
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmdirSync,
  rmSync,
  type Stats,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { UserError } from './errors.js';
import { PROJECT_ROOT } from './paths.js';

/** A file-system failure as one line for the user ("cannot write x: permission denied"). */
function cannot(what: string, path: string, err: unknown): UserError {
  const code = (err as NodeJS.ErrnoException).code;
  const why = {
    EACCES: 'permission denied',
    EROFS: 'read-only file system',
    ENOTDIR: 'a parent is not a folder',
    ENOSPC: 'no space left',
    EISDIR: 'it is a folder',
    EEXIST: 'a file is in the way',
  }[code ?? ''];
  return new UserError(`cannot ${what} ${path}: ${why ?? (err as Error).message}`);
}

/**
 * The temporary name a file is written under before it is renamed into place: `NAME.HOST.PID.tmp`,
 * so a later run can tell a leftover of a killed process (same host, process gone) from a file
 * another live process is writing.
 */
const host = (): string => hostname().replace(/[^A-Za-z0-9-]/g, '-');
const tmpName = (path: string): string => `${path}.${host()}.${process.pid}.tmp`;

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Removes the temporary files a killed run (kill -9, a lost machine) left beside `path` (a file)
 * or, with `inFolder`, anywhere in the folder `path` (not below it). A file of this host whose
 * process is gone is stale; one of another host is stale only when `inFolder` (a run folder being
 * resumed belongs to the resuming run alone). Returns the names removed.
 */
export function removeStaleTmp(path: string, inFolder = false): string[] {
  const folder = inFolder ? path : dirname(path);
  const prefix = inFolder ? '' : `${basename(path)}.`;
  if (!existsSync(folder)) return [];
  const removed: string[] = [];
  const here = host();
  for (const name of readdirSync(folder)) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue;
    const m = /\.([^.]+)\.(\d+)\.tmp$/.exec(name);
    const mine = m !== null && m[1] === here;
    if (mine && Number(m[2]) === process.pid) continue;
    if (!inFolder && !(mine && !alive(Number(m[2])))) continue;
    rmSync(join(folder, name), { force: true });
    removed.push(name);
  }
  return removed;
}

/**
 * mkdir -p, one missing folder at a time from the deepest one that exists. Node 20's own
 * `mkdirSync(dir, { recursive: true })` never returns for a path under /proc (it steps between
 * the parent, "exists", and the child, "not found", forever); a plain mkdir fails there at once.
 */
export function makeDirs(dir: string): void {
  const missing: string[] = [];
  for (let d = resolve(dir); !existsSync(d); d = dirname(d)) {
    missing.push(d);
    if (dirname(d) === d) break;
  }
  for (let i = missing.length - 1; i >= 0; i--) {
    try {
      mkdirSync(missing[i]!);
      recordWritten(missing[i]!, true);
    } catch (err) {
      // Another run (a shard of the same job) made it meanwhile: fine, as with mkdir -p.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || !statSync(missing[i]!).isDirectory()) throw err;
    }
  }
}

/** Writes a whole file or nothing: a crash or Ctrl-C never leaves half a file under the real name. */
export function writeFileAtomic(path: string, content: string | Uint8Array): void {
  const tmp = tmpName(path);
  try {
    refuseNonRegular(path);
    refuseForeign(path);
    makeDirs(dirname(path));
    writeFileSync(tmp, content);
    renameSync(tmp, path);
    recordWritten(path);
  } catch (err) {
    // A full disk (ENOSPC) or any failed write leaves no half-written temporary file behind.
    try {
      rmSync(tmp, { force: true });
    } catch {
      // Not a file of ours (a folder under that name): left as it is.
    }
    if (err instanceof UserError) throw err;
    throw cannot('write', path, err);
  }
}

/**
 * What the lab put in a run folder: each file and folder it makes there is listed in WRITTEN_LIST,
 * by its path inside the run folder (a folder with a trailing /), as it is made, so --force can
 * remove those and nothing else: a file of the user's stays, and so does the folder it sits in.
 * Run folders this process prepared or resumed, by absolute path, with what is listed so far.
 */
const WRITTEN_LIST = '.nothanks-run';
/** Held while a run writes into its folder: a second run into the same folder is refused. */
const LOCK = '.nothanks-lock';
const runFolders = new Map<string, Set<string>>();

function recordWritten(path: string, folder = false): void {
  const abs = resolve(path);
  for (const [root, names] of runFolders) {
    if (!abs.startsWith(root + sep)) continue;
    const parts = abs.slice(root.length + 1).split(sep);
    const entry = parts.join('/') + (folder ? '/' : '');
    if (names.has(entry) || parts[0] === LOCK || parts[0] === WRITTEN_LIST || entry.endsWith('.tmp')) continue;
    names.add(entry);
    appendFileSync(join(root, WRITTEN_LIST), `${entry}\n`);
  }
}

/** Lists a file the lab writes in place (not through writeFileAtomic or AtomicLineWriter) as its own. */
export function listWritten(path: string): void {
  recordWritten(path);
}

/** The paths listed in `dir`'s WRITTEN_LIST, relative to it (empty when it holds no list: not a run folder). */
function writtenPaths(dir: string): string[] {
  const list = join(dir, WRITTEN_LIST);
  if (!existsSync(list)) return [];
  // Only plain paths inside the folder: an edited list cannot point elsewhere.
  return readFileSync(list, 'utf8')
    .split('\n')
    .filter(
      (p) =>
        p &&
        !p.startsWith('/') &&
        !p.includes('\\') &&
        p
          .replace(/\/$/, '')
          .split('/')
          .every((s) => s && s !== '.' && s !== '..'),
    );
}

/** The entries a lab run wrote at the top of `dir` (a file, or a folder such as state/ or players-4/). */
export function writtenEntries(dir: string): string[] {
  return [...new Set(writtenPaths(dir).map((p) => p.split('/')[0]!))];
}

/**
 * Whether the lab listed `entry` as its own in a run folder. A list written before the lab listed
 * every path names only the top entries, a folder without its trailing /: such an entry covers
 * everything in it, as it did then (so those runs still resume).
 */
function listed(names: ReadonlySet<string>, entry: string): boolean {
  const parts = entry.split('/');
  return names.has(entry) || parts.some((_, i) => i > 0 && names.has(parts.slice(0, i).join('/')));
}

/**
 * Removes what a lab run listed in `dir`, and nothing else: its files, then its folders deepest
 * first, each only if nothing is left in it (a file of the user's keeps its folder).
 */
function removeWritten(dir: string): void {
  const root = realpathSync(dir);
  const paths = writtenPaths(dir);
  const folders: string[] = [];
  for (const p of paths) {
    const path = join(dir, p);
    let st: Stats;
    try {
      st = lstatSync(path);
      // Never through a link the user put in place of one of the lab's folders.
      const parent = realpathSync(dirname(path));
      if (parent !== root && !parent.startsWith(root + sep)) continue;
    } catch {
      continue; // already gone
    }
    if (!st.isDirectory()) rmSync(path, { force: true });
    else if (p.endsWith('/')) folders.push(path);
    else rmSync(path, { recursive: true, force: true }); // an old list's top folder (see listed)
  }
  for (const f of folders.sort((a, b) => b.length - a.length)) {
    try {
      rmdirSync(f);
    } catch (err) {
      // Not empty (a user's file in it), or a link the user put in place of the lab's folder
      // (ENOTDIR): it stays, and nothing behind a link is removed.
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST' && code !== 'ENOTDIR') throw err;
    }
  }
}

/**
 * The lab never replaces a file it did not write: in a run folder this process writes into (where
 * --force leaves the user's files), a file at an output's path that the lab did not list is refused.
 */
function refuseForeign(path: string): void {
  const abs = resolve(path);
  for (const [root, names] of runFolders) {
    if (!abs.startsWith(root + sep) || !existsSync(abs)) continue;
    if (
      !listed(
        names,
        abs
          .slice(root.length + 1)
          .split(sep)
          .join('/'),
      )
    )
      throw new UserError(`cannot write ${path}: a file the lab did not write is in the way (move it, or choose another --out)`);
  }
}

/** The locks this process holds, released together at exit (or by releaseRunFolders). */
const heldLocks = new Set<string>();
let releasedAtExit = false;

/**
 * Releases every run folder this process holds: their locks removed, nothing more listed as
 * written. At exit for the binary; after each command for a command run in-process (runCli),
 * whose process goes on.
 */
export function releaseRunFolders(): void {
  for (const lock of heldLocks) rmSync(lock, { force: true });
  heldLocks.clear();
  runFolders.clear();
}

/** Takes the folder's lock for this process (released at exit), or names the live run that holds it. */
function lockRunFolder(dir: string): void {
  const lock = join(dir, LOCK);
  for (;;) {
    try {
      writeFileSync(lock, `${host()} ${process.pid}\n`, { flag: 'wx' });
      heldLocks.add(lock);
      if (!releasedAtExit) process.once('exit', releaseRunFolders);
      releasedAtExit = true;
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const [owner, pid] = readFileSync(lock, 'utf8').trim().split(' ');
    if (owner !== host() || (Number(pid) !== process.pid && alive(Number(pid)))) {
      throw new UserError(
        `--out ${dir} is being written by another lab run (${owner === host() ? `process ${pid}` : `on ${owner}`}): wait for it, or choose another folder`,
      );
    }
    if (Number(pid) === process.pid) return;
    rmSync(lock, { force: true }); // left by a run that was killed
  }
}

/** An output folder must not be a folder the same command reads (merge's shards), nor around or inside one. */
/** A path's real path; for a path that does not exist yet, its deepest existing folder's real path with the rest appended. */
export function realPath(path: string): string {
  const absolute = resolve(path);
  const rest: string[] = [];
  for (let at = absolute; ; at = dirname(at)) {
    try {
      return join(realpathSync(at), ...rest.reverse());
    } catch {
      if (dirname(at) === at) return absolute;
      rest.push(basename(at));
    }
  }
}

export function refuseInputAsOutput(dir: string, inputs: readonly string[]): void {
  // Real paths: an --out that is a symbolic link to a shard is that shard (--force would delete it).
  const out = realPath(dir);
  for (const input of inputs.map((i) => realPath(i))) {
    if (out === input || out.startsWith(input + sep) || input.startsWith(out + sep))
      throw new UserError(`--out ${dir} is ${out === input ? 'one of' : 'around or inside one of'} this command's inputs (${input}): choose a new folder`);
  }
}

/** A run folder this process writes into: its lock taken, and what it writes listed from now on. */
export function adoptRunFolder(dir: string): void {
  lockRunFolder(dir);
  // A run from before the list (or whose list is lost) is resumed as it was: what is in its folder
  // is taken as its own, top entries covering what is in them (listed()), in memory only, so the
  // list it goes on to write still names only what the lab wrote.
  const names = existsSync(join(dir, WRITTEN_LIST)) ? writtenPaths(dir) : readdirSync(dir).filter((e) => e !== LOCK);
  runFolders.set(resolve(dir), new Set(names));
}

/**
 * Makes sure a run can write its outputs before any game is played: the folder is created (or is
 * empty) and writable. A folder that already holds files is refused unless `overwrite`, so no run
 * is overwritten unasked; with it, what a previous lab run wrote there is removed first (its old
 * files must not mix with the new run's), and nothing else: a user's own files stay, and a folder
 * with no record of a lab run is refused.
 */
export function prepareOutputDir(dir: string, overwrite = false): void {
  const out = resolve(dir);
  try {
    if (existsSync(dir)) {
      if (!statSync(dir).isDirectory()) throw new UserError(`--out ${dir} is a file, not a folder`);
      const entries = readdirSync(dir).filter((e) => e !== LOCK);
      if (entries.length > 0) {
        if (!overwrite) throw new UserError(`--out ${dir} already holds files: choose a new folder or add --force to overwrite`);
        if (writtenEntries(dir).length === 0)
          throw new UserError(`--out ${dir} holds files but no record of a lab run: --force only replaces what a lab run wrote; choose a new folder`);
      }
    }
    makeDirs(dir);
    lockRunFolder(dir);
    if (overwrite) removeWritten(dir);
    rmSync(join(dir, WRITTEN_LIST), { force: true });
    runFolders.set(out, new Set());
    const probe = join(dir, `.probe.${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (err) {
    if (err instanceof UserError) throw err;
    throw cannot('write to', dir, err);
  }
}

/** Refuses to replace an existing file unasked (logs, per-game rows). */
export function checkNewFile(path: string, overwrite = false): void {
  refuseNonRegular(path);
  if (!overwrite && existsSync(path)) throw new UserError(`${path} already exists: choose a new file or add --force to overwrite`);
}

/**
 * Refuses a single-file output whose folder is missing (a typo in the path would otherwise make
 * folders the user never asked for) or is not a folder; checked before a run does any work.
 */
export function checkOutputFolder(path: string): void {
  const dir = dirname(resolve(path));
  let isDir: boolean;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    throw new UserError(`cannot write ${path}: the folder ${dir} does not exist (make it first)`);
  }
  if (!isDir) throw new UserError(`cannot write ${path}: ${dir} is not a folder`);
}

/**
 * The lab replaces only regular files: renaming over `/dev/null` (as root) would turn the device
 * into a file, over a link it would drop the link, over a folder it fails half-way. Checked before
 * a run starts and again before every rename into place.
 */
function refuseNonRegular(path: string): void {
  let kind: string | undefined;
  try {
    const st = lstatSync(path);
    kind = st.isFile() ? undefined : st.isDirectory() ? 'a folder' : st.isSymbolicLink() ? 'a symbolic link' : 'a device or special file';
  } catch {
    return; // nothing there yet
  }
  if (kind) throw new UserError(`${path} is ${kind}, not a regular file: the lab writes only regular files (choose a file path)`);
}

/** A file written line by line under a temporary name and renamed into place by close(). */
export class AtomicLineWriter {
  private readonly tmp: string;
  private fd: number;
  private failed = false;

  constructor(readonly path: string) {
    this.tmp = tmpName(path);
    refuseNonRegular(path);
    refuseForeign(path);
    try {
      removeStaleTmp(path);
      makeDirs(dirname(path));
      this.fd = openSync(this.tmp, 'w');
    } catch (err) {
      throw cannot('write', path, err);
    }
  }

  /**
   * A failed write (a full disk) is one line naming the file; the file is then cut mid-line, so
   * close() removes it rather than put it under the real name.
   */
  write(text: string): void {
    if (this.failed) return;
    try {
      writeSync(this.fd, text);
    } catch (err) {
      this.failed = true;
      throw cannot('write', this.path, err);
    }
  }

  close(): void {
    try {
      closeSync(this.fd);
      if (this.failed) return void rmSync(this.tmp, { force: true });
      refuseNonRegular(this.path);
      renameSync(this.tmp, this.path);
      recordWritten(this.path);
    } catch (err) {
      rmSync(this.tmp, { force: true });
      if (err instanceof UserError) throw err;
      throw cannot('write', this.path, err);
    }
  }
}

export const VERSION: string = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/**
 * A new, empty folder under results/ for a run: results/KIND-YYYYMMDD-HHMMSS (-2, -3... if taken).
 * The folder is created here, atomically (mkdir fails on a name that exists), so two runs started
 * in the same second (array tasks of a cluster job) never get the same one.
 */
export function newResultsDir(kind: string, root = 'results'): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const base = join(root, `${kind}-${stamp}`);
  try {
    makeDirs(root);
  } catch (err) {
    throw cannot('write to', root, err);
  }
  for (let i = 1; ; i++) {
    const dir = i === 1 ? base : `${base}-${i}`;
    try {
      mkdirSync(dir);
      return dir;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw cannot('write to', dir, err);
    }
  }
}
