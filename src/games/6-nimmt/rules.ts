import { protectData } from '../../game/protect.js';
import { UserError } from '../../errors.js';
import type { RecordRules as GenericRecordRules, RuleOption, RulesInput as GenericRulesInput } from '../../game/contract.js';

/**
 * The settings a game of 6 nimmt! is played under. Defaults are AMIGO 04910 (the German 2-player
 * rule document seed 002 is the authority; the same rules scale to 3-10 players): cards
 * 1..104, 10 cards a hand, rows of at most 5 cards, the game ends once someone has 66 bullheads.
 *
 * The pro variant plays with the cards 1..(handSize x players + 4) only, all face up, drafted one at
 * a time (the round's starter picks first, then the seats in order); the 4 cards nobody picked start
 * the rows in ascending order. Its deck is derived, so `maxCard` is not a free setting there.
 */
export interface Rules {
  players: number;
  variant: 'base' | 'pro';
  /** Highest card (the deck is 1..maxCard). Pro: always handSize x players + 4. */
  maxCard: number;
  handSize: number;
  /** Cards a row holds; the card that would be one more takes the row. */
  rowLimit: number;
  /** The game ends after the round in which someone reaches this many bullheads. */
  endScore: number;
  /**
   * Safety cap (not in the rulebook): the game also ends after this many rounds. The official
   * rules always end long before it (every round someone takes at least one bullhead, so 66 is
   * reached within 651 rounds at 10 players); custom rules with roomy rows may not end otherwise.
   */
  maxRounds: number;
}

/** The rules object written into game records (players is a record field of its own). */
export type RecordRules = Omit<Rules, 'players' | 'maxRounds'> & { maxRounds?: number; custom: boolean } & GenericRecordRules;

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 10;
export const ROWS = 4;
/** Cards are bytes. */
export const MAX_CARD = 255;
export const OFFICIAL = protectData('6 nimmt! official rules', { maxCard: 104, handSize: 10, rowLimit: 5, endScore: 66 } as const);
export const DEFAULT_MAX_ROUNDS = 1000;

export type RulesInput = Partial<Rules> & GenericRulesInput;

/** The CLI flags of the settings (`--game 6-nimmt`); --max-card is shared with No Thanks!. */
export const RULE_OPTIONS: readonly RuleOption[] = protectData('6 nimmt! rule options', [
  {
    flag: 'variant',
    key: 'variant',
    type: 'string',
    choices: ['base', 'pro'],
    describe: 'base (shuffled, 104 cards) or pro (cards 1..10 x players + 4, drafted face up)',
  },
  { flag: 'max-card', key: 'maxCard', type: 'number', describe: 'highest card (default 104; the pro variant derives it)' },
  { flag: 'hand-size', key: 'handSize', type: 'number', describe: 'cards per hand and turns per round (default 10)' },
  { flag: 'row-limit', key: 'rowLimit', type: 'number', describe: 'cards a row holds before the next one takes it (default 5)' },
  { flag: 'end-score', key: 'endScore', type: 'number', describe: 'the game ends once someone has this many bullheads (default 66)' },
  {
    flag: 'max-rounds',
    key: 'maxRounds',
    type: 'number',
    describe: `safety cap on rounds (default ${DEFAULT_MAX_ROUNDS}; never reached under the official rules)`,
  },
]);

const KNOWN = protectData('6 nimmt! setting names', ['players', 'variant', 'maxCard', 'handSize', 'rowLimit', 'endScore', 'maxRounds']);

/** Fills defaults and validates; every problem is one line naming the setting. */
export function makeRules(input: RulesInput): Rules {
  for (const key of Object.keys(input)) {
    if (!KNOWN.includes(key)) throw new UserError(`unknown rule setting "${key}" (known: ${KNOWN.join(', ')})`);
  }
  const players = input.players;
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS) {
    throw new UserError(`players must be an integer from ${MIN_PLAYERS} to ${MAX_PLAYERS}, got ${players}`);
  }
  const variant = input.variant ?? 'base';
  if (variant !== 'base' && variant !== 'pro') throw new UserError(`variant must be "base" or "pro", got ${JSON.stringify(variant)}`);
  const handSize = input.handSize ?? OFFICIAL.handSize;
  const rowLimit = input.rowLimit ?? OFFICIAL.rowLimit;
  const endScore = input.endScore ?? OFFICIAL.endScore;
  const maxRounds = input.maxRounds ?? DEFAULT_MAX_ROUNDS;
  checkInt('handSize', handSize, 1, 100);
  checkInt('rowLimit', rowLimit, 1, 100);
  checkInt('endScore', endScore, 1, 100_000);
  checkInt('maxRounds', maxRounds, 1, 100_000);
  const needed = handSize * players + ROWS;
  let maxCard: number;
  if (variant === 'pro') {
    if (input.maxCard !== undefined && input.maxCard !== needed) {
      throw new UserError(`the pro variant plays the cards 1..handSize x players + 4 = ${needed}: leave maxCard out (got ${input.maxCard})`);
    }
    if (needed > MAX_CARD) throw new UserError(`handSize x players + 4 rows = ${needed} cards, but cards go up to ${MAX_CARD} at most`);
    maxCard = needed;
  } else {
    maxCard = input.maxCard ?? OFFICIAL.maxCard;
    checkInt('maxCard', maxCard, 1, MAX_CARD);
    if (needed > maxCard) throw new UserError(`handSize x players + 4 rows = ${needed} cards, but the deck has only ${maxCard} (maxCard)`);
  }
  return { players, variant, maxCard, handSize, rowLimit, endScore, maxRounds };
}

function checkInt(name: string, value: unknown, lo: number, hi: number): asserts value is number {
  if (!Number.isInteger(value) || (value as number) < lo || (value as number) > hi) {
    throw new UserError(`${name} must be an integer from ${lo} to ${hi}, got ${JSON.stringify(value)}`);
  }
}

/** True when anything departs from AMIGO 04910 (base or pro). */
export function isCustom(r: Rules): boolean {
  return (
    (r.variant === 'base' && r.maxCard !== OFFICIAL.maxCard) ||
    r.handSize !== OFFICIAL.handSize ||
    r.rowLimit !== OFFICIAL.rowLimit ||
    r.endScore !== OFFICIAL.endScore ||
    r.maxRounds !== DEFAULT_MAX_ROUNDS
  );
}

/** The record's rules: the rule fields, plus maxRounds only when it is not the default. */
export function recordRules(r: Rules): RecordRules {
  return {
    variant: r.variant,
    maxCard: r.maxCard,
    handSize: r.handSize,
    rowLimit: r.rowLimit,
    endScore: r.endScore,
    ...(r.maxRounds !== DEFAULT_MAX_ROUNDS ? { maxRounds: r.maxRounds } : {}),
    custom: isCustom(r),
  };
}

export function rulesFromRecord(players: number, rr: RecordRules): Rules {
  const { custom: _custom, ...rest } = rr;
  return makeRules({ ...rest, players } as RulesInput);
}

/**
 * Bullheads of a card (AMIGO): 55 has 7, other multiples of 11 have 5, multiples of 10 have 3,
 * other multiples of 5 have 2, every other card 1.
 */
export function bullheads(card: number): number {
  if (card === 55) return 7;
  if (card % 11 === 0) return 5;
  if (card % 10 === 0) return 3;
  if (card % 5 === 0) return 2;
  return 1;
}

/** bullheads() as a table, index = card (0 unused). */
export const BULLHEADS: Uint8Array = protectData(
  '6 nimmt! bullhead table',
  (() => {
    const t = new Uint8Array(MAX_CARD + 1);
    for (let c = 1; c <= MAX_CARD; c++) t[c] = bullheads(c);
    return t;
  })(),
);

export function deckBullheads(r: Rules): number {
  let total = 0;
  for (let c = 1; c <= r.maxCard; c++) total += BULLHEADS[c]!;
  return total;
}

/**
 * Lowest and highest final score: before the last round everyone is below endScore, and one
 * round can give a player at most the whole deck's bullheads.
 */
export function scoreRange(r: Rules): [number, number] {
  return [0, r.endScore - 1 + deckBullheads(r)];
}
