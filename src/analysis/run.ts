import { setMaxListeners } from 'node:events';
import { readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { UserError } from '../errors.js';
import type { JsonObject } from '../game/contract.js';
import { parseRecordLine } from '../game/json.js';
import { distModule } from '../paths.js';
import { gameById } from '../registry.js';
import { hasControlCharacters, printable } from '../text.js';
import { POINT_THRESHOLDS, THRESHOLDS } from './evaluate.js';
import type { DecisionEntry } from './walk.js';
import type { AnalysisTask, AnalysisWire } from './worker.js';

export interface AnalysisOptions {
  /** A JSON Lines file of game records (a --log). */
  file: string;
  /** Games to analyse by line (1-based); default every line. */
  games?: readonly number[];
  /** Refuse records of another game. */
  game?: string;
  /** The analyst: `rollouts` or `rollouts:samples=N` (default: the game's analysisSamples). */
  analyst?: string;
  seed?: string;
  threads?: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

export interface AnalysisResult {
  /** Per analysed game, in the order asked for: its decisions. */
  games: { line: number; game: string; seed: string; agents: string[]; scores: number[]; entries: DecisionEntry[] }[];
  analyst: {
    name: string;
    samples: number | 'default';
    rollout: Record<string, string>;
    thresholds: typeof THRESHOLDS;
    pointThresholds: typeof POINT_THRESHOLDS;
    seed: string;
  };
  /** Set when the run was interrupted: the games finished before are kept (partial). */
  stopped?: string;
  elapsedSeconds: number;
  threads: number;
}

/** `--games 1,3-5` as sorted unique line numbers within 1..lines. */
export function parseGameList(text: string, lines: number): number[] {
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    if (!m) throw new UserError(`--games "${text}": "${part}" is not a game number or a range like 3-5`);
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (from < 1 || to > lines || from > to) throw new UserError(`--games "${text}": ${part.trim()} is outside 1..${lines} (the file holds ${lines} records)`);
    for (let g = from; g <= to; g++) out.add(g);
  }
  return [...out].sort((a, b) => a - b);
}

/** The analyst spec: `rollouts[:samples=N]`. */
export function parseAnalyst(text: string | undefined): { samples: number | undefined } {
  if (text === undefined) return { samples: undefined };
  const [name, params = ''] = text.split(/:(.*)/s);
  if (name!.trim() !== 'rollouts') throw new UserError(`--with "${text}": the analyst is "rollouts" (rollouts:samples=N)`);
  let samples: number | undefined;
  for (const pair of params.split(',').filter((p) => p.trim() !== '')) {
    const [k, v] = pair.split('=');
    if (k?.trim() !== 'samples' || v === undefined) throw new UserError(`--with "${text}": unknown setting "${pair}" (the one setting is samples=N)`);
    samples = Number(v);
    if (!Number.isInteger(samples) || samples < 2 || samples > 100_000)
      throw new UserError(`--with "${text}": samples must be a whole number from 2 to 100000`);
  }
  return { samples };
}

/** Reads a records file as its non-empty lines (a one-line error for anything that is not a file of records). */
export function readRecords(file: string): string[] {
  let isFile = false;
  try {
    isFile = statSync(file).isFile();
  } catch {}
  if (!isFile) throw new UserError(`cannot read ${file}: not a file of game records`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new UserError(`cannot read ${file}`);
  }
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  if (lines.length === 0) throw new UserError(`${file} holds no game records`);
  return lines;
}

/** What runAnalysis checks before any thread starts (the CLI calls it before making the run folder, so a typo leaves nothing behind). */
export function checkAnalysis(options: AnalysisOptions): {
  lines: string[];
  chosen: readonly number[];
  gameOf: Map<number, string>;
  samples: number | undefined;
  threads: number;
} {
  const lines = readRecords(options.file);
  const chosen = options.games ?? lines.map((_, i) => i + 1);
  for (const g of chosen)
    if (!Number.isInteger(g) || g < 1 || g > lines.length) throw new UserError(`game ${g} is not a line of ${options.file} (1..${lines.length})`);
  if (options.game !== undefined) gameById(options.game);
  const { samples } = parseAnalyst(options.analyst);
  const threads = options.threads ?? availableParallelism();
  if (!Number.isInteger(threads) || threads < 1 || threads > 256) throw new UserError(`threads must be an integer from 1 to 256, got ${threads}`);
  // Every chosen line is a record of a known game that its game's replay accepts (microseconds a game).
  const gameOf = new Map<number, string>();
  for (const line of chosen) {
    const where = `${options.file}: game ${line}`;
    let record: JsonObject;
    try {
      record = parseRecordLine(lines[line - 1]!);
    } catch (err) {
      throw new UserError(`${where}: ${(err as Error).message}`);
    }
    const id = record.game;
    if (typeof id !== 'string') throw new UserError(`${where}: the record has no "game" field`);
    // Bot names reach the terminal, CSVs and charts (an SVG with a control character does not
    // even parse): a shared record file is untrusted, so its names obey the bot loader's rule.
    const agents = record.agents;
    if (!Array.isArray(agents) || agents.some((a) => typeof a !== 'string' || hasControlCharacters(a)))
      throw new UserError(`${where}: "agents" must be bot names without control characters, got ${printable(JSON.stringify(agents))}`);
    if (options.game !== undefined && id !== options.game) throw new UserError(`${where}: game is "${id}", expected "${options.game}"`);
    try {
      gameById(id).replay(record, false);
    } catch (err) {
      if (err instanceof UserError) throw new UserError(`${where}: ${err.message}`);
      throw err;
    }
    gameOf.set(line, id);
  }
  return { lines, chosen, gameOf, samples, threads };
}

/**
 * Analyses the chosen games of a records file in piscina worker threads, one game per task. Each
 * decision's samples come from a stream keyed by (seed, game seed, decision, seat), so the result
 * is the same for any thread count. Games come back in file order.
 */
export async function runAnalysis(options: AnalysisOptions): Promise<AnalysisResult> {
  const { lines, chosen, gameOf, samples, threads } = checkAnalysis(options);
  const seed = options.seed ?? '1';
  const started = performance.now();
  const piscina = new Piscina({ filename: distModule('analysis/worker.js'), minThreads: threads, maxThreads: threads, idleTimeout: 1000 });
  const abort = new AbortController();
  // Pool trouble surfaces as the failed task's rejection; the event itself must not crash the process.
  piscina.on('error', () => {});
  // One listener per queued game on the pool's shared signal.
  setMaxListeners(0, abort.signal);
  const stop = (): void => abort.abort();
  options.signal?.addEventListener('abort', stop);
  if (options.signal?.aborted) abort.abort();
  const results = new Map<number, DecisionEntry[]>();
  let failure: unknown;
  let done = 0;
  try {
    await Promise.all(
      chosen.map(async (line) => {
        const id = gameOf.get(line)!;
        const task: AnalysisTask = {
          line,
          text: lines[line - 1]!,
          settings: { samples: samples ?? gameById(id).analysisSamples, seed },
          ...(options.game === undefined ? {} : { expectGame: options.game }),
        };
        try {
          const wire = (await piscina.run(task, { signal: abort.signal })) as AnalysisWire;
          if ('userError' in wire) throw new UserError(`${options.file}: ${wire.userError}`);
          results.set(line, wire.entries);
          options.onProgress?.(++done, chosen.length);
        } catch (err) {
          if (!abort.signal.aborted) failure ??= err;
          abort.abort();
        }
      }),
    );
  } finally {
    options.signal?.removeEventListener('abort', stop);
    await piscina.destroy();
  }
  if (failure !== undefined) throw failure;
  const games = chosen
    .filter((line) => results.has(line))
    .map((line) => {
      const r = parseRecordLine(lines[line - 1]!);
      return { line, game: gameOf.get(line)!, seed: r.seed as string, agents: r.agents as string[], scores: r.scores as number[], entries: results.get(line)! };
    });
  const ids = [...new Set(gameOf.values())];
  return {
    games,
    analyst: {
      name: 'rollouts',
      samples: samples ?? (ids.length === 1 ? gameById(ids[0]!).analysisSamples : 'default'),
      rollout: Object.fromEntries(ids.map((id) => [id, gameById(id).rollout.describe])),
      thresholds: THRESHOLDS,
      pointThresholds: POINT_THRESHOLDS,
      seed,
    },
    ...(abort.signal.aborted && games.length < chosen.length ? { stopped: `interrupted after ${games.length} of ${chosen.length} games` } : {}),
    elapsedSeconds: (performance.now() - started) / 1000,
    threads,
  };
}
