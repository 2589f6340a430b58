import { UserError } from '../errors.js';
import type { JsonObject, State } from '../game/contract.js';
import { makeRandom } from '../game/seed.js';
import { gameById, type RegisteredGame } from '../registry.js';
import { type ActionValue, DecisionEvaluator, type DecisionValue } from './evaluate.js';

/** The analyst's settings: its rollout budget and the seed of its samples. */
export interface AnalystSettings {
  /** Samples per decision (each plays out every legal action). */
  samples: number;
  seed: string;
}

export type Phase = 'early' | 'middle' | 'late';
export const PHASES: readonly Phase[] = ['early', 'middle', 'late'];

/** One line of analysis.jsonl: one decision of one game. */
/** One line of analysis.jsonl: where the decision stands, and the analyst's DecisionValue by action name (rounded). */
export interface DecisionEntry extends Pick<DecisionValue, 'winLoss' | 'winLossSe' | 'pointLoss' | 'pointLossSe' | 'mark' | 'sure' | 'samples'> {
  /** The game's line in the records file (1-based). */
  game: number;
  /** The record's game seed. */
  seed: string;
  /** The decision's number in the game (1-based; the seats of a simultaneous turn are numbered in seat order). */
  decision: number;
  /** Decisions in the game (for phases and charts). */
  of: number;
  /** Thirds of the game by decision number. */
  phase: Phase;
  seat: number;
  agent: string;
  /** One legal action: nothing to decide (its loss is zero by definition). */
  forced: boolean;
  played: string;
  best: string;
  /** Every legal action with its win chance and expected score (and standard errors), in the game's action order. */
  actions: Omit<ActionValue, 'action'>[];
  /** Win chance of the best action (before the move, as the analyst sees it) and of the played one (after). */
  winBefore: number;
  winAfter: number;
}

const round = (x: number, digits = 4): number => Number(x.toFixed(digits));

/** Evaluators by game and rules, made once per thread. */
const evaluators = new Map<string, DecisionEvaluator>();

export function evaluatorFor(game: RegisteredGame, rules: { players: number }, samples: number): DecisionEvaluator {
  const key = `${game.id}/${JSON.stringify(rules)}/${samples}`;
  let e = evaluators.get(key);
  if (!e) evaluators.set(key, (e = new DecisionEvaluator(game, rules, samples)));
  return e;
}

/** The stream of one decision's samples: a function of the analyst's seed, the game's seed and the decision only (never of where the game sits in a file or which thread runs it). */
export const decisionStream = (seed: string, gameSeed: string, decision: number, seat: number) =>
  makeRandom(`analysis/${seed}/${gameSeed}/${decision}/${seat}`);

/**
 * Every decision of one record, evaluated from its acting seat's view. The record is checked by
 * its game's replay first (a broken one is a one-line UserError). The seats of a simultaneous turn
 * are each evaluated from the position before any of them chose (no seat sees another's choice).
 */
export function analyseRecord(record: JsonObject, line: number, settings: AnalystSettings, expectGame?: string): DecisionEntry[] {
  if (typeof record.game !== 'string') throw new UserError(`game ${line}: the record has no "game" field`);
  if (expectGame !== undefined && record.game !== expectGame) throw new UserError(`game ${line}: game is "${record.game}", expected "${expectGame}"`);
  const game = gameById(record.game);
  try {
    game.replay(record, false);
  } catch (err) {
    if (err instanceof UserError) throw new UserError(`game ${line}: ${err.message}`);
    throw err;
  }
  const { state, actionOf } = game.recordedGame(record);
  const rules = game.rulesFromRecord(state.players, record.rules as never);
  const evaluator = evaluatorFor(game, rules, settings.samples);
  const agents = record.agents as string[];
  const seed = record.seed as string;
  const snapshot: State = game.newState(rules);
  const seats = new Int32Array(64);
  const entries: Omit<DecisionEntry, 'of' | 'phase'>[] = [];
  while (!state.isOver()) {
    const n = state.actingSeats(seats);
    const acting = Array.from(seats.subarray(0, n));
    // Read every recorded choice of the turn before applying any (the last one resolves the turn).
    const chosen = acting.map((seat) => actionOf(seat));
    snapshot.copyFrom(state);
    acting.forEach((seat, i) => {
      const decision = entries.length + 1;
      const v = evaluator.evaluate(snapshot, seat, chosen[i]!, decisionStream(settings.seed, seed, decision, seat));
      const played = v.actions[v.played]!;
      entries.push({
        game: line,
        seed,
        decision,
        seat,
        agent: agents[seat]!,
        forced: v.actions.length === 1,
        played: played.name,
        best: v.actions[v.best]!.name,
        actions: v.actions.map((a) => ({ name: a.name, win: round(a.win), winSe: round(a.winSe), score: round(a.score, 3), scoreSe: round(a.scoreSe, 3) })),
        winBefore: round(v.actions[v.best]!.win),
        winAfter: round(played.win),
        winLoss: round(v.winLoss),
        winLossSe: round(v.winLossSe),
        pointLoss: round(v.pointLoss, 3),
        pointLossSe: round(v.pointLossSe, 3),
        mark: v.mark,
        sure: v.sure === null ? null : round(v.sure, 3),
        samples: v.samples,
      });
    });
    for (let i = 0; i < n; i++) state.apply(acting[i]!, chosen[i]!);
  }
  const scores = Array.from({ length: state.players }, (_, p) => state.score(p));
  if (JSON.stringify(scores) !== JSON.stringify(record.scores))
    throw new Error(`game ${line}: the forward model's replay ends with scores ${JSON.stringify(scores)}, the record says ${JSON.stringify(record.scores)}`);
  const of = entries.length;
  return entries.map((e) => ({ ...e, of, phase: PHASES[Math.min(2, Math.floor((3 * (e.decision - 1)) / of))]! }));
}
