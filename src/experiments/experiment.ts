import { readFileSync } from 'node:fs';
import { UserError } from '../errors.js';
import type { SeatingMode } from '../tournament/schedule.js';

/** experiments/*.json, validated before anything runs. */
interface Common {
  kind: 'strategies' | 'player-count' | 'thresholds';
  title: string;
  description?: string;
  games: number;
  seed: string;
  /** png: also render PNGs next to the SVGs (default true). */
  png: boolean;
}

export interface StrategiesExperiment extends Common {
  kind: 'strategies';
  agents: string[];
  players: number[];
  seatings: SeatingMode;
}

export interface PlayerCountExperiment extends Common {
  kind: 'player-count';
  agents: string[];
  players: number[];
  seatings: SeatingMode;
  /** Chips for 2 players, outside the official rules (stated in the outputs). */
  twoPlayerChips: number;
}

export interface ThresholdsExperiment extends Common {
  kind: 'thresholds';
  agent: string;
  /** Parameter -> "lo..hi", "lo..hi:step" or "a|b|c". */
  grid: Record<string, string>;
  field: string[];
  players: number;
  rounds: number;
  alpha: number;
}

export type Experiment = StrategiesExperiment | PlayerCountExperiment | ThresholdsExperiment;

type Check = (v: unknown) => string | undefined;
const isInt = (lo: number, hi: number): Check => (v) => (Number.isInteger(v) && (v as number) >= lo && (v as number) <= hi ? undefined : `an integer from ${lo} to ${hi}`);
const isNumber = (lo: number, hi: number): Check => (v) => (typeof v === 'number' && v >= lo && v <= hi ? undefined : `a number from ${lo} to ${hi}`);
const isString: Check = (v) => (typeof v === 'string' && v.trim() !== '' ? undefined : 'a non-empty string');
const isBool: Check = (v) => (typeof v === 'boolean' ? undefined : 'true or false');
const oneOf = (...choices: string[]): Check => (v) => (choices.includes(v as string) ? undefined : `one of ${choices.map((c) => `"${c}"`).join(', ')}`);
const listOf = (item: Check, what: string): Check => (v) => (Array.isArray(v) && v.length > 0 && v.every((x) => item(x) === undefined) ? undefined : `a non-empty array of ${what}`);
const stringMap: Check = (v) =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length > 0 && Object.values(v).every((x) => typeof x === 'string')
    ? undefined
    : 'an object of parameter: "lo..hi" strings';

const COMMON: Record<string, [Check, unknown]> = {
  kind: [oneOf('strategies', 'player-count', 'thresholds'), undefined],
  title: [isString, undefined],
  description: [isString, ''],
  games: [isInt(1, 100_000_000), undefined],
  seed: [(v) => (typeof v === 'string' || typeof v === 'number' ? undefined : 'a string or number'), undefined],
  png: [isBool, true],
};

const BY_KIND: Record<Experiment['kind'], Record<string, [Check, unknown]>> = {
  strategies: {
    agents: [listOf(isString, 'agent specs'), undefined],
    players: [listOf(isInt(2, 7), 'player counts 2..7'), undefined],
    seatings: [oneOf('rotations', 'all'), 'all'],
  },
  'player-count': {
    agents: [listOf(isString, 'agent specs'), undefined],
    players: [listOf(isInt(2, 7), 'player counts 2..7'), undefined],
    seatings: [oneOf('rotations', 'all'), 'rotations'],
    twoPlayerChips: [isInt(0, 1000), 11],
  },
  thresholds: {
    agent: [isString, undefined],
    grid: [stringMap, undefined],
    field: [listOf(isString, 'agent specs'), undefined],
    players: [isInt(2, 7), undefined],
    rounds: [isInt(1, 100), 4],
    alpha: [isNumber(1e-9, 0.5), 0.05],
  },
};

/** Validates parsed JSON; the error names the field and what is allowed. */
export function validateExperiment(raw: unknown, source = 'experiment'): Experiment {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new UserError(`${source}: must be a JSON object`);
  const obj = raw as Record<string, unknown>;
  const kindProblem = COMMON.kind![0](obj.kind);
  if (kindProblem) throw new UserError(`${source}: field "kind" must be ${kindProblem}`);
  const fields = { ...COMMON, ...BY_KIND[obj.kind as Experiment['kind']] };
  for (const key of Object.keys(obj)) {
    if (!(key in fields)) throw new UserError(`${source}: unknown field "${key}" (allowed for ${String(obj.kind)}: ${Object.keys(fields).join(', ')})`);
  }
  const out: Record<string, unknown> = {};
  for (const [key, [check, fallback]] of Object.entries(fields)) {
    const value = obj[key];
    if (value === undefined) {
      if (fallback === undefined) throw new UserError(`${source}: missing field "${key}"`);
      out[key] = fallback;
      continue;
    }
    const problem = check(value);
    if (problem) throw new UserError(`${source}: field "${key}" must be ${problem}, got ${JSON.stringify(value)}`);
    out[key] = value;
  }
  out.seed = String(out.seed);
  return out as unknown as Experiment;
}

export function loadExperiment(path: string): Experiment {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new UserError(`cannot read experiment file ${path}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new UserError(`${path}: not valid JSON (${(err as Error).message})`);
  }
  return validateExperiment(raw, path);
}
