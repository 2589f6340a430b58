/// <reference lib="dom" />
import type { GameRecordBase } from '../../game/contract.js';
import { el, fill, plural } from './dom.js';
import { webGame, webGames, type WebGame } from './games.js';
import { ruleInputs, type RuleInputs } from './rule-inputs.js';
import { HUMAN_LABEL, PlaySession, type Outcome } from './session.js';

/**
 * The play page: choose a game, the table and the bots, then play by clicking. The bots answer in
 * the page; what you see of the table is what your seat's observation shows, nothing more.
 */
export function playPage(root: HTMLElement, onReplay: (record: GameRecordBase) => void): void {
  const gameSelect = el('select', { attrs: { id: 'play-game' } }, ...webGames().map((g) => el('option', { attrs: { value: g.game.id } }, g.game.name)));
  const players = el('input', { attrs: { type: 'number', id: 'play-players' } });
  const seatSelect = el('select', { attrs: { id: 'play-seat' } });
  const bots = el('div', { class: 'row', attrs: { id: 'play-bots' } });
  const rules = el('div', { class: 'row', attrs: { id: 'play-rules' } });
  const seed = el('input', { attrs: { type: 'text', id: 'play-seed', size: '12', value: randomSeed() } });
  const error = el('div', { class: 'error', attrs: { id: 'play-error', role: 'alert' } });
  const table = el('div', { attrs: { id: 'play-table' } });
  const status = el('div', { class: 'muted', attrs: { id: 'play-status', 'data-state': 'setup' } });
  const log = el('div', { class: 'log events', attrs: { id: 'play-log' } });
  // Shown once a game starts: before, the page showed an empty "What happened" box.
  const happened = el('div', { attrs: { id: 'play-happened' } }, el('h3', null, 'What happened'), log);
  happened.hidden = true;
  let rulesForm: RuleInputs | null = null;

  const current = (): WebGame => webGame(gameSelect.value)!;
  function setupGame(): void {
    const { game } = current();
    players.min = String(game.minPlayers);
    players.max = String(game.maxPlayers);
    players.value = String(game.defaultPlayers);
    rulesForm = ruleInputs(game);
    fill(rules, ...rulesForm.labels);
    setupSeats();
  }
  function setupSeats(): void {
    const { game, view } = current();
    const n = Math.min(game.maxPlayers, Math.max(game.minPlayers, Math.round(Number(players.value)) || game.defaultPlayers));
    fill(seatSelect, ...Array.from({ length: n }, (_, p) => el('option', { attrs: { value: String(p) } }, `seat ${p}`)));
    // Not the terminal's human (the page seats its own), nor bots that run only under Node (net).
    const names = game.agents.filter((a) => a.name !== 'human' && !a.nodeOnly).map((a) => a.name);
    fill(
      bots,
      ...Array.from({ length: n }, (_, p) => {
        const select = el(
          'select',
          { attrs: { 'data-bot-seat': String(p), 'aria-label': `bot in seat ${p}` } },
          ...names.map((b) => el('option', { attrs: { value: b } }, b)),
        );
        select.value = view.defaultBot;
        return el('label', null, el('span', null, `seat ${p} `), select);
      }),
    );
    updateSeats();
  }
  function updateSeats(): void {
    for (const label of bots.children) {
      const select = label.querySelector('select')!;
      const seat = select.getAttribute('data-bot-seat')!;
      select.disabled = seat === seatSelect.value;
      label.querySelector('span')!.textContent = select.disabled ? `seat ${seat} (you) ` : `seat ${seat} `;
      select.style.display = select.disabled ? 'none' : '';
    }
  }
  gameSelect.addEventListener('change', setupGame);
  players.addEventListener('change', setupSeats);
  seatSelect.addEventListener('change', updateSeats);

  function start(): void {
    error.textContent = '';
    const { game, view } = current();
    const n = Number(players.value);
    const humanSeat = Number(seatSelect.value);
    const seats = [...bots.querySelectorAll('select')].map((s) => s.value);
    let session: PlaySession;
    try {
      session = new PlaySession(game, rulesForm!.rules(n), seats, humanSeat, seed.value.trim() || randomSeed(), view.human);
    } catch (err) {
      error.textContent = (err as Error).message;
      return;
    }
    const labels = seats.map((b, p) => (p === humanSeat ? HUMAN_LABEL : b));
    const step = (next: () => Outcome): void => {
      status.textContent = 'The bots are thinking\u2026';
      status.setAttribute('data-state', 'thinking');
      for (const b of table.querySelectorAll('button')) b.disabled = true;
      // Let the page paint the status before the bots run (they run on this thread).
      setTimeout(() => show(next()), 0);
    };
    const show = (o: Outcome): void => {
      status.setAttribute('data-state', o.kind);
      if (o.kind === 'error') {
        status.textContent = '';
        error.textContent = o.message;
        return;
      }
      fill(log, ...o.log.map((l) => el('div', null, l)));
      log.scrollTop = log.scrollHeight;
      if (o.kind === 'ask') {
        status.textContent = `Your move (decision ${session.bridge.decisions + 1}).`;
        fill(
          table,
          view.renderPrompt(o.view, labels, (a) => step(() => session.answer(a))),
        );
      } else {
        status.textContent = 'Game over.';
        fill(
          table,
          result(
            game,
            o.record,
            humanSeat,
            () => onReplay(o.record),
            () => {
              seed.value = randomSeed();
              start();
            },
          ),
        );
      }
    };
    fill(log);
    happened.hidden = false;
    step(() => session.run());
  }

  fill(
    root,
    el(
      'section',
      { class: 'panel' },
      el('h2', null, 'Play against the bots'),
      el(
        'div',
        { class: 'row' },
        el('label', null, 'Game ', gameSelect),
        el('label', null, 'Players ', players),
        el('label', null, 'You sit in ', seatSelect),
        el('label', null, 'Deal seed ', seed),
      ),
      el('div', { class: 'muted' }, 'Bots in the other seats:'),
      bots,
      el('details', null, el('summary', null, 'Rule settings (blank: the official rules)'), rules),
      el('div', { class: 'actions' }, el('button', { class: 'primary', attrs: { id: 'play-start' }, onclick: start }, 'Start a game')),
      error,
    ),
    status,
    table,
    happened,
  );
  setupGame();
}

/**
 * The end screen: each seat's final holding (the game's final table, as `nothanks play` prints it),
 * every metric the record holds per seat (No Thanks!: chips left) and the score; before, scores only.
 */
function result(game: WebGame['game'], r: GameRecordBase, humanSeat: number, onReplay: () => void, again: () => void): HTMLElement {
  const name = game.name;
  const holding = (p: number): string => game.finalTable.holding(r as never, p).trim();
  const shown = r.agents.some((_, p) => holding(p) !== '');
  // A metric whose id names a per-seat list of numbers in the record.
  const metrics = game.metrics.filter((m) => {
    const v = (r as unknown as Record<string, unknown>)[m.id];
    return Array.isArray(v) && v.length === r.agents.length && v.every((x) => typeof x === 'number');
  });
  const metric = (id: string, p: number): string => String(((r as unknown as Record<string, number[]>)[id] ?? [])[p]);
  const verdict = r.winners.includes(humanSeat)
    ? r.winners.length > 1
      ? 'You share the win!'
      : 'You win!'
    : `You lose: ${r.winners.map((w) => `seat ${w} (${r.agents[w]})`).join(' and ')} ${r.winners.length > 1 ? 'share the win' : 'wins'}.`;
  return el(
    'div',
    { class: 'panel', attrs: { id: 'play-result' } },
    el('h3', null, `${name}: ${verdict}`),
    el(
      'table',
      { class: 'result' },
      el(
        'thead',
        null,
        el(
          'tr',
          null,
          el('th', null, 'seat'),
          el('th', null, 'player'),
          ...(shown ? [el('th', null, 'final cards')] : []),
          ...metrics.map((m) => el('th', null, m.label)),
          el('th', null, 'score (lower is better)'),
        ),
      ),
      el(
        'tbody',
        null,
        ...r.agents.map((a, p) =>
          el(
            'tr',
            { attrs: { 'data-seat': String(p), 'data-score': String(r.scores[p]) } },
            el('td', null, p),
            el('td', null, p === humanSeat ? 'you' : a),
            ...(shown ? [el('td', { class: 'holding' }, holding(p) || '\u2014')] : []),
            ...metrics.map((m) => el('td', null, metric(m.id, p))),
            el('td', null, `${r.scores[p]}${r.winners.includes(p) ? ' \u2605' : ''}`),
          ),
        ),
      ),
    ),
    el('div', { class: 'muted' }, `Game seed ${r.seed}; ${plural(r.players, 'player')}.`),
    el(
      'div',
      { class: 'actions' },
      el('button', { class: 'primary', attrs: { id: 'play-replay' }, onclick: onReplay }, 'Watch the replay (every hand revealed)'),
      el('button', { attrs: { id: 'play-again' }, onclick: again }, 'Play again (new deal)'),
    ),
  );
}

function randomSeed(): string {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0]!.toString(36);
}
