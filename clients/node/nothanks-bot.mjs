// Reference client of the nothanks lab's line protocol, version 1 (docs/protocol.md), for Node.
// No dependencies, one file: import it, give run() a bot class, and the lab can play it as a
// program (`--agents 'exec:node path/to/bot.mjs'`). The Python client (../python/nothanks_lab/bot.py)
// is the same API. stdout carries the protocol: print debugging with console.error (the lab keeps
// stderr in the run's bot logs).
//
//   import { Bot, run } from './nothanks-bot.mjs';
//   class Greedy extends Bot {
//     static botName = 'greedy-node';
//     decide(obs) { return obs.myChips === 0 ? 'take' : 'pass'; }
//   }
//   run(Greedy);
//
// (To run a bot file written for the lab's in-process interface out of process, use --isolate.)

import { readSync, writeSync } from 'node:fs';

export const PROTOCOL = 1;

/** The seat's own random stream: the very numbers an in-process bot's start.random() gives (sfc32). */
export class Random {
  #s = new Int32Array(4);

  constructor(key, stream) {
    const s = this.#s;
    s[0] = parseInt(key.slice(0, 8), 16);
    s[1] = parseInt(key.slice(8), 16);
    s[2] = 0x9e3779b9 ^ Math.imul(stream, 0x85ebca6b);
    s[3] = 1;
    for (let i = 0; i < 12; i++) this.random();
  }

  /** Uniform in [0, 1), 32 bits. */
  random() {
    const s = this.#s;
    const [a, b, c, d] = s;
    const t = (((a + b) | 0) + d) | 0;
    s[3] = d + 1;
    s[0] = b ^ (b >>> 9);
    s[1] = c + (c << 3);
    s[2] = ((c << 21) | (c >>> 11)) + t;
    return (t >>> 0) / 4294967296;
  }
}

/** Override decide(); newGame() and onEvent() are optional. Set static botName and, for onEvent, static events = true. */
export class Bot {
  static botName = 'node-bot';
  static events = false;

  constructor(params) {
    this.params = params;
  }

  newGame(_start) {}

  decide(_obs) {
    throw new Error("decide() must return the bot's action");
  }

  onEvent(_event, _obs) {}
}

const input = Buffer.alloc(1 << 16);
let pending = '';

function receive() {
  for (;;) {
    const nl = pending.indexOf('\n');
    if (nl >= 0) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      return JSON.parse(line);
    }
    const n = readSync(0, input, 0, input.length, null);
    if (n === 0) return undefined;
    pending += input.toString('utf8', 0, n);
  }
}

const send = (message) => writeSync(1, `${JSON.stringify(message)}\n`);

/** A question to the lab about the real observation (a method call or a property): one round trip. */
function ask(question) {
  send(question);
  const reply = receive();
  if (reply === undefined) throw new Error('the lab closed the connection');
  if (reply.error !== undefined) throw new Error(reply.error);
  return reply.value;
}

/** The observation: the decide message's JSON object, plus call(method, ...args) and read(name) on the real one. */
function observation(data) {
  return Object.assign(Object.create({ call: (name, ...args) => ask({ type: 'call', name, args }), read: (name) => ask({ type: 'get', name }) }), data);
}

/** Plays for the lab until it says bye or closes stdin; a bot's exception is sent as its error. */
export function run(BotClass) {
  const bots = new Map();
  let params = {};
  try {
    for (let m = receive(); m !== undefined && m.type !== 'bye'; m = receive()) {
      if (m.type === 'hello') {
        params = m.params;
        send({ type: 'hello', protocol: PROTOCOL, name: BotClass.botName, events: BotClass.events === true });
      } else if (m.type === 'new-game') {
        if (!bots.has(m.id)) bots.set(m.id, new BotClass(params));
        const random = m.random ? new Random(m.random.key, m.random.stream) : { random: Math.random };
        bots.get(m.id).newGame({ seat: m.seat, players: m.players, rules: m.rules, agents: m.agents, random: () => random.random() });
      } else if (m.type === 'decide') {
        send({ type: 'action', action: bots.get(m.id).decide(observation(m.observation)) });
      } else if (m.type === 'event') {
        bots.get(m.id).onEvent(m.event, observation({}));
        send({ type: 'ok' });
      }
    }
  } catch (err) {
    send({ type: 'error', message: err instanceof Error ? err.message : String(err) });
    process.exit(1);
  }
}
