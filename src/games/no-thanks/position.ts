import { UserError } from '../../errors.js';
import type { RulesInput, State } from '../../game/contract.js';
import type { ParsedPosition, PositionNotation, PositionRelay, Shortcut } from '../../game/position.js';
import { formatRuns } from './format.js';
import { NoThanksState } from './forward-model.js';
import { Observation } from './observation.js';
import { cardCount, deckSize, MAX_CARD_SPAN, makeRules, type Rules } from './rules.js';

/**
 * No Thanks!'s position notation (docs/advisor.md): the table, then each seat in seat order,
 * separated by `|`:
 *
 *     17+3 left 15 | *3-5 10 c7 | 20-22 c14 | c9 | 33 c11
 *
 * is card 17 face up with 3 chips on it and 15 cards face down; seat 0 holds 3, 4, 5 and 10 and 7
 * chips and is to decide (`*`); seat 1 holds 20-22 and 14 chips; seat 2 nothing and 9 chips; seat 3
 * 33 and 11 chips. `left` may be left out (the displays give it); `removed 4 9 ...` lists the
 * set-aside cards under the known-removed variant.
 *
 * Every seat knows the same in No Thanks!: the displays are face up and every chip moves in a public
 * pass or take, so each seat can count the others' chips; only the deck and the set-aside cards are
 * hidden from all. The notation therefore marks only the seat to decide. It drops the order of past
 * moves (who passed which card when): the re-deal and the rollout policy never read it, and no
 * built-in bot does either except `mc`'s opponent model, which the evaluator does not use.
 */

/** What a seat knows of a No Thanks! position (every seat knows the same). */
export interface Table {
  /** Each seat's cards, ascending. */
  displays: number[][];
  chips: number[];
  /** The face-up card (0: none turned up yet, in the relay). */
  card: number;
  pot: number;
  /** The seat to decide. */
  mover: number;
  /** The set-aside cards (known-removed variant only). */
  removed: number[] | null;
}

const SYNTAX = 'CARD[+POT] [left N] [removed CARDS] | seat 0 | seat 1 | ...; a seat is its cards (3-5 10), its chips (c7), * on the seat to decide';

/** Cards as typed: numbers and runs (`3-5 10`, commas allowed). */
function parseCards(tokens: readonly string[], what: string): number[] {
  const out: number[] = [];
  for (const t of tokens) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(t);
    if (!m) throw new UserError(`${what}: "${t}" is not a card or a run of cards (e.g. 12 or 3-5)`);
    const lo = Number(m[1]);
    const hi = m[2] === undefined ? lo : Number(m[2]);
    if (hi < lo) throw new UserError(`${what}: the run ${t} goes downwards`);
    // Checked before the run is spelt out: no deck holds more than MAX_CARD_SPAN cards (1e20 + 1 is 1e20).
    if (!Number.isSafeInteger(hi) || hi - lo >= MAX_CARD_SPAN)
      throw new UserError(`${what}: ${t} cannot be in a deck (a deck holds at most ${MAX_CARD_SPAN} cards)`);
    for (let c = lo; c <= hi; c++) out.push(c);
  }
  return out;
}

const words = (text: string): string[] => text.split(/[\s,]+/).filter((w) => w !== '');

/** The notation's table, as written (its cards and chips not checked against the rules yet). */
export function parseTable(text: string): { table: Table; left: number | null } {
  if (text.trim() === '') throw new UserError(`no position given (${SYNTAX})`);
  const [head, ...seats] = text.split('|');
  if (seats.length === 0) throw new UserError(`no seats: write the table, then each seat after a "|" (${SYNTAX})`);
  const tokens = words(head!);
  const first = /^(\d+)(?:\+(\d+))?$/.exec(tokens[0] ?? '');
  if (!first) throw new UserError(`the position starts with the face-up card and its chips (17+3), not "${tokens[0] ?? ''}"`);
  let left: number | null = null;
  let removed: number[] | null = null;
  for (let i = 1; i < tokens.length; ) {
    const key = tokens[i]!.toLowerCase();
    if (key === 'left') {
      const n = tokens[i + 1];
      if (n === undefined || !/^\d+$/.test(n)) throw new UserError('"left" takes the number of cards face down (left 12)');
      left = Number(n);
      i += 2;
    } else if (key === 'removed') {
      let j = i + 1;
      while (j < tokens.length && /^\d/.test(tokens[j]!)) j++;
      removed = parseCards(tokens.slice(i + 1, j), 'removed');
      i = j;
    } else throw new UserError(`"${tokens[i]}" after the face-up card: expected "left N" or "removed CARDS"`);
  }
  const displays: number[][] = [];
  const chips: number[] = [];
  let mover = -1;
  seats.forEach((part, seat) => {
    let ts = words(part);
    if (ts[0]?.startsWith('*')) {
      if (mover >= 0) throw new UserError(`two seats (${mover} and ${seat}) are marked * to decide; mark one`);
      mover = seat;
      ts = [ts[0].slice(1), ...ts.slice(1)].filter((t) => t !== '');
    }
    const chipTokens = ts.filter((t) => /^c/i.test(t));
    if (chipTokens.length !== 1)
      throw new UserError(`seat ${seat}: give its chips once, as c7 (found ${chipTokens.length === 0 ? 'none' : chipTokens.join(' ')})`);
    const n = /^c(\d+)$/i.exec(chipTokens[0]!);
    if (!n) throw new UserError(`seat ${seat}: "${chipTokens[0]}" is not a chip count (c7)`);
    chips.push(Number(n[1]));
    displays.push(
      parseCards(
        ts.filter((t) => !/^c/i.test(t)),
        `seat ${seat}`,
      ).sort((a, b) => a - b),
    );
  });
  if (mover < 0) throw new UserError('no seat is marked * to decide (write * before its cards: *3-5 c7)');
  return { table: { displays, chips, card: Number(first[1]), pot: Number(first[2] ?? 0), mover, removed }, left };
}

/** Refuses, in one line, a table that cannot happen under `rules`; `left`: the face-down count as written, checked against the rest. */
export function checkTable(rules: Rules, t: Table, left: number | null): void {
  const { minCard, maxCard, players, startChips } = rules;
  const where = new Map<number, string>();
  const place = (card: number, what: string): void => {
    if (card < minCard || card > maxCard) throw new UserError(`${what}: card ${card} is outside the deck ${minCard}..${maxCard}`);
    const before = where.get(card);
    if (before !== undefined) throw new UserError(`card ${card} is in two places: ${before} and ${what}`);
    where.set(card, what);
  };
  t.displays.forEach((cards, seat) => {
    for (const c of cards) place(c, `seat ${seat}`);
  });
  if (t.card !== 0) place(t.card, 'face up');
  if (rules.knownRemoved) {
    if (t.removed === null) throw new UserError(`the removed cards are public in this variant: list them (removed 4 9 ...; ${rules.removed} cards)`);
    if (t.removed.length !== rules.removed) throw new UserError(`${t.removed.length} removed cards listed, the rules set ${rules.removed} aside`);
    for (const c of t.removed) place(c, 'removed');
  } else if (t.removed !== null) throw new UserError('the removed cards are unseen in this game (they are public only with --known-removed)');
  const held = t.displays.reduce((n, d) => n + d.length, 0);
  const deck = deckSize(rules);
  const faceUp = t.card === 0 ? 0 : 1;
  if (held + faceUp > deck) throw new UserError(`${held} cards held${faceUp ? ' and one face up' : ''}, but only ${deck} are played`);
  if (t.card !== 0 && left !== null && held + 1 + left !== deck)
    throw new UserError(
      `${held} cards held + the face-up card + ${left} left = ${held + 1 + left}, but ${deck} cards are played (${cardCount(rules)} minus ${rules.removed} removed)`,
    );
  const total = t.chips.reduce((n, c) => n + c, 0) + t.pot;
  if (total !== players * startChips)
    throw new UserError(
      `the chips do not add up: ${t.chips.join('+')} on the seats + ${t.pot} on the card = ${total}, but ${players} seats start with ${startChips} each (${players * startChips})`,
    );
  t.displays.forEach((cards, seat) => {
    // A chip comes to a seat only with a card it takes.
    if (cards.length === 0 && t.chips[seat]! > startChips)
      throw new UserError(`seat ${seat} has ${t.chips[seat]} chips but no card: chips come only with a taken card (start: ${startChips})`);
  });
  if (t.card === 0 && t.pot > 0) throw new UserError(`${t.pot} chips lie on no card`);
}

/**
 * The State of a checked table: what the seat knows as written, the rest in a fixed order (the
 * taken cards in the deck's played part ascending, the unseen cards ascending in the face-down
 * deck, then in the set-aside pile). The evaluator re-deals the hidden part; nothing reads it.
 */
export function stateOf(rules: Rules, t: Table): NoThanksState {
  const s = new NoThanksState(rules);
  s.begin(t.mover);
  s.clearDisplays();
  const taken: number[] = [];
  t.displays.forEach((cards, seat) => {
    for (const c of cards) {
      s.addCard(seat, c);
      taken.push(c);
    }
    s.chips[seat] = t.chips[seat]!;
  });
  taken.sort((a, b) => a - b);
  const used = new Set([...taken, t.card, ...(t.removed ?? [])]);
  const unseen: number[] = [];
  for (let c = rules.minCard; c <= rules.maxCard; c++) if (!used.has(c)) unseen.push(c);
  let at = s.deckStart;
  for (const c of taken) s.cards[at++] = c;
  s.next = at;
  s.cards[at++] = t.card;
  let u = 0;
  while (at < s.deckEnd) s.cards[at++] = unseen[u++]!;
  if (t.removed) t.removed.forEach((c, i) => (s.cards[i] = c));
  else for (let i = 0; i < s.deckStart; i++) s.cards[i] = unseen[u++]!;
  s.card = t.card;
  s.pot = t.pot;
  s.current = t.mover;
  s.checkInvariants();
  return s;
}

/** What `seat` sees of `state`, read through its observation only. */
export function tableOf(state: NoThanksState, seat: number): Table {
  const o = new Observation(state, seat);
  const seats = Array.from({ length: o.players }, (_, p) => p);
  return {
    displays: seats.map((p) => o.displayOf(p)),
    chips: seats.map((p) => o.countedChips(p)),
    card: o.card,
    pot: o.pot,
    mover: o.current,
    removed: o.rules.knownRemoved ? o.removedCards() : null,
  };
}

/** The notation of a table (with its face-down count). */
export function textOf(rules: Rules, t: Table): string {
  const held = t.displays.reduce((n, d) => n + d.length, 0);
  const head = [`${t.card}+${t.pot}`, `left ${deckSize(rules) - held - 1}`];
  if (t.removed) head.push(`removed ${formatRuns([...t.removed].sort((a, b) => a - b))}`);
  const seats = t.displays.map((cards, seat) => `${seat === t.mover ? '*' : ''}${cards.length ? `${formatRuns(cards)} ` : ''}c${t.chips[seat]}`);
  return [head.join(' '), ...seats].join(' | ');
}

/** A table in words: the face-up card, then each seat's cards and chips (`seat` marked as you). */
function describeTable(rules: Rules, t: Table, seat: number): string {
  const seats = t.displays.map(
    (cards, p) => `seat ${p}${p === seat ? ' (you)' : ''}: ${cards.length ? formatRuns(cards) : 'no cards'}, ${t.chips[p]} chip${t.chips[p] === 1 ? '' : 's'}`,
  );
  const held = t.displays.reduce((n, x) => n + x.length, 0);
  const head = t.card
    ? `face up ${t.card} with ${t.pot} chip${t.pot === 1 ? '' : 's'}, ${deckSize(rules) - held - 1} face down`
    : `${deckSize(rules) - held} cards still to turn up`;
  return [head, ...seats].join('; ');
}

function parse(text: string, rulesFor: (players: number) => RulesInput): ParsedPosition {
  const { table, left } = parseTable(text);
  const rules = makeRules(rulesFor(table.displays.length) as Parameters<typeof makeRules>[0]);
  if (table.card === 0) throw new UserError('no face-up card: the game is over or not begun, nothing to decide');
  checkTable(rules, table, left);
  return { state: stateOf(rules, table), seat: table.mover, rules };
}

function format(state: State, seat: number): string {
  const s = state as NoThanksState;
  if (s.isOver()) throw new UserError('the game is over: no position to write');
  return textOf(s.rules, tableOf(s, seat));
}

/**
 * The advisor's relay of a No Thanks! game: the user types the starting seat, (with known removed
 * cards) the set-aside cards, then each card turned up and each seat's take (`t`) or pass (`p`), in
 * order; several on a line are applied in turn, and a line with a mistake changes nothing.
 */
class Relay implements PositionRelay {
  private table: Table;
  private phase: 'starter' | 'removed' | 'reveal' | 'decide' | 'over' = 'starter';
  private readonly undo: string[] = [];
  get help(): string {
    const removed = this.rules.knownRemoved ? ', then the removed cards on one line' : '';
    return `Type the starting seat${removed}, then each card as it is turned up (its number) and each decision as t (take) or p (pass), in the order they happen; several on a line are fine (p p t). undo takes the last line back.`;
  }

  constructor(
    private readonly rules: Rules,
    private readonly seat: number,
  ) {
    if (!Number.isInteger(seat) || seat < 0 || seat >= rules.players) throw new UserError(`--seat must be a seat from 0 to ${rules.players - 1}, got ${seat}`);
    this.table = {
      displays: Array.from({ length: rules.players }, () => []),
      chips: new Array(rules.players).fill(rules.startChips),
      card: 0,
      pot: 0,
      mover: 0,
      removed: null,
    };
  }

  get over(): boolean {
    return this.phase === 'over';
  }

  prompt(): string {
    const { mover } = this.table;
    const who = mover === this.seat ? 'you' : `seat ${mover}`;
    switch (this.phase) {
      case 'starter':
        return `who starts? (a seat 0-${this.rules.players - 1}; you are seat ${this.seat})`;
      case 'removed':
        return `the ${this.rules.removed} removed cards?`;
      case 'reveal':
        return 'card turned up?';
      case 'decide':
        return `${who} on ${this.table.card}+${this.table.pot}: t(ake) or p(ass)?`;
      case 'over':
        return 'the game is over';
    }
  }

  enter(line: string): void {
    const before = JSON.stringify({ table: this.table, phase: this.phase });
    const tokens = words(line);
    if (tokens.length === 1 && tokens[0] === 'undo') {
      const last = this.undo.pop();
      if (last === undefined) throw new UserError('nothing to undo');
      ({ table: this.table, phase: this.phase } = JSON.parse(last) as { table: Table; phase: Relay['phase'] });
      return;
    }
    try {
      if (this.phase === 'removed') this.setRemoved(tokens);
      else for (const t of tokens) this.event(t);
    } catch (err) {
      ({ table: this.table, phase: this.phase } = JSON.parse(before) as { table: Table; phase: Relay['phase'] });
      throw err;
    }
    if (tokens.length > 0) this.undo.push(before);
  }

  private setRemoved(tokens: string[]): void {
    const cards = parseCards(tokens, 'removed');
    this.table.removed = cards.sort((a, b) => a - b);
    checkTable(this.rules, this.table, null);
    this.phase = 'reveal';
  }

  private event(token: string): void {
    const t = this.table;
    const { rules } = this;
    switch (this.phase) {
      case 'starter': {
        const s = Number(token);
        if (!/^\d+$/.test(token) || s >= rules.players) throw new UserError(`"${token}": the starting seat is a number from 0 to ${rules.players - 1}`);
        t.mover = s;
        this.phase = rules.knownRemoved ? 'removed' : 'reveal';
        return;
      }
      case 'removed':
        throw new UserError('list the removed cards on one line');
      case 'reveal': {
        if (!/^\d+$/.test(token)) throw new UserError(`"${token}": waiting for the card turned up (a number ${rules.minCard}-${rules.maxCard})`);
        t.card = Number(token);
        checkTable(rules, t, null);
        this.phase = 'decide';
        return;
      }
      case 'decide': {
        const move = token.toLowerCase();
        if (move === 't' || move === 'take') {
          const d = t.displays[t.mover]!;
          d.push(t.card);
          d.sort((a, b) => a - b);
          t.chips[t.mover]! += t.pot;
          t.card = 0;
          t.pot = 0;
          const held = t.displays.reduce((n, x) => n + x.length, 0);
          this.phase = held === deckSize(rules) ? 'over' : 'reveal';
        } else if (move === 'p' || move === 'pass') {
          if (t.chips[t.mover] === 0) throw new UserError(`seat ${t.mover} has no chips: it must take`);
          t.chips[t.mover]!--;
          t.pot++;
          t.mover = (t.mover + 1) % rules.players;
        } else throw new UserError(`"${token}": seat ${t.mover} is to decide on ${t.card}: t (take) or p (pass)`);
        return;
      }
      case 'over':
        throw new UserError('the game is over');
    }
  }

  shortcuts(): readonly Shortcut[] {
    if (this.phase !== 'decide') return [];
    const take = { line: 't', label: 'take' };
    return this.table.chips[this.table.mover] === 0 ? [take] : [take, { line: 'p', label: 'pass' }];
  }

  decision(): ParsedPosition | null {
    if (this.phase !== 'decide' || this.table.mover !== this.seat) return null;
    return { state: stateOf(this.rules, this.table), seat: this.seat, rules: this.rules };
  }

  notation(): string | null {
    return this.phase === 'decide' ? textOf(this.rules, this.table) : null;
  }

  describe(): string {
    const t = this.table;
    const seats = t.displays.map(
      (cards, p) =>
        `seat ${p}${p === this.seat ? ' (you)' : ''}: ${cards.length ? formatRuns(cards) : 'no cards'}, ${t.chips[p]} chip${t.chips[p] === 1 ? '' : 's'}`,
    );
    const held = t.displays.reduce((n, x) => n + x.length, 0);
    const head = t.card
      ? `face up ${t.card} with ${t.pot} chip${t.pot === 1 ? '' : 's'}, ${deckSize(this.rules) - held - 1} face down`
      : `${deckSize(this.rules) - held} cards still to turn up`;
    return [head, ...seats].join('; ');
  }
}

export const position: PositionNotation = {
  syntax: SYNTAX,
  examples: [
    [
      '17+3 left 15 | *3-5 10 c7 | 20-22 c14 | c9 | 33 c11',
      'card 17 with 3 chips, 15 face down; seat 0 (to decide) holds 3-5 and 10 with 7 chips, seat 1 20-22 with 14, seat 2 nothing with 9, seat 3 33 with 11',
    ],
    ['30 | *c11 | c11 | c11', 'the first card of a 3-player game, 30, seat 0 to decide'],
    ['12+2 left 22 | 30 c12 | *c9 | c10', 'seat 1 to decide on 12 with 2 chips on it; seat 0 took 30 with chips on it'],
  ],
  parse,
  format,
  describe: (state, seat) => {
    const s = state as NoThanksState;
    return describeTable(s.rules, tableOf(s, seat), seat);
  },
  relay: (rules, seat) => new Relay(makeRules(rules as Parameters<typeof makeRules>[0]), seat),
};
