import { describeError } from '../../text.js';

/**
 * What a bot outside the table's thread may ask of its observation (or GameStart) while the table
 * waits for its answer: a property's value, whether a name is a method, `in`, the keys, or a method
 * call. Each is answered by the real object here, so the bot learns exactly what an in-process bot
 * would (hidden counters throw here as there), and nothing of the engine behind it. Values cross as
 * JSON: typed arrays as tagged lists (toWire/fromWire), so a method that fills an array the bot
 * passes (`unseenInto(out, counts)`) fills the bot's copy.
 */
export type Question = { type: 'get'; name: string } | { type: 'has'; name: string } | { type: 'keys' } | { type: 'call'; name: string; args: unknown[] };

export type Answer = { type: 'result'; value?: unknown; method?: true; args?: unknown[] } | { type: 'result'; error: string };

/** A typed array on the wire: its kind and its numbers (JSON has no typed arrays). */
interface WireArray {
  typed: string;
  data: number[];
}

const TYPED: Record<string, new (data: number[]) => ArrayLike<number>> = {
  Int8Array,
  Uint8Array,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
};

export function toWire(v: unknown): unknown {
  return ArrayBuffer.isView(v) && !(v instanceof DataView) ? { typed: v.constructor.name, data: Array.from(v as unknown as ArrayLike<number>) } : v;
}

export function fromWire(v: unknown): unknown {
  const w = v as WireArray | null;
  return w && typeof w === 'object' && typeof w.typed === 'string' && Array.isArray(w.data) && TYPED[w.typed] ? new TYPED[w.typed]!(w.data) : v;
}

export const isQuestion = (m: { type?: unknown }): m is Question => m.type === 'get' || m.type === 'has' || m.type === 'keys' || m.type === 'call';

/** Answers one question about `target` (undefined: there is nothing to ask about now). */
export function answer(q: Question, target: object | undefined): Answer {
  try {
    if (!target) throw new Error('nothing to ask about here: questions are answered during decide and events');
    const t = target as Record<string, unknown>;
    if (q.type === 'keys') return { type: 'result', value: Object.keys(t) };
    if (typeof q.name !== 'string') throw new Error('a question needs the name of a property or method');
    if (q.type === 'has') return { type: 'result', value: q.name in t };
    if (q.type === 'get') {
      const v = t[q.name];
      return typeof v === 'function' ? { type: 'result', method: true } : { type: 'result', value: v === undefined ? null : v };
    }
    const fn = t[q.name];
    if (typeof fn !== 'function') throw new Error(`${q.name} is not a method`);
    // JSON turned the bot's undefined into null: undefined again, so a method's default applies.
    const args = (Array.isArray(q.args) ? q.args : []).map((a) => (a === null ? undefined : fromWire(a)));
    const value = fn.apply(t, args);
    return { type: 'result', value: toWire(value) ?? null, args: args.map(toWire) };
  } catch (err) {
    return { type: 'result', error: describeError(err) };
  }
}
