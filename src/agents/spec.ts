import { UserError } from '../errors.js';

/**
 * An agent spec: `name`, `name:key=value,...`, `./path/bot.ts[:key=value,...]`, or a bot program
 * (docs/protocol.md): `exec:COMMAND ARGS[:key=value,...]` or `./path/NAME.bot.json[:key=value,...]`.
 */
export interface AgentSpec {
  /** The spec as written (labels in tables and records). */
  text: string;
  /** Built-in name, file path, `exec:COMMAND ARGS` or manifest path. */
  source: string;
  /** A built-in bot, a JavaScript/TypeScript bot file, or a program of its own over the line protocol. */
  kind: 'builtin' | 'file' | 'program';
  /** kind === 'file'. */
  isFile: boolean;
  params: Record<string, string>;
}

export function isFileSource(source: string): boolean {
  return !isProgramSource(source) && (source.includes('/') || source.includes('\\') || /\.(m|c)?(t|j)s$/.test(source));
}

export const isProgramSource = (source: string): boolean => source.startsWith('exec:') || source.endsWith('.bot.json');

/** Interpreters of common script extensions, for the exec: spec a program file needs. */
const INTERPRETERS: Record<string, string> = { py: 'python3', rb: 'ruby', pl: 'perl', sh: 'sh', r: 'Rscript', jl: 'julia', lua: 'lua', php: 'php' };

/**
 * A bot named by a file that is not JavaScript or TypeScript (bot.py): the exec: spec that runs it
 * as a program, as advice to add to the error; '' for a JS/TS file or a name without a file extension.
 */
export function programAdvice(source: string): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(source)?.[1]?.toLowerCase();
  if (!ext || /^(m|c)?(t|j)s$/.test(ext)) return '';
  const interpreter = INTERPRETERS[ext];
  const command = interpreter ? `${interpreter} ${source}` : source;
  return `: a bot in another language is a program: name it as exec:COMMAND, e.g. --agents 'exec:${command}' (docs/protocol.md)`;
}

/**
 * What to add where a bot has no parameter of a name: an exec: program declares none, so say
 * where a program declares them (a .bot.json manifest), else nothing.
 */
export const undeclaredAdvice = (source: string | undefined, known: string[]): string =>
  source?.startsWith('exec:') && known.length === 0
    ? '; an exec: program declares no parameters: declare them in a .bot.json manifest beside it, {"name", "command", "params"} (docs/protocol.md, "Naming a program bot"), and name the manifest instead'
    : '';

/** `exec:COMMAND` runs to the last `:key=value,...` (a command may hold colons of its own). */
const EXEC = /^(exec:.*?)(?::([A-Za-z_][\w-]*=[^,:]*(?:,[A-Za-z_][\w-]*=[^,:]*)*))?$/;

export function parseSpec(text: string): AgentSpec {
  const trimmed = text.trim();
  const exec = trimmed.startsWith('exec:') ? EXEC.exec(trimmed) : null;
  const colon = exec ? (exec[2] === undefined ? -1 : exec[1]!.length) : trimmed.indexOf(':');
  const source = exec ? exec[1]! : colon < 0 ? trimmed : trimmed.slice(0, colon);
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
  const kind = isProgramSource(source) ? 'program' : isFileSource(source) ? 'file' : 'builtin';
  return { text: trimmed, source, kind, isFile: kind === 'file', params };
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
