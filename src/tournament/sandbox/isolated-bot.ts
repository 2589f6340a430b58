// First of all, before anything a bot file could reach: no inspector, no signals.
import './close-inspector.js';
import { describeError } from '../../text.js';
import { writeSync } from 'node:fs';
import { format } from 'node:util';
import { workerData } from 'node:worker_threads';
import type { Agent, GameStart } from '../../game/agent.js';
import { loadBot } from '../../agents/registry.js';
import { AgentError, UserError } from '../../errors.js';
import { channelMemory, fromWire, GONE, receive, send, TURN, toWire } from './isolate.js';

/**
 * The bot worker of --isolate (see isolate.ts): loads one bot file, creates its instances, and
 * runs each request with stand-ins for the observation and GameStart whose every read is a
 * question to the table's thread. Nothing of the engine's state exists in this realm.
 */
const { sab, spec, game } = workerData as { sab: SharedArrayBuffer; spec: string; game: string };
const memory = channelMemory(sab);
// However this thread ends (process.exit, a crash, the end of main), the table stops waiting.
process.on('exit', () => {
  Atomics.store(memory.ctl, GONE, 1);
  Atomics.notify(memory.ctl, 0);
});

// The thread's event loop is blocked while it waits for the table, so console output (sent to the
// main thread asynchronously) would be lost: it is written straight to the process's stdout/stderr.
for (const [name, fd] of [
  ['log', 1],
  ['info', 1],
  ['warn', 2],
  ['error', 2],
] as const) {
  console[name] = (...args: unknown[]) => writeSync(fd, `${format(...args)}\n`);
}

/** An error's text, cut short: a message must fit the channel. */
const errorText = (err: unknown): string => {
  const text = describeError(err);
  return text.length > 300 ? `${text.slice(0, 300)}...` : text;
};

type Answer = { value?: unknown; fn?: boolean; error?: string; args?: unknown[] };

function ask(question: object): Answer {
  send(memory, question, TURN.TO_TABLE);
  return receive(memory, TURN.TO_BOT) as Answer;
}

/** A stand-in whose properties are read from the table's real object, one question each. */
function standIn(of: 'obs' | 'start'): object {
  // A name that was a method stays one (the objects' classes do not change): one question saved per call.
  const methods = new Map<string, (...args: unknown[]) => unknown>();
  const read = (prop: string): unknown => {
    const known = methods.get(prop);
    if (known) return known;
    const a = ask({ get: prop, of });
    if (a.error !== undefined) throw new Error(a.error);
    if (!a.fn) return a.value;
    const method = (...args: unknown[]): unknown => {
      const r = ask({ call: prop, of, args: args.map(toWire) });
      if (r.error !== undefined) throw new Error(r.error);
      // What the real method wrote into a typed array argument, copied back into the bot's.
      r.args?.forEach((back, i) => {
        const mine = args[i];
        if (ArrayBuffer.isView(mine) && !(mine instanceof DataView)) (mine as unknown as Float64Array).set(fromWire(back) as Float64Array);
      });
      return r.value;
    };
    methods.set(prop, method);
    return method;
  };
  return new Proxy(
    {},
    {
      get: (_, prop) => (typeof prop === 'symbol' || prop === 'then' ? undefined : read(prop)),
      has: (_, prop) => typeof prop === 'string' && ask({ has: prop, of }).value === true,
      ownKeys: () => ask({ keys: true, of }).value as string[],
      // Own, enumerable data properties, so Object.keys and spreading see what they see in process.
      getOwnPropertyDescriptor: (_, prop) =>
        typeof prop === 'symbol' ? undefined : { value: read(prop), enumerable: true, configurable: true, writable: false },
    },
  );
}

const obs = standIn('obs');
const startProxy = standIn('start') as { random: () => number };

async function main(): Promise<void> {
  const definition = await loadBot(spec, game).catch((err: unknown) => err as Error);
  const instances: Agent<object, unknown, object, unknown>[] = [];
  for (;;) {
    const m = receive(memory, TURN.TO_BOT) as { op: string; id: number; start?: { seat: number; rules: unknown; agents: string[] }; event?: object };
    try {
      if (definition instanceof Error) throw definition;
      let done: unknown;
      if (m.op === 'describe') {
        done = definition.definition.name;
      } else if (m.op === 'create') {
        const bot = definition.create() as Agent<object, unknown, object, unknown>;
        instances[m.id] = bot;
        done = { newGame: typeof bot.newGame === 'function', onEvent: typeof bot.onEvent === 'function' };
      } else if (m.op === 'newGame') {
        instances[m.id]!.newGame!({ ...m.start!, rules: m.start!.rules as Readonly<unknown>, random: () => startProxy.random() } as GameStart);
      } else if (m.op === 'decide') {
        done = instances[m.id]!.decide(obs);
      } else if (m.op === 'event') {
        instances[m.id]!.onEvent!(m.event!, obs);
      }
      send(memory, { done: done ?? null }, TURN.TO_TABLE);
    } catch (err) {
      send(memory, { error: errorText(err), user: err instanceof UserError && !(err instanceof AgentError) }, TURN.TO_TABLE);
    }
  }
}

main().catch((err: unknown) => {
  // Only a broken channel lands here (a message too big even after trimming): end the thread,
  // which the table sees (GONE).
  process.stderr.write(`isolated bot ${spec}: ${errorText(err)}\n`);
  process.exit(1);
});
