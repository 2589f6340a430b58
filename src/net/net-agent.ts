import type { ActionSpace } from '../game/actions.js';
import type { Agent, AgentDefinition, GameStart, NumberParam, Random, TextParam } from '../game/agent.js';
import type { ObservationEncoder } from '../game/tensor.js';
import { checkModel, ModelError, openModel, type OnnxModel } from './onnx-session.js';

/**
 * The `net` bot of every game: an ONNX policy played in process. Each game's bots/net.ts hands
 * over its own observation encoder and action space (the ones the learning environments use), so
 * a model sees exactly the tensor it was trained on and answers in the same action ids.
 *
 * The model contract (docs/learning.md, "Models in the lab"): one float32 input [batch, D] (D: the
 * game's tensor size under the rules), and a float32 output named `logits` [batch, A] (A: the
 * game's action-space size); other outputs (a value head) are not computed.
 */

/** What a game gives its net bot: its id and name (for errors), encoder and action space. */
export interface NetGame<R extends { players: number }, Obs, Answer> {
  id: string;
  name: string;
  tensor: ObservationEncoder<R, Obs>;
  actions: ActionSpace<R, Obs, Answer>;
}

export interface NetParams {
  [key: string]: number | string;
  model: string;
  temperature: number;
}

export const OUTPUT = 'logits';

const PARAMS: { model: TextParam; temperature: NumberParam } = {
  model: { description: 'the ONNX model file (a path)', default: '', text: true },
  temperature: {
    description: '0: the legal id with the highest logit; above 0: a legal id drawn from softmax(logits / temperature)',
    default: 0,
    min: 0,
    max: 100,
  },
};

/** The bot's definition for one game (each game's bots/net.ts wraps it in its defineAgent). */
export function netAgent<R extends { players: number }, Obs, Answer>(
  game: NetGame<R, Obs, Answer>,
): Omit<AgentDefinition<NetParams, Agent<Obs, Answer, never, R>>, 'game'> {
  return {
    name: 'net',
    description:
      'Plays an ONNX policy in process (onnxruntime, one thread): the model takes the observation tensor as one float32 input [batch, tensor size] ' +
      'and gives a float32 output `logits` [batch, action ids] (other outputs ignored); it plays the best legal id, or draws one at a temperature. ' +
      'net:model=PATH.onnx (docs/learning.md, "Models in the lab").',
    params: PARAMS,
    nodeOnly: true,
    // Without a model it still starts (the lab makes one of every built-in with its defaults, to
    // freeze its class before a bot file loads), and refuses its first game, in one line.
    create: (params) => new NetAgent(game, params.model === '' ? undefined : openModel(params.model), params.temperature),
    async check(params, rules) {
      sizesFor(await checkModel(modelPath(params.model)), game, rules as R);
    },
  };
}

const NO_MODEL = 'net needs a model: give one as net:model=PATH.onnx (docs/learning.md, "Models in the lab")';

function modelPath(model: string): string {
  if (model === '') throw new ModelError(NO_MODEL);
  return model;
}

/** The model's sizes against the game's under these rules: a one-line ModelError when they differ. */
export function sizesFor<R extends { players: number }>(model: OnnxModel, game: NetGame<R, unknown, unknown>, rules: R): { inputs: number; ids: number } {
  const inputs = game.tensor.size(rules);
  const ids = game.actions.size(rules);
  const under = `${game.name} at ${rules.players} players`;
  // An open dimension (-1) fits any size: onnxruntime checks the row when it runs.
  if (model.inputSize !== inputs && model.inputSize !== -1)
    throw new ModelError(
      `model ${model.file} takes ${model.inputSize} floats per observation, but ${under} has ${inputs} (the model was made for other rules?)`,
    );
  const outputs = model.outputs.get(OUTPUT);
  if (outputs === undefined)
    throw new ModelError(
      `model ${model.file} has no float32 output [batch, ${ids}] named ${OUTPUT} (its outputs: ${[...model.outputs.keys()].join(', ') || 'none of float32 [batch, n]'})`,
    );
  if (outputs !== ids && outputs !== -1)
    throw new ModelError(`model ${model.file} gives ${outputs} logits, but ${under} has ${ids} action ids (the model was made for other rules?)`);
  return { inputs, ids };
}

class NetAgent<R extends { players: number }, Obs, Answer> implements Agent<Obs, Answer, never, R> {
  // Sized by newGame from the rules, and kept while the sizes stay: a decision allocates nothing.
  private input = new Float32Array(0);
  private logits = new Float32Array(0);
  private mask = new Uint8Array(0);
  private run: () => void = () => {};
  private random: Random = Math.random;

  constructor(
    private readonly game: NetGame<R, Obs, Answer>,
    private readonly model: OnnxModel | undefined,
    private readonly temperature: number,
  ) {}

  newGame(start: GameStart<R>): void {
    this.random = start.random;
    const model = this.model;
    if (!model) throw new ModelError(NO_MODEL);
    const { inputs, ids } = sizesFor(model, this.game, start.rules);
    if (this.input.length !== inputs || this.logits.length !== ids) {
      this.input = new Float32Array(inputs);
      this.logits = new Float32Array(ids);
      this.mask = new Uint8Array(ids);
      this.run = model.runner(this.input, OUTPUT, this.logits);
    }
  }

  decide(obs: Obs): Answer {
    const { game, logits, mask } = this;
    game.tensor.encode(obs, this.input);
    this.run();
    game.actions.observationMask(obs, mask);
    // The best legal id (the lowest on a tie, and the first legal one if every logit is NaN).
    let best = -1;
    for (let id = 0; id < mask.length; id++) if (mask[id] === 1 && (best < 0 || logits[id]! > logits[best]!)) best = id;
    if (best < 0) throw new Error('net: asked to decide with no legal action');
    if (this.temperature > 0) best = this.draw(best);
    return game.actions.decode(obs, best);
  }

  /** A legal id drawn from softmax(logits / temperature) with the seat's own stream (`best` has the highest logit). */
  private draw(best: number): number {
    const { logits, mask } = this;
    const t = this.temperature;
    const top = logits[best]!;
    let sum = 0;
    for (let id = 0; id < mask.length; id++) if (mask[id] === 1) sum += Math.exp((logits[id]! - top) / t);
    let r = this.random() * sum;
    let last = best;
    for (let id = 0; id < mask.length; id++) {
      if (mask[id] !== 1) continue;
      last = id;
      r -= Math.exp((logits[id]! - top) / t);
      if (r < 0) return id;
    }
    // Rounding can leave r a hair above 0 after the last legal id: that id, then.
    return last;
  }
}
