import { printable } from '../text.js';

/** Every mistake a user can make ends as this one line on stderr (and exit code 1). */
export function failureLine(message: string): string {
  // One line, whatever the message holds (a bot's error text is the bot's): no newline, no escape sequence.
  return `nothanks: ${printable(message.replace(/\s*\n\s*/g, ' '))}\n`;
}
