/**
 * Text from outside the lab (a bot's name, a record's fields) made safe for a terminal: every
 * control character but newline (ANSI escapes that retitle the window or clear the screen, carriage
 * returns that overwrite a line, C1 codes) and every bidirectional control (U+202E and its kin, which
 * make a line read otherwise than it is stored) is shown as a visible \u{..} escape instead of acting.
 */
export function printable(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  return text.replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u{${c.charCodeAt(0).toString(16)}}`);
}

/**
 * A number as a person writes it: optional sign, digits with an optional point, an optional
 * exponent. Number() alone also reads "0x10", "0b11" and padded text, which a bot spec or a flag
 * should not spell otherwise than its value.
 */
export const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** Whether a name is fit to stand in tables, terminals and file names: no control characters. */
export function hasControlCharacters(text: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  return /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(text);
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
