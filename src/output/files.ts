import { closeSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PROJECT_ROOT } from '../paths.js';

/** Writes a whole file or nothing: a crash or Ctrl-C never leaves half a file under the real name. */
export function writeFileAtomic(path: string, content: string | Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, content);
  renameSync(tmp, path);
}

/** A file written line by line under a temporary name and renamed into place by close(). */
export class AtomicLineWriter {
  private readonly tmp: string;
  private fd: number;

  constructor(readonly path: string) {
    mkdirSync(dirname(path), { recursive: true });
    this.tmp = `${path}.${process.pid}.tmp`;
    this.fd = openSync(this.tmp, 'w');
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

/** A new folder name under results/ for a run: results/KIND-YYYYMMDD-HHMMSS. */
export function newResultsDir(kind: string): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return join('results', `${kind}-${stamp}`);
}
