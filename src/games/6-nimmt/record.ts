import { UserError } from '../../errors.js';
import { parseSeedHex } from '../../game/seed.js';
import type { GameRecordBase } from '../../game/contract.js';
import { recordRules, ROWS, rulesFromRecord, type RecordRules, type Rules } from './rules.js';
import { GameState, OVER, winners } from './state.js';

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

/** What replay reports as it goes, for an account of the game. */
export type ReplayStep =
  | { type: 'round'; round: number; state: GameState }
  | { type: 'trick'; round: number; turn: number; cards: readonly number[]; state: GameState }
  | { type: 'end'; round: number; state: GameState };

function bad(message: string): never {
  throw new UserError(message);
}

const isIntArray = (v: unknown): v is number[] => Array.isArray(v) && v.every(Number.isInteger);
const json = (x: unknown): string => JSON.stringify(x);

/**
 * Replays a record move by move under its rules: every deal is checked (cards in range, none
 * twice, hands sorted, the pro draft's order and ascending rows), every card played must be held,
 * a row index must be given exactly when a card is lower than every row, the starters must move one
 * seat a round, the game must end exactly after the last round, and bullheads, scores and winners
 * must match. Throws a one-line UserError naming the first problem (and its round and turn).
 */
export function replayRecord(record: unknown, onStep?: (step: ReplayStep) => void): GameState {
  const r = checkShape(record);
  const rules: Rules = rulesFromRecord(r.players, r.rules);
  const { players: P, handSize: H, maxCard: N } = rules;
  if (r.agents.length !== P) bad(`agents lists ${r.agents.length} seats for ${P} players`);
  if (r.rounds.length === 0) bad('rounds is empty');
  const state = new GameState(rules, true);
  const pro = rules.variant === 'pro';
  const deal = new GameState(rules, false);
  const key = parseSeedHex(r.seed);
  deal.roundKey.hi = key.hi;
  deal.roundKey.lo = key.lo;
  r.rounds.forEach((round, k) => {
    const where = `round ${k + 1}`;
    if (k > 0 && state.phase === OVER) bad(`${where} comes after the game ended (someone reached ${rules.endScore} bullheads, or the round cap)`);
    checkRoundShape(round, where, P, H, pro);
    if (k === 0) {
      if (round.starter < 0 || round.starter >= P) bad(`${where}: starter ${round.starter} is not a seat`);
      state.startGame(round.starter);
    } else if (round.starter !== state.roundStarter) {
      bad(`${where}: starter is ${round.starter}, but the starter moves one seat a round: expected ${state.roundStarter}`);
    }
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
    if (pro) {
      state.beginRound();
      round.draft!.forEach((c, i) => {
        if (!Number.isInteger(c) || c < 1 || c > N || state.open[c] !== 1)
          bad(`${where}: draft pick ${i + 1} (seat ${state.picker}) is ${c}, which is not open`);
        state.pick(c);
      });
      for (let p = 0; p < P; p++) {
        if (json(state.handOf(p)) !== json(round.hands[p]))
          bad(`${where}: seat ${p}'s hand ${json(round.hands[p])} is not what it drafted (${json(state.handOf(p))})`);
      }
      const left = [0, 1, 2, 3].map((i) => state.startRows[i]!);
      if (json(round.rows.map((row) => row[0])) !== json(left))
        bad(`${where}: rows ${json(round.rows)} are not the 4 undrafted cards in ascending order (${json(left)})`);
    } else {
      // The seed deals every round: hands and rows that are not round k's deal were altered.
      deal.round = k;
      deal.beginRound();
      const dealtRows = [0, 1, 2, 3].map((i) => deal.startRows[i]!);
      if (round.hands.some((hand, p) => json(hand) !== json(deal.handOf(p))) || json(round.rows.map((row) => row[0])) !== json(dealtRows)) {
        bad(`${where}: the hands and rows are not the deal of seed ${r.seed}`);
      }
      state.beginRound([...round.hands.flat(), ...round.rows.map((row) => row[0]!)]);
    }
    onStep?.({ type: 'round', round: k, state });
    round.tricks.forEach((trick, t) => {
      const at = `${where} turn ${t + 1}`;
      for (let p = 0; p < P; p++) {
        const c = trick.cards[p]!;
        if (!state.holds(p, c)) bad(`${at}: seat ${p} plays ${c}, which it does not hold`);
        state.choose(p, c);
      }
      state.reveal();
      while (!state.resolve()) {
        const seat = state.rowSeat;
        const row = trick.takes[seat];
        if (row === null || row === undefined)
          bad(`${at}: seat ${seat}'s ${trick.cards[seat]} is lower than every row, but takes[${seat}] is null (it must name the row it takes)`);
        if (!Number.isInteger(row) || row < 0 || row >= ROWS) bad(`${at}: takes[${seat}] is ${json(row)}, not a row index 0..3`);
        state.chooseRow(row);
      }
      for (let p = 0; p < P; p++) {
        if (trick.takes[p] !== null && state.takes[t * P + p] !== trick.takes[p]) {
          bad(`${at}: takes[${p}] is ${json(trick.takes[p])}, but seat ${p}'s ${trick.cards[p]} was not lower than every row (it must be null)`);
        }
      }
      onStep?.({ type: 'trick', round: k, turn: t, cards: trick.cards, state });
      if (t === H - 1) {
        const got = Array.from(state.roundBull);
        if (json(got) !== json(round.bullheads)) bad(`${where}: bullheads ${json(round.bullheads)} do not match the replay's ${json(got)}`);
        onStep?.({ type: 'end', round: k, state });
      }
      state.endTurn();
    });
  });
  if (state.phase !== OVER) bad(`the rounds end before the game does (nobody has ${rules.endScore} bullheads after round ${r.rounds.length})`);
  const final = makeRecord(state, r.seed, r.agents);
  for (const field of ['scores', 'winners'] as const) {
    if (json(final[field]) !== json(r[field])) bad(`${field} ${json(r[field])} do not match the replay's ${json(final[field])}`);
  }
  return state;
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

/**
 * Checks a record move by move (see replayRecord); with `explain`, returns the game round by round
 * and turn by turn with the rows after each turn, then the final table.
 */
export function replayLines(record: unknown, explain: boolean): string[] {
  const lines: string[] = [];
  const r = record as GameRecord;
  // Rows numbered 1-4, as `play` and the web app show them (records keep the indexes 0-3).
  const rowsText = (s: GameState): string => [0, 1, 2, 3].map((i) => `${i + 1}: ${s.rowOf(i).join(' ')}`).join(' | ');
  replayRecord(
    record,
    explain
      ? (st) => {
          const s = st.state;
          if (st.type === 'round') {
            lines.push('', `Round ${st.round + 1} · seat ${s.roundStarter} (${r.agents[s.roundStarter]}) starts · rows ${rowsText(s)}`);
            const round = r.rounds[st.round]!;
            if (round.draft) lines.push(`  draft, in pick order: ${round.draft.join(' ')}`);
            round.hands.forEach((h, p) => lines.push(`  seat ${p} ${r.agents[p]!.padEnd(16)} hand ${h.join(' ')}`));
          } else if (st.type === 'trick') {
            const takes: string[] = [];
            for (let k = 0; k < s.turnTakes; k++) {
              const seat = s.turnTakeSeat[k]!;
              const chose = s.takes[st.turn * s.players + seat] === s.turnTakeRow[k];
              const b = s.turnTakeBull[k]!;
              takes.push(
                `seat ${seat} takes row ${s.turnTakeRow[k]! + 1} (${b} bullhead${b === 1 ? '' : 's'}${chose ? ', chosen: its card was lower than every row' : ''})`,
              );
            }
            lines.push(
              `  turn ${String(st.turn + 1).padStart(2)}: ${st.cards.map((c) => String(c).padStart(3)).join(' ')}${takes.length ? ` · ${takes.join('; ')}` : ''}`,
            );
            lines.push(`           rows ${rowsText(s)}`);
          } else {
            lines.push(`  bullheads this round: ${Array.from(s.roundBull).join(' ')} · totals: ${Array.from(s.total).join(' ')}`);
          }
        }
      : undefined,
  );
  if (!explain) return [];
  const rr = r.rules;
  const variant = rr.variant === 'pro' ? `pro variant (cards 1..${rr.maxCard}, drafted)` : `base game (cards 1..${rr.maxCard})`;
  const out = [
    `seed ${r.seed} · ${r.players} players · ${variant} · hands of ${rr.handSize}, rows of ${rr.rowLimit}, to ${rr.endScore} bullheads${rr.custom ? ' (custom rules)' : ''}`,
    `Seat ${r.rounds[0]!.starter} (${r.agents[r.rounds[0]!.starter]}) starts the first round; ${r.rounds.length} round${r.rounds.length === 1 ? '' : 's'}.`,
    ...lines,
    '',
    'Final table (bullheads, lower is better):',
  ];
  r.agents.forEach((agent, p) => {
    const won = r.winners.includes(p) ? (r.winners.length > 1 ? '  shared win' : '  WINNER') : '';
    out.push(
      `  seat ${p} ${agent.padEnd(16)} bullheads ${String(r.scores[p]).padStart(4)}  by round ${r.rounds.map((round) => round.bullheads[p]).join(' ')}${won}`,
    );
  });
  return out;
}
