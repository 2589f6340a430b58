/**
 * Small ONNX models written without Python: dense layers (a Gemm each, ReLU between them), the
 * model contract of the net bot (one float32 input `obs` [batch, D], a float32 output `logits`
 * [batch, A], optionally a `value` [batch, 1] head on the last hidden layer). The tests make the
 * linear maps they check by hand and the benchmark its MLPs here, for any game and rules, with no
 * torch to install and no binary files to commit.
 *
 * The bytes are the ONNX protobuf (onnx/onnx.proto: ModelProto, GraphProto, NodeProto,
 * TensorProto, ValueInfoProto), written field by field; only the fields these models need.
 */

/** One dense layer: weights [outputs x inputs] row-major (torch.nn.Linear's layout), and a bias per output. */
export interface Dense {
  weights: Float32Array;
  bias: Float32Array;
  inputs: number;
  outputs: number;
}

export interface MlpSpec {
  /** The layers in order; ReLU between consecutive ones, none after the last (the logits). */
  layers: readonly Dense[];
  /** A value head on the last hidden layer's output (or on the input, for one layer), as a trained model has. */
  value?: Dense;
  /** The last layer's output name: `logits` unless a test needs a model that breaks the contract. */
  output?: string;
}

/** A dense layer of the given size with weights and bias drawn from `random` (uniform in +-scale / sqrt(inputs)). */
export function randomDense(inputs: number, outputs: number, random: () => number, scale = 1): Dense {
  const w = scale / Math.sqrt(inputs);
  return {
    inputs,
    outputs,
    weights: Float32Array.from({ length: inputs * outputs }, () => (2 * random() - 1) * w),
    bias: Float32Array.from({ length: outputs }, () => (2 * random() - 1) * w),
  };
}

/** An MLP D -> hidden... -> A with random weights (the benchmark's model: its speed, not its play, matters). */
export function randomMlp(sizes: readonly number[], random: () => number, value = true): MlpSpec {
  const layers = sizes.slice(1).map((n, i) => randomDense(sizes[i]!, n, random));
  const hidden = sizes.length > 2 ? sizes[sizes.length - 2]! : sizes[0]!;
  return value ? { layers, value: randomDense(hidden, 1, random) } : { layers };
}

/** The model's ONNX bytes. */
export function onnxMlp(spec: MlpSpec): Uint8Array {
  const { layers } = spec;
  if (layers.length === 0) throw new RangeError('an MLP needs at least one layer');
  const nodes: Uint8Array[] = [];
  const initializers: Uint8Array[] = [];
  let x = 'obs';
  let hidden = 'obs';
  const dense = (d: Dense, name: string, input: string, output: string): void => {
    if (d.weights.length !== d.inputs * d.outputs || d.bias.length !== d.outputs) throw new RangeError(`layer ${name}: weights or bias of the wrong size`);
    initializers.push(tensor(`${name}.weight`, [d.outputs, d.inputs], d.weights), tensor(`${name}.bias`, [d.outputs], d.bias));
    // Gemm with transB = 1: y = x W^T + b, W stored [outputs, inputs] as torch stores it.
    nodes.push(node('Gemm', name, [input, `${name}.weight`, `${name}.bias`], [output], [attributeInt('transB', 1)]));
  };
  layers.forEach((d, i) => {
    if (i > 0 && d.inputs !== layers[i - 1]!.outputs)
      throw new RangeError(`layer ${i} takes ${d.inputs} inputs, but layer ${i - 1} gives ${layers[i - 1]!.outputs}`);
    const last = i === layers.length - 1;
    const out = last ? (spec.output ?? 'logits') : `h${i}`;
    dense(d, `fc${i}`, x, last ? out : `${out}.linear`);
    if (!last) {
      nodes.push(node('Relu', `relu${i}`, [`${out}.linear`], [out], []));
      hidden = out;
    }
    x = out;
  });
  const outputs = [valueInfo(spec.output ?? 'logits', layers[layers.length - 1]!.outputs)];
  if (spec.value) {
    dense(spec.value, 'value_head', hidden, 'value');
    outputs.push(valueInfo('value', 1));
  }
  const graph = concat(
    ...nodes.map((n) => bytesField(1, n)),
    stringField(2, 'net'),
    ...initializers.map((t) => bytesField(5, t)),
    bytesField(11, valueInfo('obs', layers[0]!.inputs)),
    ...outputs.map((o) => bytesField(12, o)),
  );
  return concat(
    varintField(1, 8), // ir_version 8 (onnx 1.10+)
    stringField(2, 'nothanks-lab'),
    bytesField(7, graph),
    bytesField(8, concat(stringField(1, ''), varintField(2, 17))), // the default domain at opset 17
  );
}

/** A ValueInfoProto: a float32 tensor [batch, n] with an open batch dimension. */
function valueInfo(name: string, n: number): Uint8Array {
  const dims = concat(bytesField(1, stringField(2, 'batch')), bytesField(1, varintField(1, n)));
  const tensorType = concat(varintField(1, FLOAT), bytesField(2, dims));
  return concat(stringField(1, name), bytesField(2, bytesField(1, tensorType)));
}

/** A float32 TensorProto (an initializer) with its data as raw little-endian bytes. */
function tensor(name: string, dims: readonly number[], data: Float32Array): Uint8Array {
  const raw = new Uint8Array(data.length * 4);
  const view = new DataView(raw.buffer);
  data.forEach((v, i) => view.setFloat32(4 * i, v, true));
  return concat(...dims.map((d) => varintField(1, d)), varintField(2, FLOAT), stringField(8, name), bytesField(9, raw));
}

function node(op: string, name: string, inputs: readonly string[], outputs: readonly string[], attributes: readonly Uint8Array[]): Uint8Array {
  return concat(
    ...inputs.map((i) => stringField(1, i)),
    ...outputs.map((o) => stringField(2, o)),
    stringField(3, name),
    stringField(4, op),
    ...attributes.map((a) => bytesField(5, a)),
  );
}

/** An AttributeProto holding one integer (type INT = 2). */
const attributeInt = (name: string, value: number): Uint8Array => concat(stringField(1, name), varintField(3, value), varintField(20, 2));

const FLOAT = 1;

function varint(value: number): number[] {
  const out: number[] = [];
  let v = value;
  while (v > 0x7f) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
  return out;
}

const varintField = (field: number, value: number): Uint8Array => Uint8Array.from([...varint(field * 8), ...varint(value)]);
const bytesField = (field: number, bytes: Uint8Array): Uint8Array => concat(Uint8Array.from([...varint(field * 8 + 2), ...varint(bytes.length)]), bytes);
const stringField = (field: number, text: string): Uint8Array => bytesField(field, new TextEncoder().encode(text));

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
