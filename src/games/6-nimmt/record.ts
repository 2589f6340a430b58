import { UserError } from '../../errors.js';
import { parseSeedHex } from '../../game/seed.js';
import type { GameRecordBase } from '../../game/contract.js';
import { recordRules, ROWS, rulesFromRecord, type RecordRules, type Rules } from './rules.js';
import { GameState, winners } from './state.js';

/** One trick (turn): the card each seat played, and the row a seat chose when its card was lower than every row. */
export interface TrickRecord {
  cards: number[];
  takes: (number | null)[];
}

export interface RoundRecord {
  starter: number;
  /** As dealt (base) or drafted (pro), per seat, ascending. */
  hands: number[][];
  /** Pro only: the cards in pick order (the round's starter picks first, then the seats in order). */
  draft?: number[];
  /** The 4 starting rows as one-card lists; a taken row restarts in place, so indexes never change. */
  rows: number[][];
  tricks: TrickRecord[];
  /** Bullheads taken this round per seat. */
  bullheads: number[];
}

/** One game as a JSON line (docs/tournaments.md "Game records"). */
export interface GameRecord extends GameRecordBase {
  game: '6-nimmt';
  rules: RecordRules;
  rounds: RoundRecord[];
}

/** The record of the finished game in `state` (which must have kept its log). */
export function makeRecord(state: GameState, seed: string, agents: readonly string[]): GameRecord {
  const { players: P, handSize: H, log, logStride } = state;
  const seats = Array.from({ length: P }, (_, p) => p);
  const rounds: RoundRecord[] = [];
  for (let k = 0; k < state.logRounds; k++) {
    let at = k * logStride;
    const starter = log[at++]!;
    const rows = Array.from({ length: ROWS }, (_, r) => [log[at + r]!]);
    at += ROWS;
    const hands = seats.map((p) => Array.from(log.subarray(at + p * H, at + (p + 1) * H)));
    at += P * H;
    const draft = Array.from(log.subarray(at, at + P * H));
    at += P * H;
    const plays = log.subarray(at, at + H * P);
    at += H * P;
    const takes = log.subarray(at, at + H * P);
    at += H * P;
    const bullheads = Array.from(log.subarray(at, at + P));
    const tricks = Array.from({ length: H }, (_, t) => ({
      cards: seats.map((p) => plays[t * P + p]!),
      takes: seats.map((p) => (takes[t * P + p]! < 0 ? null : takes[t * P + p]!)),
    }));
    rounds.push({ starter, hands, ...(state.pro ? { draft } : {}), rows, tricks, bullheads });
  }
  const scores = seats.map((p) => state.score(p));
  return {
    game: '6-nimmt',
    seed,
    players: P,
    agents: [...agents],
    rules: recordRules(state.rules),
    rounds,
    scores,
    winners: winners(scores),
  };
}

function bad(message: string): never {
  throw new UserError(message);
}

const isIntArray = (v: unknown): v is number[] => Array.isArray(v) && v.every(Number.isInteger);
const json = (x: unknown): string => JSON.stringify(x);

/**
 * A record's form and deals, checked before its decisions are replayed (./replay.ts): its fields,
 * its rules, each round's shape, cards in range and none dealt twice, hands sorted, and in the base
 * game each round's hands and rows exactly its seed's deal (the pro variant's hands and rows follow
 * from its draft, which the replay plays). Throws a one-line UserError naming the round.
 */
export function checkRecord(record: unknown): GameRecord {
  const r = checkShape(record);
  const rules: Rules = rulesFromRecord(r.players, r.rules);
  const { players: P, handSize: H, maxCard: N } = rules;
  if (r.agents.length !== P) bad(`agents lists ${r.agents.length} seats for ${P} players`);
  if (r.rounds.length === 0) bad('rounds is empty');
  const pro = rules.variant === 'pro';
  const deal = new GameState(rules, false);
  const key = parseSeedHex(r.seed);
  deal.roundKey.hi = key.hi;
  deal.roundKey.lo = key.lo;
  r.rounds.forEach((round, k) => {
    const where = `round ${k + 1}`;
    checkRoundShape(round, where, P, H, pro);
    if (k === 0 && (round.starter < 0 || round.starter >= P)) bad(`${where}: starter ${round.starter} is not a seat`);
    const seen = new Set<number>();
    const use = (c: number, what: string): void => {
      if (c < 1 || c > N) bad(`${where}: ${what} has card ${c}, outside 1..${N}`);
      if (seen.has(c)) bad(`${where}: card ${c} is dealt twice`);
      seen.add(c);
    };
    round.hands.forEach((hand, p) => {
      hand.forEach((c) => use(c, `seat ${p}'s hand`));
      for (let i = 1; i < hand.length; i++) if (hand[i]! <= hand[i - 1]!) bad(`${where}: seat ${p}'s hand is not sorted ascending`);
    });
    round.rows.forEach((row) => use(row[0]!, 'rows'));
    if (pro) return;
    // The seed deals every round: hands and rows that are not round k's deal were altered.
    deal.round = k;
    deal.beginRound();
    const dealtRows = [0, 1, 2, 3].map((i) => deal.startRows[i]!);
    if (round.hands.some((hand, p) => json(hand) !== json(deal.handOf(p))) || json(round.rows.map((row) => row[0])) !== json(dealtRows)) {
      bad(`${where}: the hands and rows are not the deal of seed ${r.seed}`);
    }
  });
  return r;
}

function checkShape(x: unknown): GameRecord {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) bad('a record must be a JSON object');
  const r = x as Record<string, unknown>;
  if (r.game !== '6-nimmt') bad(`game is ${json(r.game)}, expected "6-nimmt"`);
  const need: Record<string, (v: unknown) => boolean> = {
    seed: (v) => typeof v === 'string',
    players: Number.isInteger,
    agents: (v) => Array.isArray(v) && v.every((s) => typeof s === 'string'),
    rules: (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
    rounds: Array.isArray,
    scores: isIntArray,
    winners: isIntArray,
  };
  for (const [field, ok] of Object.entries(need)) {
    if (!(field in r)) bad(`missing field "${field}"`);
    if (!ok(r[field])) bad(`field "${field}" has the wrong type`);
  }
  return r as unknown as GameRecord;
}

function checkRoundShape(x: unknown, where: string, P: number, H: number, pro: boolean): asserts x is RoundRecord {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) bad(`${where} is not an object`);
  const r = x as Record<string, unknown>;
  if (!Number.isInteger(r.starter)) bad(`${where}: starter must be a seat number`);
  if (!Array.isArray(r.hands) || r.hands.length !== P || !r.hands.every((h) => isIntArray(h) && h.length === H))
    bad(`${where}: hands must be ${P} lists of ${H} cards`);
  if (pro) {
    if (!isIntArray(r.draft) || r.draft.length !== P * H) bad(`${where}: draft must list the ${P * H} picks of the pro variant`);
  } else if (r.draft !== undefined) bad(`${where}: draft is only for the pro variant`);
  if (!Array.isArray(r.rows) || r.rows.length !== ROWS || !r.rows.every((row) => isIntArray(row) && row.length === 1))
    bad(`${where}: rows must be 4 one-card lists`);
  if (!Array.isArray(r.tricks) || r.tricks.length !== H) bad(`${where}: tricks must list the round's ${H} turns`);
  r.tricks.forEach((t: unknown, i: number) => {
    const trick = t as Record<string, unknown> | null;
    const ok =
      typeof trick === 'object' &&
      trick !== null &&
      isIntArray(trick.cards) &&
      trick.cards.length === P &&
      Array.isArray(trick.takes) &&
      trick.takes.length === P &&
      trick.takes.every((v) => v === null || Number.isInteger(v));
    if (!ok) bad(`${where} turn ${i + 1}: a trick is {cards: ${P} cards, takes: ${P} row indexes or null}`);
  });
  if (!isIntArray(r.bullheads) || r.bullheads.length !== P) bad(`${where}: bullheads must list ${P} numbers`);
}
