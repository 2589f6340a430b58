import { dirname, join, resolve } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { agentLabel, assertBot, bundleAgentFile, loadAgent, resolveParams, type LoadedAgent } from '../../agents/registry.js';
import { parseSpec, type AgentSpec } from '../../agents/spec.js';
import { UserError } from '../../errors.js';
import type { AgentDefinition, GameStart, ParamValues } from '../../game/agent.js';
import { claimStreamStarts } from '../../game/seed.js';
import { distModule, PROJECT_ROOT } from '../../paths.js';
import { gameById, type RegisteredGame } from '../../registry.js';
import { printable } from '../../text.js';
import { removeSandboxCgroups, sandboxMissing } from './bubblewrap.js';
import { checkBotFolder, labPrivateFolder, realPath, within } from './folders.js';
import { probe, type Declared } from './probe.js';
import { BotProgram, DEFAULT_MEMORY_MB, defaultBotLogs, readProgram, type Program } from './program.js';

/**
 * How the lab loads a bot, in one place: a built-in in process; a bot file checked in a probe
 * thread (main thread) and played in the worker threads; a bot program (`exec:...`,
 * `NAME.bot.json`) in an OS process of its own, sandboxed when the platform can. Under --isolate
 * (contest mode) a bot file is a program too: the Node host (node-host.ts) plays it in a sandboxed
 * process under Node's permission model, and a program runs only in the sandbox. checkAgent is the
 * main thread's (nothing of a bot runs there); seatAgent the worker threads' (bots that play).
 */
export interface LoadOptions {
  /** Contest mode: bot files in their own workers, programs only in the sandbox. */
  isolate?: boolean;
  /** Seconds a bot file gets to load, a program to greet (at least 5). */
  seconds?: number;
  /** Folder for the programs' stderr logs. */
  botLogs?: string;
}

/** Whether programs run in the sandbox here; under --isolate a missing sandbox is one line. */
function sandboxFor(isolate: boolean | undefined): boolean {
  const missing = sandboxMissing();
  if (missing && isolate) throw new UserError(`--isolate runs bot programs in a sandbox, and ${missing}`);
  // Said once, by the main thread's greeting check (every command checks each bot there first):
  // each worker thread has a flag of its own, so each of them said it again.
  if (missing && !warned && isMainThread) {
    warned = true;
    process.stderr.write(`nothanks: ${missing}; bot programs run without a sandbox (they can read your files and use the network)\n`);
  }
  return !missing;
}
let warned = false;
let cleaning = false;

const probes = new Map<string, Promise<Declared>>();

/** A bot file under --isolate, as a program: the Node host, reading the lab's code and the bot's folder only. */
async function hostedFile(file: string): Promise<Program> {
  const folder = checkBotFolder(dirname(file), `agent file ${file}`);
  const bundle = await bundleAgentFile(file);
  const lab = [join(PROJECT_ROOT, 'dist'), join(PROJECT_ROOT, 'node_modules'), join(PROJECT_ROOT, 'package.json'), bundle];
  const readable = [...lab, folder];
  return {
    command: [
      process.execPath,
      '--experimental-permission',
      ...readable.map((p) => `--allow-fs-read=${p}`),
      '--no-warnings',
      distModule('tournament/sandbox/node-host.js'),
      bundle,
    ],
    folder,
    memoryMb: DEFAULT_MEMORY_MB,
    labFiles: lab,
  };
}

/** The program a spec runs as, if it runs as one. */
async function programOf(spec: AgentSpec, isolate: boolean | undefined): Promise<Program | undefined> {
  if (spec.kind === 'program') return readProgram(spec.source);
  if (spec.kind === 'file' && isolate) return hostedFile(resolve(spec.source));
  return undefined;
}

/** How errors name a program bot: its manifest or command, or its file under --isolate. */
const programWhat = (spec: AgentSpec): string => (spec.kind === 'file' ? `agent file ${resolve(spec.source)} (isolated)` : `bot program ${spec.source}`);

/**
 * A program's parameters: checked against a manifest's declarations; an exec: spec's go to the bot
 * as written, and so do an isolated bot file's (its host checks them against its declarations).
 */
function programParams(program: Program, spec: AgentSpec, name: string): ParamValues {
  if (!program.params) return { ...spec.params };
  return resolveParams({ name, description: '', params: program.params, create: () => ({}) }, spec);
}

const refuseHere = (what: string) => (): never => {
  throw new Error(`${what} is started in the threads that play it, not in the main thread`);
};

/**
 * SIGUSR1 opens the main thread's inspector on a local port (Node's debugging signal), and a bot
 * file in a worker thread of the same process can send it (`process.kill(process.pid, 'SIGUSR1')`,
 * `process._debugProcess`) and then read the main thread (the master seed, the statistics) over
 * the network. A listener of the lab's own keeps the inspector shut: installed by the main thread
 * before the first bot that is not the lab's own can run.
 */
function refuseDebugSignal(): void {
  if (!isMainThread || debugSignalRefused) return;
  debugSignalRefused = true;
  process.on('SIGUSR1', () =>
    process.stderr.write('nothanks: SIGUSR1 ignored: the inspector stays shut while bots run (use node --inspect to debug the lab)\n'),
  );
}
let debugSignalRefused = false;

/** A spec checked for a run in the main thread: see the module comment. */
export async function checkAgent(text: string, game: string, o: LoadOptions = {}): Promise<LoadedAgent> {
  const spec = parseSpec(text);
  const seconds = Math.max(5, o.seconds ?? 10);
  if (spec.kind === 'builtin') return assertBot(await loadAgent(text, game));
  refuseDebugSignal();
  const program = await programOf(spec, o.isolate);
  if (!program) {
    const file = resolve(spec.source);
    const key = `${game}\u0000${file}`;
    if (!probes.has(key)) probes.set(key, probe({ kind: 'file', text: file, game, what: `agent file ${file}`, params: {}, sandbox: false, logs: '' }, seconds));
    const declared = await probes.get(key)!;
    const create = refuseHere(`bot file ${file}`);
    const definition: AgentDefinition = { ...declared, create };
    return { spec, definition, params: resolveParams(definition, spec), label: agentLabel(declared.name, spec), file, create };
  }
  if (program.game !== undefined && program.game !== game) throw new UserError(`bot manifest ${spec.source} is a ${program.game} bot, not a ${game} bot`);
  const params = programParams(program, spec, program.name ?? spec.source);
  const sandbox = sandboxFor(o.isolate);
  // Made (and removed when the process ends) by the main thread: the threads' bots make their pipes
  // there. The sandboxes' pids cgroups (a lab run by root) go when it ends too.
  labPrivateFolder();
  if (isMainThread && !cleaning) {
    cleaning = true;
    process.on('exit', () => removeSandboxCgroups(true));
  }
  const key = `${game}\u0000${text}\u0000${o.isolate === true}`;
  if (!probes.has(key))
    probes.set(key, probe({ kind: 'program', text, game, what: programWhat(spec), params, program, sandbox, logs: o.botLogs ?? defaultBotLogs() }, seconds));
  const declared = await probes.get(key)!;
  const create = refuseHere(programWhat(spec));
  const file = spec.kind === 'file' ? { file: resolve(spec.source) } : {};
  return { spec, definition: { ...declared, params: program.params ?? {}, create }, params, label: agentLabel(declared.name, spec), ...file, create };
}

/** A seat stream's start for its program (claimed when the lab loads this module, before any bot code). */
const streamStart = claimStreamStarts();

/** The worker threads' programs, by game and spec: one process each, reused for every game. */
const programs = new Map<string, BotProgram>();

/** A spec loaded to play in a worker thread: see the module comment. */
export async function seatAgent(text: string, game: string, o: LoadOptions = {}): Promise<LoadedAgent> {
  const spec = parseSpec(text);
  const program = await programOf(spec, o.isolate);
  if (!program) return loadAgent(text, game);
  const params = programParams(program, spec, program.name ?? spec.source);
  const key = `${game}\u0000${text}`;
  let running = programs.get(key);
  if (!running) {
    try {
      running = new BotProgram(text, program, game, params, { sandbox: sandboxFor(o.isolate), logs: o.botLogs ?? defaultBotLogs() });
    } catch (err) {
      throw new UserError(`${programWhat(spec)}: ${(err as Error).message}`);
    }
    programs.set(key, running);
  }
  const p = running;
  const definition = gameById(game);
  const create = (): object => (p.encoding === 'tensor' ? new TensorSeat(p, definition) : new ProcessSeat(p, (obs) => definition.observationJson(obs)));
  const file = spec.kind === 'file' ? { file: resolve(spec.source) } : {};
  return {
    spec,
    definition: { name: p.name, description: '', params: program.params ?? {}, create },
    params,
    label: agentLabel(p.name, spec),
    ...file,
    create,
  };
}

/**
 * One seat's bot in a program: the Agent the table calls, turning each call into its message.
 * onEvent exists only when the program asked for events (the table notifies only seats with it).
 */
class ProcessSeat {
  protected readonly id: number;
  protected seat = -1;
  onEvent?: (event: object, obs: object) => void;

  constructor(
    protected readonly program: BotProgram,
    private readonly view: (obs: object) => object,
  ) {
    this.id = program.newInstance();
    if (program.events) this.onEvent = (event, obs) => void program.exchange({ type: 'event', id: this.id, event }, 'ok', obs, 'after an event');
  }

  newGame(start: GameStart): void {
    this.seat = start.seat;
    this.program.send(this.newGameMessage(start));
  }

  protected newGameMessage(start: GameStart): Record<string, unknown> {
    return {
      type: 'new-game',
      id: this.id,
      seat: start.seat,
      players: (start.rules as { players: number }).players,
      rules: start.rules,
      agents: start.agents,
      random: streamStart(start.random) ?? null,
    };
  }

  decide(obs: object): unknown {
    const m = this.program.exchange({ type: 'decide', id: this.id, observation: this.view(obs) }, 'action', obs, `when asked to decide (seat ${this.seat})`);
    return m.action;
  }
}

/**
 * A seat of a program that asked for the tensor encoding (docs/protocol.md): each decision is the
 * game's own observation tensor and action mask, the very arrays the learning environments hand a
 * policy, and the answer an action id, decoded by the game's action space. The JSON observation is
 * left out: building and parsing it was about half of a JSON decision's time (measured: 159 us a
 * decision with it, 85 us in this encoding), and a policy reads the tensor only.
 * The sizes follow the rules, so they come with each game, not with the greeting (one program
 * plays every game of its thread, and an experiment may change the seat count between them).
 */
class TensorSeat extends ProcessSeat {
  private tensor = new Float32Array(0);
  private mask = new Uint8Array(0);
  /** The tensor's bytes as the protocol sends them: little-endian, whatever this machine's order. */
  private bytes = Buffer.alloc(0);
  private maskText = Buffer.alloc(0);

  constructor(
    program: BotProgram,
    private readonly game: RegisteredGame,
  ) {
    super(program, () => ({}));
  }

  protected override newGameMessage(start: GameStart): Record<string, unknown> {
    const rules = start.rules as { players: number };
    const obsSize = this.game.tensor.size(rules);
    const actionSize = this.game.actions.size(rules);
    if (this.tensor.length !== obsSize) {
      this.tensor = new Float32Array(obsSize);
      this.bytes = Buffer.alloc(obsSize * 4);
    }
    if (this.mask.length !== actionSize) {
      this.mask = new Uint8Array(actionSize);
      this.maskText = Buffer.alloc(actionSize);
    }
    return { ...super.newGameMessage(start), obsSize, actionSize };
  }

  override decide(obs: object): unknown {
    this.game.tensor.encode(obs, this.tensor);
    this.game.actions.observationMask(obs, this.mask);
    for (let i = 0; i < this.tensor.length; i++) this.bytes.writeFloatLE(this.tensor[i]!, i * 4);
    // The mask as a string of 0s and 1s: one byte an id, readable in a log, one frombuffer in numpy.
    for (let i = 0; i < this.mask.length; i++) this.maskText[i] = this.mask[i] ? 49 : 48;
    const m = this.program.exchange(
      { type: 'decide', id: this.id, obs: this.bytes.toString('base64'), mask: this.maskText.toString('latin1') },
      'action',
      obs,
      `when asked to decide (seat ${this.seat})`,
    );
    const id = m.action;
    const inRange = typeof id === 'number' && Number.isInteger(id) && id >= 0 && id < this.mask.length;
    if (!inRange || this.mask[id] === 0) {
      const legal = [...this.mask.keys()].filter((i) => this.mask[i] === 1);
      const why = inRange ? 'not legal here' : `not one of this game's ${this.mask.length} action ids`;
      throw this.program.failure(`answered the action id ${printable(String(JSON.stringify(id)).slice(0, 40))}, which is ${why} (legal: ${legal.join(', ')})`);
    }
    return this.game.actions.decode(obs, id);
  }
}

/**
 * A run folder must not lie inside a program bot's folder (or an isolated bot file's): the
 * sandbox lets a bot read its folder, and the run folder holds the master seed (state/run.json)
 * and the games as they are played.
 */
export function refuseRunInsideBotFolders(dir: string, specs: readonly string[], isolate = false): void {
  // Real paths on both sides: an --out through a symbolic link into a bot's folder is inside it.
  const run = realPath(dir);
  for (const text of specs) {
    const spec = parseSpec(text);
    const folder =
      spec.kind === 'program' ? readProgram(spec.source).folder : spec.kind === 'file' && isolate ? realPath(dirname(resolve(spec.source))) : undefined;
    if (folder !== undefined && within(run, folder))
      throw new UserError(
        `the run folder ${dir} is inside the folder of bot "${spec.text}" (${folder}), which that bot can read: choose an --out outside it, or give the bot a folder of its own`,
      );
  }
}
