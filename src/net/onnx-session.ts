import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { protect } from '../game/protect.js';

/**
 * The lab's one door to onnxruntime (the npm package onnxruntime-node, CPU only): ONNX models
 * loaded from files and run synchronously, one observation at a time. Node only: the browser
 * bundle swaps this module for src/web/client/onnx-stub.ts (src/web/build.ts), and the web app
 * leaves the bots that use it out of its lists (AgentDefinition.nodeOnly).
 *
 * Why the native binding and not the package's InferenceSession: a bot's decide() is synchronous,
 * and the package's run() returns a promise. The binding's run() computes in the calling thread
 * and writes into output tensors given to it, so a decision allocates nothing; its loadModel()
 * returns a promise that only reports (the session is ready when the call returns, or was never
 * made: then its metadata throws "Session is not initialized").
 *
 * Every session runs on one thread (intra- and inter-op threads 1, sequential execution): the
 * tournament's workers are the lab's parallelism, and one thread per model computes the same
 * floats whatever the thread count, so results are identical for any --threads.
 */

/** One input or output of a model as onnxruntime describes it. */
interface ValueMetadata {
  name: string;
  isTensor: boolean;
  /** -1 for a dimension the model leaves open (the batch). */
  shape: number[];
  /** onnxruntime's element type code: 1 is float32. */
  type: number;
}

interface NativeSession {
  loadModel(path: string, options: object): Promise<void>;
  readonly inputMetadata: ValueMetadata[];
  readonly outputMetadata: ValueMetadata[];
  run(feeds: Record<string, unknown>, fetches: Record<string, unknown>, options: object): unknown;
}

interface Runtime {
  binding: { InferenceSession: new () => NativeSession };
  Tensor: new (type: 'float32', data: Float32Array, dims: readonly number[]) => unknown;
}

const FLOAT32 = 1;
const SESSION_OPTIONS = Object.freeze({ intraOpNumThreads: 1, interOpNumThreads: 1, executionMode: 'sequential' });

let runtime: Runtime | undefined;

/** onnxruntime, loaded at the first model: its native library costs every other command nothing. */
function ort(): Runtime {
  if (!runtime) {
    const require = createRequire(import.meta.url);
    const { binding, initOrt } = require('onnxruntime-node/dist/binding.js') as { binding: Runtime['binding']; initOrt: () => void };
    initOrt();
    runtime = { binding, Tensor: (require('onnxruntime-node') as { Tensor: Runtime['Tensor'] }).Tensor };
    // A bot file in the same thread must not patch what a net bot runs (docs/fair-play.md): frozen
    // with the lab's classes, or at once when they already are.
    protect(runtime.binding.InferenceSession, runtime.Tensor);
  }
  return runtime;
}

/** A model file that cannot be played: the message is the one line a user sees. */
export class ModelError extends Error {
  override name = 'ModelError';
}

/** A loaded model: its one input and its float32 outputs by name, and runners over given buffers. */
export class OnnxModel {
  /** The floats per row of the input (-1 when the model leaves that dimension open). */
  readonly inputSize: number;
  readonly inputName: string;
  /** Each float32 output's floats per row (-1 when open), by output name. */
  readonly outputs: ReadonlyMap<string, number>;
  /** The float32 outputs of one float per row ([batch] or [batch, 1]): a value head's shape. */
  readonly scalars: ReadonlySet<string>;

  constructor(
    /** The file as the user named it (errors name it so). */
    readonly file: string,
    private readonly session: NativeSession,
  ) {
    const inputs = session.inputMetadata;
    if (inputs.length !== 1) throw new ModelError(`model ${file} has ${inputs.length} inputs; a lab model has one, a float32 [batch, floats] observation`);
    const input = inputs[0]!;
    if (!input.isTensor || input.type !== FLOAT32 || input.shape.length !== 2)
      throw new ModelError(`model ${file}: its input ${input.name} is not a float32 [batch, floats] tensor`);
    this.inputName = input.name;
    this.inputSize = input.shape[1]!;
    this.outputs = new Map(session.outputMetadata.filter((o) => o.isTensor && o.type === FLOAT32 && o.shape.length === 2).map((o) => [o.name, o.shape[1]!]));
    this.scalars = new Set(
      session.outputMetadata
        .filter((o) => o.isTensor && o.type === FLOAT32 && (o.shape.length === 1 || (o.shape.length === 2 && o.shape[1] === 1)))
        .map((o) => o.name),
    );
  }

  /**
   * A runner for one caller: each call reads `input` (one row) and writes the output `name` into
   * `out`, allocating nothing. The buffers are the caller's to fill and read; keep them.
   */
  runner(input: Float32Array, name: string, out: Float32Array): () => void {
    const { Tensor } = ort();
    const feeds = { [this.inputName]: new Tensor('float32', input, [1, input.length]) };
    const fetches = { [name]: new Tensor('float32', out, [1, out.length]) };
    const options = {};
    const session = this.session;
    return () => {
      session.run(feeds, fetches, options);
    };
  }

  /**
   * A runner that computes several outputs in one pass (a policy's logits and its value head): each
   * call reads `input` (one row) and writes every named output into its buffer, allocating
   * nothing. An output of one float per row (`scalars`) is fetched in the shape the model gives it.
   */
  multiRunner(input: Float32Array, outs: Readonly<Record<string, Float32Array>>): () => void {
    const { Tensor } = ort();
    const feeds = { [this.inputName]: new Tensor('float32', input, [1, input.length]) };
    const shapes = new Map(this.session.outputMetadata.map((o) => [o.name, o.shape.length]));
    const fetches: Record<string, unknown> = {};
    for (const [name, out] of Object.entries(outs)) fetches[name] = new Tensor('float32', out, shapes.get(name) === 1 ? [1] : [1, out.length]);
    const options = {};
    const session = this.session;
    return () => {
      session.run(feeds, fetches, options);
    };
  }
}

/** This thread's models by absolute path: a model is read once per thread and file, whatever the seats that play it. */
const loaded = new Map<string, OnnxModel>();

/**
 * The model in `file` (a path as the user wrote it), loaded once per thread. A missing file or one
 * onnxruntime cannot load is a ModelError of one line (onnxruntime's own words come only
 * asynchronously: checkModel gives them).
 */
export function openModel(file: string): OnnxModel {
  const path = resolve(file);
  let model = loaded.get(path);
  if (!model) {
    const { session } = startSession(file, path);
    try {
      void session.inputMetadata;
    } catch {
      throw new ModelError(`model ${file} is not an ONNX model onnxruntime can load`);
    }
    loaded.set(path, (model = new OnnxModel(file, session)));
  }
  return model;
}

/**
 * The model in `file` checked with onnxruntime's own account of what is wrong with it, as one line:
 * what a run's main thread calls once before any game, so a bad file stops it with the reason.
 */
export async function checkModel(file: string): Promise<OnnxModel> {
  const path = resolve(file);
  let model = loaded.get(path);
  if (!model) {
    const { session, ready } = startSession(file, path);
    try {
      await ready;
    } catch (err) {
      const why = String((err as Error).message ?? err)
        .replace(/^Load model from \S+ failed:\s*/, '')
        .replace(/\s+/g, ' ')
        .trim();
      throw new ModelError(`model ${file} is not an ONNX model onnxruntime can load (${why})`);
    }
    loaded.set(path, (model = new OnnxModel(file, session)));
  }
  return model;
}

function startSession(file: string, path: string): { session: NativeSession; ready: Promise<void> } {
  if (!existsSync(path)) throw new ModelError(`model ${file}: no such file`);
  if (!statSync(path).isFile()) throw new ModelError(`model ${file} is not a file`);
  const session = new (ort().binding.InferenceSession)();
  let ready: Promise<void>;
  try {
    ready = session.loadModel(path, SESSION_OPTIONS);
  } catch (err) {
    throw new ModelError(`model ${file} is not an ONNX model onnxruntime can load (${(err as Error).message})`);
  }
  // Its rejection is read by checkModel, or not at all: the session's metadata says the same, synchronously.
  ready.catch(() => {});
  return { session, ready };
}

protect(OnnxModel);
