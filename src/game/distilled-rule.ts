import { UserError } from '../errors.js';
import { printable } from '../text.js';
import { protect } from './protect.js';

/**
 * A distilled rule (`nothanks distill`): a bot's binary decision written as "act when the score is
 * at most T", with T per context. A context is a box of feature ranges (the card's range, chips in
 * hand, ...); the contexts of a distilled rule are disjoint, and a decision no context holds uses
 * the fallback T. The same file is what `distill` writes and what a game's rule bot plays.
 */

/** The file's format line: a reader refuses any other. */
export const RULE_FORMAT = 'nothanks-lab distilled rule 1';

/** One feature a context can constrain, with the bands distill may split it into. */
export interface RuleFeature {
  /** Key in the rule file (`card`, `chips`, ...). */
  name: string;
  /** Words before a range in the printed rule ("card", "chips in hand"). */
  label: string;
  /** Disjoint inclusive ranges in increasing order, covering every value the feature takes. */
  bands: readonly (readonly [number, number])[];
  /** A yes/no feature (0 or 1): printed as "label: yes" rather than a range. */
  yesNo?: boolean;
}

export interface RuleContext {
  /** Feature name -> inclusive range [lo, hi]; a feature not named is unconstrained. */
  when: Record<string, [number, number]>;
  T: number;
  /** Decisions of the distilled bot in this context, and how many the rule agrees with. */
  decisions: number;
  agree: number;
}

export interface DistilledRule {
  format: string;
  game: string;
  /** What kind of rule (`take-threshold`): a game's rule bot plays only its own kind. */
  kind: string;
  players: number;
  /** The bot spec the rule was distilled from. */
  bot: string;
  /** The score in words ("marginal cost - chips on the card"), and the action taken when it is at most T. */
  score: string;
  action: string;
  features: string[];
  fallback: number;
  contexts: RuleContext[];
  /** Decisions with a choice, how many the whole rule agrees with, and forced decisions left out. */
  decisions: number;
  agree: number;
  forced: number;
  /** The games the decisions came from. */
  sample: { games: number; seed: string };
}

/** What a reader expects of a rule file: its game, kind and the features it may name. */
export interface RuleExpectation {
  game: string;
  kind: string;
  features: readonly string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const show = (v: unknown): string => printable(JSON.stringify(v) ?? String(v)).slice(0, 60);

/** A rule file's parsed JSON checked field by field: a one-line UserError naming `source` and the field. */
export function validateRule(raw: unknown, source: string, expect: RuleExpectation): DistilledRule {
  const bad = (field: string, what: string, got: unknown): never => {
    throw new UserError(`rule file ${source}: ${field} must be ${what}, got ${show(got)}`);
  };
  if (!isObject(raw)) return bad('the file', 'a JSON object', raw);
  if (raw.format !== RULE_FORMAT) bad('format', `"${RULE_FORMAT}"`, raw.format);
  if (raw.game !== expect.game) bad('game', `"${expect.game}" (the rule plays the game it was distilled in)`, raw.game);
  if (raw.kind !== expect.kind) bad('kind', `"${expect.kind}"`, raw.kind);
  const count = (field: string): number => {
    const v = raw[field];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) bad(field, 'a whole number at least 0', v);
    return v as number;
  };
  const text = (field: string): string => {
    const v = raw[field];
    if (typeof v !== 'string') bad(field, 'a string', v);
    return printable(v as string);
  };
  const players = count('players');
  const features = raw.features;
  if (!Array.isArray(features) || features.some((f) => typeof f !== 'string' || !expect.features.includes(f)))
    bad('features', `a list of ${expect.features.join(', ')}`, features);
  const fallback = raw.fallback;
  if (typeof fallback !== 'number' || !Number.isFinite(fallback)) bad('fallback', 'a number', fallback);
  if (!Array.isArray(raw.contexts)) bad('contexts', 'a list', raw.contexts);
  // distill writes at least one context (an unsplit rule is one context over every decision): an empty list is a hand edit.
  if ((raw.contexts as unknown[]).length === 0) bad('contexts', 'a list of at least one context', raw.contexts);
  const contexts = (raw.contexts as unknown[]).map((c, i): RuleContext => {
    const at = `contexts[${i}]`;
    if (!isObject(c)) return bad(at, 'an object', c);
    if (typeof c.T !== 'number' || !Number.isFinite(c.T)) bad(`${at}.T`, 'a number', c.T);
    for (const k of ['decisions', 'agree'] as const)
      if (typeof c[k] !== 'number' || !Number.isInteger(c[k]) || (c[k] as number) < 0) bad(`${at}.${k}`, 'a whole number at least 0', c[k]);
    if (!isObject(c.when)) return bad(`${at}.when`, 'an object of feature ranges', c.when);
    const when: Record<string, [number, number]> = {};
    for (const [name, range] of Object.entries(c.when)) {
      if (!(features as string[]).includes(name)) bad(`${at}.when`, `ranges of the rule's features (${(features as string[]).join(', ')})`, name);
      const r = range as unknown[];
      if (!Array.isArray(range) || r.length !== 2 || r.some((x) => typeof x !== 'number' || !Number.isFinite(x)) || (r[0] as number) > (r[1] as number))
        bad(`${at}.when.${name}`, 'a range [lo, hi] with lo <= hi', range);
      when[name] = [r[0] as number, r[1] as number];
    }
    return { when, T: c.T as number, decisions: c.decisions as number, agree: c.agree as number };
  });
  const sample = raw.sample;
  if (!isObject(sample) || typeof sample.games !== 'number' || typeof sample.seed !== 'string') bad('sample', 'an object {games, seed}', sample);
  const s = sample as { games: number; seed: string };
  return {
    format: RULE_FORMAT,
    game: expect.game,
    kind: expect.kind,
    players,
    bot: text('bot'),
    score: text('score'),
    action: text('action'),
    features: features as string[],
    fallback: fallback as number,
    contexts,
    decisions: count('decisions'),
    agree: count('agree'),
    forced: count('forced'),
    sample: { games: s.games, seed: printable(s.seed) },
  };
}

/** A rule file's text parsed and validated (see validateRule). */
export function parseRule(text: string, source: string, expect: RuleExpectation): DistilledRule {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new UserError(`rule file ${source} is not JSON: ${(err as Error).message}`);
  }
  return validateRule(raw, source, expect);
}

/**
 * A rule ready to play: its contexts' ranges in flat arrays (context-major, in the order of
 * `features`), so finding a decision's T allocates nothing.
 */
export class CompiledRule {
  private readonly lo: Float64Array;
  private readonly hi: Float64Array;
  private readonly t: Float64Array;
  private readonly width: number;

  constructor(
    readonly rule: DistilledRule,
    /** The order of the feature vector the caller passes to threshold(). */
    features: readonly string[],
  ) {
    const n = rule.contexts.length;
    this.width = features.length;
    this.lo = new Float64Array(n * this.width).fill(Number.NEGATIVE_INFINITY);
    this.hi = new Float64Array(n * this.width).fill(Number.POSITIVE_INFINITY);
    this.t = new Float64Array(n);
    rule.contexts.forEach((c, i) => {
      this.t[i] = c.T;
      features.forEach((f, j) => {
        const range = c.when[f];
        if (range) {
          this.lo[i * this.width + j] = range[0];
          this.hi[i * this.width + j] = range[1];
        }
      });
    });
  }

  /** The index of the first context holding feature vector x, or -1 (the fallback's). */
  contextOf(x: ArrayLike<number>): number {
    const { lo, hi, width } = this;
    for (let i = 0; i < this.t.length; i++) {
      let inside = true;
      for (let j = 0; j < width && inside; j++) inside = x[j]! >= lo[i * width + j]! && x[j]! <= hi[i * width + j]!;
      if (inside) return i;
    }
    return -1;
  }

  /** The T of the first context holding x, else the fallback. */
  threshold(x: ArrayLike<number>): number {
    const i = this.contextOf(x);
    return i < 0 ? this.rule.fallback : this.t[i]!;
  }
}

// A bot file must not patch how a rule bot finds its T (src/game/protect.ts).
protect(CompiledRule);
