import { describeError } from '../../text.js';
import { Worker } from 'node:worker_threads';
import type { GameStart } from '../../game/agent.js';
import { resolve } from 'node:path';
import { agentLabel, loadBot, type LoadedAgent } from '../../agents/registry.js';
import { parseSpec } from '../../agents/spec.js';
import { AgentError, UserError } from '../../errors.js';
import { distModule } from '../../paths.js';

/**
 * --isolate: a user's bot runs in a worker thread of its own and sees nothing but its seat's
 * observation (docs/fair-play.md). Its realm holds no engine state, so
 * patching prototypes or reading another bot's memory gives it nothing. The table's thread calls it
 * synchronously through shared memory: a request, then the bot's questions to its observation (each
 * property read or method call is answered by the real observation here, errors included: hidden
 * counters throw as they would in process), then its answer. Every question is a round trip, which
 * is the price of isolation (the README's threat model quotes it).
 */
const CAPACITY = 1 << 20;
const TO_BOT = 1;
const TO_TABLE = 2;

/** Ends of a channel: ctl [turn, length, bot worker gone], then a byte buffer for one JSON message. */
export interface ChannelMemory {
  ctl: Int32Array;
  bytes: Uint8Array;
}

/** ctl[GONE] is set by the bot worker as it exits, so the table's thread never waits on a dead one. */
export const GONE = 2;

export function channelMemory(sab = new SharedArrayBuffer(16 + CAPACITY)): ChannelMemory {
  return { ctl: new Int32Array(sab, 0, 4), bytes: new Uint8Array(sab, 16) };
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Writes a message and hands the turn to the other side. */
export function send(m: ChannelMemory, message: unknown, turn: number): void {
  const text = JSON.stringify(message) ?? 'null';
  const { read, written } = encoder.encodeInto(text, m.bytes);
  if (read !== text.length) throw new UserError(`isolated bot: a message of ${text.length} characters does not fit the channel (${CAPACITY} bytes)`);
  m.ctl[1] = written;
  Atomics.store(m.ctl, 0, turn);
  Atomics.notify(m.ctl, 0);
}

/**
 * Blocks until the other side hands the turn to `turn`, then reads its message. The table's side
 * gives up when the bot worker is gone or after `limitMs` (the decision limit: in games the
 * watchdog stops a stuck bot first; before the first game nothing else would).
 */
export function receive(m: ChannelMemory, turn: number, limitMs = Infinity): unknown {
  const deadline = performance.now() + limitMs;
  for (let now = Atomics.load(m.ctl, 0); now !== turn; now = Atomics.load(m.ctl, 0)) {
    if (Atomics.load(m.ctl, GONE) === 1) throw new AgentError('its isolated worker ended (process.exit, a crash or an error while loading)');
    const left = deadline - performance.now();
    if (left <= 0) throw new AgentError(`its isolated worker did not answer within ${Math.round(limitMs / 1000)} s (the limit is --decision-timeout)`);
    Atomics.wait(m.ctl, 0, now, Math.min(left, 1000));
  }
  // Copied out: decode() does not take views of shared memory.
  return JSON.parse(decoder.decode(m.bytes.slice(0, m.ctl[1]!)));
}

/** A question from the bot about its observation or its GameStart, or its final word. */
type FromBot =
  | { get: string; of: 'obs' | 'start' }
  | { has: string; of: 'obs' | 'start' }
  | { keys: true; of: 'obs' | 'start' }
  | { call: string; of: 'obs' | 'start'; args: unknown[] }
  | { done: unknown }
  | { error: string; user?: boolean };

/** A typed array on the wire: its kind and its numbers (JSON has no typed arrays). */
interface WireArray {
  typed: string;
  data: number[];
}

const TYPED: Record<string, new (data: number[]) => ArrayLike<number>> = {
  Int8Array,
  Uint8Array,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
};

export function toWire(v: unknown): unknown {
  return ArrayBuffer.isView(v) && !(v instanceof DataView) ? { typed: v.constructor.name, data: Array.from(v as unknown as ArrayLike<number>) } : v;
}

export function fromWire(v: unknown): unknown {
  const w = v as WireArray | null;
  return w && typeof w === 'object' && typeof w.typed === 'string' && Array.isArray(w.data) && TYPED[w.typed] ? new TYPED[w.typed]!(w.data) : v;
}

/** The decision limit for waits on a bot worker (set from the run's --decision-timeout). */
let limitMs = 10_000;
export function setIsolateLimit(seconds: number): void {
  limitMs = seconds * 1000;
}

/** One bot worker per bot file per table thread; it hosts every seat's instance of that bot. */
class BotProcess {
  private readonly memory = channelMemory();
  private readonly worker: Worker;
  private nextId = 0;

  constructor(spec: string, game: string) {
    this.worker = new Worker(distModule('tournament/sandbox/isolated-bot.js'), { workerData: { sab: this.memory.ctl.buffer, spec, game } });
    // The bot's thread must never keep the process alive on its own.
    this.worker.unref();
  }

  /** Sends a request and answers the bot's questions until it is done. */
  request(message: object, start: GameStart | undefined, obs: object | undefined): unknown {
    send(this.memory, message, TO_BOT);
    for (;;) {
      const reply = receive(this.memory, TO_TABLE, limitMs) as FromBot;
      if ('done' in reply) return reply.done;
      // A user error (a bad parameter, a file that does not load) stays one; a bot's own error is
      // re-thrown for the table, which names the bot, seat and game.
      if ('error' in reply) throw reply.user ? new UserError(reply.error) : new Error(reply.error);
      const target = (reply.of === 'obs' ? obs : start) as Record<string, unknown> | undefined;
      let answer: object;
      try {
        if (!target) throw new Error('no observation outside decide and onEvent');
        if ('get' in reply) {
          const v = target[reply.get];
          answer = typeof v === 'function' ? { fn: true } : { value: v };
        } else if ('has' in reply) {
          answer = { value: reply.has in target };
        } else if ('keys' in reply) {
          answer = { value: Object.keys(target) };
        } else {
          // Typed arrays cross as tagged lists and come back filled: methods that write into
          // an array the bot passes (unseenInto(out, counts)) work as in process.
          // JSON turned the bot's undefined into null: undefined again, so a method's default applies as in process.
          const args = reply.args.map((a) => (a === null ? undefined : fromWire(a)));
          const value = (target[reply.call] as (...a: unknown[]) => unknown).apply(target, args);
          answer = { value, args: args.map(toWire) };
        }
      } catch (err) {
        answer = { error: describeError(err) };
      }
      send(this.memory, answer, TO_BOT);
    }
  }

  newInstance(): number {
    return this.nextId++;
  }
}

const processes = new Map<string, BotProcess>();

function processOf(spec: string, game: string): BotProcess {
  const key = `${game}\u0000${spec}`;
  let proc = processes.get(key);
  if (!proc) processes.set(key, (proc = new BotProcess(spec, game)));
  return proc;
}

/**
 * A pool entry under --isolate: a bot file is loaded (and its parameters checked) in its bot
 * worker, which reports the bot's name for its label; built-in bots load here as usual.
 */
export async function loadIsolatedAgent(text: string, game: string): Promise<LoadedAgent> {
  const spec = parseSpec(text);
  if (!spec.isFile) return loadBot(text, game);
  let name: string;
  try {
    name = processOf(text, game).request({ op: 'describe', id: -1 }, undefined, undefined) as string;
  } catch (err) {
    if (err instanceof UserError && !(err instanceof AgentError)) throw err;
    throw new UserError(`agent file ${resolve(spec.source)} (isolated): ${(err as Error).message}`);
  }
  const create = (): object => createIsolated(text, game);
  return { spec, definition: { name, description: '', params: {}, create }, params: {}, label: agentLabel(name, spec), file: resolve(spec.source), create };
}

/**
 * A seat's bot, living in its bot worker: the table calls it like any bot. Creating the first one
 * of a file starts the worker and loads the file there (never in this thread).
 */
export function createIsolated(spec: string, game: string): object {
  const p = processOf(spec, game);
  const id = p.newInstance();
  const has = p.request({ op: 'create', id }, undefined, undefined) as { newGame: boolean; onEvent: boolean };
  let start: GameStart | undefined;
  const bot: Record<string, unknown> = {
    decide: (obs: object) => p.request({ op: 'decide', id }, start, obs),
  };
  if (has.newGame) {
    bot.newGame = (s: GameStart) => {
      start = s;
      p.request({ op: 'newGame', id, start: { seat: s.seat, rules: s.rules, agents: s.agents } }, s, undefined);
    };
  }
  if (has.onEvent) bot.onEvent = (event: object, obs: object) => p.request({ op: 'event', id, event }, start, obs);
  return bot;
}

export const TURN = { TO_BOT, TO_TABLE } as const;
