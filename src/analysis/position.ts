import { UserError } from '../errors.js';
import type { JsonObject, RulesInput, State } from '../game/contract.js';
import { parseRecordLine } from '../game/json.js';
import type { ParsedPosition, PositionNotation } from '../game/position.js';
import { makeRandom, type Random } from '../game/seed.js';
import type { RegisteredGame } from '../registry.js';
import { GAMES, gameById } from '../registry.js';
import { canEvaluateExactly, ExactEvaluator } from './exact.js';
import { parseAnalyst, readRecords } from './run.js';
import { decisionStream, evaluatorFor } from './walk.js';

/**
 * One seat's position in its game's notation, evaluated by the analyst (src/analysis/evaluate.ts):
 * `nothanks eval`, the terminal advisor and the web advisor. The position is what the seat knows;
 * every legal action is played out on the same re-dealt samples, as `nothanks analyse` does at a
 * recorded decision, so a position printed from a record's decision evaluates to that decision's
 * numbers when it is given the same stream (positionFromRecord).
 */

/**
 * Which evaluator values the actions: the rollout analyst's estimate, or its exact value for a
 * position small enough (src/analysis/exact.ts). `auto`: exact when the game has it and the
 * position's tree is estimated at most AUTO_EXACT_NODES, else rollouts.
 */
export type EvaluatorKind = 'rollouts' | 'exact';
export type EvaluatorChoice = EvaluatorKind | 'auto';

/** Estimated tree nodes (without memoisation) up to which `auto` picks the exact evaluator: about a second on a busy core (measured: 100,000 in 2 s). */
export const AUTO_EXACT_NODES = 50_000;
/** Estimated tree nodes beyond which even `--with exact` refuses: about a minute and up to 2 GB on a busy machine (measured: 1.8 million in 38 s with the best-response walk; the memo holds about a sixth of them). */
export const MAX_EXACT_NODES = 2_000_000;

export interface EvaluatorSettings {
  kind: EvaluatorChoice;
  /** The rollout evaluator's samples (when it is the one used). */
  samples: number;
  /** Seed of the samples: a position's stream is keyed by it and the position's own notation. */
  seed: string;
}

export interface ActionEvaluation {
  name: string;
  /** Win chance (ties shared) with its standard error and 95% interval. */
  win: number;
  winSe: number;
  winLow: number;
  winHigh: number;
  /** Expected final score of the seat, standard error and 95% interval. */
  score: number;
  scoreSe: number;
  scoreLow: number;
  scoreHigh: number;
  /** The exact evaluator only: the value when the seat then plays its best response to the rollout policy (src/analysis/exact.ts). */
  responseWin?: number;
  responseScore?: number;
}

export interface PositionEvaluation {
  game: string;
  /** The position as the game writes it (canonical: the same for every way of typing it). */
  position: string;
  seat: number;
  evaluator: {
    kind: EvaluatorKind;
    describe: string;
    /** Re-dealt samples of the rollout evaluator; 0 for the exact one. */
    samples: number;
    seed: string;
    /** The exact evaluator's tree: its size estimated beforehand (nodes without memoisation) and the distinct positions it valued. */
    treeEstimate?: number;
    positions?: number;
  };
  /** Every legal action, in the game's action order. */
  actions: ActionEvaluation[];
  /** The best action's name: highest win chance, then lowest expected score. */
  best: string;
}

/** Two-sided 95% normal quantile. */
const Z95 = 1.959963984540054;

/** A game's notation, or a one-line refusal for a game without one. */
export function notationOf(game: RegisteredGame): PositionNotation {
  if (!game.position) throw new UserError(`${game.name} has no position notation yet: eval and advise know ${gamesWithNotation().join(', ')}`);
  return game.position;
}

function gamesWithNotation(): string[] {
  return [...GAMES.values()].filter((g) => g.position !== undefined).map((g) => g.id);
}

/** `text` parsed by its game's notation; `rules` gives the rule settings for the seat count the text holds. */
export function parsePosition(game: RegisteredGame, text: string, rules: (players: number) => RulesInput): ParsedPosition {
  return notationOf(game).parse(text, rules);
}

/**
 * The evaluator's settings from `--with` and `--seed`: `exact` forces the exact evaluator,
 * `rollouts[:samples=N]` the rollouts (the game's default budget when no N); none chooses by size.
 */
export function evaluatorSettings(game: RegisteredGame, spec: string | undefined, seed: string): EvaluatorSettings {
  if (spec?.trim() === 'exact') {
    if (!canEvaluateExactly(game)) throw new UserError(`--with exact: ${game.name} has no exact evaluator (it is No Thanks!'s); use --with rollouts`);
    return { kind: 'exact', samples: game.analysisSamples, seed };
  }
  if (spec !== undefined && !/^\s*rollouts\b/.test(spec)) throw new UserError(`--with "${spec}": the evaluator is "rollouts" (rollouts:samples=N) or "exact"`);
  const { samples } = parseAnalyst(spec);
  return { kind: spec === undefined && canEvaluateExactly(game) ? 'auto' : 'rollouts', samples: samples ?? game.analysisSamples, seed };
}

/** Exact evaluators by game and rules, made once per thread. */
const exactEvaluators = new Map<string, ExactEvaluator>();

function exactEvaluatorFor(game: RegisteredGame, rules: { players: number }): ExactEvaluator {
  const key = `${game.id}/${JSON.stringify(rules)}`;
  let e = exactEvaluators.get(key);
  if (!e) exactEvaluators.set(key, (e = new ExactEvaluator(game, rules)));
  return e;
}

/**
 * The exact evaluation when the settings ask for it or allow it and the position is small enough,
 * else null (rollouts). A forced one beyond MAX_EXACT_NODES is refused in one line naming the size.
 */
function exactEvaluation(game: RegisteredGame, parsed: ParsedPosition, settings: EvaluatorSettings, notation: string): PositionEvaluation | null {
  if (settings.kind === 'rollouts' || !canEvaluateExactly(game)) return null;
  const exact = exactEvaluatorFor(game, parsed.rules);
  const estimate = exact.estimateNodes(parsed.state, parsed.seat, makeRandom(`exact-size/${game.id}/${notation}`));
  if (settings.kind === 'auto' && estimate > AUTO_EXACT_NODES) return null;
  if (estimate > MAX_EXACT_NODES)
    throw new UserError(
      `--with exact: this position's tree is about ${estimate.toExponential(1)} nodes, beyond the exact evaluator's ${MAX_EXACT_NODES.toExponential(0)}; use --with rollouts`,
    );
  const v = exact.evaluate(parsed.state, parsed.seat);
  const actions = v.actions.map((a) => ({
    name: a.name,
    win: a.win,
    winSe: 0,
    winLow: a.win,
    winHigh: a.win,
    score: a.score,
    scoreSe: 0,
    scoreLow: a.score,
    scoreHigh: a.score,
    responseWin: a.responseWin,
    responseScore: a.responseScore,
  }));
  let best = 0;
  for (let c = 1; c < actions.length; c++) {
    const a = actions[c]!;
    const b = actions[best]!;
    if (a.win > b.win + 1e-12 || (Math.abs(a.win - b.win) <= 1e-12 && a.score < b.score)) best = c;
  }
  return {
    game: game.id,
    position: notation,
    seat: parsed.seat,
    evaluator: {
      kind: 'exact',
      describe: `exact: every unseen card and every move of ${game.rollout.describe}, weighted by its probability`,
      samples: 0,
      seed: settings.seed,
      treeEstimate: Math.round(estimate),
      positions: v.positions,
    },
    actions,
    best: actions[best]!.name,
  };
}

/** The stream of a position's samples: a function of the seed and the position's canonical notation only. */
export const positionStream = (seed: string, game: string, notation: string): Random => makeRandom(`position/${seed}/${game}/${notation}`);

/**
 * Every legal action of the position's seat, evaluated. `random`: the samples' stream (default:
 * positionStream of the settings' seed and the canonical notation, so eval and the advisor agree).
 */
export function evaluatePosition(game: RegisteredGame, parsed: ParsedPosition, settings: EvaluatorSettings, random?: Random): PositionEvaluation {
  const notation = notationOf(game).format(parsed.state, parsed.seat);
  const exact = exactEvaluation(game, parsed, settings, notation);
  if (exact) return exact;
  const evaluator = evaluatorFor(game, parsed.rules, settings.samples);
  const v = evaluator.evaluate(parsed.state, parsed.seat, null, random ?? positionStream(settings.seed, game.id, notation));
  const actions = v.actions.map((a) => ({
    name: a.name,
    win: a.win,
    winSe: a.winSe,
    winLow: Math.max(0, a.win - Z95 * a.winSe),
    winHigh: Math.min(1, a.win + Z95 * a.winSe),
    score: a.score,
    scoreSe: a.scoreSe,
    scoreLow: a.score - Z95 * a.scoreSe,
    scoreHigh: a.score + Z95 * a.scoreSe,
  }));
  return {
    game: game.id,
    position: notation,
    seat: parsed.seat,
    evaluator: { kind: 'rollouts', describe: `rollouts: ${game.rollout.describe}`, samples: v.samples, seed: settings.seed },
    actions,
    best: actions[v.best]!.name,
  };
}

/** A recorded decision as a position: the one `nothanks analyse` evaluates as decision `decision` of game `line`. */
export interface RecordedPosition {
  game: RegisteredGame;
  parsed: ParsedPosition;
  /** The record's action at that decision. */
  played: string;
  /** The stream analyse draws that decision's samples from with analyst seed `seed`. */
  stream(seed: string): Random;
}

/**
 * Decision `decision` (1-based, numbered as analyse numbers them: the seats of a simultaneous turn
 * in seat order) of game `line` of a records file, as the deciding seat's position. The State is the
 * real game's (its hidden part the truth): the evaluation re-deals it, so it equals the parsed
 * notation's.
 */
export function positionFromRecord(file: string, line: number, decision: number): RecordedPosition {
  const lines = readRecords(file);
  if (!Number.isInteger(line) || line < 1 || line > lines.length) throw new UserError(`${file}: game ${line} is not a line of the file (1..${lines.length})`);
  let record: JsonObject;
  try {
    record = parseRecordLine(lines[line - 1]!);
  } catch (err) {
    throw new UserError(`${file}: game ${line}: ${(err as Error).message}`);
  }
  if (typeof record.game !== 'string') throw new UserError(`${file}: game ${line}: the record has no "game" field`);
  const game = gameById(record.game);
  try {
    game.replay(record, false);
  } catch (err) {
    if (err instanceof UserError) throw new UserError(`${file}: game ${line}: ${err.message}`);
    throw err;
  }
  if (!Number.isInteger(decision) || decision < 1) throw new UserError(`${file}: game ${line}: decisions are numbered from 1, not ${decision}`);
  const { state, actionOf } = game.recordedGame(record);
  const rules = game.rulesFromRecord(state.players, record.rules as never);
  const seats = new Int32Array(64);
  let count = 0;
  while (!state.isOver()) {
    const n = state.actingSeats(seats);
    const acting = Array.from(seats.subarray(0, n));
    const chosen = acting.map((seat) => actionOf(seat));
    if (decision <= count + n) {
      const seat = acting[decision - count - 1]!;
      const snapshot: State = state.clone();
      const gameSeed = record.seed as string;
      return {
        game,
        parsed: { state: snapshot, seat, rules },
        played: snapshot.describeAction(chosen[decision - count - 1]!),
        stream: (seed) => decisionStream(seed, gameSeed, decision, seat),
      };
    }
    count += n;
    for (let i = 0; i < n; i++) state.apply(acting[i]!, chosen[i]!);
  }
  throw new UserError(`${file}: game ${line} has ${count} decisions, not ${decision}`);
}
