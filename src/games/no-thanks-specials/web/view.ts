import { cardName, isGreen, isSpecial, KINDS, SPECIAL_BASE, type GameEvent, type GameStart, type Observation } from '../agent.js';
import type { GameRecord } from '../record.js';
import { replayRecord } from '../replay.js';
import { rulesFromRecord } from '../rules.js';
import { EVENT_NAMES, PHASE_BID, PHASE_GIVE, PHASE_REMOVE, SpecialsState } from '../state.js';
import { parseSeedHex } from '../../../game/seed.js';
import { el, plural, runsView } from '../../../web/client/dom.js';
import type { HumanBridge } from '../../../web/client/session.js';
import type { Frame, GameView } from '../../../web/client/types.js';

const SEATS = (n: number): number[] => Array.from({ length: n }, (_, p) => p);

/** A card by code: numbers plain, specials by name in their colour (as a button with `onclick`). */
function card(code: number, big = false, onclick?: () => void): HTMLElement {
  const colour = isSpecial(code) ? (isGreen(code) ? ' green' : ' red') : '';
  const props = {
    class: `card${big ? ' big' : ''}${colour}`,
    title: isSpecial(code) ? KINDS[code - SPECIAL_BASE]!.rule : undefined,
    attrs: { 'data-card': String(cardName(code)) },
    onclick,
  };
  return onclick ? el('button', props, String(cardName(code))) : el('span', props, String(cardName(code)));
}

const specialCodes = (count: (kind: number) => number): number[] => KINDS.flatMap((_, k) => Array<number>(count(k)).fill(SPECIAL_BASE + k));

interface SeatSnap {
  numbers: number[];
  specials: number[];
  chips: number;
  score: number;
  sitting: boolean;
}

interface Snap {
  card: number;
  pot: number;
  phase: number;
  current: number;
  cardsLeft: number;
  removed: number[];
  over: boolean;
  seats: SeatSnap[];
  /** Public events of this decision, in words. */
  events: string[];
}

function snap(s: SpecialsState, fromEvent: number, agents: readonly string[]): Snap {
  const events: string[] = [];
  for (let i = fromEvent; i < s.events; i++)
    events.push(
      `${EVENT_NAMES[s.evType[i]!]}: seat ${s.evSeat[i]} (${agents[s.evSeat[i]!]}) ${cardName(s.evCard[i]!)}${s.evPot[i] && EVENT_NAMES[s.evType[i]!] !== 'fetch' ? ` (${plural(s.evPot[i]!, 'chip')})` : ''}`,
    );
  return {
    card: s.card,
    pot: s.pot,
    phase: s.phase,
    current: s.current,
    cardsLeft: s.cardsLeft,
    removed: Array.from(s.cards.subarray(0, s.removedLeft)).sort((a, b) => a - b),
    over: s.over,
    seats: SEATS(s.players).map((p) => ({
      numbers: s.displayOf(p),
      specials: specialCodes((k) => s.heldCount(p, k)),
      chips: s.chips[p]!,
      score: s.score(p),
      sitting: s.sitting[p] === 1,
    })),
    events,
  };
}

const WORDS: Record<string, string> = { T: 'takes', P: 'pays a chip on', S: 'sits out', B: 'bids a chip on', D: 'declines' };

function frames(record: unknown): Frame[] {
  const r = record as GameRecord;
  const start = new SpecialsState(rulesFromRecord(r.players, r.rules));
  start.deal(parseSeedHex(r.seed), r.starter);
  const out: Frame[] = [frame(r, snap(start, 0, r.agents), `Seat ${r.starter} (${r.agents[r.starter]}) starts; ${cardName(start.card)} is face up.`, 0, -1)];
  let heard = start.events;
  replayRecord(record, (i, seat, token, state, before) => {
    const what = WORDS[token]
      ? `${WORDS[token]} ${cardName(before.card)}${before.pot ? ` (${plural(before.pot, 'chip')} on it)` : ''}`
      : `${token.replace(':', 's ')} (after receiving ${cardName(before.card)})`;
    out.push(frame(r, snap(state, heard, r.agents), `${i + 1}. Seat ${seat} (${r.agents[seat]}) ${what}.`, i + 1, seat));
    heard = state.events;
  });
  return out;
}

function frame(r: GameRecord, s: Snap, caption: string, decision: number, actor: number): Frame {
  const phaseText =
    s.phase === PHASE_BID
      ? 'green card: bid a chip or decline'
      : s.phase === PHASE_GIVE
        ? 'give a card to the left'
        : s.phase === PHASE_REMOVE
          ? 'remove a card'
          : 'take it or pay a chip';
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
          s.over ? el('div', { class: 'card big back' }, '') : card(s.card, true),
          el(
            'div',
            null,
            s.over
              ? el('div', { class: 'caption' }, 'Game over')
              : el('div', null, el('span', { class: 'chips' }, plural(s.pot, 'chip')), ` on the card \u00b7 ${phaseText}`),
            el('div', { class: 'muted' }, `${plural(s.cardsLeft, 'card')} left in the deck`),
          ),
          el('div', { class: 'hidden-info' }, `Set aside, unseen by the players (unless they held the look card): ${s.removed.join(' ') || 'none'}`),
        ),
        s.events.length ? el('div', { class: 'muted' }, s.events.join(' \u00b7 ')) : null,
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
              el('div', { class: 'name' }, `Seat ${p}: ${r.agents[p]}${p === actor ? ' (just moved)' : ''}${seat.sitting ? ' (sitting out)' : ''}`),
              el('div', { class: 'stats' }, el('span', { class: 'chips' }, plural(seat.chips, 'chip')), ` score ${seat.score}`),
              runsView(seat.numbers),
              seat.specials.length ? el('div', { class: 'cards' }, ...seat.specials.map((c) => card(c))) : null,
            ),
          ),
        ),
      ),
  };
}

/** What the human seat sees, read through its observation only. */
interface View {
  phase: string;
  card: number;
  pot: number;
  cardsLeft: number;
  myChips: number;
  canSitOut: boolean;
  seat: number;
  seats: { numbers: number[]; specials: number[]; chips: number; exact: boolean; score: number; sitting: boolean }[];
  removed: number[] | null;
}

function capture(o: Observation): View {
  return {
    phase: o.phase,
    card: o.card,
    pot: o.pot,
    cardsLeft: o.cardsLeft,
    myChips: o.myChips,
    canSitOut: o.canSitOut,
    seat: o.seat,
    seats: SEATS(o.players).map((p) => {
      const exact = p === o.seat || o.rules.openChips;
      return {
        numbers: o.displayOf(p),
        specials: specialCodes((k) => o.held(p, SPECIAL_BASE + k)),
        chips: exact ? o.chips(p) : o.countedChips(p),
        exact,
        score: o.scoreNow(p),
        sitting: o.sittingOut(p),
      };
    }),
    removed: o.seesRemoved ? o.removedCards() : null,
  };
}

class PageHuman {
  private start!: GameStart;
  constructor(private readonly bridge: () => HumanBridge) {}
  newGame(start: GameStart): void {
    this.start = start;
  }
  onEvent(e: Readonly<GameEvent>): void {
    const who = e.seat === this.start.seat ? 'You' : `Seat ${e.seat} (${this.start.agents[e.seat]})`;
    this.bridge().log.push(`${who}: ${e.type} ${cardName(e.card)}${e.pot && e.type !== 'fetch' ? ` (${plural(e.pot, 'chip')} on it)` : ''}`);
  }
  decide(obs: Observation): unknown {
    return this.bridge().ask(capture(obs));
  }
}

function renderPrompt(raw: unknown, labels: readonly string[], answer: (a: unknown) => void): HTMLElement {
  const v = raw as View;
  const me = v.seats[v.seat]!;
  const choosing = v.phase === 'give' || v.phase === 'remove';
  const buttons: HTMLElement[] = [];
  if (v.phase === 'take') {
    buttons.push(el('button', { class: 'primary', attrs: { 'data-action': 'take' }, onclick: () => answer('take') }, `Take ${cardName(v.card)}`));
    buttons.push(
      el(
        'button',
        { attrs: { 'data-action': 'pass' }, disabled: v.myChips === 0, onclick: () => answer('pass') },
        v.myChips === 0 ? 'No chips: you must take' : 'No thanks! (pay a chip)',
      ),
    );
  } else if (v.phase === 'bid') {
    buttons.push(el('button', { class: 'primary', attrs: { 'data-action': 'bid' }, disabled: v.myChips === 0, onclick: () => answer('bid') }, 'Bid a chip'));
    buttons.push(el('button', { attrs: { 'data-action': 'decline' }, onclick: () => answer('decline') }, `Decline (take the ${plural(v.pot, 'chip')})`));
  } else {
    for (const c of [...me.numbers, ...me.specials]) buttons.push(card(c, false, () => answer(c)));
  }
  if (v.canSitOut) buttons.push(el('button', { attrs: { 'data-action': 'sit-out' }, onclick: () => answer('sit-out') }, 'Discard sit-out and sit out'));
  return el(
    'div',
    null,
    el(
      'div',
      { class: 'center panel' },
      card(v.card, true),
      el(
        'div',
        null,
        choosing
          ? el('div', { class: 'caption' }, v.phase === 'give' ? 'Give a card of your display to your left neighbour:' : 'Remove a card of your display:')
          : el(
              'div',
              null,
              el('span', { class: 'chips' }, plural(v.pot, 'chip')),
              ' on the card',
              v.phase === 'bid' ? ' (green: the last bidder gets it, the decliner the chips)' : '',
            ),
        el('div', { class: 'muted' }, `${plural(v.cardsLeft, 'card')} left in the deck`),
      ),
      v.removed
        ? el('div', { class: 'muted', attrs: { 'data-seen-removed': '' } }, `You have seen the set-aside cards: ${v.removed.join(' ') || 'none'}`)
        : null,
    ),
    el('div', { class: 'actions' }, ...buttons),
    el(
      'div',
      { class: 'seats' },
      ...v.seats.map((s, p) =>
        el(
          'div',
          { class: `seat${p === v.seat ? ' me current' : ''}`, attrs: { 'data-seat': String(p) } },
          el('div', { class: 'name' }, p === v.seat ? `Seat ${p}: you` : `Seat ${p}: ${labels[p]}`, s.sitting ? ' (sitting out)' : ''),
          el('div', { class: 'stats' }, el('span', { class: 'chips' }, `${plural(s.chips, 'chip')}${s.exact ? '' : ' (counted)'}`), ` score now ${s.score}`),
          runsView(s.numbers),
          s.specials.length ? el('div', { class: 'cards' }, ...s.specials.map((c) => card(c))) : null,
        ),
      ),
    ),
  );
}

export const specialsView: GameView = {
  frames,
  human: (bridge) => new PageHuman(bridge),
  renderPrompt,
  defaultBot: 'value',
};

export default specialsView;
