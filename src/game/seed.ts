import { UserError } from '../errors.js';
import { protect } from './protect.js';
import alea from 'seedrandom/lib/alea.js';

/**
 * The seeding scheme, shared by every game. A game seed is a 64-bit number, written as 16 hex
 * digits in records. Deal k's seed is a hash of (master seed, k), never a draw from a shared
 * stream, so a deal is the same whichever table, seating, thread or chunk plays it.
 *
 * Shuffles use sfc32 keyed by the game seed, and each seat's stream is sfc32 keyed by (game seed,
 * seat) (see SeatStream): building a seedrandom generator costs about 2.5 us, more than a whole game in
 * the engine, while an sfc32 is re-keyed in place.
 */

/** A 64-bit game seed as two unsigned 32-bit halves. */
export interface SeedKey {
  hi: number;
  lo: number;
}

function fmix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** 64-bit hash of a string (two murmur-style lanes). */
export function hashString(text: string): SeedKey {
  let h1 = 0xdeadbeef ^ text.length;
  let h2 = 0x41c6ce57 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  return { hi: fmix(h1 ^ Math.imul(h2, 0x27d4eb2d)), lo: fmix(h2 ^ Math.imul(h1, 0x165667b1)) };
}

/** Seed of deal k under a master key; writes into `out` (no allocation in the game loop). */
export function dealKeyInto(master: SeedKey, k: number, out: SeedKey): SeedKey {
  const a = fmix(master.hi ^ Math.imul(k + 1, 0x9e3779b9));
  const b = fmix(master.lo ^ Math.imul(k ^ 0x5bd1e995, 0x85ebca6b) ^ a);
  out.hi = fmix(a ^ Math.imul(b, 0xcc9e2d51));
  out.lo = fmix(b ^ Math.imul(out.hi, 0x1b873593) ^ (k >>> 0));
  return out;
}

/** The key of a run's master seed; the game id is its namespace, so two games never share deals. */
export const masterKey = (game: string, master: string | number): SeedKey => hashString(`${game}/${master}`);

export function seedHex(key: SeedKey): string {
  return key.hi.toString(16).padStart(8, '0') + key.lo.toString(16).padStart(8, '0');
}

export function parseSeedHex(seed: string): SeedKey {
  if (!/^[0-9a-f]{16}$/.test(seed)) throw new UserError(`game seed "${seed}" is not 16 hex digits`);
  return { hi: parseInt(seed.slice(0, 8), 16), lo: parseInt(seed.slice(8), 16) };
}

/** Seed (16 hex digits) of deal k under a master seed. */
export function dealSeed(game: string, master: string | number, k: number): string {
  return seedHex(dealKeyInto(masterKey(game, master), k, { hi: 0, lo: 0 }));
}

/**
 * sfc32 keyed by a 64-bit seed. State lives in an Int32Array: 32-bit values in object fields
 * would be boxed as heap numbers by V8.
 */
export class Sfc32 {
  private readonly s = new Int32Array(4);

  reset(key: SeedKey, stream = 0): void {
    const s = this.s;
    s[0] = key.hi;
    s[1] = key.lo;
    s[2] = 0x9e3779b9 ^ Math.imul(stream, 0x85ebca6b);
    s[3] = 1;
    for (let i = 0; i < 12; i++) this.next();
  }

  /** The four state words, for code that steps sfc32 inline in fields of its own (a rollout's noise: no call a draw). */
  stateInto(out: Int32Array): void {
    out.set(this.s);
  }

  /** Uniform in [0, 1) with 32 bits. */
  next(): number {
    const s = this.s;
    const a = s[0]!;
    const b = s[1]!;
    const c = s[2]!;
    const d = s[3]!;
    const t = (((a + b) | 0) + d) | 0;
    s[3] = d + 1;
    s[0] = b ^ (b >>> 9);
    s[1] = c + (c << 3);
    const r = (c << 21) | (c >>> 11);
    s[2] = r + t;
    return (t >>> 0) / 4294967296;
  }
}

export type Random = () => number;

/**
 * seedrandom's alea seeded by name: for tests and tools that want a named stream. Imported from its
 * own module (the function seedrandom.alea is), not the package's index: see seedrandom-alea.d.ts.
 */
export function makeRandom(seed: string): Random {
  return alea(seed) as Random;
}

/**
 * A seat's random stream: sfc32 keyed by (game seed XOR the run's stream salt, seat), re-keyed in
 * place on its first draw of each game, so one bot's draws never shift another's or the deal and
 * bots that never draw pay nothing. The table sets `stale` at the start of every game; `key` is the
 * table's game key object and `salt` its salt object (both updated in place).
 *
 * Why the salt: sfc32 is invertible, so a bot that solved for its stream's state would hold the
 * key it was started from. Tournaments set the salt to a one-way hash of the run (see
 * streamSaltOf in src/tournament/worker.ts): the key a bot could recover is then the game seed
 * masked by a secret it cannot compute, and tells it nothing about the deal.
 */
export class SeatStream {
  stale = true;
  // #private, not TypeScript's `private`: a bot holds its stream (seatStreamOf), and the key is its
  // game's seed, which would deal it every hidden card. Nothing reaches these fields from outside.
  readonly #rng = new Sfc32();
  readonly #masked: SeedKey = { hi: 0, lo: 0 };
  readonly #key: SeedKey;
  readonly #seat: number;
  readonly #salt: SeedKey;
  readonly random: () => number;

  constructor(key: SeedKey, seat: number, salt: SeedKey = NO_SALT) {
    this.#key = key;
    this.#seat = seat;
    this.#salt = salt;
    const rng = this.#rng;
    this.random = () => {
      if (this.stale) this.#rekey();
      return rng.next();
    };
    STREAMS.set(this.random, this);
    STARTS.set(this, () => ({
      key: seedHex({ hi: (this.#key.hi ^ this.#salt.hi) >>> 0, lo: (this.#key.lo ^ this.#salt.lo) >>> 0 }),
      stream: this.#seat + 1,
    }));
  }

  /**
   * The next draw, what `random()` returns. A method, so a bot's hot loop can call it where V8
   * inlines it: a call through one of many `random` closures is not inlined, and a draw that is
   * not inlined returns its double boxed on the heap (Monte Carlo bots draw millions).
   */
  next(): number {
    if (this.stale) this.#rekey();
    return this.#rng.next();
  }

  /** The game's first draw keys the stream (game seed XOR salt, stream seat + 1). */
  #rekey(): void {
    this.#masked.hi = this.#key.hi ^ this.#salt.hi;
    this.#masked.lo = this.#key.lo ^ this.#salt.lo;
    this.#rng.reset(this.#masked, this.#seat + 1);
    this.stale = false;
  }
}

/** Each GameStart.random the lab made, to its stream: the lab's own bots draw through its method. */
const STREAMS = new WeakMap<() => number, SeatStream>();

/** Each stream's start (see claimStreamStarts), kept out of the stream object. */
const STARTS = new WeakMap<SeatStream, () => { key: string; stream: number }>();

/** The stream behind a GameStart's `random` (undefined for a function the lab did not make): its draws, never its key. */
export const seatStreamOf = (random: () => number): SeatStream | undefined => STREAMS.get(random);

let startsClaimed = false;

/**
 * The reader of a stream's starting point as a process bot's client rebuilds it (docs/protocol.md):
 * the 16-hex-digit sfc32 key (game seed XOR salt) and the stream number (seat + 1), what an
 * in-process bot could recover by inverting its stream, no more. Handed out once per thread, to
 * the module that plays bot programs (src/tournament/sandbox/load.ts), which the lab loads before
 * any bot's code: a bot that asks for it later is refused.
 */
export function claimStreamStarts(): (random: () => number) => { key: string; stream: number } | undefined {
  if (startsClaimed) throw new Error("the seat streams' starts are the lab's own");
  startsClaimed = true;
  return (random) => {
    const stream = STREAMS.get(random);
    return stream && STARTS.get(stream)!();
  };
}

/** No mask: outside tournaments (play at the terminal, tests) seat streams are keyed by the game seed alone. */
export const NO_SALT: Readonly<SeedKey> = Object.freeze({ hi: 0, lo: 0 });

protect(Sfc32, SeatStream);
