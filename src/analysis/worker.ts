import { UserError } from '../errors.js';
import type { JsonObject } from '../game/contract.js';
import { parseRecordLine } from '../game/json.js';
import { analyseRecord, type AnalystSettings, type DecisionEntry } from './walk.js';

/** One game to analyse: its line of the records file (1-based) and the line's text. */
export interface AnalysisTask {
  line: number;
  text: string;
  settings: AnalystSettings;
  expectGame?: string;
}

export type AnalysisWire = { entries: DecisionEntry[] } | { userError: string };

/** Piscina worker: analyses one game (bad input travels back as a one-line error, not a stack). */
export default function analyse(task: AnalysisTask): AnalysisWire {
  try {
    let record: JsonObject;
    try {
      record = parseRecordLine(task.text);
    } catch (err) {
      throw new UserError(`game ${task.line}: ${(err as Error).message}`);
    }
    return { entries: analyseRecord(record, task.line, task.settings, task.expectGame) };
  } catch (err) {
    if (err instanceof UserError) return { userError: err.message };
    throw err;
  }
}
