import { UserError } from '../errors.js';
import type { JsonObject } from './contract.js';

/** One line of a records file as a JSON object (what GameDefinition.replay checks), or a one-line UserError. */
export function parseRecordLine(line: string): JsonObject {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new UserError('not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UserError('a record must be a JSON object');
  return value as JsonObject;
}
