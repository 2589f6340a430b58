/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * DOM building for the web app. Every piece of text goes in through text nodes (never innerHTML),
 * so a record's agent names or a crafted file cannot inject markup.
 */
export type Child = Node | string | number | null | undefined | false;

export interface Props {
  class?: string;
  title?: string;
  /** Attributes set with setAttribute (data-*, aria-*, type, ...). */
  attrs?: Record<string, string>;
  onclick?: (ev: Event) => void;
  disabled?: boolean;
}

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props | null, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (props) {
    if (props.class) node.className = props.class;
    if (props.title) node.title = props.title;
    for (const [k, v] of Object.entries(props.attrs ?? {})) node.setAttribute(k, v);
    if (props.onclick) node.addEventListener('click', props.onclick);
    if (props.disabled) (node as HTMLButtonElement).disabled = true;
  }
  append(node, ...children);
  return node;
}

export function append(node: Node, ...children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    node.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
}

/** Replaces a node's children. */
export function fill(node: Element, ...children: Child[]): void {
  node.replaceChildren();
  append(node, ...children);
}

/** Sorted cards as runs of consecutive values: [5,6,7,12] -> [[5,6,7],[12]]. */
export function runsOf(cards: readonly number[]): number[][] {
  const runs: number[][] = [];
  for (const c of cards) {
    const last = runs[runs.length - 1];
    if (last && c === last[last.length - 1]! + 1) last.push(c);
    else runs.push([c]);
  }
  return runs;
}

/** A No Thanks! display: each run grouped, its lowest card (the one that counts) outlined. */
export function runsView(cards: readonly number[]): HTMLElement {
  const runs = runsOf(cards);
  if (runs.length === 0) return el('div', { class: 'cards muted' }, 'no cards');
  return el(
    'div',
    { class: 'cards' },
    ...runs.map((run) =>
      el(
        'span',
        { class: 'run', title: run.length > 1 ? `run ${run[0]}-${run[run.length - 1]}: counts ${run[0]}` : undefined },
        ...run.map((c, i) => el('span', { class: i === 0 ? 'card counts' : 'card', attrs: { 'data-card': String(c) } }, c)),
      ),
    ),
  );
}

export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
