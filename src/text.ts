// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNPRINTABLE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;

/**
 * Text from outside the lab (a bot's name, a record's fields) made safe for a terminal: every
 * control character but newline (ANSI escapes that retitle the window or clear the screen, carriage
 * returns that overwrite a line, C1 codes) and every bidirectional control (U+202E and its kin, which
 * make a line read otherwise than it is stored) is shown as a visible \u{..} escape instead of acting.
 */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => `\\u{${c.charCodeAt(0).toString(16)}}`);
}

/**
 * A number as a person writes it: optional sign, digits with an optional point, an optional
 * exponent. Number() alone also reads "0x10", "0b11" and padded text, which a bot spec or a flag
 * should not spell otherwise than its value.
 */
export const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * Whether a name is unfit to stand in tables, terminals and file names: control characters,
 * direction marks and invisible ones (zero-width space, word joiner, byte-order mark, the line and
 * paragraph separators).
 */
export function hasControlCharacters(text: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  return /[\u0000-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2060\u2066-\u2069\ufeff]/.test(text);
}

/**
 * A bot's answer as an error line shows it, decided by its type alone: no JSON.stringify (a bigint
 * or a circular object throws there) and no code of the bot's (toJSON, toString, getters, proxy
 * traps) runs. Strings and numbers as JSON writes them (a long string cut), anything else by kind.
 */
export function describeAnswer(answer: unknown): string {
  switch (typeof answer) {
    case 'string':
      return printable(JSON.stringify(answer.length > 60 ? `${answer.slice(0, 60)}...` : answer));
    case 'number':
    case 'boolean':
    case 'undefined':
      return String(answer);
    case 'bigint':
      return `${answer}n (a bigint)`;
    case 'symbol':
      return 'a symbol';
    case 'function':
      return 'a function';
    default:
      if (answer === null) return 'null';
      try {
        return Array.isArray(answer) ? 'an array' : 'an object';
      } catch {
        return 'an object';
      }
  }
}

/**
 * What a thrown value says, for a one-line error: an Error's message (its name when the message is
 * empty), anything else as text. Never throws: a bot may throw an object whose toString or message
 * getter throws, or that patched String itself.
 */
export function describeError(err: unknown): string {
  try {
    if (err instanceof Error) {
      const message = String(err.message);
      return message.trim() ? message : `${String(err.name || 'Error')} (with no message)`;
    }
    const text = String(err);
    return text.trim() ? text : 'an empty value was thrown';
  } catch {
    return 'a value whose text cannot be read was thrown';
  }
}

/** x to d decimals without a minus sign on a zero ("-0.0" is "0.0"). */
export function fixedNoNegativeZero(x: number, d: number): string {
  const text = x.toFixed(d);
  return /^-0\.?0*$/.test(text) ? text.slice(1) : text;
}

/**
 * An interval "[lo, hi]" to d decimals, sensibly for tiny values: never "-0.0", and an interval
 * whose ends would print the same though they differ gets more decimals (up to 4 more), so
 * [-0.003, 0.002] does not print as [-0.0, 0.0]. NaN ends print "n/a".
 */
export function intervalText(lo: number, hi: number, d: number): string {
  if (Number.isNaN(lo) || Number.isNaN(hi)) return 'n/a';
  let digits = d;
  while (digits < d + 4 && lo !== hi && fixedNoNegativeZero(lo, digits) === fixedNoNegativeZero(hi, digits)) digits++;
  return `[${fixedNoNegativeZero(lo, digits)}, ${fixedNoNegativeZero(hi, digits)}]`;
}
