import { protectData } from '../../game/protect.js';
import { UserError } from '../../errors.js';
import type { RecordRules as GenericRecordRules, RuleOption, RulesInput as GenericRulesInput } from '../../game/contract.js';

/**
 * The settings a game is played under. Defaults are the 2024 AMIGO base game (the player's guide
 * after rulebook 02455 is the authority): cards 3..35, 9 removed unseen, 11/9/7 chips for 3-5/6/7 players.
 */
export interface Rules {
  players: number;
  startChips: number;
  /** Cards set aside unseen before play. */
  removed: number;
  minCard: number;
  maxCard: number;
  /** House variant "open counters": everyone's chips are public. */
  openChips: boolean;
  /** House variant "known missing cards": the removed cards are public. */
  knownRemoved: boolean;
}

/** The rules object written into game records (players is a record field of its own). */
export type RecordRules = Omit<Rules, 'players'> & { custom: boolean } & GenericRecordRules;

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 7;
/** Displays are two 32-bit words per seat, so a deck may span at most 64 values. */
export const MAX_CARD_SPAN = 64;

/** Official starting chips, or undefined where the rulebook has none (2 players). */
export function officialChips(players: number): number | undefined {
  if (players >= 3 && players <= 5) return 11;
  if (players === 6) return 9;
  if (players === 7) return 7;
  return undefined;
}

export type RulesInput = Partial<Rules> & GenericRulesInput;

/** The CLI flags of the settings (`--game no-thanks`). */
export const RULE_OPTIONS: readonly RuleOption[] = protectData('No Thanks! rule options', [
  { flag: 'chips', key: 'startChips', type: 'number', describe: 'starting chips per player (default 11/9/7 for 3-5/6/7 players; 2 players need it)' },
  { flag: 'removed', key: 'removed', type: 'number', describe: 'cards removed unseen (default 9)' },
  { flag: 'min-card', key: 'minCard', type: 'number', describe: 'lowest card (default 3)' },
  { flag: 'max-card', key: 'maxCard', type: 'number', describe: 'highest card (default 35)' },
  { flag: 'open-chips', key: 'openChips', type: 'boolean', describe: "variant: everyone's chips are public" },
  { flag: 'known-removed', key: 'knownRemoved', type: 'boolean', describe: 'variant: the removed cards are public' },
]);

/**
 * Fills defaults and validates. Two players are outside the official rules (3-7), so they need
 * an explicit chip count: the lab refuses to invent one silently.
 */
export function makeRules(input: RulesInput): Rules {
  const known = new Set(['players', 'startChips', 'removed', 'minCard', 'maxCard', 'openChips', 'knownRemoved']);
  for (const key of Object.keys(input)) {
    if (!known.has(key)) throw new UserError(`unknown rule setting "${key}" (known: ${[...known].join(', ')})`);
  }
  const players = input.players;
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS) {
    throw new UserError(`players must be an integer from ${MIN_PLAYERS} to ${MAX_PLAYERS}, got ${players}`);
  }
  const official = officialChips(players);
  const startChips = input.startChips ?? official;
  if (startChips === undefined) {
    throw new UserError(
      `${players} players is outside the official rules (3-7): give the starting chips explicitly (e.g. --chips 11, or "startChips" in an experiment's rules)`,
    );
  }
  const minCard = input.minCard ?? 3;
  const maxCard = input.maxCard ?? 35;
  const removed = input.removed ?? 9;
  const rules: Rules = {
    players,
    startChips,
    removed,
    minCard,
    maxCard,
    openChips: input.openChips ?? false,
    knownRemoved: input.knownRemoved ?? false,
  };
  checkInt('startChips', startChips, 0, 1000);
  checkInt('minCard', minCard, 1, 1000);
  checkInt('maxCard', maxCard, minCard, minCard + MAX_CARD_SPAN - 1);
  checkInt('removed', removed, 0, maxCard - minCard);
  if (typeof rules.openChips !== 'boolean') throw new UserError('openChips must be true or false');
  if (typeof rules.knownRemoved !== 'boolean') throw new UserError('knownRemoved must be true or false');
  return rules;
}

function checkInt(name: string, value: number, lo: number, hi: number): void {
  if (!Number.isInteger(value) || value < lo || value > hi) {
    throw new UserError(`${name} must be an integer from ${lo} to ${hi}, got ${value}`);
  }
}

export const cardCount = (r: Rules): number => r.maxCard - r.minCard + 1;
export const deckSize = (r: Rules): number => cardCount(r) - r.removed;

/** True when the chip count or deck departs from the official base game. */
export function isCustom(r: Rules): boolean {
  return r.startChips !== officialChips(r.players) || r.minCard !== 3 || r.maxCard !== 35 || r.removed !== 9;
}

export function recordRules(r: Rules): RecordRules {
  return {
    startChips: r.startChips,
    removed: r.removed,
    minCard: r.minCard,
    maxCard: r.maxCard,
    openChips: r.openChips,
    knownRemoved: r.knownRemoved,
    custom: isCustom(r),
  };
}

export function rulesFromRecord(players: number, rr: RecordRules): Rules {
  const { custom: _custom, ...rest } = rr;
  return makeRules({ ...rest, players });
}

/** Lowest and highest final score: every chip in one hand, or every card in one display as singles. */
export function scoreRange(r: Rules): [number, number] {
  let cards = 0;
  for (let c = r.minCard; c <= r.maxCard; c++) cards += c;
  return [-r.players * r.startChips, cards];
}
