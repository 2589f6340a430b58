import type { GameEvent, GameStart, Observation } from '../agent.js';
import type { GameRecord } from '../record.js';
import { replayRecord } from '../replay.js';
import { BULLHEADS } from '../rules.js';
import type { GameState } from '../state.js';
import { el, plural, type Child } from '../../../web/client/dom.js';
import type { HumanBridge } from '../../../web/client/session.js';
import type { Frame, GameView } from '../../../web/client/types.js';

const SEATS = (n: number): number[] => Array.from({ length: n }, (_, p) => p);

/** A card with its bullheads (as a button when `onclick` is given). */
function card(c: number, extra = '', onclick?: () => void): HTMLElement {
  const b = BULLHEADS[c] ?? 1;
  const body: Child[] = [String(c), el('span', { class: 'heads' }, '\u2620'.repeat(Math.min(b, 7)))];
  const props = { class: `card${extra}`, title: plural(b, 'bullhead'), attrs: { 'data-card': String(c) }, onclick };
  return onclick ? el('button', props, ...body) : el('span', props, ...body);
}

/** The four rows; the cards placed this turn (`placed`) outlined, a full row marked (its next card takes it). */
function rowsView(rows: number[][], rowLimit: number, onRow?: (r: number) => void, placed: readonly number[] = []): HTMLElement {
  return el(
    'div',
    { class: 'panel' },
    ...rows.map((row, r) => {
      const heads = row.reduce((a, c) => a + (BULLHEADS[c] ?? 1), 0);
      const label = `Row ${r + 1} \u00b7 ${plural(heads, 'bullhead')}`;
      return el(
        'div',
        { class: 'nimmt-row', attrs: { 'data-row': String(r) } },
        onRow
          ? el('button', { attrs: { 'data-action': `row-${r}` }, onclick: () => onRow(r) }, `Take row ${r + 1} (${plural(heads, 'bullhead')})`)
          : el('span', { class: 'label' }, label),
        ...row.map((c) => card(c, placed.includes(c) ? ' played' : '')),
        el('span', { class: 'muted' }, `${row.length}/${rowLimit}${row.length === rowLimit ? ' full' : ''}`),
      );
    }),
  );
}

interface Snap {
  rows: number[][];
  hands: number[][];
  totals: number[];
  roundBull: number[];
  /** Cards revealed this turn, per seat (empty at a round's start). */
  played: number[];
  takes: string[];
}

function snap(s: GameState, played: readonly number[], agents: readonly string[]): Snap {
  const P = s.players;
  const takes: string[] = [];
  for (let k = 0; k < s.turnTakes; k++) {
    const seat = s.turnTakeSeat[k]!;
    const chosen = s.takes[s.turn * P + seat] === s.turnTakeRow[k];
    takes.push(
      `Seat ${seat} (${agents[seat]}) takes row ${s.turnTakeRow[k]! + 1}: ${plural(s.turnTakeBull[k]!, 'bullhead')} (${chosen ? 'its card was lower than every row' : 'sixth card'}).`,
    );
  }
  return {
    rows: [0, 1, 2, 3].map((r) => s.rowOf(r)),
    hands: SEATS(P).map((p) => s.handOf(p)),
    totals: SEATS(P).map((p) => s.total[p]!),
    roundBull: SEATS(P).map((p) => s.roundBull[p]!),
    played: [...played],
    takes,
  };
}

function frames(record: unknown): Frame[] {
  const r = record as GameRecord;
  const out: Frame[] = [];
  let turns = 0;
  /** Decisions as the analysis counts them: draft picks, every seat's card, every row choice. */
  let moves = 0;
  let latest: Snap | undefined;
  const frame = (s: Snap, caption: string, decision: number, note: string): Frame => {
    latest = s;
    return { caption, decision, moves, render: () => frameBody(r, s, note, false) };
  };
  replayRecord(record, (st) => {
    const s = st.state;
    if (st.type === 'round') {
      const draft = r.rounds[st.round]!.draft;
      moves += draft?.length ?? 0;
      out.push(
        frame(
          snap(s, [], r.agents),
          `Round ${st.round + 1}: seat ${s.roundStarter} (${r.agents[s.roundStarter]}) starts; ${draft ? 'hands drafted face up' : 'hands dealt'}.`,
          turns,
          draft ? `Draft, in pick order: ${draft.join(' ')}` : '',
        ),
      );
    } else if (st.type === 'trick') {
      turns++;
      moves += st.cards.length + r.rounds[st.round]!.tricks[st.turn]!.takes.filter((t) => t !== null).length;
      out.push(frame(snap(s, st.cards, r.agents), `${turns}. Round ${st.round + 1}, turn ${st.turn + 1}: revealed ${st.cards.join(' ')}.`, turns, ''));
    } else {
      out.push(frame(snap(s, [], r.agents), `End of round ${st.round + 1}: bullheads this round ${Array.from(s.roundBull).join(' ')}.`, turns, ''));
    }
  });
  const final = latest!;
  out.push({
    decision: turns,
    moves,
    caption: `Game over: ${r.winners.map((w) => `seat ${w} (${r.agents[w]})`).join(' and ')} ${r.winners.length > 1 ? 'share the win' : 'wins'} with ${plural(r.scores[r.winners[0]!]!, 'bullhead')}.`,
    render: () => frameBody(r, final, '', true),
  });
  return out;
}

function frameBody(r: GameRecord, s: Snap, note: string, over: boolean): HTMLElement {
  return el(
    'div',
    null,
    rowsView(s.rows, r.rules.rowLimit as number, undefined, s.played),
    note ? el('div', { class: 'muted' }, note) : null,
    ...s.takes.map((t) => el('div', { class: 'muted' }, t)),
    el(
      'div',
      { class: 'seats' },
      ...s.hands.map((hand, p) =>
        el(
          'div',
          {
            class: `seat${over && r.winners.includes(p) ? ' winner' : ''}`,
            attrs: { 'data-seat': String(p), 'data-score': String(over ? r.scores[p] : s.totals[p]) },
          },
          el('div', { class: 'name' }, `Seat ${p}: ${r.agents[p]}`),
          el('div', { class: 'stats' }, `${plural(s.totals[p]!, 'bullhead')} (this round ${s.roundBull[p]})`),
          s.played.length ? el('div', { class: 'cards' }, el('span', { class: 'muted' }, 'played'), card(s.played[p]!, ' played')) : null,
          el('div', { class: 'cards' }, ...(hand.length ? hand.map((c) => card(c)) : [el('span', { class: 'muted' }, 'hand empty')])),
        ),
      ),
    ),
  );
}

/** What the human seat sees, read through its observation only. */
interface View {
  phase: string;
  round: number;
  turn: number;
  handSize: number;
  rowLimit: number;
  pro: boolean;
  seat: number;
  hand: number[];
  rows: number[][];
  bullheads: number[];
  roundBullheads: number[];
  handCounts: number[];
  /** Pro variant only: every hand is open. */
  hands: number[][] | null;
  /** This turn's cards once revealed (a row choice). */
  revealed: number[] | null;
  open: number[];
}

function capture(o: Observation): View {
  const seats = SEATS(o.players);
  const pro = o.rules.variant === 'pro';
  return {
    phase: o.phase,
    round: o.round,
    turn: o.turn,
    handSize: o.rules.handSize,
    rowLimit: o.rules.rowLimit,
    pro,
    seat: o.seat,
    hand: o.handOf(),
    rows: [0, 1, 2, 3].map((r) => o.rowCards(r)),
    bullheads: seats.map((p) => o.bullheads(p)),
    roundBullheads: seats.map((p) => o.roundBullheads(p)),
    handCounts: seats.map((p) => o.handCountOf(p)),
    hands: pro ? seats.map((p) => o.handOf(p)) : null,
    revealed: o.revealedThisTurn ? seats.map((p) => o.revealedCard(p)) : null,
    open: o.phase === 'draft' ? o.openCards() : [],
  };
}

class PageHuman {
  private start!: GameStart;
  constructor(private readonly bridge: () => HumanBridge) {}
  newGame(start: GameStart): void {
    this.start = start;
  }
  private who(seat: number): string {
    return seat === this.start.seat ? 'You' : `Seat ${seat} (${this.start.agents[seat]})`;
  }
  onEvent(e: Readonly<GameEvent>, obs: Observation): void {
    const log = this.bridge().log;
    if (e.type === 'round') log.push(`Round ${e.round + 1} begins; ${this.who(e.seat)} starts.`);
    else if (e.type === 'pick') log.push(`${this.who(e.seat)} picked ${e.card}.`);
    else if (e.type === 'reveal')
      log.push(
        `Turn ${e.turn + 1} revealed: ${SEATS(obs.players)
          .map((p) => `${this.who(p)} ${obs.revealedCard(p)}`)
          .join(', ')}.`,
      );
    else log.push(`${this.who(e.seat)} took row ${e.row + 1} (${plural(e.bullheads, 'bullhead')}, ${e.chosen ? 'card lower than every row' : 'sixth card'}).`);
  }
  decide(obs: Observation): unknown {
    return this.bridge().ask(capture(obs));
  }
}

function renderPrompt(raw: unknown, labels: readonly string[], answer: (a: unknown) => void): HTMLElement {
  const v = raw as View;
  const prompt =
    v.phase === 'row'
      ? `Your ${v.revealed![v.seat]} is lower than every row: take a row.`
      : v.phase === 'draft'
        ? 'Pick an open card for your hand.'
        : 'Play a card (all cards are revealed together).';
  return el(
    'div',
    null,
    el('div', { class: 'caption' }, `Round ${v.round + 1}, turn ${v.turn + 1} of ${v.handSize}. ${prompt}`),
    rowsView(v.rows, v.rowLimit, v.phase === 'row' ? (r) => answer(r) : undefined),
    v.revealed
      ? el(
          'div',
          { class: 'cards panel' },
          el('span', { class: 'muted' }, 'Revealed this turn:'),
          ...v.revealed.map((c, p) => el('span', null, p === v.seat ? 'you ' : `seat ${p} `, card(c, ' played'))),
        )
      : null,
    v.phase === 'draft'
      ? el(
          'div',
          { class: 'panel' },
          el('div', { class: 'muted' }, 'Open cards'),
          el('div', { class: 'cards' }, ...v.open.map((c) => card(c, '', () => answer(c)))),
        )
      : null,
    el(
      'div',
      { class: 'panel me' },
      el('div', { class: 'muted' }, 'Your hand'),
      el('div', { class: 'cards', attrs: { 'data-hand': 'me' } }, ...v.hand.map((c) => (v.phase === 'play' ? card(c, '', () => answer(c)) : card(c)))),
    ),
    el(
      'div',
      { class: 'seats' },
      ...labels.map((label, p) =>
        el(
          'div',
          { class: `seat${p === v.seat ? ' me' : ''}`, attrs: { 'data-seat': String(p) } },
          el('div', { class: 'name' }, p === v.seat ? `Seat ${p}: you` : `Seat ${p}: ${label}`),
          el(
            'div',
            { class: 'stats' },
            `${plural(v.bullheads[p]!, 'bullhead')} (this round ${v.roundBullheads[p]}) \u00b7 ${plural(v.handCounts[p]!, 'card')} in hand`,
          ),
          // Other hands: open in the pro variant, card backs in the base game.
          p === v.seat
            ? null
            : v.hands
              ? el('div', { class: 'cards' }, ...v.hands[p]!.map((c) => card(c)))
              : el(
                  'div',
                  { class: 'cards', attrs: { 'data-hidden-hand': String(p) } },
                  ...Array.from({ length: v.handCounts[p]! }, () => el('span', { class: 'card back' }, '')),
                ),
        ),
      ),
    ),
  );
}

export const sixNimmtView: GameView = {
  frames,
  human: (bridge) => new PageHuman(bridge),
  renderPrompt,
  defaultBot: 'heuristic',
  unit: 'turn',
};

export default sixNimmtView;
