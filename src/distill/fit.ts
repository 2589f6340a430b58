import type { RuleContext, RuleFeature } from '../game/distilled-rule.js';

/**
 * Fitting a threshold rule "act when score <= T" to a bot's decisions: per context the T that
 * agrees with the most decisions (exact: sort the scores and sweep), contexts grown as a tree of
 * feature bands, with a minimum count per context and neighbours merged when they cost little
 * agreement. Scores and features are whole numbers (the games' are), so T is a whole number.
 */

/**
 * A bot's decisions with a choice, column-wise: features (row-major, `width` per decision), score,
 * whether it acted. A rule of a parameter from a finite list (`values`: "play onto a row of fewer
 * than T cards", T in 1..6) keeps in `score` the bit mask of the values whose rule agrees with the
 * decision (bit i: values[i]), and `act` is unused.
 */
export interface Decisions {
  width: number;
  x: Float64Array;
  score: Float64Array;
  act: Uint8Array;
  count: number;
  values?: readonly number[];
}

/** Whether rule T agrees with decision k. */
export function agrees(d: Decisions, k: number, T: number): boolean {
  if (d.values) {
    const i = d.values.indexOf(T);
    return i >= 0 && Math.floor(d.score[k]! / 2 ** i) % 2 === 1;
  }
  return d.score[k]! <= T === (d.act[k] === 1);
}

/** The best T for decisions `idx` (see fitThreshold; a rule of listed values: fitChoice). */
export function fitRule(d: Decisions, idx: ArrayLike<number>, prefer = 0): Fit {
  return d.values ? fitChoice(d, d.values, idx, prefer) : fitThreshold(d, idx, prefer);
}

/** The value of `values` whose rule agrees with the most of the decisions `idx`; ties: nearest `prefer`, then the smaller. */
export function fitChoice(d: Decisions, values: readonly number[], idx: ArrayLike<number>, prefer: number): Fit {
  const counts = new Array<number>(values.length).fill(0);
  for (let j = 0; j < idx.length; j++) {
    let mask = d.score[idx[j]!]!;
    for (let i = 0; mask > 0; i++, mask = Math.floor(mask / 2)) if (mask % 2 === 1) counts[i]!++;
  }
  let best = 0;
  for (let i = 1; i < values.length; i++) {
    const a = counts[i]!;
    const b = counts[best]!;
    if (a > b || (a === b && Math.abs(values[i]! - prefer) < Math.abs(values[best]! - prefer))) best = i;
  }
  return { T: values[best]!, agree: counts[best]! };
}

export interface Fit {
  T: number;
  agree: number;
}

/**
 * The T that agrees with the most of the decisions `idx`: a decision that acted agrees when its
 * score <= T, one that did not when its score > T. Among equally good T, the one nearest `prefer`
 * (the coarser context's T, so a context differs from its parent only when that buys agreement),
 * then the smaller in size.
 */
export function fitThreshold(d: Decisions, idx: ArrayLike<number>, prefer = 0): Fit {
  const n = idx.length;
  const order = Array.from(idx).sort((a, b) => d.score[a]! - d.score[b]!);
  let passes = 0;
  for (let i = 0; i < n; i++) if (d.act[order[i]!] === 0) passes++;
  // Agreement of T below every score: every pass agrees. Candidate sets are integer intervals.
  let bestAgree = passes;
  let best = n === 0 ? prefer : nearestIn(Number.NEGATIVE_INFINITY, Math.ceil(d.score[order[0]!]!) - 1, prefer);
  let agree = passes;
  for (let i = 0; i < n; ) {
    const v = d.score[order[i]!]!;
    for (; i < n && d.score[order[i]!] === v; i++) agree += d.act[order[i]!] === 1 ? 1 : -1;
    // T in [v, next score - 1] takes everything up to v.
    const hi = i < n ? Math.ceil(d.score[order[i]!]!) - 1 : Number.POSITIVE_INFINITY;
    const candidate = nearestIn(Math.ceil(v), hi, prefer);
    if (agree > bestAgree || (agree === bestAgree && better(candidate, best, prefer))) {
      bestAgree = agree;
      best = candidate;
    }
  }
  return { T: best, agree: bestAgree };
}

const nearestIn = (lo: number, hi: number, prefer: number): number => Math.min(Math.max(prefer, lo), hi);
const better = (a: number, b: number, prefer: number): boolean =>
  Math.abs(a - prefer) < Math.abs(b - prefer) || (Math.abs(a - prefer) === Math.abs(b - prefer) && Math.abs(a) < Math.abs(b));

/** Decisions `idx` that rule T agrees with. */
export function agreementOf(d: Decisions, idx: ArrayLike<number>, T: number): number {
  let agree = 0;
  for (let i = 0; i < idx.length; i++) if (agrees(d, idx[i]!, T)) agree++;
  return agree;
}

export interface FitOptions {
  /** A context holds at least this many decisions (smaller bands merge into a neighbour). */
  minCount: number;
  /**
   * Agreement each context must buy, as a share of all the decisions: a context splits only if
   * that gains more than tolerance x all decisions in agreement, and neighbours merge when keeping
   * them apart gains no more than that. 0.002: every context of the printed rule is worth at least
   * 0.2 percentage points of the overall agreement.
   */
  tolerance: number;
}

export const DEFAULT_FIT: FitOptions = { minCount: 100, tolerance: 0.002 };

/** A context of the fitted tree: its feature ranges, fit, and the split below it (none: a leaf, a context of the rule). */
export interface RuleNode {
  when: Record<string, [number, number]>;
  decisions: number;
  T: number;
  agree: number;
  /** The feature split on, and one child per range of it. */
  split?: { feature: string; children: RuleNode[] };
}

interface Group {
  lo: number;
  hi: number;
  idx: number[];
  fit: Fit;
}

/** The band index holding value v (bands are increasing and cover the feature's values), clamped to the ends. */
function bandOf(bands: RuleFeature['bands'], v: number): number {
  for (let b = 0; b < bands.length; b++) if (v <= bands[b]![1]) return b;
  return bands.length - 1;
}

/** Merges groups i and i+1 into one. */
function merged(d: Decisions, a: Group, b: Group, prefer: number): Group {
  const idx = a.idx.concat(b.idx);
  return { lo: a.lo, hi: b.hi, idx, fit: fitRule(d, idx, prefer) };
}

/**
 * A feature's split of the decisions `idx`: one group per band, then a band with fewer than
 * minCount decisions joined to the neighbour it costs least agreement to join, then neighbours
 * joined while the cheapest join loses at most minGain decisions. Ranges are contiguous
 * and cover the feature's bands end to end, so the contexts cover every value a fresh game may show.
 */
function splitBy(d: Decisions, idx: readonly number[], f: number, feature: RuleFeature, prefer: number, o: FitOptions, minGain: number): Group[] {
  const bands = feature.bands;
  const byBand: number[][] = bands.map(() => []);
  for (const k of idx) byBand[bandOf(bands, d.x[k * d.width + f]!)]!.push(k);
  let groups: Group[] = [];
  bands.forEach(([lo, hi], b) => {
    const members = byBand[b]!;
    // An empty band widens its left neighbour (or, at the start, the first group that follows).
    if (members.length === 0) {
      if (groups.length > 0) groups[groups.length - 1]!.hi = hi;
      return;
    }
    const first = groups.length === 0 ? bands[0]![0] : lo;
    groups.push({ lo: first, hi, idx: members, fit: fitRule(d, members, prefer) });
  });
  const cost = (i: number): { loss: number; group: Group } => {
    const a = groups[i]!;
    const b = groups[i + 1]!;
    const group = merged(d, a, b, prefer);
    return { loss: a.fit.agree + b.fit.agree - group.fit.agree, group };
  };
  const join = (i: number, group: Group): void => {
    groups = [...groups.slice(0, i), group, ...groups.slice(i + 2)];
  };
  // Small groups first: each joins the neighbour that costs least.
  for (;;) {
    const small = groups.findIndex((g) => g.idx.length < o.minCount);
    if (small < 0 || groups.length < 2) break;
    const options = [small - 1, small].filter((i) => i >= 0 && i + 1 < groups.length).map((i) => ({ i, ...cost(i) }));
    const pick = options.reduce((a, b) => (b.loss < a.loss ? b : a));
    join(pick.i, pick.group);
  }
  // Then neighbours whose separate T are worth too little.
  while (groups.length > 1) {
    const options = groups.slice(0, -1).map((_, i) => ({ i, ...cost(i) }));
    const pick = options.reduce((a, b) => (b.loss < a.loss ? b : a));
    if (pick.loss > minGain) break;
    join(pick.i, pick.group);
  }
  return groups;
}

/**
 * The rule's tree: the root fits one T to every decision; a context splits on the feature whose
 * split (after merging, see splitBy) gains the most agreement, if it gains more than `tolerance`
 * of all the decisions, and each feature splits at most once on a path.
 */
export function growRule(d: Decisions, features: readonly RuleFeature[], o: FitOptions = DEFAULT_FIT): RuleNode {
  const all = Array.from({ length: d.count }, (_, k) => k);
  return grow(d, features, o, Math.max(1, o.tolerance * d.count), all, {}, new Set(), 0);
}

function grow(
  d: Decisions,
  features: readonly RuleFeature[],
  o: FitOptions,
  minGain: number,
  idx: number[],
  when: Record<string, [number, number]>,
  used: ReadonlySet<number>,
  prefer: number,
): RuleNode {
  const fit = fitRule(d, idx, prefer);
  const node: RuleNode = { when, decisions: idx.length, T: fit.T, agree: fit.agree };
  if (idx.length < 2 * o.minCount) return node;
  let best: { f: number; groups: Group[]; gain: number } | undefined;
  features.forEach((feature, f) => {
    if (used.has(f)) return;
    const groups = splitBy(d, idx, f, feature, fit.T, o, minGain);
    if (groups.length < 2) return;
    const gain = groups.reduce((s, g) => s + g.fit.agree, 0) - fit.agree;
    if (!best || gain > best.gain) best = { f, groups, gain };
  });
  const chosen = best as { f: number; groups: Group[]; gain: number } | undefined;
  if (!chosen || chosen.gain <= minGain) return node;
  const feature = features[chosen.f]!;
  const nowUsed = new Set(used).add(chosen.f);
  node.split = {
    feature: feature.name,
    children: chosen.groups.map((g) => grow(d, features, o, minGain, g.idx, { ...when, [feature.name]: [g.lo, g.hi] }, nowUsed, fit.T)),
  };
  return node;
}

/** The tree's leaves: the contexts of the rule, in tree order. */
export function contextsOf(node: RuleNode): RuleContext[] {
  if (!node.split) return [{ when: node.when, T: node.T, decisions: node.decisions, agree: node.agree }];
  return node.split.children.flatMap(contextsOf);
}
