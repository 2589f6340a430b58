import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  truncateSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { StringDecoder } from 'node:string_decoder';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { threadId } from 'node:worker_threads';
import { type AgentError, claimLabAccounts, UserError } from '../../errors.js';
import type { ParamSpec, ParamValues } from '../../game/agent.js';
import { PROJECT_ROOT } from '../../paths.js';
import { describeError, hasControlCharacters, printable } from '../../text.js';
import { answer, isQuestion } from './questions.js';
import { sandboxCommand, sandboxSpawn, type SandboxedProgram } from './bubblewrap.js';
import { checkBotFolder, labPrivateFolder } from './folders.js';

/**
 * A bot that is a program of its own (any language), played over the line protocol
 * (docs/protocol.md): one JSON message per line on its stdin and stdout, its stderr to a log file.
 * The table's thread talks to it synchronously through two named pipes (a decision is a write and
 * a blocking read: no event loop between the game loop and the bot). A bot that stops answering is
 * the decision watchdog's to stop: it kills the lab's child processes, which ends the blocked read.
 */
export const PROTOCOL_VERSION = 1;

/**
 * How a program's decisions are put (its greeting's `encoding`): `json`, the observation as plain
 * data and the answer a bot's decide() would return; `tensor`, the game's observation tensor and
 * action mask, answered by an action id (docs/protocol.md, "The tensor encoding").
 */
export const ENCODINGS = ['json', 'tensor'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** A program bot as a spec names it: `exec:COMMAND ARGS` or a `NAME.bot.json` manifest. */
export interface Program extends SandboxedProgram {
  /** The program and its arguments (paths that name files made absolute). */
  command: string[];
  /** The bot's own folder: its working directory, and all it may read under the sandbox. */
  folder: string;
  /** The manifest's declared name and parameters (an exec: spec declares none: the bot checks its own). */
  name?: string;
  params?: Record<string, ParamSpec>;
  /** The game it plays (a manifest may say; default: the run's). */
  game?: string;
  /** Address-space limit for the program (MB); Node programs get it as their heap limit. */
  memoryMb: number;
  /** Whether it needs the lab's own files (the Node host of a JS bot file under --isolate). */
  labFiles?: readonly string[];
}

export const DEFAULT_MEMORY_MB = 2048;

/** The most memory a manifest may ask for (MB): the lab's bound, not the bot's. */
export const MAX_MEMORY_MB = 4096;

/** The longest name a bot program may give itself (it stands in every table and line). */
export const MAX_NAME = 64;

/** Reads a program spec's source: the command line after `exec:`, or a manifest file. */
export function readProgram(source: string): Program {
  if (source.startsWith('exec:')) {
    const words = splitCommand(source.slice('exec:'.length));
    if (words.length === 0) throw new UserError(`agent "${source}": exec: needs a command, e.g. exec:python3 bots/greedy.py`);
    // The bot's file is its first argument that names an existing file (its script), else the
    // program itself: its folder is the bot's folder, all of itself the sandbox lets it read. A
    // word FILE:NAME names FILE too (`-m nothanks_lab.policy my_policy.py:act`, a function in a file).
    const isFile = (w: string): boolean => existsSync(w) && statSync(w).isFile();
    const fileOf = (w: string): string | undefined => {
      if (isFile(w)) return w;
      const named = /^(.+):[A-Za-z_][\w.]*$/.exec(w)?.[1];
      return named !== undefined && isFile(named) ? named : undefined;
    };
    let at = words.findIndex((w, i) => i > 0 && fileOf(w) !== undefined);
    if (at < 0 && isFile(words[0]!)) at = 0;
    // Words split on spaces: a path with spaces is a word only in quotes, which the author may not know.
    if (at < 0)
      throw new UserError(
        `agent "${source}": no word of the command names an existing file (the bot's script or program), so its folder is unknown (a path with spaces goes in quotes: exec:python3 "my bots/bot.py")`,
      );
    const file = resolve(fileOf(words[at]!)!);
    const command = words.map((w, i) => (i === at ? file + w.slice(fileOf(w)!.length) : w));
    return { command, folder: checkBotFolder(dirname(file), `agent "${source}"`), memoryMb: DEFAULT_MEMORY_MB };
  }
  const path = resolve(source);
  if (!existsSync(path)) throw new UserError(`bot manifest ${path} does not exist`);
  let m: Record<string, unknown>;
  try {
    m = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  } catch (err) {
    throw new UserError(`bot manifest ${path} is not JSON: ${describeError(err)}`);
  }
  const fail = (what: string): never => {
    throw new UserError(`bot manifest ${path}: ${what}`);
  };
  if (!m || typeof m !== 'object' || Array.isArray(m)) fail('must be a JSON object { "name", "command", ... }');
  if (!Array.isArray(m.command) || m.command.length === 0 || !m.command.every((w) => typeof w === 'string' && w !== ''))
    fail('"command" must be a non-empty list of strings, e.g. ["python3", "greedy.py"]');
  if (m.name !== undefined && (typeof m.name !== 'string' || !m.name.trim() || hasControlCharacters(m.name) || m.name.trim().length > MAX_NAME))
    fail(`"name" must be a non-empty string of at most ${MAX_NAME} characters, without control or invisible characters`);
  if (m.game !== undefined && typeof m.game !== 'string') fail('"game" must be a game id, a string');
  const unknown = Object.keys(m).filter((k) => !MANIFEST_KEYS.includes(k));
  if (unknown.length)
    fail(`unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => JSON.stringify(k)).join(', ')} (known: ${MANIFEST_KEYS.join(', ')})`);
  if (m.params !== undefined && (typeof m.params !== 'object' || m.params === null || Array.isArray(m.params)))
    fail('"params" must be an object of parameter declarations');
  for (const [name, p] of Object.entries((m.params ?? {}) as Record<string, unknown>)) {
    const why = declarationProblem(p);
    if (why) fail(`parameter "${name}": ${why}`);
  }
  if (m.memoryMb !== undefined && !(Number.isInteger(m.memoryMb) && (m.memoryMb as number) >= 64 && (m.memoryMb as number) <= MAX_MEMORY_MB))
    fail(`"memoryMb" must be an integer from 64 to ${MAX_MEMORY_MB} (the lab's maximum)`);
  const folder = checkBotFolder(dirname(path), `bot manifest ${path}`);
  // Words that name files in the manifest's folder are the bot's: made absolute.
  const command = (m.command as string[]).map((w) => (!isAbsolute(w) && existsSync(join(folder, w)) ? join(folder, w) : w));
  return {
    command,
    folder,
    ...(m.name === undefined ? {} : { name: (m.name as string).trim() }),
    ...(m.params === undefined ? {} : { params: m.params as Record<string, ParamSpec> }),
    ...(m.game === undefined ? {} : { game: m.game as string }),
    memoryMb: (m.memoryMb as number | undefined) ?? DEFAULT_MEMORY_MB,
  };
}

const MANIFEST_KEYS = ['name', 'game', 'command', 'params', 'memoryMb'];

/** What is wrong with a parameter declaration, as a bot file's would be checked (undefined: nothing). */
function declarationProblem(p: unknown): string | undefined {
  if (!p || typeof p !== 'object' || Array.isArray(p)) return 'must be an object { description, default, min, max } or { description, default, choices }';
  const d = p as Record<string, unknown>;
  if (typeof d.description !== 'string') return '"description" must be a string';
  if (d.choices !== undefined) {
    if (!Array.isArray(d.choices) || d.choices.length === 0 || !d.choices.every((c) => typeof c === 'string'))
      return '"choices" must be a non-empty list of strings';
    return (d.choices as unknown[]).includes(d.default) ? undefined : '"default" must be one of its "choices"';
  }
  const nums = [d.default, d.min, d.max];
  if (!nums.every((v) => typeof v === 'number' && Number.isFinite(v))) return '"default", "min" and "max" must be numbers (or give "choices")';
  const [def, min, max] = nums as number[];
  if (!(min! <= def! && def! <= max!)) return '"default" must lie from "min" to "max"';
  if (d.integer !== undefined && typeof d.integer !== 'boolean') return '"integer" must be true or false';
  if (d.integer === true && !nums.every((v) => Number.isInteger(v))) return 'an integer parameter needs whole "default", "min" and "max"';
  return undefined;
}

/** Splits a command line on spaces, with "double" or 'single' quotes for words that hold them. */
function splitCommand(text: string): string[] {
  const words: string[] = [];
  for (const m of text.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) words.push(m[1] ?? m[2] ?? m[3]!);
  return words;
}

/** A message from the bot, once parsed. */
type FromBot = { type?: unknown; [key: string]: unknown };

/** The maker of the lab's own accounts of a program's failure (claimed before any bot code runs in this thread). */
const labAccount = claimLabAccounts();

/** Advice for a program that printed something else on stdout (a Python bot's debugging print). */
const STDOUT_ONLY = 'its stdout is for protocol messages only: print debugging to stderr, e.g. print(..., file=sys.stderr) in Python';

/**
 * The most a program's stderr log keeps per run (then one line says it was cut): a chatty bot
 * cannot fill the disk. 8 MB, not 1: a bot that logs its messages (the protocol test's recorder)
 * writes about 3 MB in two games of No Thanks! with special cards.
 */
export const LOG_CAP_BYTES = 8 << 20;
/** Messages between checks of the log's size. */
const LOG_CHECK_EVERY = 64;

/** The longest line a bot may send (a flood is one line, not a lab out of memory). */
const MAX_LINE = 8 << 20;

/** Where the bots' stderr logs go when a run names no folder for them. */
export const defaultBotLogs = (): string => join(tmpdir(), 'nothanks-bot-logs');

/**
 * One running bot program: started on first use in a thread, reused for every game of that thread,
 * killed (with its process group) when the thread ends. Several seats may share it (a table that
 * seats the bot twice): each message names its seat instance by `id`.
 */
export class BotProgram {
  readonly name: string;
  /** Whether it asked to hear every public event (each then waits for its "ok"). */
  readonly events: boolean;
  /** How its decisions are put: the observation as JSON, or the game's tensor and action mask (ENCODINGS). */
  readonly encoding: Encoding;
  private readonly child: ChildProcess;
  private readonly toBot: number;
  private readonly fromBot: number;
  private readonly pipes: string;
  private readonly chunk = Buffer.alloc(1 << 16);
  private readonly decoder = new StringDecoder('utf8');
  private readonly logPath: string;
  /** The log's size when this program started: what it wrote is after it. */
  private readonly logStart: number;
  /** The command as the spec gave it (errors at the greeting say how to name another interpreter). */
  private readonly command: readonly string[];
  private pending = '';
  /** Messages read since the log's size was last checked, and whether it has been cut. */
  private sinceLogCheck = 0;
  private logCut = false;
  /**
   * Reads of a line not yet ended, kept apart until its newline comes: appending each read to
   * `pending` and searching all of it again made a long line cost time quadratic in its length
   * (a 7 MB line about 1.6 s a decision).
   */
  private unended: string[] = [];
  private unendedLength = 0;
  private nextId = 0;
  private closed = false;
  /** Removes what the sandbox needed outside it (its pids cgroup). */
  private readonly cleanup: (() => void) | undefined;

  constructor(
    readonly label: string,
    program: Program,
    game: string,
    params: ParamValues,
    options: { sandbox: boolean; logs: string },
  ) {
    // In the lab's private folder, which no bot's folder may hold (folders.ts): a bot whose folder
    // were the temporary folder would see every other bot's pipes, and could write their replies.
    this.pipes = mkdtempSync(join(labPrivateFolder(), 'bot-'));
    const inPath = join(this.pipes, 'in');
    const outPath = join(this.pipes, 'out');
    execFileSync('mkfifo', ['-m', '600', inPath, outPath]);
    // Opened so that no open blocks: a read-write end first, then the one-way ends, then the
    // read-write ends closed, so the bot's exit is an end of file here and our exit its end of input.
    const inRw = openSync(inPath, 'r+');
    const botIn = openSync(inPath, 'r');
    this.toBot = openSync(inPath, 'w');
    closeSync(inRw);
    const outRw = openSync(outPath, 'r+');
    const botOut = openSync(outPath, 'w');
    this.fromBot = openSync(outPath, 'r');
    closeSync(outRw);
    mkdirSync(options.logs, { recursive: true });
    this.logPath = join(options.logs, logName(label));
    const log = openSync(this.logPath, 'a');
    this.logStart = statSync(this.logPath).size;
    this.command = program.command;
    const sandboxed = options.sandbox ? sandboxSpawn(sandboxCommand(program)) : undefined;
    this.cleanup = sandboxed?.cleanup;
    const [file, ...args] = sandboxed ? sandboxed.command : program.command;
    try {
      this.child = spawn(file!, args, {
        stdio: [botIn, botOut, log],
        cwd: program.folder,
        // Its own process group: killed whole (children it forked included) when this thread ends.
        detached: !options.sandbox,
        env: programEnv(),
      });
    } finally {
      closeSync(botIn);
      closeSync(botOut);
      closeSync(log);
    }
    this.child.on('error', () => {
      // A program that cannot start (not found, not executable) closes its pipes: the greeting's read says so.
    });
    running.add(this);
    this.send({ type: 'hello', protocol: PROTOCOL_VERSION, game, params });
    const hello = this.receive('when greeted');
    if (hello.type !== 'hello') throw this.fail(`answered the greeting with ${describe(hello)}, not {"type":"hello",...}`);
    if (hello.protocol !== PROTOCOL_VERSION) throw this.fail(`speaks protocol ${JSON.stringify(hello.protocol)}, not ${PROTOCOL_VERSION}`);
    if (typeof hello.name !== 'string' || !hello.name.trim() || hasControlCharacters(hello.name) || hello.name.trim().length > MAX_NAME)
      throw this.fail(`gave no name in its greeting (a non-empty string of at most ${MAX_NAME} characters, without control or invisible characters)`);
    this.name = program.name ?? hello.name.trim();
    this.events = hello.events === true;
    const encoding = hello.encoding ?? 'json';
    if (!ENCODINGS.includes(encoding as Encoding))
      throw this.fail(
        `asked for the encoding ${printable(String(JSON.stringify(encoding)).slice(0, 40))} in its greeting (known: ${ENCODINGS.map((e) => `"${e}"`).join(', ')})`,
      );
    this.encoding = encoding as Encoding;
  }

  /** The lab's one line for what the program did wrong (the table names the bot, seat and game around it). */
  failure(what: string): AgentError {
    return this.fail(what);
  }

  /** A seat instance id for a new seat of this program. */
  newInstance(): number {
    return this.nextId++;
  }

  send(message: object): void {
    const line = `${JSON.stringify(message)}\n`;
    try {
      writeSync(this.toBot, line);
    } catch (err) {
      throw this.fail(`stopped reading its input (${(err as NodeJS.ErrnoException).code ?? describeError(err)}): it has ended`);
    }
  }

  /** The bot's next message, parsed; `waiting` says what for, in errors. */
  receive(waiting: string): FromBot {
    for (;;) {
      const nl = this.pending.indexOf('\n');
      if (nl >= 0) {
        if (++this.sinceLogCheck >= LOG_CHECK_EVERY) this.capLog();
        const line = this.pending.slice(0, nl);
        this.pending = this.pending.slice(nl + 1);
        if (!line.trim()) continue;
        let message: unknown;
        try {
          message = JSON.parse(line);
        } catch {
          throw this.fail(`sent a line that is not JSON ${waiting}: ${printable(line.slice(0, 80))}${line.length > 80 ? '...' : ''} (${STDOUT_ONLY})`);
        }
        if (!message || typeof message !== 'object' || Array.isArray(message))
          throw this.fail(`sent ${printable(line.slice(0, 80))}, not a JSON object, ${waiting} (${STDOUT_ONLY})`);
        // Its log is named too: that is where a client's traceback or a bot's own debugging lies.
        if ((message as FromBot).type === 'error')
          throw this.fail(`reported an error: ${printable(String((message as FromBot).message).slice(0, 300))} (its stderr is in ${this.logPath})`);
        return message as FromBot;
      }
      if (this.pending.length + this.unendedLength > MAX_LINE) throw this.fail(`sent a line of over ${MAX_LINE >> 20} MB ${waiting}: a flood, not a message`);
      let n: number;
      try {
        n = readSync(this.fromBot, this.chunk, 0, this.chunk.length, null);
      } catch (err) {
        throw this.fail(`could not be read (${describeError(err)})`);
      }
      if (n === 0) throw this.fail(this.ended(waiting));
      // A decoder keeps a character split across two reads whole.
      const text = this.decoder.write(this.chunk.subarray(0, n));
      if (text.includes('\n')) {
        this.pending += this.unended.join('') + text;
        this.unended = [];
        this.unendedLength = 0;
      } else {
        this.unended.push(text);
        this.unendedLength += text.length;
      }
    }
  }

  /**
   * Sends a request and answers the bot's questions about `about` until it gives its reply of
   * `type` (an action, or "ok"); returns that message.
   */
  exchange(request: object, type: string, about: object | undefined, waiting: string): FromBot {
    this.send(request);
    for (;;) {
      const m = this.receive(waiting);
      if (m.type === type) return m;
      if (!isQuestion(m)) throw this.fail(`sent ${describe(m)} ${waiting}, not {"type":"${type}",...} or a question`);
      this.send(answer(m, about));
    }
  }

  /**
   * Why it ended, in one line: the last line it wrote to stderr in this run (a Python traceback's
   * last line names the error, e.g. ModuleNotFoundError), its log, and when it ended at the
   * greeting, how to name another interpreter (a virtualenv's python, say).
   */
  private ended(waiting: string): string {
    let last = '';
    try {
      const size = statSync(this.logPath).size;
      const from = Math.max(this.logStart, size - 4096);
      const fd = openSync(this.logPath, 'r');
      try {
        const buffer = Buffer.alloc(size - from);
        readSync(fd, buffer, 0, buffer.length, from);
        last =
          buffer
            .toString('utf8')
            .split('\n')
            .map((l) => l.trim())
            .filter(Boolean)
            .at(-1) ?? '';
      } finally {
        closeSync(fd);
      }
    } catch {
      // No log to read: say what is known.
    }
    const said = last ? `; its last line on stderr: ${printable(last.slice(0, 200))}${last.length > 200 ? '...' : ''}` : '';
    const [first = '', ...rest] = this.command;
    const interpreter = /python/.test(first.split('/').at(-1) ?? '') ? '/path/to/venv/bin/python' : `/path/to/${first.split('/').at(-1)}`;
    const greeting =
      waiting === 'when greeted' && rest.length > 0
        ? `; to run it with another interpreter, name that in the spec, e.g. exec:${interpreter} ${rest.join(' ')}`
        : '';
    return `ended ${waiting} (it exited, crashed or closed its output${said}; its stderr is in ${this.logPath}${greeting})`;
  }

  /** The table (or the loader) names the bot, seat and game around it. */
  private fail(what: string): AgentError {
    return labAccount(`its program ${what}`);
  }

  /** Says goodbye, closes its pipes and kills what is left of it. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    running.delete(this);
    try {
      writeSync(this.toBot, '{"type":"bye"}\n');
    } catch {
      // Gone already.
    }
    closeSync(this.toBot);
    closeSync(this.fromBot);
    killGroup(this.child);
    this.cleanup?.();
    rmSync(this.pipes, { recursive: true, force: true });
    this.capLog();
  }

  /**
   * Keeps the log within LOG_CAP_BYTES of what this program wrote in this run: past it, the log is
   * cut there and one line says so (what the bot writes later is cut again at the next check).
   */
  private capLog(): void {
    this.sinceLogCheck = 0;
    try {
      const limit = this.logStart + LOG_CAP_BYTES;
      const note = `[nothanks: this log was cut at ${LOG_CAP_BYTES >> 20} MB; the bot wrote more]\n`;
      if (statSync(this.logPath).size <= limit + (this.logCut ? note.length : 0)) return;
      // Cut after the last whole line before the limit (within its last 64 KB), so no line is left half.
      const fd = openSync(this.logPath, 'r');
      let cut = limit;
      try {
        const tail = Buffer.alloc(Math.min(1 << 16, LOG_CAP_BYTES));
        const n = readSync(fd, tail, 0, tail.length, limit - tail.length);
        const nl = tail.subarray(0, n).lastIndexOf(10);
        if (nl >= 0) cut = limit - tail.length + nl + 1;
      } finally {
        closeSync(fd);
      }
      truncateSync(this.logPath, cut);
      appendFileSync(this.logPath, note);
      this.logCut = true;
    } catch {
      // The log is gone (its folder removed): nothing to cap.
    }
  }
}

/** A log file's name for a spec: readable, short, unique per spec, thread and process. */
/** Whether a file in a logs folder is one this process's bots wrote (its name ends with the pid and a thread). */
export const ownLog = (name: string): boolean => name.endsWith('.log') && name.split('.').at(-3) === String(process.pid);

function logName(label: string): string {
  const readable = label.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60);
  return `${readable}.${createHash('sha256').update(label).digest('hex').slice(0, 8)}.${process.pid}.${threadId}.log`;
}

function describe(m: FromBot): string {
  const text = JSON.stringify(m);
  return printable(text.length > 80 ? `${text.slice(0, 80)}...` : text);
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    try {
      child.kill('SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

/** A program's environment: nothing of the lab's (no seed, no paths), just enough to run. */
function programEnv(): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: tmpdir(),
    LANG: 'C.UTF-8',
    // The Python client, importable without copying it (docs/protocol.md).
    PYTHONPATH: join(PROJECT_ROOT, 'clients', 'python'),
    PYTHONDONTWRITEBYTECODE: '1',
  };
}

/** Every program this thread started: killed when it ends. */
const running = new Set<BotProgram>();
process.on('exit', () => {
  for (const p of running) p.close();
});
