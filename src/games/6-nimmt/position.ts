import { UserError } from '../../errors.js';
import type { RulesInput, State } from '../../game/contract.js';
import type { ParsedPosition, PositionNotation, PositionRelay, Shortcut } from '../../game/position.js';
import { SixNimmtState } from './forward-model.js';
import { Observation } from './observation.js';
import { makeRules, ROWS, type Rules } from './rules.js';
import { PLAY, ROW } from './state.js';

/**
 * 6 nimmt!'s position notation (docs/advisor.md), base game: labelled parts and then the round's
 * turns so far, separated by `|`:
 *
 *     round 2 | bulls 12 5 0 8 | rows 3 17 40 88 | seat 1 hand 5 23 44 61 70 99 100 | 10 22 35 41 | 90 2>0 60 7
 *
 * is the second round; the seats had 12, 5, 0 and 8 bullheads when it began; its four rows began
 * with 3, 17, 40 and 88; you are seat 1 and hold 5 ... 100; in the first turn seats 0-3 played 10,
 * 22, 35 and 41, in the second 90, 2 (lower than every row: its seat took row 0), 60 and 7. The
 * rows now follow from those by the rules. Your seat is to play a card; when the last turn is
 * written whole and its lowest card is yours and lower than every row, you are to choose a row.
 *
 * It drops who started the game and the round (the base game's play does not depend on either)
 * and a card you already chose this turn (the evaluation is from the turn's start, as the
 * analysis evaluates every seat of a turn). `taken 3 1 0 2` (rows taken in earlier rounds, a
 * statistic only) may be given.
 */

/** What one seat knows of a base-game round. */
export interface Spec {
  /** 1-based. */
  round: number;
  /** Each seat's bullheads when the round began. */
  bulls: number[];
  /** Rows each seat took in earlier rounds (a statistic). */
  taken: number[];
  /** The round's four starting cards, row by row. */
  rows: number[];
  seat: number;
  /** The seat's hand now. */
  hand: number[];
  /** The turns so far: each seat's card, and the row a seat took by choice (its card was lower than every row). */
  turns: { cards: number[]; choices: Map<number, number> }[];
}

const SYNTAX =
  "[round N |] bulls B0 B1 ... | rows R0 R1 R2 R3 | seat S hand CARDS | then each turn so far: every seat's card in seat order, CARD>ROW where a seat took a row by choice";

const words = (text: string): string[] => text.split(/[\s,]+/).filter((w) => w !== '');

function numbers(tokens: readonly string[], what: string): number[] {
  return tokens.map((t) => {
    if (!/^\d+$/.test(t)) throw new UserError(`${what}: "${t}" is not a number`);
    return Number(t);
  });
}

export function parseSpec(text: string): Spec {
  if (text.trim() === '') throw new UserError(`no position given (${SYNTAX})`);
  const spec: Partial<Spec> & { turns: Spec['turns'] } = { round: 1, taken: undefined, turns: [] };
  for (const part of text.split('|')) {
    const ts = words(part);
    const key = ts[0]?.toLowerCase();
    if (key === undefined) throw new UserError('an empty part between two "|"');
    if (key === 'round') {
      const [n] = numbers(ts.slice(1), 'round');
      if (n === undefined || ts.length !== 2 || n < 1) throw new UserError('"round" takes the round\'s number, from 1 (round 2)');
      spec.round = n;
    } else if (key === 'bulls') spec.bulls = numbers(ts.slice(1), 'bulls');
    else if (key === 'taken') spec.taken = numbers(ts.slice(1), 'taken');
    else if (key === 'rows') spec.rows = numbers(ts.slice(1), 'rows');
    else if (key === 'seat') {
      if (ts[2]?.toLowerCase() !== 'hand') throw new UserError('write your seat and hand as "seat 1 hand 5 23 44 ..."');
      [spec.seat] = numbers([ts[1] ?? ''], 'seat');
      spec.hand = numbers(ts.slice(3), 'hand');
    } else if (/^\d/.test(key)) {
      const cards: number[] = [];
      const choices = new Map<number, number>();
      ts.forEach((t, p) => {
        const m = /^(\d+)(?:>(\d+))?$/.exec(t);
        if (!m) throw new UserError(`turn ${spec.turns.length + 1}: "${t}" is not a card (12) or a card and the row its seat took (2>0)`);
        cards.push(Number(m[1]));
        if (m[2] !== undefined) choices.set(p, Number(m[2]));
      });
      spec.turns.push({ cards, choices });
    } else throw new UserError(`"${ts[0]}": a part is round, bulls, taken, rows, seat ... hand, or a turn's cards (${SYNTAX})`);
  }
  if (spec.bulls === undefined) throw new UserError("give each seat's bullheads when the round began (bulls 0 0 0 0): they also give the number of seats");
  if (spec.rows === undefined) throw new UserError("give the round's four starting row cards (rows 3 17 40 88)");
  if (spec.seat === undefined || spec.hand === undefined) throw new UserError('give your seat and hand (seat 1 hand 5 23 44 ...)');
  return { ...spec, taken: spec.taken ?? spec.bulls.map(() => 0) } as Spec;
}

/**
 * The round of a spec played on the forward model: dealt with what the seat knows (its hand as
 * dealt, every card played, the row cards), the other hands filled with unseen cards in ascending
 * order, then every turn so far played (so the rules check each card and row choice). It stops at a
 * row choice the last turn still owes (any seat's), or after the last turn (which may end the round
 * or the game). What the rules cannot reach is a one-line UserError.
 */
export function replayRound(rules: Rules, spec: Spec): SixNimmtState {
  const { players: P, handSize: H, maxCard: N, endScore } = rules;
  if (rules.variant !== 'base') throw new UserError("the notation covers the base game; the pro variant's draft has none yet");
  const { seat, bulls, taken, turns } = spec;
  if (!Number.isInteger(seat) || seat < 0 || seat >= P) throw new UserError(`seat ${seat} is not a seat of ${P} (0-${P - 1})`);
  if (taken.length !== P) throw new UserError(`"taken" lists ${taken.length} seats, "bulls" ${P}`);
  if (spec.rows.length !== ROWS) throw new UserError(`"rows" lists ${spec.rows.length} cards: a round starts ${ROWS} rows`);
  if (spec.round > rules.maxRounds) throw new UserError(`round ${spec.round}: the rules stop the game after ${rules.maxRounds} rounds`);
  bulls.forEach((b, p) => {
    if (b >= endScore) throw new UserError(`seat ${p} began the round with ${b} bullheads: the game ended when a seat reached ${endScore}`);
  });
  if (turns.length > H) throw new UserError(`${turns.length} turns written, a round has ${H}`);
  const where = new Map<number, string>();
  const place = (card: number, what: string): void => {
    if (card < 1 || card > N) throw new UserError(`${what}: card ${card} is outside the deck 1..${N}`);
    const before = where.get(card);
    if (before !== undefined) throw new UserError(`card ${card} is in two places: ${before} and ${what}`);
    where.set(card, what);
  };
  spec.rows.forEach((c, r) => place(c, `row ${r}`));
  for (const c of spec.hand) place(c, 'your hand');
  turns.forEach((t, i) => {
    if (t.cards.length !== P) throw new UserError(`turn ${i + 1} lists ${t.cards.length} cards: ${P} seats play one each`);
    t.cards.forEach((c, p) => place(c, `turn ${i + 1} (seat ${p})`));
    for (const r of t.choices.values()) if (r >= ROWS) throw new UserError(`turn ${i + 1}: there is no row ${r} (rows 0-${ROWS - 1})`);
  });
  const mine = [...spec.hand, ...turns.map((t) => t.cards[seat]!)];
  if (mine.length !== H)
    throw new UserError(
      `your hand (${spec.hand.length} cards) and your ${turns.length} played cards make ${mine.length}: a hand is dealt ${H}, so after ${turns.length} turns you hold ${H - turns.length}`,
    );
  const unseen: number[] = [];
  for (let c = 1; c <= N; c++) if (!where.has(c)) unseen.push(c);
  const given: number[] = [];
  let u = 0;
  for (let p = 0; p < P; p++) {
    const hand = p === seat ? mine : turns.map((t) => t.cards[p]!);
    while (hand.length < H) hand.push(unseen[u++]!);
    given.push(...hand);
  }
  given.push(...spec.rows);
  const s = new SixNimmtState(rules);
  s.startGame(0);
  s.round = spec.round - 1;
  s.roundStarter = s.round % P;
  s.roundKey.hi = 0;
  s.roundKey.lo = 0;
  for (let p = 0; p < P; p++) {
    s.total[p] = bulls[p]!;
    s.rowsTaken[p] = taken[p]!;
  }
  s.beginRound(given);
  // The set-aside cards: the unseen ones left (the evaluation re-deals them with the other hands).
  for (let i = P * H + ROWS; i < N; i++) s.deck[i] = unseen[u++]!;
  const rowAction = s.rowAction;
  for (let i = 0; i < turns.length; i++) {
    const t = turns[i]!;
    const last = i === turns.length - 1;
    if (s.round !== spec.round - 1 || s.phase !== PLAY) throw new UserError(s.isOver() ? `turn ${i} ended the game` : `turn ${i} ended the round`);
    for (let p = 0; p < P; p++) s.apply(p, t.cards[p]!);
    const used = new Set<number>();
    while ((s.phase as number) === ROW) {
      const chooser = s.rowSeat;
      const r = t.choices.get(chooser);
      if (r === undefined) {
        if (last) return s;
        const card = s.chosen[chooser]!;
        throw new UserError(`turn ${i + 1}: card ${card} of seat ${chooser} is lower than every row: write the row it took (${card}>0 to ${card}>3)`);
      }
      used.add(chooser);
      s.apply(chooser, rowAction + r);
    }
    for (const p of t.choices.keys())
      if (!used.has(p)) throw new UserError(`turn ${i + 1}: card ${t.cards[p]} of seat ${p} was not lower than every row: it took no row by choice`);
  }
  return s;
}

/** The position of a spec, as `nothanks eval` takes it: the seat to play a card, or to choose a row for the last turn's lowest card. */
export function stateOf(rules: Rules, spec: Spec): SixNimmtState {
  const s = replayRound(rules, spec);
  const n = spec.turns.length;
  if (s.isOver()) throw new UserError(`turn ${n} ends the game: no decision is left`);
  if (s.round !== spec.round - 1)
    throw new UserError(`all ${n} turns of round ${spec.round} are written: write round ${spec.round + 1} (its rows, your new hand)`);
  if (s.phase === ROW && s.rowSeat !== spec.seat) {
    const card = s.chosen[s.rowSeat]!;
    throw new UserError(`turn ${n}: seat ${s.rowSeat} chooses a row for ${card} now, not you: write its choice (${card}>ROW)`);
  }
  // (Not checkInvariants: it sums the game's logged rounds, and a position starts its log at its round.)
  return s;
}

/** What `seat` knows of `state`, read through its observation. */
export function specOf(state: SixNimmtState, seat: number): Spec {
  const o = new Observation(state, seat);
  const P = o.players;
  const seats = Array.from({ length: P }, (_, p) => p);
  const turns = o.turn + (o.revealedThisTurn ? 1 : 0);
  const spec: Spec = {
    round: o.round + 1,
    bulls: seats.map((p) => o.bullheads(p) - o.roundBullheads(p)),
    taken: seats.map(() => 0),
    rows: [0, 1, 2, 3].map((r) => o.startRow(r)),
    seat,
    hand: o.handOf(),
    turns: Array.from({ length: turns }, (_, t) => {
      const choices = new Map<number, number>();
      for (const p of seats) if (o.rowChoice(t, p) >= 0) choices.set(p, o.rowChoice(t, p));
      return { cards: seats.map((p) => o.playedCard(t, p)), choices };
    }),
  };
  // Rows taken before the round: now, less the ones this round's turns took (played again from the round's start).
  const replayed = stateOf(state.rules, spec);
  spec.taken = seats.map((p) => o.rowsTaken(p) - replayed.rowsTaken[p]!);
  return spec;
}

export function textOf(spec: Spec): string {
  const parts = [`round ${spec.round}`, `bulls ${spec.bulls.join(' ')}`];
  if (spec.taken.some((n) => n !== 0)) parts.push(`taken ${spec.taken.join(' ')}`);
  parts.push(`rows ${spec.rows.join(' ')}`, `seat ${spec.seat} hand ${[...spec.hand].sort((a, b) => a - b).join(' ')}`);
  for (const t of spec.turns) parts.push(t.cards.map((c, p) => (t.choices.has(p) ? `${c}>${t.choices.get(p)}` : `${c}`)).join(' '));
  return parts.join(' | ');
}

/** What `seat` sees now, in words: the rows as they stand, its hand, every seat's bullheads (read through its observation). */
function describeRound(state: SixNimmtState, seat: number, turns = -1): string {
  const o = new Observation(state, seat);
  const n = turns >= 0 ? turns : o.turn + (o.revealedThisTurn ? 1 : 0);
  const rows = [0, 1, 2, 3].map((r) => `row ${r}: ${o.rowCards(r).join(' ')}`);
  const seats = Array.from({ length: o.players }, (_, p) => `seat ${p}${p === seat ? ' (you)' : ''}: ${o.bullheads(p)} bullheads`);
  // A row choice: the turn's cards are face up, none placed yet.
  const revealed = o.revealedThisTurn ? [`this turn's cards, not placed yet: ${Array.from({ length: o.players }, (_, p) => o.revealedCard(p)).join(' ')}`] : [];
  return [`round ${o.round + 1}, ${n} turn${n === 1 ? '' : 's'} played`, ...revealed, ...rows, `your hand: ${o.handOf().join(' ')}`, ...seats].join('; ');
}

function parse(text: string, rulesFor: (players: number) => RulesInput): ParsedPosition {
  const spec = parseSpec(text);
  const rules = makeRules(rulesFor(spec.bulls.length) as Parameters<typeof makeRules>[0]);
  return { state: stateOf(rules, spec), seat: spec.seat, rules };
}

function format(state: State, seat: number): string {
  const s = state as SixNimmtState;
  if (s.isOver()) throw new UserError('the game is over: no position to write');
  if (s.rules.variant !== 'base') throw new UserError("the notation covers the base game; the pro variant's draft has none yet");
  return textOf(specOf(s, seat));
}

/**
 * The advisor's relay of a 6 nimmt! base game: at each round's start the four row cards
 * (`rows 3 17 40 88`) and your hand (`hand 5 23 ...`), then each turn's cards in seat order, with
 * `>ROW` after a card whose seat took a row by choice (that may come on a line of its own, once
 * the seat has chosen). Every line is checked by replaying the round on the forward model.
 */
class Relay implements PositionRelay {
  private spec: Spec;
  private dealt: number[] | null = null;
  private readonly undo: string[] = [];
  private ended = false;

  constructor(
    private readonly rules: Rules,
    private readonly seat: number,
  ) {
    if (rules.variant !== 'base') throw new UserError("the advisor covers the base game; the pro variant's draft has no relay yet");
    if (!Number.isInteger(seat) || seat < 0 || seat >= rules.players) throw new UserError(`--seat must be a seat from 0 to ${rules.players - 1}, got ${seat}`);
    this.spec = { round: 1, bulls: new Array(rules.players).fill(0), taken: new Array(rules.players).fill(0), rows: [], seat, hand: [], turns: [] };
  }

  readonly help =
    "At each round's start type its four row cards (rows 3 17 40 88) and your hand (hand 5 23 44 ...); then each turn's cards in seat order (10 22 35 41), with >ROW after a card whose seat took a row by choice (2>0; or the choice alone on the next line: >0). undo takes the last line back.";

  get over(): boolean {
    return this.ended;
  }

  /** The round so far on the forward model (null before its rows and hand are in). */
  private get state(): SixNimmtState | null {
    return this.spec.rows.length === ROWS && this.dealt ? replayRound(this.rules, { ...this.spec, hand: this.handNow() }) : null;
  }

  private handNow(): number[] {
    const played = new Set(this.spec.turns.map((t) => t.cards[this.seat]!));
    return (this.dealt ?? []).filter((c) => !played.has(c));
  }

  prompt(): string {
    if (this.ended) return 'the game is over';
    if (this.spec.rows.length !== ROWS) return `round ${this.spec.round}: its four row cards? (rows 3 17 40 88)`;
    if (!this.dealt) return `round ${this.spec.round}: your hand? (hand 5 23 ...)`;
    const s = this.state!;
    // The turn's lowest card owes a row choice: the seat's own, or another's that the next line gives.
    const waiting = this.pendingChoice();
    if (waiting) return `turn ${this.spec.turns.length}: the row seat ${waiting.seat} took for ${waiting.card}? (>0 to >3)`;
    if (s.phase === ROW) return `turn ${this.spec.turns.length}: your card ${s.chosen[this.seat]} is lower than every row: the row you take? (>0 to >3)`;
    return `round ${this.spec.round} turn ${this.spec.turns.length + 1}: the ${this.rules.players} cards played, in seat order?`;
  }

  /** The last turn's lowest card owes a row choice by another seat (the next line gives it). */
  private pendingChoice(): { seat: number; card: number } | null {
    const s = this.state;
    if (!s || s.phase !== ROW || s.rowSeat === this.seat) return null;
    return { seat: s.rowSeat, card: s.chosen[s.rowSeat]! };
  }

  enter(line: string): void {
    const before = JSON.stringify(this.snapshot());
    const text = line.trim();
    if (text === 'undo') {
      const last = this.undo.pop();
      if (last === undefined) throw new UserError('nothing to undo');
      this.restore(JSON.parse(last));
      return;
    }
    try {
      this.event(text);
    } catch (err) {
      this.restore(JSON.parse(before));
      throw err;
    }
    if (text !== '') this.undo.push(before);
  }

  private snapshot() {
    return { spec: { ...this.spec, turns: this.spec.turns.map((t) => ({ cards: t.cards, choices: [...t.choices] })) }, dealt: this.dealt, ended: this.ended };
  }

  private restore(x: ReturnType<Relay['snapshot']>): void {
    this.spec = { ...x.spec, turns: x.spec.turns.map((t) => ({ cards: t.cards, choices: new Map(t.choices) })) };
    this.dealt = x.dealt;
    this.ended = x.ended;
  }

  private event(text: string): void {
    if (text === '') return;
    if (this.ended) throw new UserError('the game is over');
    const ts = words(text);
    const key = ts[0]!.toLowerCase();
    const spec = this.spec;
    if (key === 'rows') {
      if (spec.rows.length === ROWS) throw new UserError(`round ${spec.round}'s rows are given already (undo to change them)`);
      const rows = numbers(ts.slice(1), 'rows');
      if (rows.length !== ROWS) throw new UserError(`${rows.length} row cards: a round starts ${ROWS} rows`);
      spec.rows = rows;
    } else if (key === 'hand') {
      if (this.dealt) throw new UserError(`round ${spec.round}'s hand is given already (undo to change it)`);
      const hand = numbers(ts.slice(1), 'hand');
      if (hand.length !== this.rules.handSize) throw new UserError(`${hand.length} cards: a hand is dealt ${this.rules.handSize}`);
      this.dealt = hand;
    } else if (spec.rows.length !== ROWS || !this.dealt) {
      throw new UserError(`"${ts[0]}": first the round's rows (rows 3 17 40 88) and your hand (hand 5 23 ...)`);
    } else if (key.startsWith('>')) {
      const last = spec.turns[spec.turns.length - 1];
      const r = Number(key.slice(1));
      if (!last || ts.length !== 1 || !/^>\d$/.test(key)) throw new UserError(`"${text}": a row choice is >ROW (>0 to >3), after a turn's cards`);
      const low = Math.min(...last.cards);
      last.choices.set(last.cards.indexOf(low), r);
    } else {
      const cards: number[] = [];
      const choices = new Map<number, number>();
      ts.forEach((t, p) => {
        const m = /^(\d+)(?:>(\d+))?$/.exec(t);
        if (!m) throw new UserError(`"${t}" is not a card (12) or a card and the row its seat took (2>0)`);
        cards.push(Number(m[1]));
        if (m[2] !== undefined) choices.set(p, Number(m[2]));
      });
      if (cards.length !== this.rules.players) throw new UserError(`${cards.length} cards: each of the ${this.rules.players} seats plays one, in seat order`);
      if (this.pendingChoice() || this.state?.phase === ROW) throw new UserError('first the row taken by the lowest card of the last turn (>0 to >3)');
      spec.turns.push({ cards, choices });
    }
    // Played on the forward model now: a card the rules refuse is refused here. A row choice still
    // owed is fine (the next line gives it); a finished round moves on to the next.
    const s = this.state;
    if (s && (s.isOver() || s.round !== spec.round - 1)) this.nextRound(s);
  }

  /** The round's last turn is in: the bullheads it left, then the next round, or the game's end. */
  private nextRound(s: SixNimmtState): void {
    const P = this.rules.players;
    const bulls = Array.from({ length: P }, (_, p) => s.total[p]!);
    const taken = Array.from({ length: P }, (_, p) => s.rowsTaken[p]!);
    this.ended = s.isOver();
    if (this.ended) this.final = bulls;
    this.spec = { round: this.spec.round + 1, bulls, taken, rows: [], seat: this.seat, hand: [], turns: [] };
    this.dealt = null;
  }

  private final: number[] | null = null;

  shortcuts(): readonly Shortcut[] {
    const s = this.state;
    return s && s.phase === ROW ? [0, 1, 2, 3].map((r) => ({ line: `>${r}`, label: `take row ${r}` })) : [];
  }

  decision(): ParsedPosition | null {
    if (this.ended || !this.state || this.pendingChoice()) return null;
    return { state: stateOf(this.rules, { ...this.spec, hand: this.handNow() }), seat: this.seat, rules: this.rules };
  }

  notation(): string | null {
    const s = this.decision()?.state;
    return s ? format(s, this.seat) : null;
  }

  describe(): string {
    if (this.final) return `game over: bullheads ${this.final.map((b, p) => `seat ${p}${p === this.seat ? ' (you)' : ''} ${b}`).join(', ')}`;
    const s = this.state;
    if (s) return describeRound(s, this.seat, this.spec.turns.length);
    const { spec } = this;
    return [`round ${spec.round}`, ...spec.bulls.map((b, p) => `seat ${p}${p === this.seat ? ' (you)' : ''}: ${b} bullheads`)].join('; ');
  }
}

export const position: PositionNotation = {
  syntax: SYNTAX,
  examples: [
    [
      'round 2 | bulls 12 5 0 8 | rows 3 17 40 88 | seat 1 hand 5 23 44 61 70 99 100 95 | 10 22 35 41 | 90 2>0 60 7',
      'round 2, you are seat 1 to play a card; two turns played, in the second seat 1 played 2 and took row 0',
    ],
    ['bulls 0 0 0 | rows 10 20 30 40 | seat 0 hand 1 2 3 4 5 6 7 8 9 11', 'the first turn of a 3-player game, seat 0 to play'],
  ],
  parse,
  format,
  describe: (state, seat) => describeRound(state as SixNimmtState, seat),
  relay: (rules, seat) => new Relay(makeRules(rules as Parameters<typeof makeRules>[0]), seat),
};
