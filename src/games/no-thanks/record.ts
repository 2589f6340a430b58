import { UserError } from '../../errors.js';
import type { GameRecordBase } from '../../game/contract.js';
import { deal } from './deal.js';
import { cardCount, isCustom, recordRules, rulesFromRecord, type RecordRules } from './rules.js';
import { type GameState, PASS, winners } from './state.js';

/** One game as a JSON line (docs/tournaments.md "Game records"). */
export interface GameRecord extends GameRecordBase {
  game: 'no-thanks';
  rules: RecordRules;
  starter: number;
  removed: number[];
  deck: number[];
  /** One character per decision: "T" take, "P" pass. */
  actions: string;
  cards: number[][];
  chips: number[];
}

/** The record of the finished game in `state` (which must have kept its history). */
export function makeRecord(state: GameState, seed: string, agents: readonly string[]): GameRecord {
  const { players } = state;
  let actions = '';
  for (let i = 0; i < state.decisions; i++) actions += state.actions[i] === PASS ? 'P' : 'T';
  const seats = Array.from({ length: players }, (_, p) => p);
  const scores = seats.map((p) => state.score(p));
  return {
    game: 'no-thanks',
    seed,
    players,
    agents: [...agents],
    rules: recordRules(state.rules),
    starter: state.starter,
    removed: Array.from(state.cards.subarray(0, state.deckStart)),
    deck: Array.from(state.cards.subarray(state.deckStart, state.deckEnd)),
    actions,
    cards: seats.map((p) => state.displayOf(p)),
    chips: seats.map((p) => state.chips[p]!),
    scores,
    winners: winners(scores),
  };
}

/**
 * A record's form and deal, checked before its decisions are replayed (./replay.ts): its fields,
 * its rules, and removed and deck being exactly its seed's deal. Throws a one-line UserError.
 */
export function checkRecord(record: unknown): GameRecord {
  const r = checkShape(record);
  const rules = rulesFromRecord(r.players, r.rules);
  if (r.rules.custom !== isCustom(rules)) bad(`rules.custom is ${JSON.stringify(r.rules.custom)}, but these rules are ${isCustom(rules) ? '' : 'not '}custom`);
  const n = cardCount(rules);
  if (r.removed.length !== rules.removed) bad(`removed has ${r.removed.length} cards, rules say ${rules.removed}`);
  if (r.deck.length !== n - rules.removed) bad(`deck has ${r.deck.length} cards, expected ${n - rules.removed}`);
  const seen = new Set<number>();
  for (const c of [...r.removed, ...r.deck]) {
    if (!Number.isInteger(c) || c < rules.minCard || c > rules.maxCard) bad(`card ${c} is outside ${rules.minCard}..${rules.maxCard}`);
    if (seen.has(c)) bad(`card ${c} appears twice in removed/deck`);
    seen.add(c);
  }
  if (!Number.isInteger(r.starter) || r.starter < 0 || r.starter >= r.players) bad(`starter ${r.starter} is not a seat`);
  // The seed deals the cards: a record whose cards are not its seed's deal was altered. (The
  // starter may differ: the circuit format moves it.)
  const dealt = deal(rules, r.seed);
  if (JSON.stringify(dealt.removed) !== JSON.stringify(r.removed) || JSON.stringify(dealt.deck) !== JSON.stringify(r.deck))
    bad(`removed and deck are not the deal of seed ${r.seed}`);
  if (r.agents.length !== r.players) bad(`agents lists ${r.agents.length} seats for ${r.players} players`);
  const wrong = /[^TP]/.exec(r.actions);
  if (wrong) bad(`decision ${wrong.index + 1} is "${wrong[0]}", expected "T" or "P"`);
  return r;
}

function bad(message: string): never {
  throw new UserError(message);
}

function checkShape(x: unknown): GameRecord {
  if (typeof x !== 'object' || x === null) bad('a record must be a JSON object');
  const r = x as Record<string, unknown>;
  if (r.game !== 'no-thanks') bad(`game is ${JSON.stringify(r.game)}, expected "no-thanks"`);
  const need: Record<string, (v: unknown) => boolean> = {
    seed: (v) => typeof v === 'string',
    players: Number.isInteger,
    agents: (v) => Array.isArray(v) && v.every((s) => typeof s === 'string'),
    rules: (v) => typeof v === 'object' && v !== null,
    starter: Number.isInteger,
    removed: isIntArray,
    deck: isIntArray,
    actions: (v) => typeof v === 'string',
    cards: (v) => Array.isArray(v) && v.every(isIntArray),
    chips: isIntArray,
    scores: isIntArray,
    winners: isIntArray,
  };
  for (const [field, ok] of Object.entries(need)) {
    if (!(field in r)) bad(`missing field "${field}"`);
    if (!ok(r[field])) bad(`field "${field}" has the wrong type`);
  }
  return r as unknown as GameRecord;
}

function isIntArray(v: unknown): boolean {
  return Array.isArray(v) && v.every(Number.isInteger);
}
