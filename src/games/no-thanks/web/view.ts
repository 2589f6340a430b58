import type { GameEvent, GameStart, Observation } from '../agent.js';
import type { GameRecord } from '../record.js';
import { replayRecord } from '../replay.js';
import { rulesFromRecord } from '../rules.js';
import { GameState } from '../state.js';
import { parseSeedHex } from '../../../game/seed.js';
import { el, plural, runsView } from '../../../web/client/dom.js';
import type { HumanBridge } from '../../../web/client/session.js';
import type { Frame, GameView } from '../../../web/client/types.js';

interface SeatSnap {
  cards: number[];
  chips: number;
  score: number;
}

interface Snap {
  card: number;
  pot: number;
  cardsLeft: number;
  current: number;
  over: boolean;
  seats: SeatSnap[];
}

function snap(s: GameState): Snap {
  const seats = Array.from({ length: s.players }, (_, p) => ({ cards: s.displayOf(p), chips: s.chips[p]!, score: s.score(p) }));
  return { card: s.card, pot: s.pot, cardsLeft: s.cardsLeft, current: s.current, over: s.over, seats };
}

function frames(record: unknown): Frame[] {
  const r = record as GameRecord;
  const start = new GameState(rulesFromRecord(r.players, r.rules));
  start.deal(parseSeedHex(r.seed), r.starter);
  const out: Frame[] = [frame(r, snap(start), `Seat ${r.starter} (${r.agents[r.starter]}) starts; ${start.card} is face up.`, 0, -1)];
  replayRecord(record, (st) => {
    const what =
      st.action === 'take' ? `takes ${st.card}${st.pot ? ` and ${plural(st.pot, 'chip')}` : ''}` : `pays a chip on ${st.card} (${st.pot + 1} on it now)`;
    out.push(frame(r, snap(st.state), `${st.index + 1}. Seat ${st.seat} (${r.agents[st.seat]}) ${what}.`, st.index + 1, st.seat));
  });
  return out;
}

function frame(r: GameRecord, s: Snap, caption: string, decision: number, actor: number): Frame {
  return {
    caption,
    decision,
    render: () =>
      el(
        'div',
        null,
        el(
          'div',
          { class: 'center panel' },
          s.over ? el('div', { class: 'card big back' }, '') : el('div', { class: 'card big', attrs: { 'data-face-up': String(s.card) } }, s.card),
          el(
            'div',
            null,
            s.over
              ? el('div', { class: 'caption' }, 'Game over')
              : el('div', null, el('span', { class: 'chips', attrs: { 'data-pot': String(s.pot) } }, plural(s.pot, 'chip')), ' on the card'),
            el('div', { class: 'muted' }, `${plural(s.cardsLeft, 'card')} left in the deck`),
          ),
          el('div', { class: 'hidden-info' }, `Set aside, unseen by the players: ${[...r.removed].sort((a, b) => a - b).join(' ')}`),
        ),
        el(
          'div',
          { class: 'seats' },
          ...s.seats.map((seat, p) =>
            el(
              'div',
              {
                class: `seat${!s.over && p === s.current ? ' current' : ''}${s.over && r.winners.includes(p) ? ' winner' : ''}`,
                attrs: { 'data-seat': String(p), 'data-score': String(seat.score) },
              },
              el('div', { class: 'name' }, `Seat ${p}: ${r.agents[p]}${p === actor ? ' (just moved)' : ''}`),
              el('div', { class: 'stats' }, el('span', { class: 'chips' }, plural(seat.chips, 'chip')), ` score ${seat.score}`),
              runsView(seat.cards),
            ),
          ),
        ),
      ),
  };
}

/** What the human seat sees, as plain data read through its observation only. */
interface View {
  card: number;
  pot: number;
  cardsLeft: number;
  myChips: number;
  marginal: number;
  seat: number;
  seats: { cards: number[]; points: number; chips: number; exact: boolean }[];
}

function capture(obs: Observation): View {
  const seats = Array.from({ length: obs.players }, (_, p) => {
    const exact = p === obs.seat || obs.rules.openChips;
    // Others' chips are not shown by the game, but anyone who watched can count them (as bots may).
    return { cards: obs.displayOf(p), points: obs.cardPoints(p), chips: exact ? obs.chips(p) : obs.countedChips(p), exact };
  });
  return { card: obs.card, pot: obs.pot, cardsLeft: obs.cardsLeft, myChips: obs.myChips, marginal: obs.marginalCost(), seat: obs.seat, seats };
}

class PageHuman {
  private start!: GameStart;
  constructor(private readonly bridge: () => HumanBridge) {}
  newGame(start: GameStart): void {
    this.start = start;
  }
  onEvent(e: Readonly<GameEvent>): void {
    const who = e.seat === this.start.seat ? 'You' : `Seat ${e.seat} (${this.start.agents[e.seat]})`;
    this.bridge().log.push(e.type === 'pass' ? `${who} paid a chip on ${e.card}.` : `${who} took ${e.card}${e.pot ? ` with ${plural(e.pot, 'chip')}` : ''}.`);
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
      { class: 'center panel' },
      el('div', { class: 'card big', attrs: { 'data-face-up': String(v.card) } }, v.card),
      el(
        'div',
        null,
        el('div', null, el('span', { class: 'chips' }, plural(v.pot, 'chip')), ' on the card'),
        el('div', { class: 'muted' }, `${plural(v.cardsLeft, 'card')} left in the deck`),
        el('div', { class: 'muted' }, `Taking it adds ${v.marginal} points and ${plural(v.pot, 'chip')}: net ${v.marginal - v.pot}.`),
      ),
    ),
    el(
      'div',
      { class: 'actions' },
      el('button', { class: 'primary', attrs: { 'data-action': 'take' }, onclick: () => answer('take') }, `Take ${v.card}`),
      el(
        'button',
        { attrs: { 'data-action': 'pass' }, disabled: v.myChips === 0, onclick: () => answer('pass') },
        v.myChips === 0 ? 'No chips: you must take' : 'No thanks! (pay a chip)',
      ),
    ),
    el(
      'div',
      { class: 'seats' },
      ...v.seats.map((s, p) =>
        el(
          'div',
          { class: `seat${p === v.seat ? ' me current' : ''}`, attrs: { 'data-seat': String(p) } },
          el('div', { class: 'name' }, p === v.seat ? `Seat ${p}: you` : `Seat ${p}: ${labels[p]}`),
          el(
            'div',
            { class: 'stats' },
            el('span', { class: 'chips' }, `${plural(s.chips, 'chip')}${s.exact ? '' : ' (counted)'}`),
            ` points ${s.points}, score ${s.points - s.chips}`,
          ),
          runsView(s.cards),
        ),
      ),
    ),
  );
}

export const noThanksView: GameView = {
  frames,
  human: (bridge) => new PageHuman(bridge),
  renderPrompt,
  defaultBot: 'threshold',
};

export default noThanksView;
