import { el, plural } from '../../../web/client/dom.js';
import type { HumanBridge } from '../../../web/client/session.js';
import type { Frame, GameView } from '../../../web/client/types.js';
import type { GameEvent, GameStart, Observation } from '../agent.js';
import type { GameRecord } from '../record.js';
import { replayRecord } from '../replay.js';

/*
 * The game in the web app (src/web bundles this file for the browser): a replay's frames, one per
 * turn, built from the game's own replay steps; and the human seat of a game in the page, which
 * sees what its observation shows and answers with a button per card.
 */

const card = (c: number, extra = '', onclick?: () => void): HTMLElement =>
  onclick
    ? el('button', { class: `card${extra}`, attrs: { 'data-card': String(c) }, onclick }, c)
    : el('span', { class: `card${extra}`, attrs: { 'data-card': String(c) } }, c);

/** What a frame shows: the turn's prize and bids, and each seat's points and hand. */
interface Snap {
  prize: number;
  bids: readonly number[];
  points: number[];
  hands: number[][];
}

function frames(record: unknown): Frame[] {
  const r = record as GameRecord;
  const seats = Array.from({ length: r.players }, (_, p) => p);
  const allCards = Array.from({ length: r.rules.cards }, (_, i) => i + 1);
  const out: Frame[] = [
    {
      caption: `${r.players} seats, cards 1..${r.rules.cards}; the first prize is ${r.prizes[0]}.`,
      decision: 0,
      moves: 0,
      render: () => body(r, { prize: 0, bids: [], points: seats.map(() => 0), hands: seats.map(() => allCards) }, false),
    },
  ];
  replayRecord(record, (st) => {
    const s = st.state;
    const snap: Snap = {
      prize: st.prize,
      bids: st.bids,
      points: seats.map((p) => s.points[p]!),
      hands: seats.map((p) => allCards.filter((c) => s.holds(p, c))),
    };
    const who = st.winner < 0 ? 'tied highest bids: the prize is discarded' : `seat ${st.winner} (${r.agents[st.winner]}) wins it`;
    out.push({
      caption: `${st.turn + 1}. Prize ${st.prize}: bids ${st.bids.join(' ')}; ${who}.`,
      decision: st.turn + 1,
      moves: (st.turn + 1) * r.players,
      render: () => body(r, snap, s.over),
    });
  });
  const end = r.winners.map((w) => `seat ${w} (${r.agents[w]})`).join(' and ');
  out[out.length - 1]!.caption += ` Game over: ${end} ${r.winners.length > 1 ? 'share the win' : 'wins'}.`;
  return out;
}

function body(r: GameRecord, s: Snap, over: boolean): HTMLElement {
  return el(
    'div',
    null,
    el(
      'div',
      { class: 'center panel' },
      s.prize ? el('div', { class: 'card big', attrs: { 'data-face-up': String(s.prize) } }, s.prize) : el('div', { class: 'card big back' }, ''),
    ),
    el(
      'div',
      { class: 'seats' },
      ...s.hands.map((hand, p) =>
        el(
          'div',
          { class: `seat${over && r.winners.includes(p) ? ' winner' : ''}`, attrs: { 'data-seat': String(p), 'data-score': String(-s.points[p]!) } },
          el('div', { class: 'name' }, `Seat ${p}: ${r.agents[p]}`),
          el('div', { class: 'stats' }, `${plural(s.points[p]!, 'point')}`, s.bids.length ? ` · bid ${s.bids[p]}` : ''),
          el('div', { class: 'cards' }, ...hand.map((c) => card(c))),
        ),
      ),
    ),
  );
}

/** What the human seat sees, as plain data read through its observation only. */
interface View {
  seat: number;
  turn: number;
  prize: number;
  hand: number[];
  points: number[];
  toCome: number[];
}

function capture(o: Observation): View {
  const toCome: number[] = [];
  for (let c = 1; c <= o.rules.cards; c++) if (o.isPrizeToCome(c)) toCome.push(c);
  return {
    seat: o.seat,
    turn: o.turn,
    prize: o.prize,
    hand: Array.from({ length: o.handSize }, (_, i) => o.handCard(i)),
    points: Array.from({ length: o.players }, (_, p) => o.points(p)),
    toCome,
  };
}

class PageHuman {
  private start!: GameStart;
  constructor(private readonly bridge: () => HumanBridge) {}
  newGame(start: GameStart): void {
    this.start = start;
  }
  onEvent(e: Readonly<GameEvent>, obs: Observation): void {
    const bids = Array.from({ length: obs.players }, (_, p) => `${p === this.start.seat ? 'you' : `seat ${p}`} ${obs.bidAt(e.turn, p)}`);
    const who = e.winner < 0 ? 'a tie: discarded' : e.winner === this.start.seat ? 'you win it' : `seat ${e.winner} wins it`;
    this.bridge().log.push(`Prize ${e.prize}: ${bids.join(', ')}; ${who}.`);
  }
  decide(obs: Observation): unknown {
    return this.bridge().ask(capture(obs));
  }
}

function renderPrompt(raw: unknown, labels: readonly string[], answer: (a: unknown) => void): HTMLElement {
  const v = raw as View;
  return el(
    'div',
    null,
    el(
      'div',
      { class: 'caption' },
      `Turn ${v.turn + 1}: bid a card for prize ${v.prize} (all bids are shown together). Prizes to come: ${v.toCome.join(' ') || 'none'}.`,
    ),
    el('div', { class: 'center panel' }, el('div', { class: 'card big', attrs: { 'data-face-up': String(v.prize) } }, v.prize)),
    el(
      'div',
      { class: 'panel me' },
      el('div', { class: 'muted' }, 'Your hand'),
      el('div', { class: 'cards', attrs: { 'data-hand': 'me' } }, ...v.hand.map((c) => card(c, '', () => answer(c)))),
    ),
    el(
      'div',
      { class: 'seats' },
      ...labels.map((label, p) =>
        el(
          'div',
          { class: `seat${p === v.seat ? ' me' : ''}`, attrs: { 'data-seat': String(p) } },
          el('div', { class: 'name' }, p === v.seat ? `Seat ${p}: you` : `Seat ${p}: ${label}`),
          el('div', { class: 'stats' }, plural(v.points[p]!, 'point')),
        ),
      ),
    ),
  );
}

export const view: GameView = {
  frames,
  human: (bridge) => new PageHuman(bridge),
  renderPrompt,
  defaultBot: 'heuristic',
  unit: 'turn',
};

export default view;
