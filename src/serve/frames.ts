import { readSync, writeSync } from 'node:fs';
import { UserError } from '../errors.js';

/**
 * The engine server's frames (docs/engine-server.md) on the process's own stdin and stdout, read
 * and written synchronously: the server does nothing but answer its one client, so a blocking
 * read is both the simplest and the fastest wait (no event loop turn per step).
 *
 * A frame is a 4-byte little-endian length, then the body: a 4-byte tag (a letter and three zero
 * bytes, so the arrays after it stay 4-byte aligned), then the tag's data.
 */

export const TAG_JSON = 0x4a; // 'J'
export const TAG_STEP = 0x53; // 'S'
export const TAG_STATE = 0x42; // 'B'
export const TAG_ERROR = 0x45; // 'E'
export const TAG_EXAMPLES = 0x58; // 'X'

/** The largest frame a client may send (a step of 65,536 games is 256 KiB; records for examples take more). */
const MAX_FRAME = 1 << 30;

/** Bytes before a frame's data: the length and the tag. */
export const FRAME_HEAD = 8;

const IN = 0;
const OUT = 1;
/** A pause for a non-blocking descriptor with nothing to read or no room to write (milliseconds). */
const WAIT = new Int32Array(new SharedArrayBuffer(4));

function retryLater(err: unknown): boolean {
  if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') return false;
  Atomics.wait(WAIT, 0, 0, 1);
  return true;
}

/** Reads whole frames from stdin into one growing buffer. */
export class FrameReader {
  private buffer = Buffer.alloc(1 << 16);
  private readonly head = Buffer.alloc(4);

  /** The next frame's body (tag first), valid until the next read; undefined when stdin has ended. */
  next(): Buffer | undefined {
    if (!this.fill(this.head, 4)) return undefined;
    const length = this.head.readUInt32LE(0);
    // A broken stream cannot be read on from (its next frame boundary is lost): the server ends with one line.
    if (length < 4) throw new UserError(`the client sent a frame of ${length} bytes, shorter than its tag`);
    if (length > MAX_FRAME) throw new UserError(`the client sent a frame of ${length} bytes (at most ${MAX_FRAME}): not this protocol?`);
    if (length > this.buffer.length) this.buffer = Buffer.alloc(Math.max(length, 2 * this.buffer.length));
    if (!this.fill(this.buffer, length)) throw new UserError('stdin ended inside a frame');
    return this.buffer.subarray(0, length);
  }

  private fill(into: Buffer, length: number): boolean {
    let got = 0;
    while (got < length) {
      let n: number;
      try {
        n = readSync(IN, into, got, length - got, null);
      } catch (err) {
        if (retryLater(err)) continue;
        if ((err as NodeJS.ErrnoException).code === 'EOF') return false;
        throw err;
      }
      if (n === 0) {
        if (got === 0) return false;
        throw new UserError('stdin ended inside a frame');
      }
      got += n;
    }
    return true;
  }
}

/** Writes bytes [0, length) of a buffer to stdout, whole. */
export function writeFrame(bytes: Uint8Array, length: number): void {
  let put = 0;
  while (put < length) {
    try {
      put += writeSync(OUT, bytes, put, length - put);
    } catch (err) {
      if (!retryLater(err)) throw err;
    }
  }
}

/** A frame of one tag and a text (JSON or an error line), written at once. */
export function writeTextFrame(tag: number, text: string): void {
  const data = Buffer.from(text, 'utf8');
  const frame = Buffer.alloc(FRAME_HEAD + data.length);
  frame.writeUInt32LE(4 + data.length, 0);
  frame[4] = tag;
  data.copy(frame, FRAME_HEAD);
  writeFrame(frame, frame.length);
}

/** The tag of a frame body. */
export const tagOf = (body: Buffer): number => body[0]!;

/** A JSON frame's object (a one-line Error when it is not one). */
export function jsonOf(body: Buffer): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8', 4));
  } catch {
    throw new Error('a J frame that is not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('a J frame that is not a JSON object');
  return value as Record<string, unknown>;
}
