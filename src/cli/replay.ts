import { printable } from '../text.js';
import type { JsonObject } from '../game/contract.js';
import { parseRecordLine } from '../game/json.js';
import { readFileSync, statSync } from 'node:fs';
import { gameById } from '../registry.js';
import { UserError } from '../errors.js';

/**
 * Validates every record in a JSON Lines file by replaying it under its own game's rules; prints
 * a decision-by-decision account of game `show` (1 = first line).
 */
export function replayCommand(file: string, show: number | undefined, expectGame?: string): string {
  let text: string;
  // A device or pipe (/dev/zero) never ends: records are files.
  let isFile = false;
  try {
    isFile = statSync(file).isFile();
  } catch {}
  if (!isFile) throw new UserError(`cannot read ${file}: not a file of game records`);
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new UserError(`cannot read ${file}`);
  }
  if (expectGame !== undefined) gameById(expectGame);
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  if (lines.length === 0) throw new UserError(`${file} holds no game records`);
  if (show !== undefined && (!Number.isInteger(show) || show < 1 || show > lines.length)) {
    throw new UserError(`--show must be from 1 to ${lines.length} (the file holds ${lines.length} records)`);
  }
  const out: string[] = [];
  lines.forEach((line, i) => {
    let record: JsonObject;
    try {
      record = parseRecordLine(line);
    } catch (err) {
      throw new UserError(`${file}:${i + 1}: ${(err as Error).message}`);
    }
    try {
      if (typeof record.game !== 'string') throw new UserError('the record has no "game" field');
      if (expectGame !== undefined && record.game !== expectGame) throw new UserError(`game is "${record.game}", expected "${expectGame}"`);
      const account = gameById(record.game).replay(record, show === i + 1);
      // A record's fields (bot names above all) come from a file: never let them drive the terminal.
      if (show === i + 1) out.push(...[`Game ${i + 1} of ${lines.length} · ${account[0]}`, ...account.slice(1)].map(printable));
    } catch (err) {
      if (err instanceof UserError) throw new UserError(`${file}: game ${i + 1}: ${err.message}`);
      throw err;
    }
  });
  out.push(`${lines.length} record${lines.length === 1 ? '' : 's'} in ${file} replayed: all legal, all results match.`);
  return out.join('\n');
}
