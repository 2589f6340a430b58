/// <reference lib="dom" />
import type { AdviseReply } from '../advise.js';
import { el, fill } from './dom.js';
import { webGames } from './games.js';
import { ruleInputs, type RuleInputs } from './rule-inputs.js';

/**
 * The advisor page (#advise): relay a game at a real table, one event a line, and see the
 * evaluation of each action whenever your seat is to decide. The page keeps only the lines you
 * typed; the server (`nothanks web`, GET api/advise) relays them for your seat and evaluates the
 * position, so the advice is the terminal advisor's (`nothanks advise`) and `nothanks eval`'s.
 */
export function advisePage(root: HTMLElement): void {
  const games = webGames().filter((g) => g.game.position !== undefined);
  const gameSelect = el('select', { attrs: { id: 'advise-game' } }, ...games.map((g) => el('option', { attrs: { value: g.game.id } }, g.game.name)));
  const players = el('input', { attrs: { type: 'number', id: 'advise-players', size: '3' } });
  const seat = el('select', { attrs: { id: 'advise-seat' } });
  const rules = el('span', { class: 'row', attrs: { id: 'advise-rules' } });
  let rulesForm: RuleInputs | null = null;
  const samples = el('input', { attrs: { type: 'number', id: 'advise-samples', size: '6', min: '2', max: '5000' } });
  const startButton = el('button', { class: 'primary', attrs: { id: 'advise-start' } }, 'Start a new game');
  const setupError = el('div', { class: 'error', attrs: { role: 'alert' } });
  const board = el('div', { attrs: { id: 'advise-board' } });
  const game = () => games.find((g) => g.game.id === gameSelect.value)!.game;

  function setupGame(): void {
    const g = game();
    players.min = String(g.minPlayers);
    players.max = String(g.maxPlayers);
    players.value = String(g.defaultPlayers);
    samples.value = String(g.analysisSamples);
    rulesForm = ruleInputs(g);
    fill(rules, ...rulesForm.labels);
    setupSeats();
  }
  function setupSeats(): void {
    const n = Number(players.value);
    const keep = seat.value;
    fill(seat, ...Array.from({ length: n }, (_, p) => el('option', { attrs: { value: String(p) } }, `seat ${p}`)));
    if (Number(keep) < n) seat.value = keep;
  }
  gameSelect.addEventListener('change', setupGame);
  players.addEventListener('change', setupSeats);
  startButton.addEventListener('click', () => start());

  fill(
    root,
    el(
      'section',
      { class: 'panel' },
      el('h2', null, 'Advisor'),
      el(
        'p',
        { class: 'muted' },
        'Relay a game you are playing at a real table: type what happens, one event at a time, and see each action of yours evaluated when it is your turn. ',
        'The advice uses only what your seat knows (what you typed); the hidden cards are re-dealt at random for every sample. The evaluation runs on the server of nothanks web.',
      ),
      el(
        'div',
        { class: 'row' },
        el('label', null, 'game ', gameSelect),
        el('label', null, 'players ', players),
        el('label', null, 'you are ', seat),
        el('label', { title: 're-dealt samples per evaluation: more is slower and surer' }, 'samples ', samples),
        startButton,
      ),
      rules,
      setupError,
    ),
    board,
  );
  setupGame();

  function start(): void {
    setupError.textContent = '';
    const g = game();
    const base = new URLSearchParams({ game: g.id, players: players.value, seat: seat.value, samples: samples.value });
    for (const [flag, value] of rulesForm!.flags()) base.set(flag, value);
    const me = Number(seat.value);
    const lines: string[] = [];
    const input = el('input', { attrs: { type: 'text', id: 'advise-input', size: '24', autocomplete: 'off', 'aria-label': 'what happened' } });
    const enter = el('button', { class: 'primary', attrs: { id: 'advise-enter' } }, 'Enter');
    const undo = el('button', { attrs: { id: 'advise-undo' } }, 'Undo last line');
    const prompt = el('label', { attrs: { id: 'advise-prompt', for: 'advise-input' } });
    const quick = el('span', { class: 'row', attrs: { id: 'advise-shortcuts' } });
    const error = el('div', { class: 'error', attrs: { id: 'advise-error', role: 'alert' } });
    const table = el('div', { attrs: { id: 'advise-table' } });
    const advice = el('div', { attrs: { id: 'advise-advice', 'aria-live': 'polite' } });
    const typed = el('div', { class: 'log events', attrs: { id: 'advise-lines' } });
    const status = el('div', { class: 'muted', attrs: { id: 'advise-status', 'data-state': 'idle' } });
    const help = el('p', { class: 'muted', attrs: { id: 'advise-help' } });
    fill(
      board,
      el(
        'section',
        { class: 'panel' },
        el('div', { class: 'caption' }, `${g.name}: you are seat ${me} of ${players.value}`),
        help,
        el('div', { class: 'row' }, prompt, input, enter, quick, undo),
        error,
        status,
        table,
      ),
      el('section', { class: 'panel' }, advice),
      el('section', { class: 'panel' }, el('h3', null, 'What you typed'), typed),
    );

    /** Asks the server for the advice after `next` (the lines so far and, if given, one more). */
    function send(next: string[]): void {
      const query = new URLSearchParams(base);
      for (const l of next) query.append('line', l);
      status.textContent = 'Evaluating\u2026';
      status.setAttribute('data-state', 'busy');
      enter.disabled = true;
      const asking = location.protocol === 'file:' ? Promise.reject(new Error('no server')) : fetch(`api/advise?${query}`);
      asking
        .then(async (r) => {
          const body = (await r.json()) as AdviseReply | { error: string };
          if (!r.ok) throw new Error((body as { error: string }).error);
          return body as AdviseReply;
        })
        .then(
          (reply) => {
            if (reply.error === null) {
              lines.length = 0;
              lines.push(...next);
              input.value = '';
            }
            show(reply);
          },
          (e: Error) => {
            status.setAttribute('data-state', 'failed');
            status.textContent = '';
            error.textContent =
              e.message === 'no server' || e.message === 'Failed to fetch'
                ? 'The advisor needs its server: open the page that nothanks web serves.'
                : e.message;
          },
        )
        .finally(() => {
          enter.disabled = false;
          input.focus();
        });
    }

    function show(reply: AdviseReply): void {
      const { step } = reply;
      status.setAttribute('data-state', step.over ? 'over' : 'ready');
      status.textContent = '';
      error.textContent = reply.error === null ? '' : reply.error;
      prompt.textContent = `${step.prompt} `;
      help.textContent = reply.help;
      fill(
        quick,
        ...step.shortcuts.map(({ line, label }) =>
          el('button', { attrs: { 'data-line': line }, title: `enters "${line}"`, onclick: () => send([...lines, line]) }, label),
        ),
      );
      input.disabled = step.over;
      fill(table, el('ul', { class: 'relay-table' }, ...step.table.split('; ').map((part) => el('li', null, part))));
      fill(typed, ...(lines.length === 0 ? [el('span', { class: 'muted' }, 'nothing yet')] : lines.map((l, i) => el('div', null, `${i + 1}. ${l}`))));
      typed.scrollTop = typed.scrollHeight;
      undo.disabled = lines.length === 0;
      const ev = step.advice;
      if (!ev) {
        fill(advice, el('h3', null, 'Advice'), el('p', { class: 'muted' }, step.over ? 'The game is over.' : 'Shown when it is your turn.'));
        return;
      }
      const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
      fill(
        advice,
        el('h3', null, 'Advice: your turn'),
        el(
          'table',
          { class: 'values', attrs: { id: 'advise-values' } },
          el(
            'tr',
            null,
            el('th', null, 'action'),
            el('th', null, 'win chance'),
            el('th', null, '95% interval'),
            el('th', null, 'expected score'),
            el('th', null, '95% interval'),
          ),
          ...ev.actions.map((a) =>
            el(
              'tr',
              { class: a.name === ev.best ? 'played' : undefined, attrs: { 'data-action': a.name } },
              el('td', null, a.name === ev.best ? `${a.name} (best)` : a.name),
              el('td', null, pct(a.win)),
              el('td', null, `${pct(a.winLow)} \u2013 ${pct(a.winHigh)}`),
              el('td', null, a.score.toFixed(1)),
              el('td', null, `${a.scoreLow.toFixed(1)} \u2013 ${a.scoreHigh.toFixed(1)}`),
            ),
          ),
        ),
        el(
          'p',
          { class: 'muted' },
          `Evaluator: ${ev.evaluator.describe}; ${ev.evaluator.samples} re-dealt samples, seed ${ev.evaluator.seed}. Lower scores are better.`,
        ),
        el('p', { class: 'muted' }, 'The same position for nothanks eval: ', el('code', { attrs: { id: 'advise-notation' } }, ev.position)),
      );
    }

    const submit = (): void => {
      const line = input.value.trim();
      if (line !== '') send([...lines, line]);
    };
    enter.addEventListener('click', submit);
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') submit();
    });
    undo.addEventListener('click', () => send(lines.slice(0, -1)));
    send([]);
  }
}
