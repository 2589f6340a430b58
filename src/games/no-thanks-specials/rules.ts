import { protectData } from '../../game/protect.js';
import { UserError } from '../../errors.js';
import type { RecordRules as GenericRecordRules, RuleOption, RulesInput as GenericRulesInput } from '../../game/contract.js';
import {
  isCustom as baseIsCustom,
  makeRules as makeBaseRules,
  recordRules as baseRecordRules,
  MAX_CARD_SPAN,
  type Rules as BaseRules,
} from '../no-thanks/rules.js';
import { FORTY_VALUE, KIND_COUNT, KINDS } from './cards.js';

/**
 * The expansion's settings: the base game's, plus which specials are shuffled in and the choices
 * the seed leaves open (src/games/no-thanks-specials/README.md). Every choice is a setting.
 */
export interface Rules extends BaseRules {
  /** Copies of each special kind in the deck, in KINDS order. */
  specials: number[];
  /** A green card nobody bid on (its first decider declined): discarded, or given to that decliner. */
  unbidGreen: 'discard' | 'decliner';
  /** Who reveals the next card after a green card: the decliner (who took the chips) or its receiver. */
  greenNext: 'decliner' | 'receiver';
}

export type RulesInput = Partial<Omit<Rules, 'specials'>> & { specials?: string | Record<string, number> | number[] } & GenericRulesInput;

export type RecordRules = Omit<Rules, 'players' | 'specials'> & { specials: Record<string, number>; custom: boolean } & GenericRecordRules;

/** The standard set: the bonus cards at the seed's counts, one of every other special. */
export const STANDARD = KINDS.map((k) => k.standard as number);

export const RULE_OPTIONS: readonly RuleOption[] = protectData('special-card rule options', [
  { flag: 'chips', key: 'startChips', type: 'number', describe: 'starting chips per player (default 11/9/7 for 3-5/6/7 players; 2 players need it)' },
  { flag: 'removed', key: 'removed', type: 'number', describe: 'number cards removed unseen (default 9)' },
  { flag: 'min-card', key: 'minCard', type: 'number', describe: 'lowest card (default 3)' },
  { flag: 'max-card', key: 'maxCard', type: 'number', describe: 'highest card (default 35)' },
  { flag: 'open-chips', key: 'openChips', type: 'boolean', describe: "variant: everyone's chips are public" },
  { flag: 'known-removed', key: 'knownRemoved', type: 'boolean', describe: 'variant: the removed cards are public' },
  { flag: 'specials', key: 'specials', type: 'string', describe: 'specials shuffled in: standard, none, or name[:count],... (e.g. joker,bonus15:3,fetch)' },
  {
    flag: 'unbid-green',
    key: 'unbidGreen',
    type: 'string',
    choices: ['discard', 'decliner'],
    describe: 'a green card nobody bid on is discarded (default) or goes to its decliner',
  },
  {
    flag: 'green-next',
    key: 'greenNext',
    type: 'string',
    choices: ['decliner', 'receiver'],
    describe: 'who reveals the next card after a green card (default decliner)',
  },
]);

/** Parses --specials: "standard", "none", "name[:count],..." or an object {name: count} (records). */
export function parseSpecials(value: string | Record<string, number> | number[]): number[] {
  if (Array.isArray(value)) return checkCounts([...value]);
  if (typeof value === 'object' && value !== null) {
    const counts = new Array<number>(KIND_COUNT).fill(0);
    for (const [name, n] of Object.entries(value)) counts[indexOf(name)] = n;
    return checkCounts(counts);
  }
  if (typeof value !== 'string') throw new UserError(`specials must be "standard", "none" or name[:count],..., got ${JSON.stringify(value)}`);
  const text = value.trim();
  if (text === 'standard') return [...STANDARD];
  const counts = new Array<number>(KIND_COUNT).fill(0);
  if (text === 'none') return counts;
  for (const piece of text.split(',')) {
    const [name, count, extra] = piece.trim().split(':');
    if (extra !== undefined || !name) throw new UserError(`specials: "${piece}" is not name or name:count`);
    const i = indexOf(name);
    const n = count === undefined ? 1 : Number(count);
    if (!Number.isInteger(n) || n < 0 || n > 9) throw new UserError(`specials: the count of ${name} must be an integer from 0 to 9, got "${count}"`);
    counts[i]! += n;
  }
  return checkCounts(counts);
}

function indexOf(name: string): number {
  const i = KINDS.findIndex((k) => k.name === name);
  if (i < 0) throw new UserError(`unknown special "${name}" (known: ${KINDS.map((k) => k.name).join(', ')})`);
  return i;
}

function checkCounts(counts: number[]): number[] {
  if (counts.length !== KIND_COUNT || counts.some((n) => !Number.isInteger(n) || n < 0 || n > 9)) {
    throw new UserError(`specials: every count must be an integer from 0 to 9`);
  }
  if (counts[KINDS.findIndex((k) => k.name === 'forty')]! > 1) throw new UserError('specials: there is one number 40 (forty:1 at most)');
  if (counts[KINDS.findIndex((k) => k.name === 'joker')]! > 2) throw new UserError('specials: at most 2 jokers (their joint placement is searched exactly)');
  return counts;
}

/** The forty's kind index, found once: fortyCount runs in the observation's unseenInto, every decision. */
const FORTY_KIND = KINDS.findIndex((k) => k.name === 'forty');
export const fortyCount = (r: Rules): number => r.specials[FORTY_KIND]!;
/** Specials dealt as specials (the forty is dealt as the number card 40). */
export const specialCards = (r: Rules): number => r.specials.reduce((a, b) => a + b, 0) - fortyCount(r);

export function makeRules(input: RulesInput): Rules {
  const { specials, unbidGreen, greenNext, ...base } = input;
  const rules: Rules = {
    ...makeBaseRules(base),
    specials: parseSpecials(specials ?? 'standard'),
    unbidGreen: unbidGreen ?? 'discard',
    greenNext: greenNext ?? 'decliner',
  };
  if (rules.unbidGreen !== 'discard' && rules.unbidGreen !== 'decliner')
    throw new UserError(`unbidGreen must be "discard" or "decliner", got ${JSON.stringify(unbidGreen)}`);
  if (rules.greenNext !== 'decliner' && rules.greenNext !== 'receiver')
    throw new UserError(`greenNext must be "decliner" or "receiver", got ${JSON.stringify(greenNext)}`);
  if (fortyCount(rules) > 0 && (rules.maxCard >= FORTY_VALUE - 1 || FORTY_VALUE - rules.minCard >= MAX_CARD_SPAN)) {
    throw new UserError(
      `the number 40 needs a deck that ends below 39 and starts at ${FORTY_VALUE - MAX_CARD_SPAN + 1} or above (maxCard ${rules.maxCard}, minCard ${rules.minCard})`,
    );
  }
  if (rules.maxCard - rules.minCard + 1 - rules.removed + specialCards(rules) + fortyCount(rules) > 200)
    throw new UserError('the deck may hold at most 200 cards');
  return rules;
}

/** Official: the base game's settings with the standard specials and the default choices. */
export function isCustom(r: Rules): boolean {
  return baseIsCustom(r) || r.specials.some((n, i) => n !== STANDARD[i]) || r.unbidGreen !== 'discard' || r.greenNext !== 'decliner';
}

export function recordRules(r: Rules): RecordRules {
  const { custom: _baseCustom, ...base } = baseRecordRules(r);
  return {
    ...base,
    specials: Object.fromEntries(KINDS.flatMap((k, i) => (r.specials[i] ? [[k.name, r.specials[i]!]] : []))),
    unbidGreen: r.unbidGreen,
    greenNext: r.greenNext,
    custom: isCustom(r),
  };
}

export function rulesFromRecord(players: number, rr: RecordRules): Rules {
  const { custom: _custom, ...rest } = rr;
  return makeRules({ ...rest, players });
}

/** Highest card a display can hold (the forty included). */
export const topCard = (r: Rules): number => (fortyCount(r) ? FORTY_VALUE : r.maxCard);

export function scoreRange(r: Rules): [number, number] {
  let cards = 0;
  for (let c = r.minCard; c <= r.maxCard; c++) cards += c;
  if (fortyCount(r)) cards += FORTY_VALUE;
  const chips = r.players * r.startChips;
  const deck = r.maxCard - r.minCard + 1 + specialCards(r) + fortyCount(r);
  // Doubled highest runs, doubled or plus chips and per-card points bound it from both sides.
  return [-(2 * chips * 2 + 20 * 9 * 4 + 9 * deck + cards), 2 * cards + 2 * chips + 9 * deck];
}

/** The seed namespace of the base game: deal k's number cards are the base game's deal k. */
export const SEED_NAMESPACE = 'no-thanks';
