import type { JsonObject } from '../../game/contract.js';
/// <reference lib="dom" />
import type { DecisionEntry } from '../../analysis/walk.js';
import { analysisPanel, entriesOf, parseAnalysis } from './analysis.js';
import { el, fill } from './dom.js';
import { webGame } from './games.js';
import type { Frame } from './types.js';

/**
 * The replay viewer: a log opened from a file (picker or drag and drop), from a folder picked in the
 * browser, or from the results folder the local server lists; one game of it checked by the game's
 * own replay (the same code as `nothanks replay`) and shown frame by frame. `initialRecord` (a
 * report's link, the game just played on the play page) opens first, named `initialName`.
 */
export function replayPage(root: HTMLElement, initialRecord?: string, initialName = 'the linked game'): void {
  const status = el('div', { class: 'error', attrs: { id: 'replay-error', role: 'alert' } });
  const viewer = el('div', { attrs: { id: 'viewer' } });
  const chooser = el('div', { class: 'row', attrs: { id: 'chooser' } });
  let lines: string[] = [];
  let source = '';
  /** Where the log on view is in the lists below (neither: a file, a link or a played game), so each list names what is on view. */
  let listed: { served?: number; folder?: number } = {};
  let servedList: SourceList | undefined;
  let folderList: SourceList | undefined;
  const syncLists = (): void => {
    servedList?.show(listed.served, source);
    folderList?.show(listed.folder, source);
  };
  /** The line on view (-1: none). */
  let shown = -1;
  /** Bumped by every open: a slower load that was overtaken (the list's first log, then a pick) is dropped. */
  let opening = 0;
  /** The analysis of the open log (`nothanks analyse`), if one was opened with it. */
  let analysis: DecisionEntry[] | undefined;
  let analysisName = '';

  const fileInput = el('input', { attrs: { type: 'file', accept: '.jsonl,.json,.txt,.ndjson', id: 'log-file' } });
  const folderInput = el('input', { attrs: { type: 'file', id: 'log-folder', webkitdirectory: '', multiple: '' } });
  const drop = el('div', { class: 'drop', attrs: { id: 'drop' } }, 'Drop a --log file (JSON Lines) here');
  const served = el('div', { class: 'row', attrs: { id: 'served-logs' } });
  const folderFiles = el('div', { class: 'row', attrs: { id: 'folder-logs' } });

  const openText = (text: string, name: string, withAnalysis?: { text: string; name: string }, from: typeof listed = {}): void => {
    lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
    source = name;
    listed = from;
    syncLists();
    shown = -1;
    analysis = undefined;
    analysisName = '';
    if (withAnalysis) useAnalysis(withAnalysis.text, withAnalysis.name);
    if (lines.length === 0) {
      fill(chooser);
      fill(viewer);
      status.textContent = `${name} holds no game records`;
      return;
    }
    showChooser();
    show(0);
  };
  /** Reads an analysis.jsonl for the open log (a broken one is a line in the status, the replay goes on without it). */
  const useAnalysis = (text: string, name: string): void => {
    try {
      analysis = parseAnalysis(text, name);
      analysisName = name;
    } catch (err) {
      analysis = undefined;
      status.textContent = (err as Error).message;
    }
  };
  const analysisInput = el('input', { attrs: { type: 'file', accept: '.jsonl', id: 'analysis-file' } });
  analysisInput.addEventListener('change', () => {
    const file = analysisInput.files?.[0];
    analysisInput.value = '';
    if (!file) return;
    file.text().then(
      (t) => {
        useAnalysis(t, file.name);
        if (shown >= 0) {
          const again = shown;
          shown = -1;
          show(again);
        }
      },
      (e: Error) => (status.textContent = `cannot read ${file.name}: ${e.message}`),
    );
  });
  const openFile = (file: File, folder?: number): void => {
    const mine = ++opening;
    file.text().then(
      (t) => mine === opening && openText(t, folder === undefined ? file.name : file.webkitRelativePath || file.name, undefined, { folder }),
      (e: Error) => (status.textContent = `cannot read ${file.name}: ${e.message}`),
    );
  };
  fileInput.addEventListener('change', () => {
    const file = fileInput.files?.[0];
    if (file) openFile(file);
    fileInput.value = ''; // picking the same file again (after a new run) opens it again
  });
  folderInput.addEventListener('change', () => {
    const logs = [...(folderInput.files ?? [])].filter((f) => f.name.endsWith('.jsonl'));
    folderList = logs.length
      ? sourceList('folder-log-select', [{ names: logs.map((f) => f.webkitRelativePath || f.name) }], (i) => openFile(logs[i]!, i))
      : undefined;
    fill(folderFiles, folderList?.select ?? el('span', { class: 'muted' }, 'no .jsonl files in that folder'));
    if (logs.length) openFile(logs[0]!, 0);
  });
  drop.addEventListener('dragover', (e) => {
    e.preventDefault();
    drop.classList.add('over');
  });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    const file = e.dataTransfer?.files[0];
    if (file) openFile(file);
  });

  // Served by `nothanks web`: the *.jsonl logs under its results folder. Elsewhere (a file, another
  // static server) the request fails and the folder picker stays the way in.
  const listing = location.protocol === 'file:' ? Promise.reject(new Error('a file page has no server')) : fetch('api/logs');
  listing
    .then((r) =>
      r.ok ? (r.json() as Promise<{ logs: { path: string; size: number; analysis?: string; sample?: true }[] }>) : Promise.reject(new Error(String(r.status))),
    )
    .then(({ logs }) => {
      if (logs.length === 0) return fill(served, el('span', { class: 'muted' }, 'No .jsonl logs under the results folder yet.'));
      const get = (path: string): Promise<string> =>
        fetch(`logs/${path.split('/').map(encodeURIComponent).join('/')}`).then((r) => (r.ok ? r.text() : Promise.reject(new Error(`HTTP ${r.status}`))));
      const open = (i: number): void => {
        const { path, analysis: analysed } = logs[i]!;
        const mine = ++opening;
        Promise.all([get(path), analysed === undefined ? undefined : get(analysed).catch(() => undefined)]).then(
          ([t, a]) => mine === opening && openText(t, path, a === undefined ? undefined : { text: a, name: analysed! }, { served: i }),
          (e: Error) => (status.textContent = `cannot load ${path}: ${e.message}`),
        );
      };
      // The server lists the user's own logs first and every run's sample game after them: the
      // samples go in a group of their own, so what the user made is what the list opens.
      const label = (l: (typeof logs)[number]): string => `${l.path} (${Math.ceil(l.size / 1024)} KB)${l.analysis ? ' \u00b7 analysed' : ''}`;
      const own = logs.filter((l) => !l.sample).map(label);
      const samples = logs.filter((l) => l.sample).map(label);
      servedList = sourceList(
        'served-log-select',
        [
          { group: 'Your logs', names: own },
          { group: `Sample games of runs (${samples.length}: each tournament's first game)`, names: samples },
        ],
        open,
      );
      fill(served, el('span', null, 'Results folder: '), servedList.select);
      // The list's first log (the user's newest) opens, unless something was opened meanwhile
      // (the game just played, a report's link, a file picked while the list loaded).
      if (opening === 0 && source === '') open(0);
      else syncLists();
    })
    .catch(() => fill(served, el('span', { class: 'muted' }, 'Run `nothanks web` to list the results folder here, or pick a folder above.')));

  function showChooser(): void {
    const input = el('input', { attrs: { type: 'number', min: '1', max: String(lines.length), value: '1', id: 'game-number' } });
    input.addEventListener('change', () => show(Math.min(lines.length, Math.max(1, Number(input.value) || 1)) - 1));
    fill(chooser, el('span', null, `${source}: game `), input, el('span', null, ` of ${lines.length}`));
  }

  function show(index: number): void {
    if (index === shown) return; // a second change event (on blur) would restart the same game
    shown = index;
    status.textContent = '';
    fill(viewer);
    const line = lines[index]!;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch (err) {
      status.textContent = `line ${index + 1} is not JSON: ${(err as Error).message}`;
      return;
    }
    showRecord(record, `line ${index + 1}`, index + 1);
  }

  function showRecord(value: unknown, where: string, line: number): void {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      status.textContent = `${where}: a record must be a JSON object`;
      return;
    }
    const record = value as JsonObject;
    const game = record.game;
    const known = webGame(game);
    if (!known) {
      status.textContent = `${where}: unknown game ${JSON.stringify(game)}`;
      return;
    }
    let account: string[];
    let frames: Frame[];
    try {
      // The game's own replay, as `nothanks replay` runs it: a broken record is one line.
      account = known.game.replay(record, true);
      frames = known.view.frames(record);
    } catch (err) {
      status.textContent = `${where}: ${(err as Error).message}`;
      return;
    }
    const entries =
      analysis && typeof record.seed === 'string'
        ? entriesOf(analysis, record.seed, line, Array.isArray(record.agents) ? (record.agents as string[]) : [])
        : [];
    if (analysis && entries.length === 0) status.textContent = `${analysisName} holds no analysis of this game (seed ${String(record.seed)})`;
    fill(
      viewer,
      player(known.game.name, record as { seed: string; players: number; agents: string[] }, frames, account, entries, known.view.unit ?? 'decision'),
    );
  }

  fill(
    root,
    el(
      'section',
      { class: 'panel' },
      el('h2', null, 'Watch a game'),
      el('div', { class: 'row' }, el('label', null, 'Log file: ', fileInput), el('label', null, 'or a folder: ', folderInput)),
      el('div', { class: 'row' }, el('label', null, 'Its analysis (analysis.jsonl of `nothanks analyse`, optional): ', analysisInput)),
      drop,
      folderFiles,
      served,
      chooser,
      status,
    ),
    viewer,
  );
  if (initialRecord !== undefined) {
    lines = [initialRecord];
    source = initialName;
    shown = -1;
    showChooser();
    show(0);
  }
}

/** A list of logs to open; `show` names what is on view: its entry, or (not in the list) a first entry "Watching: <name>". */
interface SourceList {
  select: HTMLSelectElement;
  show(index: number | undefined, name: string): void;
}

/** The logs of `groups` in order (option values count through all of them), a group with a `group` label as an optgroup. */
function sourceList(id: string, groups: { group?: string; names: string[] }[], onPick: (i: number) => void): SourceList {
  const elsewhere = el('option', { attrs: { value: '', disabled: '' } });
  let next = 0;
  const parts = groups
    .filter((g) => g.names.length > 0)
    .map((g) => {
      const options = g.names.map((n) => el('option', { attrs: { value: String(next++) } }, n));
      return g.group === undefined ? options : [el('optgroup', { attrs: { label: g.group } }, ...options)];
    });
  const select = el('select', { attrs: { id } }, elsewhere, ...parts.flat());
  select.addEventListener('change', () => onPick(Number(select.value)));
  return {
    select,
    show(index, name) {
      // Without this the list kept showing its first log while another game was on view.
      elsewhere.hidden = index !== undefined;
      elsewhere.textContent = index === undefined ? `Watching: ${name}` : '';
      select.value = index === undefined ? '' : String(index);
    },
  };
}

let stopAutoplay: (() => void) | undefined;

/** Autoplay speeds (seconds a step); the choice outlives a game. */
const SPEEDS = [0.25, 0.5, 0.7, 1, 1.5, 2.5];
let speed = 0.7;

/**
 * Step controls, the table at the current frame and the list of every position. One numbering
 * throughout: a position is named by the decision (or turn, `unit`) its caption starts with, as
 * `nothanks replay --show`, `nothanks analyse` and the analysis tables number them; the frame's
 * index (a 6 nimmt! round's start and end are positions too) is never shown.
 */
function player(
  name: string,
  record: { seed: string; players: number; agents: string[] },
  frames: Frame[],
  account: string[],
  entries: readonly DecisionEntry[],
  unit: 'decision' | 'turn',
): HTMLElement {
  stopAutoplay?.();
  let at = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  const panel = entries.length ? analysisPanel(entries, frames, record.agents, (f) => go(f), unit) : undefined;
  const total = frames[frames.length - 1]!.decision;
  const units = `${total} ${unit}${total === 1 ? '' : 's'}`;
  const table = el('div', { attrs: { id: 'table' } });
  const caption = el('div', { class: 'caption', attrs: { id: 'caption' } });
  const slider = el('input', { attrs: { type: 'range', min: '0', max: String(frames.length - 1), value: '0', id: 'slider', 'aria-label': unit } });
  const where = el('span', { class: 'muted', attrs: { id: 'where' } });
  const steps = el('div', { class: 'log', attrs: { id: 'steps' } }, ...frames.map((f, i) => el('div', { onclick: () => go(i) }, f.caption)));
  const autoplay = el('button', { attrs: { id: 'autoplay' }, onclick: () => (timer ? stop() : start()) }, 'Autoplay');
  const stop = (): void => {
    if (timer) clearInterval(timer);
    timer = undefined;
    autoplay.textContent = 'Autoplay';
  };
  const start = (): void => {
    if (at === frames.length - 1) go(0);
    autoplay.textContent = 'Pause';
    timer = setInterval(() => (at < frames.length - 1 ? go(at + 1) : stop()), speed * 1000);
  };
  const speedSelect = el(
    'select',
    { attrs: { id: 'autoplay-speed', 'aria-label': 'autoplay speed', title: 'seconds a step' } },
    ...SPEEDS.map((s) => {
      const o = el('option', { attrs: { value: String(s) } }, `${s} s a step`);
      o.selected = s === speed;
      return o;
    }),
  );
  speedSelect.addEventListener('change', () => {
    speed = Number(speedSelect.value);
    // A change while playing takes effect at once.
    if (timer) {
      clearInterval(timer);
      timer = setInterval(() => (at < frames.length - 1 ? go(at + 1) : stop()), speed * 1000);
    }
  });
  stopAutoplay = stop;
  function go(i: number): void {
    at = Math.max(0, Math.min(frames.length - 1, i));
    const f = frames[at]!;
    caption.textContent = f.caption;
    fill(table, f.render());
    slider.value = String(at);
    where.textContent = f.decision === 0 ? `start \u00b7 ${units}` : `${unit} ${f.decision} of ${total}`;
    table.setAttribute('data-frame', String(at));
    table.setAttribute('data-last', String(at === frames.length - 1));
    steps.querySelector('.now')?.classList.remove('now');
    const now = steps.children[at] as HTMLElement | undefined;
    now?.classList.add('now');
    // The list follows the step (its own scroll only: the page stays where the reader put it).
    if (now) steps.scrollTop = Math.max(0, now.offsetTop - (steps.clientHeight - now.offsetHeight) / 2);
    panel?.show(at);
  }
  slider.addEventListener('input', () => go(Number(slider.value)));
  const keys = (e: KeyboardEvent): void => {
    if (!table.isConnected) return document.removeEventListener('keydown', keys);
    if ((e.target as HTMLElement).tagName === 'INPUT' && (e.target as HTMLInputElement).type !== 'range') return;
    if (e.key === 'ArrowRight') go(at + 1);
    else if (e.key === 'ArrowLeft') go(at - 1);
  };
  document.addEventListener('keydown', keys);
  const node = el(
    'section',
    { class: 'panel', attrs: { id: 'replay' } },
    el('h2', null, `${name} \u00b7 seed ${record.seed} \u00b7 ${record.players} players`),
    el(
      'div',
      { class: 'row' },
      el('button', { attrs: { id: 'first', title: 'first' }, onclick: () => go(0) }, '|\u25c0 First'),
      el('button', { attrs: { id: 'back', title: 'back (left arrow)' }, onclick: () => go(at - 1) }, '\u25c0 Back'),
      el('button', { class: 'primary', attrs: { id: 'forward', title: 'forward (right arrow)' }, onclick: () => go(at + 1) }, 'Forward \u25b6'),
      el('button', { attrs: { id: 'last', title: 'last' }, onclick: () => go(frames.length - 1) }, 'Last \u25b6|'),
      autoplay,
      speedSelect,
      slider,
      where,
    ),
    caption,
    table,
    panel?.node,
    el('h3', null, `Every ${unit} (click to jump)`),
    steps,
    el(
      'details',
      null,
      el('summary', null, 'The replay\u2019s own account (as `nothanks replay --show`)'),
      el('div', { class: 'log', attrs: { id: 'account' } }, account.join('\n')),
    ),
  );
  go(0);
  return node;
}
