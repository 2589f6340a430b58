import { UserError } from '../errors.js';
import { DECIMAL, hasControlCharacters, printable } from '../text.js';

/** Flags that take several values; any other flag given twice is a mistake, not "the last one wins". */
const LIST_FLAGS = new Set(['grid', 'shards', 'params', 'compare']);

/** The commands' positional arguments (src/cli/commands/), which yargs keeps beside the flags. */
const POSITIONALS = new Set(['position', 'file', 'bot', 'shards']);

/**
 * Before any command: a flag given twice (yargs would hand the command an array where it expects
 * one value) and an empty value (`--out ''` would write into the current folder, `--host ''`
 * listen on every interface) are one line each.
 */
export function checkFlagValues(argv: Record<string, unknown>, args: readonly string[], aliases: Readonly<Record<string, readonly string[]>>): void {
  for (const [key, value] of Object.entries(argv)) {
    // yargs keeps each flag under its camelCase name, its kebab-case name and its aliases: check one.
    if (key === '_' || key === '$0' || key.length === 1 || key.includes('-')) continue;
    const dashed = `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    // A positional argument (eval's position, analyse's file) is named as such, not as a flag.
    const flag = POSITIONALS.has(key) && !args.some((arg) => arg === dashed || arg.startsWith(`${dashed}=`)) ? `the ${key}` : dashed;
    if (Array.isArray(value) && !LIST_FLAGS.has(key)) throw new UserError(`${flag} is given more than once`);
    if (typeof value === 'string' && value.trim() === '') throw new UserError(`${flag} must not be empty`);
    if (Array.isArray(value) && value.some((v) => typeof v === 'string' && v.trim() === '')) throw new UserError(`${flag} must not be empty`);
    // A value goes into file names, records and terminal lines (a seed is printed): no escapes, line breaks or bidi controls.
    if ((Array.isArray(value) ? value : [value]).some((v) => typeof v === 'string' && hasControlCharacters(v)))
      throw new UserError(`${flag} must not hold control characters, got "${printable(String(value).replace(/\n/g, '\\n'))}"`);
    // yargs turns a number flag's text that is no number into NaN, and reads hex ("0x10") and
    // binary as numbers: name the flag and the text unless it was written in decimal.
    if (typeof value === 'number') {
      // Its one-letter aliases (-p for --players).
      const names = [dashed, ...(aliases[key] ?? []).filter((k) => k.length === 1).map((k) => `-${k}`)];
      const at = args.findIndex((arg) => names.some((n) => arg === n || arg.startsWith(`${n}=`)));
      const given = at < 0 ? undefined : names.includes(args[at]!) ? args[at + 1] : args[at]!.slice(args[at]!.indexOf('=') + 1);
      // A flag next instead of a value is the "needs a value" line below.
      if (Number.isNaN(value) || (given !== undefined && !/^-[^\d.]/.test(given) && !DECIMAL.test(given)))
        throw new UserError(`${flag} must be a number${given === undefined ? '' : `, got "${given}"`}`);
    }
  }
  // yargs reads `--open-chips=maybe` as false: a switch takes true or false, or nothing.
  for (const [i, arg] of args.entries()) {
    // A flag that takes a value, given none (the last word, or a flag next): yargs would quietly
    // use its default (`--games` ran 1000 deals) or leave it unset (`-p`).
    const bare = /^--?([a-zA-Z][a-zA-Z-]*)$/.exec(arg);
    if (bare) {
      const key = bare[1]!.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
      const next = args[i + 1];
      if (key in argv && typeof argv[key] !== 'boolean' && (next === undefined || /^-[^\d.]/.test(next))) throw new UserError(`${arg} needs a value`);
    }
    const m = /^--([a-z][a-z-]*)=(.*)$/.exec(arg);
    if (!m) continue;
    const camel = m[1]!.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    if (typeof argv[camel] === 'boolean' && m[2] !== 'true' && m[2] !== 'false')
      throw new UserError(`--${m[1]} is a switch: give it alone, or =true / =false, not "${m[2]}"`);
  }
}
