import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { UserError } from '../errors.js';
import { PROJECT_ROOT } from '../paths.js';

/** A file-system failure as one line for the user ("cannot write x: permission denied"). */
function cannot(what: string, path: string, err: unknown): UserError {
  const code = (err as NodeJS.ErrnoException).code;
  const why = { EACCES: 'permission denied', EROFS: 'read-only file system', ENOTDIR: 'a parent is not a folder', ENOSPC: 'no space left', EISDIR: 'it is a folder', EEXIST: 'a file is in the way' }[code ?? ''];
  return new UserError(`cannot ${what} ${path}: ${why ?? (err as Error).message}`);
}

/** Writes a whole file or nothing: a crash or Ctrl-C never leaves half a file under the real name. */
export function writeFileAtomic(path: string, content: string | Uint8Array): void {
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(tmp, content);
    renameSync(tmp, path);
  } catch (err) {
    throw cannot('write', path, err);
  }
}

/**
 * Makes sure a run can write its outputs before any game is played: the folder is created (or is
 * empty) and writable. A folder that already holds files is refused unless `overwrite`, so no run
 * is overwritten unasked.
 */
export function prepareOutputDir(dir: string, overwrite = false): void {
  try {
    if (existsSync(dir)) {
      if (!statSync(dir).isDirectory()) throw new UserError(`--out ${dir} is a file, not a folder`);
      if (!overwrite && readdirSync(dir).length > 0) throw new UserError(`--out ${dir} already holds files: choose a new folder or add --force to overwrite`);
    }
    mkdirSync(dir, { recursive: true });
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
  if (!overwrite && existsSync(path)) throw new UserError(`${path} already exists: choose a new file or add --force to overwrite`);
}

/** A file written line by line under a temporary name and renamed into place by close(). */
export class AtomicLineWriter {
  private readonly tmp: string;
  private fd: number;

  constructor(readonly path: string) {
    this.tmp = `${path}.${process.pid}.tmp`;
    try {
      mkdirSync(dirname(path), { recursive: true });
      this.fd = openSync(this.tmp, 'w');
    } catch (err) {
      throw cannot('write', path, err);
    }
  }

  write(text: string): void {
    writeSync(this.fd, text);
  }

  close(): void {
    closeSync(this.fd);
    renameSync(this.tmp, this.path);
  }
}

export const VERSION: string = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** A new folder name under results/ for a run: results/KIND-YYYYMMDD-HHMMSS (-2, -3... if taken). */
export function newResultsDir(kind: string): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const base = join('results', `${kind}-${stamp}`);
  let dir = base;
  for (let i = 2; existsSync(dir); i++) dir = `${base}-${i}`;
  return dir;
}
