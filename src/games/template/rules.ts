import { UserError } from '../../errors.js';
import type { RecordRules as GenericRecordRules, RuleOption, RulesInput as GenericRulesInput } from '../../game/contract.js';
import { protectData } from '../../game/protect.js';

/** The settings a game is played under: the seat count and the cards per suit (OpenSpiel's num_cards). */
export interface Rules {
  players: number;
  /** Every seat holds the cards 1..cards, and the prize deck is 1..cards: the game lasts `cards` turns. */
  cards: number;
}

/** The rules object written into records (`players` is a record field of its own). */
export type RecordRules = { cards: number; custom: boolean } & GenericRecordRules;
export type RulesInput = Partial<Rules> & GenericRulesInput;

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 5;
export const MIN_CARDS = 3;
export const MAX_CARDS = 20;
/** OpenSpiel's default and the usual game: one suit of 13 (ace to king). */
export const DEFAULT_CARDS = 13;

/** The CLI flags of the settings (`--cards 8`). Frozen: a bot file must not rewrite them. */
export const RULE_OPTIONS: readonly RuleOption[] = protectData('Goofspiel rule options', [
  { flag: 'cards', key: 'cards', type: 'number', describe: `cards per hand and prizes (${MIN_CARDS}-${MAX_CARDS}, default ${DEFAULT_CARDS})` },
]);

/** Fills defaults and validates; a UserError names the setting and what is allowed. */
export function makeRules(input: RulesInput): Rules {
  for (const key of Object.keys(input)) {
    // Unknown keys are refused, not ignored: a typo in an experiment file must not play the default game.
    if (key !== 'players' && key !== 'cards') throw new UserError(`unknown rule setting "${key}" (known: players, cards)`);
  }
  const rules: Rules = { players: input.players, cards: input.cards ?? DEFAULT_CARDS };
  checkInt('players', rules.players, MIN_PLAYERS, MAX_PLAYERS);
  checkInt('cards', rules.cards, MIN_CARDS, MAX_CARDS);
  return rules;
}

function checkInt(name: string, value: unknown, lo: number, hi: number): void {
  if (!Number.isInteger(value) || (value as number) < lo || (value as number) > hi) {
    throw new UserError(`${name} must be an integer from ${lo} to ${hi}, got ${JSON.stringify(value)}`);
  }
}

export function recordRules(r: Rules): RecordRules {
  return { cards: r.cards, custom: r.cards !== DEFAULT_CARDS };
}

export function rulesFromRecord(players: number, rr: RecordRules): Rules {
  const { custom: _custom, ...rest } = rr;
  return makeRules({ ...rest, players });
}

/** Lowest and highest final score: one seat wins every prize (minus their sum), or none (0). */
export function scoreRange(r: Rules): [number, number] {
  return [-(r.cards * (r.cards + 1)) / 2, 0];
}
