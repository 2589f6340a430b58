import { UserError } from '../errors.js';
import type { JsonObject, RulesInput, State } from '../game/contract.js';
import { parseRecordLine } from '../game/json.js';
import type { ParsedPosition, PositionNotation } from '../game/position.js';
import { makeRandom, type Random } from '../game/seed.js';
import type { RegisteredGame } from '../registry.js';
import { GAMES, gameById } from '../registry.js';
import { parseAnalyst, readRecords } from './run.js';
import { decisionStream, evaluatorFor } from './walk.js';

/**
 * One seat's position in its game's notation, evaluated by the analyst (src/analysis/evaluate.ts):
 * `nothanks eval`, the terminal advisor and the web advisor. The position is what the seat knows;
 * every legal action is played out on the same re-dealt samples, as `nothanks analyse` does at a
 * recorded decision, so a position printed from a record's decision evaluates to that decision's
 * numbers when it is given the same stream (positionFromRecord).
 */

/** Which evaluator values the actions (the rollout analyst is the one there is; an exact solver for small settings would be another kind). */
export type EvaluatorKind = 'rollouts';

export interface EvaluatorSettings {
  kind: EvaluatorKind;
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
}

export interface PositionEvaluation {
  game: string;
  /** The position as the game writes it (canonical: the same for every way of typing it). */
  position: string;
  seat: number;
  evaluator: { kind: EvaluatorKind; describe: string; samples: number; seed: string };
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

/** The analyst's settings from `--with` and `--seed` (the game's default budget when none is given). */
export function evaluatorSettings(game: RegisteredGame, spec: string | undefined, seed: string): EvaluatorSettings {
  const { samples } = parseAnalyst(spec);
  return { kind: 'rollouts', samples: samples ?? game.analysisSamples, seed };
}

/** The stream of a position's samples: a function of the seed and the position's canonical notation only. */
export const positionStream = (seed: string, game: string, notation: string): Random => makeRandom(`position/${seed}/${game}/${notation}`);

/**
 * Every legal action of the position's seat, evaluated. `random`: the samples' stream (default:
 * positionStream of the settings' seed and the canonical notation, so eval and the advisor agree).
 */
export function evaluatePosition(game: RegisteredGame, parsed: ParsedPosition, settings: EvaluatorSettings, random?: Random): PositionEvaluation {
  const notation = notationOf(game).format(parsed.state, parsed.seat);
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
    evaluator: { kind: settings.kind, describe: `rollouts: ${game.rollout.describe}`, samples: v.samples, seed: settings.seed },
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
