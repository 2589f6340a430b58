import { UserError } from '../errors.js';

/** An agent spec: `name`, `name:key=value,...`, `./path/bot.ts` or `./path/bot.ts:key=value,...`. */
export interface AgentSpec {
  /** The spec as written (labels in tables and records). */
  text: string;
  /** Built-in name or file path. */
  source: string;
  isFile: boolean;
  params: Record<string, string>;
}

export function isFileSource(source: string): boolean {
  return source.includes('/') || source.includes('\\') || /\.(m|c)?(t|j)s$/.test(source);
}

export function parseSpec(text: string): AgentSpec {
  const trimmed = text.trim();
  const colon = trimmed.indexOf(':');
  const source = colon < 0 ? trimmed : trimmed.slice(0, colon);
  if (!source) throw new UserError(`empty agent name in "${text}"`);
  // No prototype: a key such as "__proto__" or "constructor" is just an unknown parameter.
  const params: Record<string, string> = Object.create(null) as Record<string, string>;
  if (colon >= 0) {
    for (const pair of trimmed.slice(colon + 1).split(',')) {
      const eq = pair.indexOf('=');
      if (eq <= 0) throw new UserError(`agent "${text}": parameter "${pair}" is not key=value`);
      const key = pair.slice(0, eq).trim();
      if (Object.hasOwn(params, key)) throw new UserError(`agent "${text}": parameter "${key}" is given twice`);
      params[key] = pair.slice(eq + 1).trim();
    }
  }
  return { text: trimmed, source, isFile: isFileSource(source), params };
}

/**
 * Splits a comma-separated lineup. Parameters use commas too, so a piece that is only `key=value`
 * continues the spec before it: "threshold:margin=3,reserve=2,greedy" is two agents.
 */
export function splitLineup(text: string): string[] {
  const out: string[] = [];
  for (const piece of text.split(',')) {
    const t = piece.trim();
    if (!t) throw new UserError(`empty agent in lineup "${text}"`);
    if (t.includes('=') && !t.includes(':')) {
      if (out.length === 0) throw new UserError(`lineup "${text}" starts with a parameter, not an agent`);
      out[out.length - 1] += `,${t}`;
    } else out.push(t);
  }
  return out;
}
