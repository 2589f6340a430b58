import { UserError } from '../../errors.js';
import type { GameRecordBase } from '../../game/contract.js';
import { parseSeedHex } from '../../game/seed.js';
import { GAME_ID } from './agent.js';
import { recordRules, rulesFromRecord, type RecordRules } from './rules.js';
import { GameState, winners } from './state.js';

/** One game as a JSON line: the deal and every decision, enough to replay it (./replay.ts). */
export interface GameRecord extends GameRecordBase {
  game: typeof GAME_ID;
  rules: RecordRules;
  /** The prize deck as dealt, in turn order (what the seed deals: checked on replay). */
  prizes: number[];
  /** Turn by turn, the card each seat bid. */
  bids: number[][];
  /** Prizes won per seat (the metric). */
  won: number[];
}

/** The record of the finished game in `state`. */
export function makeRecord(state: GameState, seed: string, agents: readonly string[]): GameRecord {
  const P = state.players;
  const seats = Array.from({ length: P }, (_, p) => p);
  const scores = seats.map((p) => state.score(p));
  return {
    game: GAME_ID,
    seed,
    players: P,
    agents: [...agents],
    rules: recordRules(state.rules),
    prizes: Array.from(state.prizes),
    bids: Array.from({ length: state.turn }, (_, t) => Array.from(state.bids.subarray(t * P, (t + 1) * P))),
    won: Array.from(state.won),
    scores,
    winners: winners(scores),
  };
}

/**
 * A record's form and deal, checked before its decisions are replayed on the forward model
 * (./replay.ts replays the bids and compares the result, scores and winners included): its fields,
 * its rules, and its prizes being exactly its seed's deal. Throws a one-line UserError.
 */
export function checkRecord(record: unknown): GameRecord {
  const r = checkShape(record);
  const rules = rulesFromRecord(r.players, r.rules);
  if (r.rules.custom !== recordRules(rules).custom) bad(`rules.custom is ${JSON.stringify(r.rules.custom)}, but these rules say ${recordRules(rules).custom}`);
  if (r.agents.length !== r.players) bad(`agents lists ${r.agents.length} seats for ${r.players} players`);
  const i = r.bids.findIndex((turn) => turn.length !== r.players);
  if (i >= 0) bad(`turn ${i + 1}: bids lists ${r.bids[i]!.length} cards for ${r.players} players`);
  // The seed deals the prizes: a record whose prizes are not its seed's deal was altered.
  const dealt = new GameState(rules);
  dealt.deal(parseSeedHex(r.seed));
  if (JSON.stringify(r.prizes) !== JSON.stringify(Array.from(dealt.prizes))) bad(`prizes are not the deal of seed ${r.seed}`);
  return r;
}

function bad(message: string): never {
  throw new UserError(message);
}

const isIntArray = (v: unknown): v is number[] => Array.isArray(v) && v.every(Number.isInteger);

function checkShape(x: unknown): GameRecord {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) bad('a record must be a JSON object');
  const r = x as Record<string, unknown>;
  if (r.game !== GAME_ID) bad(`game is ${JSON.stringify(r.game)}, expected "${GAME_ID}"`);
  const need: Record<string, (v: unknown) => boolean> = {
    seed: (v) => typeof v === 'string',
    players: Number.isInteger,
    agents: (v) => Array.isArray(v) && v.every((s) => typeof s === 'string'),
    rules: (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
    prizes: isIntArray,
    bids: (v) => Array.isArray(v) && v.every(isIntArray),
    won: isIntArray,
    scores: isIntArray,
    winners: isIntArray,
  };
  for (const [field, ok] of Object.entries(need)) {
    if (!(field in r)) bad(`missing field "${field}"`);
    if (!ok(r[field])) bad(`field "${field}" has the wrong type`);
  }
  return r as unknown as GameRecord;
}
