/// <reference lib="dom" />
import type { DecisionEntry } from '../../analysis/walk.js';
import { el, fill } from './dom.js';
import type { Frame } from './types.js';

/**
 * The replay's analysis view (`nothanks analyse`): a win-chance graph under the board with a
 * marker on every inaccuracy, mistake and blunder, the analyst's values of every action of the
 * decisions that led to the position on view, and a jump to the next mistake. Everything is
 * numbered as the replay numbers its positions (a decision, or in 6 nimmt! a turn): the caption
 * "12. Seat 0 takes 23" sits above "Decision 12: seat 0 played take", never above decision 13.
 */

const SVG = 'http://www.w3.org/2000/svg';
const SEAT_COLOURS = ['#2471a3', '#c0392b', '#239b56', '#8e44ad', '#d68910', '#17a589', '#566573', '#a04000', '#1f618d', '#7d3c98'];
const MARK_COLOURS: Record<string, string> = { inaccuracy: '#f1c40f', mistake: '#e67e22', blunder: '#c0392b' };

/** The lines of an analysis.jsonl, or a one-line error. */
export function parseAnalysis(text: string, name: string): DecisionEntry[] {
  const out: DecisionEntry[] = [];
  text
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .forEach((line, i) => {
      let e: unknown;
      try {
        e = JSON.parse(line);
      } catch {
        throw new Error(`${name} line ${i + 1} is not JSON`);
      }
      const d = e as DecisionEntry;
      if (typeof d !== 'object' || d === null || typeof d.seed !== 'string' || !Number.isInteger(d.decision) || !Array.isArray(d.actions))
        throw new Error(`${name} line ${i + 1} is not a decision of an analysis (nothanks analyse writes them)`);
      out.push(d);
    });
  return out;
}

/**
 * The entries of one game: its line of the log and its seed (a log holds each deal under several
 * seatings, so the seed alone is not the game), and only if they name the record's bots in their
 * seats (an analysis of another file shows nothing rather than another game's marks).
 */
export function entriesOf(all: readonly DecisionEntry[], seed: string, line: number, agents: readonly string[]): DecisionEntry[] {
  const here = all.filter((e) => e.seed === seed && e.game === line);
  if (here.some((e) => agents[e.seat] !== e.agent)) return [];
  return here.sort((a, b) => a.decision - b.decision);
}

const movesOf = (f: Frame): number => f.moves ?? f.decision;
const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

export interface AnalysisPanel {
  node: HTMLElement;
  /** Redraws for frame `at`. */
  show(at: number): void;
}

/**
 * The analysis view of one game; `go` moves the replay to a frame. `unit` is what a frame's number
 * counts (GameView.unit): a decision, or a turn of several decisions.
 */
export function analysisPanel(
  entries: readonly DecisionEntry[],
  frames: readonly Frame[],
  agents: readonly string[],
  go: (frame: number) => void,
  unit: 'decision' | 'turn' = 'decision',
): AnalysisPanel {
  /** The frame decision d leads to: the first whose decisions reach d (a turn's frame holds every seat's card). */
  const frameOf = (d: number): number => {
    let f = 0;
    while (f + 1 < frames.length && movesOf(frames[f]!) < d) f++;
    return f;
  };
  /** A decision's number on the page: the number of the position it leads to. */
  const numberOf = (e: DecisionEntry): number => frames[frameOf(e.decision)]!.decision;
  const Unit = unit === 'turn' ? 'Turn' : 'Decision';
  const last = frames[frames.length - 1]!.decision;
  const graph = winChanceGraph(entries, agents, last, unit, numberOf, (e) => go(frameOf(e.decision)));
  const values = el('div', { attrs: { id: 'analysis-values' } });
  const marks = entries.filter((e) => e.mark === 'mistake' || e.mark === 'blunder');
  let at = 0;
  const nextMistake = el(
    'button',
    {
      attrs: { id: 'next-mistake', title: `the next mistake or blunder after this ${unit}` },
      onclick: () => {
        const next = marks.find((e) => frameOf(e.decision) > at);
        if (next) go(frameOf(next.decision));
      },
    },
    'Next mistake \u25b6',
  );
  const counts = ['inaccuracy', 'mistake', 'blunder']
    .map((m) => `${entries.filter((e) => e.mark === m).length} ${m === 'inaccuracy' ? 'inaccuracies' : `${m}s`}`)
    .join(', ');
  const first = entries[0];
  const node = el(
    'section',
    { class: 'panel', attrs: { id: 'analysis' } },
    el('h3', null, 'Analysis'),
    el(
      'div',
      { class: 'muted' },
      `${entries.length} decisions analysed (${counts}); ${first?.samples ?? 0} re-dealt samples a decision, each seat's win chance from its own view.`,
    ),
    el('div', { class: 'row' }, nextMistake, el('span', { class: 'muted', attrs: { id: 'mistake-count' } }, `${marks.length} mistakes and blunders`)),
    graph.node,
    values,
  );
  return {
    node,
    show(frame: number) {
      at = frame;
      graph.cursor(frames[frame]!.decision);
      // The decisions this position follows from (its caption's), not the ones after it.
      const made = frame === 0 ? [] : entries.filter((e) => frameOf(e.decision) === frame);
      nextMistake.disabled = !marks.some((e) => frameOf(e.decision) > frame);
      const none =
        frame === 0
          ? `The start: step forward to see ${unit} 1 and its analysis.`
          : `No analysed decision led to this position (${unit} ${frames[frame]!.decision}).`;
      fill(values, ...(made.length ? made.map((e) => decisionTable(e, `${Unit} ${numberOf(e)}`)) : [el('div', { class: 'muted' }, none)]));
    },
  };
}

/** One decision (`name`d as the replay numbers it): every action's win chance and expected score, the played and the best marked. */
function decisionTable(e: DecisionEntry, name: string): HTMLElement {
  const verdict = e.forced
    ? 'forced (one legal action)'
    : e.mark
      ? `${e.mark}: ${pct(e.winLoss)} win chance and ${e.pointLoss.toFixed(1)} points lost (${pct(e.sure ?? 0)} sure)`
      : e.played === e.best
        ? "the analyst's choice"
        : `${pct(e.winLoss)} win chance, ${e.pointLoss.toFixed(1)} points lost: within the noise of a good move`;
  return el(
    'div',
    { class: `decision${e.mark ? ` mark-${e.mark}` : ''}`, attrs: { 'data-decision': String(e.decision), 'data-mark': e.mark ?? '' } },
    el('div', null, el('b', null, `${name}: seat ${e.seat} (${e.agent}) played ${e.played}`), ` \u2014 ${verdict}`),
    el(
      'table',
      { class: 'values' },
      el('thead', null, el('tr', null, el('th', null, 'action'), el('th', null, 'win chance'), el('th', null, 'expected score'), el('th', null, ''))),
      el(
        'tbody',
        null,
        ...e.actions.map((a) =>
          el(
            'tr',
            { class: a.name === e.played ? 'played' : '', attrs: { 'data-action': a.name } },
            el('td', null, a.name),
            el('td', null, `${pct(a.win)} \u00b1 ${pct(a.winSe)}`),
            el('td', null, `${a.score.toFixed(1)} \u00b1 ${a.scoreSe.toFixed(1)}`),
            el('td', null, [a.name === e.played ? 'played' : '', a.name === e.best ? 'best' : ''].filter(Boolean).join(', ')),
          ),
        ),
      ),
    ),
  );
}

/**
 * Each seat's win chance after its decisions, markers on marked decisions, a cursor at the
 * position on view; a click on a marker jumps there. The x axis counts what the replay numbers
 * (`unit`, up to `last`): `numberOf` places a decision on it.
 */
function winChanceGraph(
  entries: readonly DecisionEntry[],
  agents: readonly string[],
  last: number,
  unit: 'decision' | 'turn',
  numberOf: (e: DecisionEntry) => number,
  jump: (e: DecisionEntry) => void,
): { node: HTMLElement; cursor(n: number): void } {
  const W = 720;
  const H = 180;
  const pad = { l: 56, r: 10, t: 10, b: 34 };
  const x = (d: number): number => pad.l + ((W - pad.l - pad.r) * (d - 0.5)) / Math.max(1, last);
  const y = (w: number): number => pad.t + (H - pad.t - pad.b) * (1 - w);
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('id', 'win-graph');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', 'win chance of each seat through the game');
  const add = (tag: string, attrs: Record<string, string | number>, text?: string): SVGElement => {
    const n = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
    if (text !== undefined) n.textContent = text;
    svg.appendChild(n);
    return n;
  };
  for (const w of [0, 0.25, 0.5, 0.75, 1]) {
    add('line', { x1: pad.l, x2: W - pad.r, y1: y(w), y2: y(w), stroke: '#e5e5e5' });
    add('text', { x: pad.l - 4, y: y(w) + 4, 'text-anchor': 'end', 'font-size': 10, fill: '#666' }, `${100 * w}%`);
  }
  // x-axis ticks at round decision numbers, its title, and the y-axis title (before: neither ticks nor a y title).
  const step = [1, 2, 5, 10, 20, 25, 50, 100, 200, 500].find((s) => last / s <= 12) ?? Math.ceil(last / 12);
  const ticks = [1, ...Array.from({ length: Math.floor(last / step) }, (_, i) => (i + 1) * step).filter((d) => d > 1 && d <= last)];
  for (const d of ticks) {
    add('line', { x1: x(d), x2: x(d), y1: H - pad.b, y2: H - pad.b + 4, stroke: '#999', class: 'x-tick' });
    add('text', { x: x(d), y: H - pad.b + 14, 'text-anchor': 'middle', 'font-size': 10, fill: '#666' }, String(d));
  }
  add('line', { x1: pad.l, x2: W - pad.r, y1: H - pad.b, y2: H - pad.b, stroke: '#999' });
  add('text', { x: (pad.l + W - pad.r) / 2, y: H - 2, 'text-anchor': 'middle', 'font-size': 10, fill: '#444', id: 'win-graph-x-title' }, `${unit} of the game`);
  add(
    'text',
    {
      x: 12,
      y: (pad.t + H - pad.b) / 2,
      'text-anchor': 'middle',
      'font-size': 10,
      fill: '#444',
      transform: `rotate(-90 12 ${(pad.t + H - pad.b) / 2})`,
      id: 'win-graph-y-title',
    },
    'win chance',
  );
  const seats = [...new Set(entries.map((e) => e.seat))].sort((a, b) => a - b);
  for (const seat of seats) {
    const mine = entries.filter((e) => e.seat === seat);
    add('polyline', {
      points: mine.map((e) => `${x(numberOf(e)).toFixed(1)},${y(e.winAfter).toFixed(1)}`).join(' '),
      fill: 'none',
      stroke: SEAT_COLOURS[seat % SEAT_COLOURS.length]!,
      'stroke-width': 1.5,
      'data-seat': seat,
    });
  }
  const cursor = add('line', { x1: 0, x2: 0, y1: pad.t, y2: H - pad.b, stroke: '#333', 'stroke-dasharray': '3 3', id: 'win-cursor' });
  for (const e of entries) {
    if (!e.mark) continue;
    const dot = add('circle', {
      cx: x(numberOf(e)).toFixed(1),
      cy: y(e.winAfter).toFixed(1),
      r: e.mark === 'inaccuracy' ? 3 : 5,
      fill: MARK_COLOURS[e.mark]!,
      stroke: '#333',
      class: 'marker',
      'data-decision': e.decision,
      'data-mark': e.mark,
    });
    const title = document.createElementNS(SVG, 'title');
    title.textContent = `${unit} ${numberOf(e)}, seat ${e.seat} (${e.agent}): ${e.mark}, played ${e.played}, best ${e.best}`;
    dot.appendChild(title);
    dot.addEventListener('click', () => jump(e));
  }
  // Colours through the CSSOM: the page's Content-Security-Policy refuses style attributes.
  const swatch = (text: string, colour: string): HTMLElement => {
    const span = el('span', null, text);
    span.style.color = colour;
    return span;
  };
  const legend = el(
    'div',
    { class: 'legend muted' },
    ...seats.map((s) => swatch(`\u25a0 seat ${s} ${agents[s] ?? ''}  `, SEAT_COLOURS[s % SEAT_COLOURS.length]!)),
    ...Object.entries(MARK_COLOURS).map(([m, c]) => swatch(`\u25cf ${m}  `, c)),
  );
  const node = el('div', { class: 'graph' });
  node.appendChild(svg);
  node.appendChild(legend);
  return {
    node,
    cursor(n: number) {
      // On the decision (or turn) on view; at the start, at the axis's left end.
      const cx = x(Math.max(0.5, n)).toFixed(1);
      cursor.setAttribute('x1', cx);
      cursor.setAttribute('x2', cx);
    },
  };
}
