import type { ParamSpec, ParamValues } from '../game/agent.js';
import { undeclaredAdvice } from '../agents/spec.js';
import { UserError } from '../errors.js';

/** One tuned dimension: a number range (integer when the bot declares so) or a list of choices. */
export interface TuneDimension {
  name: string;
  lo: number;
  hi: number;
  integer: boolean;
  choices?: string[];
}

/** One --params entry (name=lo..hi or name=a|b|c), checked against what the bot declares. */
export function parseDimension(declared: Record<string, ParamSpec>, entry: string, bot: string, source?: string): TuneDimension {
  const eq = entry.indexOf('=');
  const name = entry.slice(0, eq).trim();
  const text = entry.slice(eq + 1).trim();
  if (eq <= 0) throw new UserError(`--params entry "${entry}" is not name=lo..hi or name=a|b|c`);
  const spec = Object.hasOwn(declared, name) ? declared[name] : undefined;
  if (!spec) {
    const known = Object.keys(declared);
    throw new UserError(`--params: ${bot} has no parameter "${name}" (known: ${known.join(', ') || 'none'})${undeclaredAdvice(source, known)}`);
  }
  if ('text' in spec)
    throw new UserError(
      `--params: ${name} is text (${spec.description}), which tuning cannot search: compare values with \`nothanks sweep --grid ${name}=a|b\``,
    );
  if ('choices' in spec) {
    const choices = text.split('|');
    for (const c of choices) if (!spec.choices.includes(c)) throw new UserError(`--params: ${name} must be one of ${spec.choices.join('|')}, got "${c}"`);
    if (new Set(choices).size !== choices.length || choices.length < 2)
      throw new UserError(`--params: ${name}=${text} needs at least two different choices (fix a single one in the agent spec instead)`);
    return { name, lo: 0, hi: choices.length - 1, integer: true, choices };
  }
  const m = /^(-?[\d.]+)\.\.(-?[\d.]+)$/.exec(text);
  if (!m) throw new UserError(`--params: ${name}=${text} is not lo..hi`);
  const [lo, hi] = [Number(m[1]), Number(m[2])];
  if (!(lo < hi) || lo < spec.min || hi > spec.max)
    throw new UserError(`--params: ${name}=${text} must be lo < hi within ${bot}'s limits ${spec.min}..${spec.max}`);
  if (spec.integer === true && !(Number.isInteger(lo) && Number.isInteger(hi)))
    throw new UserError(`--params: ${name} is a whole number: its range ${text} needs whole-number ends`);
  return { name, lo, hi, integer: spec.integer === true };
}

export const clamp01 = (x: number): number => Math.min(1, Math.max(0, x));

/** A value of the dimension as its place in [0, 1] (a choice by its index). */
export function encode(d: TuneDimension, v: number | string): number {
  const n = d.choices ? d.choices.indexOf(String(v)) : Number(v);
  return clamp01((n - d.lo) / (d.hi - d.lo));
}

/** A place in [0, 1] as a value of the dimension: a choice, a whole number, or a number of 4 significant digits. */
export function decode(d: TuneDimension, x: number): number | string {
  const v = d.lo + clamp01(x) * (d.hi - d.lo);
  if (d.choices) return d.choices[Math.round(v)]!;
  return d.integer ? Math.round(v) : Number(v.toPrecision(4));
}

export const decodeAll = (dims: TuneDimension[], x: number[]): ParamValues => Object.fromEntries(dims.map((d, i) => [d.name, decode(d, x[i]!)]));
