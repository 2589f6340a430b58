import { assertBot, createBot, loadPool } from '../agents/registry.js';
import { UserError } from '../errors.js';
import { DEFAULT_DECISION_SECONDS } from '../game/clock.js';
import type { JsonObject, SeatableAgent, State } from '../game/contract.js';
import { GAMES, gameById, type RegisteredGame } from '../registry.js';
import { seatAgent } from '../tournament/sandbox/load.js';
import { describeError } from '../text.js';
import { FRAME_HEAD, FrameReader, jsonOf, tagOf, TAG_ERROR, TAG_EXAMPLES, TAG_JSON, TAG_STEP, writeFrame, writeTextFrame } from './frames.js';
import { rewardKindOf, rulesOf, type Session } from './session.js';
import { TableSession, type ActionSource } from './table-session.js';
import { VectorSession } from './vector-session.js';

/** The protocol's version, in the `open` reply (docs/engine-server.md). */
export const SERVER_PROTOCOL = 1;

/** At most this many games in one session: the state frame of the largest stays in the tens of MB. */
const MAX_GAMES = 65536;

/**
 * `nothanks serve`: the engine server (docs/engine-server.md). Reads frames on stdin until it ends
 * or the client closes; every refusal is an `E` frame of one line and the session goes on. Nothing
 * else may write to stdout (it carries the frames): console output goes to stderr.
 */
export async function serve(): Promise<void> {
  keepStdoutForFrames();
  const reader = new FrameReader();
  let session: Session | undefined;
  /** A command read while a table game was paused at a client seat, handled once the game has unwound. */
  let kept: Buffer | null | undefined;

  /** The commands that answer without moving a game (also while a table game waits). */
  const answer = (cmd: Record<string, unknown>): boolean => {
    switch (cmd.cmd) {
      case 'record':
        writeJson(need(session).record(gameIndex(cmd.game)));
        return true;
      case 'render':
        writeJson({ text: need(session).render(gameIndex(cmd.game)) });
        return true;
      case 'decisions':
        writeJson({ decisions: decisionsOf(cmd.record) });
        return true;
      case 'examples':
        writeExamples(cmd.records);
        return true;
      default:
        return false;
    }
  };

  const source: ActionSource = {
    nextAction(): number {
      for (;;) {
        const body = reader.next();
        if (body === undefined) {
          kept = null;
          throw new Error('the client left');
        }
        if (tagOf(body) === TAG_STEP) {
          if (body.length !== 8) source.refuse('a step of a session with opponents takes one action');
          else return body.readInt32LE(4);
          continue;
        }
        try {
          if (tagOf(body) === TAG_JSON && answer(jsonOf(body))) continue;
        } catch (err) {
          refuse(err);
          continue;
        }
        kept = Buffer.from(body);
        throw new Error('the client moved on');
      }
    },
    refuse: (message) => writeTextFrame(TAG_ERROR, message),
  };

  for (;;) {
    const body = kept !== undefined ? kept : reader.next();
    kept = undefined;
    if (body == null) return;
    try {
      if (tagOf(body) === TAG_STEP) {
        const s = need(session);
        if ((body.length - 4) % 4 !== 0) throw new UserError(`a step's actions are int32s: ${body.length - 4} bytes is no whole number of them`);
        const n = (body.length - 4) / 4;
        const games = (s.facts.games as number) ?? 1;
        if (n !== games) throw new UserError(`a step takes ${games} action${games === 1 ? '' : 's'} (one per game), got ${n}`);
        s.step(new Int32Array(body.buffer, body.byteOffset + 4, n));
        continue;
      }
      if (tagOf(body) !== TAG_JSON) throw new UserError(`unknown frame tag ${JSON.stringify(String.fromCharCode(tagOf(body)))}`);
      const cmd = jsonOf(body);
      if (answer(cmd)) continue;
      switch (cmd.cmd) {
        case 'open':
          session = undefined;
          session = await open(cmd, source);
          writeJson(session.facts);
          break;
        case 'reset':
          need(session).reset(seedOf(cmd.seed));
          break;
        case 'close':
          return;
        default:
          throw new UserError(`unknown command ${JSON.stringify(cmd.cmd)} (known: open, reset, record, render, decisions, examples, close)`);
      }
    } catch (err) {
      // A table game left for another command (or the client's end): that command next.
      if (kept !== undefined) continue;
      refuse(err);
    }
  }
}

function refuse(err: unknown): void {
  // One line: the client raises it as its exception's message.
  writeTextFrame(TAG_ERROR, describeError(err).split('\n')[0]!);
}

function writeJson(value: unknown): void {
  writeTextFrame(TAG_JSON, JSON.stringify(value));
}

function need(session: Session | undefined): Session {
  if (!session) throw new UserError('no session: open one first');
  return session;
}

function gameIndex(value: unknown): number {
  const i = value ?? 0;
  if (!Number.isInteger(i)) throw new UserError(`game must be a game's index, got ${JSON.stringify(value)}`);
  return i as number;
}

function seedOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if ((typeof value === 'number' && Number.isSafeInteger(value)) || (typeof value === 'string' && value !== '')) return String(value);
  throw new UserError(`seed must be an integer or a string, got ${JSON.stringify(value)}`);
}

/** A true/false setting of a command (a UserError for anything else). */
function flag(cmd: Record<string, unknown>, name: string, fallback: boolean): boolean {
  const value = cmd[name];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') throw new UserError(`${name} must be true or false, got ${JSON.stringify(value)}`);
  return value;
}

/** Opens a session from an `open` command. */
async function open(cmd: Record<string, unknown>, source: ActionSource): Promise<Session> {
  if (typeof cmd.game !== 'string') throw new UserError(`open needs a game (known: ${[...GAMES.keys()].join(', ')})`);
  const game = gameById(cmd.game);
  const rules = game.makeRules(rulesOf(game, cmd.rules ?? {}));
  const games = cmd.games ?? 1;
  if (!Number.isInteger(games) || (games as number) < 1 || (games as number) > MAX_GAMES)
    throw new UserError(`games must be from 1 to ${MAX_GAMES}, got ${JSON.stringify(cmd.games)}`);
  const reward = rewardKindOf(cmd.reward);
  const autoreset = flag(cmd, 'autoreset', true);
  const allSeats = flag(cmd, 'allSeats', false);
  const label = typeof cmd.label === 'string' && cmd.label !== '' ? cmd.label : 'env';
  const facts: JsonObject = {
    protocol: SERVER_PROTOCOL,
    game: game.id,
    name: game.name,
    players: rules.players,
    games: games as number,
    obsSize: game.tensor.size(rules),
    actionSize: game.actions.size(rules),
    simultaneous: game.facts.moves === 'simultaneous',
    fields: game.tensor.fields(rules).map((f) => ({ ...f })),
    actions: Array.from({ length: game.actions.size(rules) }, (_, id) => game.actions.name(rules, id)),
    agents: Array.from({ length: rules.players }, () => label),
    rules: game.recordRules(rules),
  };
  if (cmd.opponents === undefined || cmd.opponents === null) {
    return new VectorSession(game, rules, { games: games as number, reward, autoreset, allSeats, label }, facts);
  }
  if (games !== 1) throw new UserError('a session with opponents plays one game (games: 1)');
  if (allSeats) throw new UserError('a session with opponents reports its client seats only (allSeats: false)');
  const seconds = cmd.decisionTimeout ?? DEFAULT_DECISION_SECONDS;
  if (typeof seconds !== 'number' || !(seconds > 0))
    throw new UserError(`decisionTimeout must be a positive number of seconds, got ${JSON.stringify(cmd.decisionTimeout)}`);
  const opponents = await opponentsOf(game, rules.players, cmd.opponents);
  return new TableSession(game, rules, opponents, reward, autoreset, seconds, label, source, facts);
}

/** The lab bots of an `opponents` list (null: a seat the client plays), loaded as a tournament seats them. */
async function opponentsOf(game: RegisteredGame, players: number, given: unknown): Promise<(SeatableAgent | null)[]> {
  if (!Array.isArray(given) || given.length !== players)
    throw new UserError(`opponents must list ${players} seats: a bot spec, or null for a seat the client plays`);
  if (!given.some((x) => x === null)) throw new UserError('opponents must leave at least one seat (null) to the client');
  const specs: string[] = [];
  for (const x of given) {
    if (x === null) continue;
    if (typeof x !== 'string' || x === '')
      throw new UserError(`an opponent is a bot spec ("mc", "threshold:margin=2", a file or a program), got ${JSON.stringify(x)}`);
    specs.push(x);
  }
  // A person's bot waits at the terminal (the server's stdin is the client's): refused, as tournaments refuse it.
  const loaded = await loadPool(specs, game.id, async (text, id) => assertBot(await seatAgent(text, id)));
  let next = 0;
  return given.map((x) => {
    if (x === null) return null;
    const agent = loaded[next++]!;
    return { label: agent.label, create: () => createBot(agent) };
  });
}

/** A record checked by its game's replay, on the forward model (see RecordedGame). */
function recordedGame(record: unknown): { game: RegisteredGame; state: State; actionOf(seat: number): number } {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) throw new UserError('a record is one line of a --log file, as an object');
  const r = record as JsonObject;
  if (typeof r.game !== 'string') throw new UserError('the record has no "game" field');
  const game = gameById(r.game);
  game.replay(r, false);
  return { game, ...game.recordedGame(r) };
}

/**
 * Walks a record's decisions in the order a session asks for them (the lowest acting seat first),
 * calling visit before each is applied.
 */
function walk(state: State, actionOf: (seat: number) => number, visit: (seat: number, action: number) => void): void {
  const seats = new Int32Array(64);
  while (!state.isOver()) {
    const n = state.actingSeats(seats);
    let first = seats[0]!;
    for (let j = 1; j < n; j++) first = Math.min(first, seats[j]!);
    const a = actionOf(first);
    visit(first, a);
    state.apply(first, a);
  }
}

/** A lab record's decisions in order, as [seat, action id] pairs. */
function decisionsOf(record: unknown): number[][] {
  const { state, actionOf } = recordedGame(record);
  const out: number[][] = [];
  walk(state, actionOf, (seat, a) => out.push([seat, a]));
  return out;
}

/**
 * Records as training pairs: every decision's acting seat, action, tensor and mask, in an `X` frame
 * (int32 count C, tensor size D, action ids A; int32 seat[C], action[C], record[C]; float32
 * obs[C x D]; uint8 mask[C x A]). The records must share a game and its rules' sizes.
 */
function writeExamples(records: unknown): void {
  if (!Array.isArray(records) || records.length === 0) throw new UserError('examples needs records: a non-empty list of records');
  const seats: number[] = [];
  const actions: number[] = [];
  const which: number[] = [];
  const tensors: Float32Array[] = [];
  const masks: Uint8Array[] = [];
  let size: [number, number] | undefined;
  records.forEach((record, k) => {
    const { game, state, actionOf } = recordedGame(record);
    const rules = game.rulesFromRecord(state.players, (record as JsonObject).rules as never);
    const d = game.tensor.size(rules);
    const a = game.actions.size(rules);
    size ??= [d, a];
    if (size[0] !== d || size[1] !== a)
      throw new UserError(
        `record ${k + 1} has tensors of ${d} floats and ${a} action ids, the first ${size[0]} and ${size[1]}: one game and seat count per call`,
      );
    const observations = Array.from({ length: state.players }, (_, seat) => state.observation(seat));
    walk(state, actionOf, (seat, action) => {
      const obs = new Float32Array(d);
      const mask = new Uint8Array(a);
      game.tensor.encode(observations[seat]!, obs);
      game.actions.observationMask(observations[seat]!, mask);
      seats.push(seat);
      actions.push(action);
      which.push(k);
      tensors.push(obs);
      masks.push(mask);
    });
  });
  const [d, a] = size!;
  const c = seats.length;
  const frame = Buffer.alloc(FRAME_HEAD + 12 + 12 * c + 4 * c * d + c * a);
  frame.writeUInt32LE(frame.length - 4, 0);
  frame[4] = TAG_EXAMPLES;
  let at = FRAME_HEAD;
  for (const x of [c, d, a]) at = frame.writeInt32LE(x, at);
  for (const list of [seats, actions, which]) for (const x of list) at = frame.writeInt32LE(x, at);
  for (const t of tensors) {
    Buffer.from(t.buffer).copy(frame, at);
    at += 4 * d;
  }
  for (const m of masks) {
    frame.set(m, at);
    at += a;
  }
  writeFrame(frame, frame.length);
}

/** Everything a bot or the lab prints goes to stderr: stdout carries the frames. */
function keepStdoutForFrames(): void {
  const toStderr = (...args: unknown[]): void => {
    process.stderr.write(`${args.map(String).join(' ')}\n`);
  };
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => process.stderr.write(chunk, ...(rest as []))) as typeof process.stdout.write;
}
