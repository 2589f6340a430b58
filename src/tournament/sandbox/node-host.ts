import { readSync, writeSync } from 'node:fs';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { StringDecoder } from 'node:string_decoder';
import { format } from 'node:util';
import type { Agent, AgentDefinition, GameStart } from '../../game/agent.js';
import { Sfc32 } from '../../game/seed.js';
import { resolveParams } from '../../agents/registry.js';
import { describeError } from '../../text.js';
import { fromWire, toWire } from './questions.js';

/**
 * The program that plays a JavaScript/TypeScript bot file out of process (--isolate): run by the
 * lab as `node node-host.js BUNDLE FILE` in the sandbox, it speaks the line protocol
 * (docs/protocol.md) on stdin/stdout and hands the bot stand-ins for its observation and GameStart.
 * Every read of the stand-in is a question answered by the real observation in the lab, so the
 * bot behaves exactly as in process (tested: identical results), while nothing of the engine, the
 * other bots or the lab's run exists in this process.
 */
/** The bot's JavaScript (a TypeScript file's bundle) and the file as the user named it (a nameless bot is called after it). */
const [bundle, file] = process.argv.slice(2) as [string, string];

// stdout carries the protocol: whatever the bot prints goes to stderr (the run's bot logs).
for (const name of ['log', 'info', 'debug', 'warn', 'error'] as const) console[name] = (...args: unknown[]) => writeSync(2, `${format(...args)}\n`);
process.stdout.write = ((chunk: string | Uint8Array) => {
  if (typeof chunk === 'string') writeSync(2, chunk);
  else writeSync(2, chunk);
  return true;
}) as typeof process.stdout.write;

const input = Buffer.alloc(1 << 16);
// A decoder keeps a character split across two reads whole.
const decoder = new StringDecoder('utf8');
let pending = '';

/** The lab's next message (a blocking read: the bot's decide() is synchronous). */
function receive(): Record<string, unknown> {
  for (;;) {
    const nl = pending.indexOf('\n');
    if (nl >= 0) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      return JSON.parse(line) as Record<string, unknown>;
    }
    const n = readSync(0, input, 0, input.length, null);
    if (n === 0) process.exit(0);
    pending += decoder.write(input.subarray(0, n));
  }
}

const send = (message: object): void => void writeSync(1, `${JSON.stringify(message)}\n`);

type Result = { value?: unknown; method?: boolean; args?: unknown[]; error?: string };

function ask(question: object): Result {
  send(question);
  return receive() as Result;
}

/** A stand-in whose every property is read from the lab's real observation, one question each. */
function observationStandIn(): object {
  // A name that was a method stays one (the observation's class does not change): one question saved per call.
  const methods = new Map<string, (...args: unknown[]) => unknown>();
  const read = (name: string): unknown => {
    const known = methods.get(name);
    if (known) return known;
    const a = ask({ type: 'get', name });
    if (a.error !== undefined) throw new Error(a.error);
    if (!a.method) return a.value;
    const method = (...args: unknown[]): unknown => {
      const r = ask({ type: 'call', name, args: args.map(toWire) });
      if (r.error !== undefined) throw new Error(r.error);
      // What the real method wrote into a typed array argument, copied back into the bot's.
      r.args?.forEach((back, i) => {
        const mine = args[i];
        if (ArrayBuffer.isView(mine) && !(mine instanceof DataView)) (mine as unknown as Float64Array).set(fromWire(back) as Float64Array);
      });
      return fromWire(r.value);
    };
    methods.set(name, method);
    return method;
  };
  return new Proxy(
    {},
    {
      get: (_, prop) => (typeof prop === 'symbol' || prop === 'then' ? undefined : read(prop)),
      has: (_, prop) => typeof prop === 'string' && ask({ type: 'has', name: prop }).value === true,
      ownKeys: () => ask({ type: 'keys' }).value as string[],
      // Own, enumerable data properties, so Object.keys and spreading see what they see in process.
      getOwnPropertyDescriptor: (_, prop) =>
        typeof prop === 'symbol' ? undefined : { value: read(prop), enumerable: true, configurable: true, writable: false },
    },
  );
}

/** A seat's stream as in process (src/game/seed.ts SeatStream): sfc32 from the new-game message's start. */
function seatRandom(start: { key: string; stream: number } | null): () => number {
  if (!start) return Math.random;
  const rng = new Sfc32();
  rng.reset({ hi: parseInt(start.key.slice(0, 8), 16), lo: parseInt(start.key.slice(8), 16) }, start.stream);
  return () => rng.next();
}

const deepFreeze = <T>(v: T): T => {
  if (v && typeof v === 'object') for (const x of Object.values(v)) deepFreeze(x);
  return Object.freeze(v);
};

type Bot = Agent<object, unknown, object, unknown>;

async function main(): Promise<void> {
  const mod = (await import(pathToFileURL(bundle).href)) as { default?: AgentDefinition; agent?: AgentDefinition };
  const exported = (mod.default ?? mod.agent)!;
  // A file without `params` declares none, as the in-process loader reads it (agents/registry.ts).
  const definition: AgentDefinition = { ...exported, params: exported.params ?? {} };
  const bots = new Map<number, Bot>();
  const obs = observationStandIn();
  let params: Record<string, unknown> = {};
  for (;;) {
    const m = receive();
    try {
      if (m.type === 'hello') {
        // The spec's parameters as written: checked against the bot's declarations here, as in process.
        const given = m.params as Record<string, string>;
        params = resolveParams(definition, { text: `${definition.name}`, source: bundle, kind: 'file', isFile: true, params: given });
        const probe = definition.create(params as never) as Bot;
        const name = definition.name?.trim() || basename(file ?? bundle).replace(/\.(m|c)?(t|j)s$/, '');
        send({ type: 'hello', protocol: 1, name, events: typeof probe.onEvent === 'function' });
      } else if (m.type === 'new-game') {
        const id = m.id as number;
        if (!bots.has(id)) bots.set(id, definition.create(params as never) as Bot);
        const start: GameStart = {
          seat: m.seat as number,
          rules: deepFreeze(m.rules as object),
          agents: deepFreeze(m.agents as string[]),
          random: seatRandom(m.random as { key: string; stream: number } | null),
        };
        bots.get(id)!.newGame?.(start);
      } else if (m.type === 'decide') {
        send({ type: 'action', action: bots.get(m.id as number)!.decide(obs) ?? null });
      } else if (m.type === 'event') {
        bots.get(m.id as number)!.onEvent?.(m.event as object, obs);
        send({ type: 'ok' });
      } else if (m.type === 'bye') {
        process.exit(0);
      }
    } catch (err) {
      send({ type: 'error', message: describeError(err) });
      process.exit(1);
    }
  }
}

main().catch((err: unknown) => {
  send({ type: 'error', message: `the bot file failed to load: ${describeError(err)}` });
  process.exit(1);
});
