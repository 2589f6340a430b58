import { protectData } from '../../game/protect.js';
import { UserError } from '../../errors.js';
import type { GameRecordBase } from '../../game/contract.js';
import { parseSeedHex } from '../../game/seed.js';
import { cardName, isSpecial, KINDS, SPECIAL_BASE } from './cards.js';
import { isCustom, recordRules, rulesFromRecord, type RecordRules } from './rules.js';
import { BID, CHOOSE, DECLINE, EVENT_NAMES, PASS, SIT_OUT, SpecialsState, TAKE } from './state.js';

/** A card in a record: a number, or a special's name. */
type CardToken = number | string;

/** One game with special cards as a JSON line (src/games/no-thanks-specials/README.md). */
export interface GameRecord extends GameRecordBase {
  game: 'no-thanks-specials';
  rules: RecordRules;
  starter: number;
  /** The number cards set aside, as dealt. */
  removed: number[];
  /** The played deck as dealt (before any fetch moved a card), first card first. */
  deck: CardToken[];
  /** One token per decision: T take, P pass, S sit out, B bid, D decline, "give:<card>", "remove:<card>". */
  actions: string[];
  /** Every public event: [type, seat, card, pot] (fetch: pot 0 from the deck, 1 from the set-aside cards). */
  events: [string, number, CardToken, number][];
  /** Final number cards per seat, sorted. */
  cards: number[][];
  /** Final specials per seat, by name in kind order. */
  specials: string[][];
  /** Where each seat's jokers counted (empty: as nothing). */
  jokers: number[][];
  chips: number[];
}

const LETTER: Record<number, string> = protectData('special-card action letters', { [TAKE]: 'T', [PASS]: 'P', [SIT_OUT]: 'S', [BID]: 'B', [DECLINE]: 'D' });

function actionToken(state: SpecialsState, i: number, phaseGive: boolean): string {
  const a = state.acts[i]!;
  return a >= CHOOSE ? `${phaseGive ? 'give' : 'remove'}:${cardName(a - CHOOSE)}` : LETTER[a]!;
}

export function codeOf(token: CardToken): number {
  if (typeof token === 'number') return token;
  const k = KINDS.findIndex((x) => x.name === token);
  if (k < 0) throw new UserError(`unknown card "${token}"`);
  return SPECIAL_BASE + k;
}

export function makeRecord(state: SpecialsState, seed: string, agents: readonly string[]): GameRecord {
  const P = state.players;
  const seats = Array.from({ length: P }, (_, p) => p);
  const scores = seats.map((p) => state.score(p));
  const best = Math.min(...scores);
  // A choice's kind shows in the event it caused (give or remove), in order.
  const choiceKinds: boolean[] = [];
  for (let e = 0; e < state.events; e++)
    if (EVENT_NAMES[state.evType[e]!] === 'give' || EVENT_NAMES[state.evType[e]!] === 'remove') choiceKinds.push(EVENT_NAMES[state.evType[e]!] === 'give');
  let choice = 0;
  const actions: string[] = [];
  for (let i = 0; i < state.decisions; i++) actions.push(actionToken(state, i, state.acts[i]! >= CHOOSE ? choiceKinds[choice++]! : false));
  return {
    game: 'no-thanks-specials',
    seed,
    players: P,
    agents: [...agents],
    rules: recordRules(state.rules),
    starter: state.starter,
    removed: Array.from(state.dealt.subarray(0, state.deckStart)),
    deck: Array.from(state.dealt.subarray(state.deckStart, state.dealtEnd), cardName),
    actions,
    events: Array.from(
      { length: state.events },
      (_, e) => [EVENT_NAMES[state.evType[e]!]!, state.evSeat[e]!, cardName(state.evCard[e]!), state.evPot[e]!] as [string, number, CardToken, number],
    ),
    cards: seats.map((p) => state.displayOf(p)),
    specials: seats.map((p) => KINDS.flatMap((k, i) => Array<string>(state.heldCount(p, i)).fill(k.name))),
    jokers: seats.map((p) => state.jokerValues(p)),
    chips: seats.map((p) => state.chips[p]!),
    scores,
    winners: seats.filter((p) => scores[p] === best),
  };
}

function bad(message: string): never {
  throw new UserError(message);
}

export function parseAction(token: unknown, where: string): number {
  if (typeof token !== 'string') bad(`${where} is ${JSON.stringify(token)}, not an action token`);
  const letter = { T: TAKE, P: PASS, S: SIT_OUT, B: BID, D: DECLINE }[token];
  if (letter !== undefined) return letter;
  const m = /^(give|remove):(.+)$/.exec(token);
  if (!m) bad(`${where} is "${token}", expected T, P, S, B, D, give:<card> or remove:<card>`);
  return CHOOSE + codeOf(/^\d+$/.test(m[2]!) ? Number(m[2]) : m[2]!);
}

/**
 * A record's form and deal, checked before its decisions are replayed (./replay.ts): its fields,
 * its rules, and removed and deck being exactly its seed's deal. Throws a one-line UserError.
 */
export function checkRecord(record: unknown): GameRecord {
  if (typeof record !== 'object' || record === null) bad('a record must be a JSON object');
  const r = record as GameRecord;
  if (r.game !== 'no-thanks-specials') bad(`game is ${JSON.stringify(r.game)}, expected "no-thanks-specials"`);
  for (const f of [
    'seed',
    'players',
    'agents',
    'rules',
    'starter',
    'removed',
    'deck',
    'actions',
    'events',
    'cards',
    'specials',
    'jokers',
    'chips',
    'scores',
    'winners',
  ] as const) {
    if (!(f in r)) bad(`missing field "${f}"`);
  }
  if (!Array.isArray(r.deck) || !Array.isArray(r.removed) || !Array.isArray(r.actions)) bad('deck, removed and actions must be arrays');
  const rules = rulesFromRecord(r.players, r.rules);
  if (r.rules.custom !== isCustom(rules)) bad(`rules.custom is ${JSON.stringify(r.rules.custom)}, but these rules are ${isCustom(rules) ? '' : 'not '}custom`);
  const state = new SpecialsState(rules);
  if (r.removed.length !== rules.removed) bad(`removed has ${r.removed.length} cards, rules say ${rules.removed}`);
  if (r.deck.length !== state.dealtDeck) bad(`deck has ${r.deck.length} cards, the rules deal ${state.dealtDeck}`);
  const dealt = [...r.removed, ...r.deck.map(codeOf)];
  const expected = new Map<number, number>();
  for (let c = rules.minCard; c <= rules.maxCard; c++) expected.set(c, 1);
  rules.specials.forEach((n, k) => {
    if (n) expected.set(KINDS[k]!.name === 'forty' ? 40 : SPECIAL_BASE + k, n);
  });
  for (const c of dealt) expected.set(c, (expected.get(c) ?? 0) - 1);
  for (const [c, n] of expected) if (n !== 0) bad(`the deal holds card ${cardName(c)} ${n < 0 ? 'too often' : 'too rarely'} for its rules`);
  if (r.removed.some((c) => isSpecial(c))) bad('a special card is set aside (only number cards are)');
  if (!Number.isInteger(r.starter) || r.starter < 0 || r.starter >= r.players) bad(`starter ${r.starter} is not a seat`);
  // The seed deals the cards: a record whose cards are not its seed's deal was altered.
  state.deal(parseSeedHex(r.seed));
  if (JSON.stringify(Array.from(state.cards.subarray(0, state.deckEnd))) !== JSON.stringify(dealt)) bad(`removed and deck are not the deal of seed ${r.seed}`);
  return r;
}
