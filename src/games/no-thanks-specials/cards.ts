import { protectData } from '../../game/protect.js';
/**
 * The special cards of seed 003 (the rules screen of a digital No Thanks! with special cards).
 * Cards in a deal are one byte each: a number card is its value (1..99), a special is
 * SPECIAL_BASE + its kind.
 */
export const SPECIAL_BASE = 100;

export type Colour = 'green' | 'red';

export interface SpecialKind {
  /** Name in --specials, records and bot code. */
  name: string;
  colour: Colour;
  /** Copies in the standard set (the seed gives counts only for the bonus cards; one of every other). */
  standard: number;
  /** The rule as played (README table). */
  rule: string;
}

/** Kinds in a fixed order: a kind's index is its code minus SPECIAL_BASE. */
export const KINDS = protectData('the special cards', [
  { name: 'bonus5', colour: 'green', standard: 2, rule: "5 points off its holder's score at the end" },
  { name: 'bonus10', colour: 'green', standard: 2, rule: '10 points off at the end' },
  { name: 'bonus15', colour: 'green', standard: 3, rule: '15 points off at the end' },
  { name: 'bonus20', colour: 'green', standard: 2, rule: '20 points off at the end' },
  {
    name: 'joker',
    colour: 'green',
    standard: 1,
    rule: "counts as the number that lowers its holder's final score most (joint optimum with every other card), or as nothing if no number helps",
  },
  { name: 'plus-per-card', colour: 'green', standard: 1, rule: '1 point off per card in the display at the end, specials (and itself) included' },
  { name: 'sit-out', colour: 'green', standard: 1, rule: "kept; at any of its holder's decisions it may be discarded to sit out the rest of the current card" },
  {
    name: 'give-left',
    colour: 'green',
    standard: 1,
    rule: 'used up on receipt: its holder gives a card of its choice from its display to the left neighbour (nothing when the display is empty)',
  },
  {
    name: 'look',
    colour: 'green',
    standard: 1,
    rule: 'kept; its holder sees the set-aside number cards from then on (and keeps that knowledge if the card moves on)',
  },
  {
    name: 'remove',
    colour: 'green',
    standard: 1,
    rule: 'used up on receipt: its holder discards a card of its choice from its display (nothing when the display is empty)',
  },
  { name: 'double-chips', colour: 'green', standard: 1, rule: "its holder's chips count double at the end" },
  {
    name: 'fetch',
    colour: 'red',
    standard: 1,
    rule: 'its taker also takes the first face-down card of the deck that is not green (a number or red card, whose effect applies), else the top set-aside card, else nothing',
  },
  { name: 'chips-minus', colour: 'red', standard: 1, rule: "its holder's chips count as plus points (added to the score) at the end" },
  { name: 'double-highest', colour: 'red', standard: 1, rule: "the lowest card of the run holding its holder's highest number card counts twice" },
  { name: 'half-chips', colour: 'red', standard: 1, rule: "its holder's chips count half at the end, rounded down (halved before any doubling)" },
  {
    name: 'forty',
    colour: 'red',
    standard: 1,
    rule: 'a number card 40 (it runs with a 39 or 41 only if the deck had them, which the lab refuses: maxCard must stay below 39)',
  },
  { name: 'minus-per-card', colour: 'red', standard: 1, rule: '1 point added per card in the display at the end, specials (and itself) included' },
] as const satisfies readonly SpecialKind[]);

export type KindName = (typeof KINDS)[number]['name'];
export const KIND_COUNT = KINDS.length;

export const kindIndex = (name: string): number => KINDS.findIndex((k) => k.name === name);
const at = (name: KindName): number => SPECIAL_BASE + kindIndex(name);

/** Card codes of the specials (the forty is dealt as the number card 40). */
export const CODE = protectData('special card codes', {
  bonus5: at('bonus5'),
  bonus10: at('bonus10'),
  bonus15: at('bonus15'),
  bonus20: at('bonus20'),
  joker: at('joker'),
  plusPerCard: at('plus-per-card'),
  sitOut: at('sit-out'),
  giveLeft: at('give-left'),
  look: at('look'),
  remove: at('remove'),
  doubleChips: at('double-chips'),
  fetch: at('fetch'),
  chipsMinus: at('chips-minus'),
  doubleHighest: at('double-highest'),
  halfChips: at('half-chips'),
  minusPerCard: at('minus-per-card'),
} as const);

export const FORTY_VALUE = 40;
/** Bonus points of a bonus card code, else 0. */
export const bonusOf = (code: number): number =>
  code === CODE.bonus5 ? 5 : code === CODE.bonus10 ? 10 : code === CODE.bonus15 ? 15 : code === CODE.bonus20 ? 20 : 0;

export const isSpecial = (code: number): boolean => code >= SPECIAL_BASE;
/** GREEN[code] = 1 for a green special's code (a table: the engine asks on every card it reveals). */
const GREEN = protectData(
  'green special codes',
  Uint8Array.from({ length: 256 }, (_, code) => (code >= SPECIAL_BASE && KINDS[code - SPECIAL_BASE]?.colour === 'green' ? 1 : 0)),
);
export const isGreen = (code: number): boolean => GREEN[code] === 1;

/** A card for people and records: 17, "joker". */
export const cardName = (code: number): string | number => (isSpecial(code) ? KINDS[code - SPECIAL_BASE]!.name : code);
