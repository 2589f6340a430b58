import { execSync } from 'node:child_process';
import { readSync } from 'node:fs';
import { isatty } from 'node:tty';

/**
 * Synchronous terminal input for the human bots of every game (decide() is synchronous): a key
 * in raw mode on a terminal, or a line from a pipe (tests type whole lines). Ctrl-C quits with 130.
 */
/** One key from a terminal (raw mode via stty), or one line from a pipe; synchronous like decide(). */
export function readKey(): string {
  return read(true);
}

/** One line (from a terminal or a pipe), trimmed. */
export function readLine(): string {
  return read(false);
}

function read(oneKey: boolean): string {
  const raw = oneKey && isatty(0) && setRaw(true);
  try {
    const buf = Buffer.alloc(1);
    let line = '';
    for (;;) {
      let n: number;
      try {
        n = readSync(0, buf, 0, 1, null);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EAGAIN') {
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
          continue;
        }
        throw err;
      }
      if (n === 0) throw new Error('input closed');
      const ch = buf.toString('latin1');
      if (ch === '\x03') {
        setRaw(false);
        process.exit(130);
      }
      if (raw) return ch;
      if (ch === '\n') return line.trim();
      line += ch;
    }
  } finally {
    if (raw) setRaw(false);
  }
}

function setRaw(on: boolean): boolean {
  try {
    execSync(on ? 'stty -icanon -echo min 1' : 'stty icanon echo', { stdio: ['inherit', 'ignore', 'ignore'] });
    return true;
  } catch {
    return false;
  }
}
