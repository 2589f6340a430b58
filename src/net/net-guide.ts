import type { TextParam } from '../game/agent.js';
import { checkModel, ModelError, type OnnxModel } from './onnx-session.js';
import { type NetGame, OUTPUT, sizesFor } from './net-agent.js';

/**
 * A model as a search bot's guide (the game's `search:model=PATH.onnx` with a net option): the
 * same model contract as the `net` bot (docs/learning.md, "Models in the lab"), read for three
 * things a search can use:
 *
 * - a policy for the playouts: the legal id with the highest logit for the seat of an observation;
 * - a prior over the root's candidates: the log-softmax of the logits over the legal ids;
 * - a leaf value: the output `value` (one float per row: the acting seat's win share, as the lab's
 *   trainer fits it), clipped to [0, 1].
 *
 * One guide per bot, sized for its rules once: every call encodes into the same input buffer and
 * runs the model into the same output buffers, so a decision or a playout allocates nothing. The
 * model runs on one thread in the calling thread (src/net/onnx-session.ts), so a seed fixes every
 * decision whatever the tournament's thread count.
 */
export const VALUE = 'value';

/** The search's `model` parameter (free text: a path). */
export const GUIDE_MODEL: TextParam = Object.freeze({
  description: 'an ONNX model (net:model=PATH.onnx contract) that guides the search, by the net options (empty: none)',
  default: '',
  text: true as const,
});

/** What a search asks of its model: the value head too, or the logits only. */
export interface GuideUse {
  /** Some net option is on (else a model is refused: it would change nothing). */
  on: boolean;
  /** A leaf value is asked for: the model needs its `value` output. */
  value: boolean;
}

const NEEDS = "search's net options need a model: give one as search:model=PATH.onnx";

/** The one-line refusals of a model for a search: no model with a net option, a model without one, sizes, a missing value head. */
function refusal(model: string, use: GuideUse): string | undefined {
  if (use.on && model === '') return `${NEEDS} (docs/bots.md, "A net-guided search")`;
  if (!use.on && model !== '')
    return `search:model=${model} guides nothing: add netPrior, netPlayout or netLeaf, or in 6 nimmt! netTop (docs/bots.md, "A net-guided search")`;
  return undefined;
}

/** The model fits the game under these rules, with a value head if `use` needs one: a one-line ModelError if not. */
function fits<R extends { players: number }>(m: OnnxModel, game: NetGame<R, unknown, unknown>, rules: R, use: GuideUse): void {
  sizesFor(m, game, rules);
  if (use.value && !m.scalars.has(VALUE))
    throw new ModelError(
      `model ${m.file} has no float32 output [batch] named ${VALUE}, which netLeaf reads (a policy-only model guides netPrior and netPlayout)`,
    );
}

/** AgentDefinition.check of a search with a guide: what newGame would refuse, with onnxruntime's own reason for a bad file. */
export async function checkGuide<R extends { players: number }>(game: NetGame<R, unknown, unknown>, model: string, rules: R, use: GuideUse): Promise<void> {
  const why = refusal(model, use);
  if (why !== undefined) throw new ModelError(why);
  if (use.on) fits(await checkModel(model), game, rules, use);
}

export class NetGuide<R extends { players: number }, Obs> {
  readonly input: Float32Array;
  readonly logits: Float32Array;
  readonly value = new Float32Array(1);
  readonly mask: Uint8Array;
  private readonly run: () => void;

  /** A guide for `rules` (throws the one-line ModelError when the model does not fit them). */
  constructor(
    private readonly game: NetGame<R, Obs, unknown>,
    model: OnnxModel | undefined,
    rules: R,
    use: GuideUse,
  ) {
    const why = refusal(model?.file ?? '', use);
    if (why !== undefined || model === undefined) throw new ModelError(why ?? NEEDS);
    fits(model, game as NetGame<R, unknown, unknown>, rules, use);
    this.input = new Float32Array(game.tensor.size(rules));
    this.logits = new Float32Array(game.actions.size(rules));
    this.mask = new Uint8Array(this.logits.length);
    this.run = model.multiRunner(this.input, use.value ? { [OUTPUT]: this.logits, [VALUE]: this.value } : { [OUTPUT]: this.logits });
  }

  /** Encodes `obs` and runs the model: `logits` (and `value` with a value head) then hold its answer. */
  evaluate(obs: Obs): void {
    this.game.tensor.encode(obs, this.input);
    this.run();
  }

  /** The legal id with the highest logit for the seat of `obs`, which must be acting (the lowest id on a tie). */
  best(obs: Obs): number {
    this.evaluate(obs);
    const { logits, mask } = this;
    this.game.actions.observationMask(obs, mask);
    let best = -1;
    for (let id = 0; id < mask.length; id++) if (mask[id] === 1 && (best < 0 || logits[id]! > logits[best]!)) best = id;
    if (best < 0) throw new Error('search: the guide was asked for a move with no legal action');
    return best;
  }

  /** The model's value of `obs` for its seat (the win share it expects), clipped to [0, 1]. */
  valueOf(obs: Obs): number {
    this.evaluate(obs);
    const v = this.value[0]!;
    // NaN (a broken model) counts as a loss, not a poison in the means.
    return v >= 0 ? Math.min(1, v) : 0;
  }

  /**
   * After `evaluate(obs)` of an acting seat: the log-probability of each legal id under
   * softmax(logits) over the legal ids, into out[id] (-Infinity for an illegal one).
   */
  logPolicy(obs: Obs, out: Float64Array): void {
    const { logits, mask } = this;
    this.game.actions.observationMask(obs, mask);
    let top = -Infinity;
    for (let id = 0; id < mask.length; id++) if (mask[id] === 1 && logits[id]! > top) top = logits[id]!;
    let sum = 0;
    for (let id = 0; id < mask.length; id++) if (mask[id] === 1) sum += Math.exp(logits[id]! - top);
    const log = top + Math.log(sum);
    for (let id = 0; id < mask.length; id++) out[id] = mask[id] === 1 ? logits[id]! - log : -Infinity;
  }
}
