import { UserError } from '../../errors.js';
import type { GameRecordBase } from '../../game/contract.js';
import { deal } from './deal.js';
import { formatRuns } from './format.js';
import { cardCount, isCustom, recordRules, rulesFromRecord, type RecordRules } from './rules.js';
import { GameState, PASS, winners } from './state.js';

/** One game as a JSON line (docs/tournaments.md "Game records"). */
export interface GameRecord extends GameRecordBase {
  game: 'no-thanks';
  rules: RecordRules;
  starter: number;
  removed: number[];
  deck: number[];
  /** One character per decision: "T" take, "P" pass. */
  actions: string;
  cards: number[][];
  chips: number[];
}

/** The record of the finished game in `state` (which must have kept its history). */
export function makeRecord(state: GameState, seed: string, agents: readonly string[]): GameRecord {
  const { players } = state;
  let actions = '';
  for (let i = 0; i < state.decisions; i++) actions += state.actions[i] === PASS ? 'P' : 'T';
  const seats = Array.from({ length: players }, (_, p) => p);
  const scores = seats.map((p) => state.score(p));
  return {
    game: 'no-thanks',
    seed,
    players,
    agents: [...agents],
    rules: recordRules(state.rules),
    starter: state.starter,
    removed: Array.from(state.cards.subarray(0, state.deckStart)),
    deck: Array.from(state.cards.subarray(state.deckStart, state.deckEnd)),
    actions,
    cards: seats.map((p) => state.displayOf(p)),
    chips: seats.map((p) => state.chips[p]!),
    scores,
    winners: winners(scores),
  };
}

/** One replayed decision, for printing an account of the game. */
export interface ReplayStep {
  index: number;
  seat: number;
  action: 'take' | 'pass';
  card: number;
  /** Chips on the card before the decision. */
  pot: number;
  state: GameState;
}

/**
 * Replays a record move by move under its rules and checks every decision is legal and the final
 * cards, chips, scores and winners match. Throws a one-line UserError naming the first problem.
 */
export function replayRecord(record: unknown, onStep?: (step: ReplayStep) => void): GameState {
  const r = checkShape(record);
  const rules = rulesFromRecord(r.players, r.rules);
  if (r.rules.custom !== isCustom(rules)) bad(`rules.custom is ${JSON.stringify(r.rules.custom)}, but these rules are ${isCustom(rules) ? '' : 'not '}custom`);
  const n = cardCount(rules);
  if (r.removed.length !== rules.removed) bad(`removed has ${r.removed.length} cards, rules say ${rules.removed}`);
  if (r.deck.length !== n - rules.removed) bad(`deck has ${r.deck.length} cards, expected ${n - rules.removed}`);
  const seen = new Set<number>();
  for (const c of [...r.removed, ...r.deck]) {
    if (!Number.isInteger(c) || c < rules.minCard || c > rules.maxCard) bad(`card ${c} is outside ${rules.minCard}..${rules.maxCard}`);
    if (seen.has(c)) bad(`card ${c} appears twice in removed/deck`);
    seen.add(c);
  }
  if (!Number.isInteger(r.starter) || r.starter < 0 || r.starter >= r.players) bad(`starter ${r.starter} is not a seat`);
  // The seed deals the cards: a record whose cards are not its seed's deal was altered. (The
  // starter may differ: the circuit format moves it.)
  const dealt = deal(rules, r.seed);
  if (JSON.stringify(dealt.removed) !== JSON.stringify(r.removed) || JSON.stringify(dealt.deck) !== JSON.stringify(r.deck))
    bad(`removed and deck are not the deal of seed ${r.seed}`);
  if (r.agents.length !== r.players) bad(`agents lists ${r.agents.length} seats for ${r.players} players`);

  const state = new GameState(rules);
  state.cards.set([...r.removed, ...r.deck]);
  state.begin(r.starter);
  for (let i = 0; i < r.actions.length; i++) {
    const a = r.actions[i];
    const where = `decision ${i + 1}`;
    if (state.over) bad(`${where} ("${a}") comes after the last card was taken`);
    const seat = state.current;
    const card = state.card;
    const pot = state.pot;
    if (a === 'T') state.take();
    else if (a === 'P') {
      if (state.chips[seat] === 0) bad(`${where} is illegal: seat ${seat} passes on card ${card} with no chips`);
      state.pass();
    } else bad(`${where} is "${a}", expected "T" or "P"`);
    onStep?.({ index: i, seat, action: a === 'T' ? 'take' : 'pass', card, pot, state });
  }
  if (!state.over) bad(`the actions end before the last card is taken (card ${state.card} is face up)`);
  const final = makeRecord(state, r.seed, r.agents);
  for (const field of ['cards', 'chips', 'scores', 'winners'] as const) {
    if (JSON.stringify(final[field]) !== JSON.stringify(r[field])) {
      bad(`${field} ${JSON.stringify(r[field])} do not match the replay's ${JSON.stringify(final[field])}`);
    }
  }
  return state;
}

function bad(message: string): never {
  throw new UserError(message);
}

function checkShape(x: unknown): GameRecord {
  if (typeof x !== 'object' || x === null) bad('a record must be a JSON object');
  const r = x as Record<string, unknown>;
  if (r.game !== 'no-thanks') bad(`game is ${JSON.stringify(r.game)}, expected "no-thanks"`);
  const need: Record<string, (v: unknown) => boolean> = {
    seed: (v) => typeof v === 'string',
    players: Number.isInteger,
    agents: (v) => Array.isArray(v) && v.every((s) => typeof s === 'string'),
    rules: (v) => typeof v === 'object' && v !== null,
    starter: Number.isInteger,
    removed: isIntArray,
    deck: isIntArray,
    actions: (v) => typeof v === 'string',
    cards: (v) => Array.isArray(v) && v.every(isIntArray),
    chips: isIntArray,
    scores: isIntArray,
    winners: isIntArray,
  };
  for (const [field, ok] of Object.entries(need)) {
    if (!(field in r)) bad(`missing field "${field}"`);
    if (!ok(r[field])) bad(`field "${field}" has the wrong type`);
  }
  return r as unknown as GameRecord;
}

function isIntArray(v: unknown): boolean {
  return Array.isArray(v) && v.every(Number.isInteger);
}

/**
 * Checks a record move by move (see replayRecord); with `explain`, returns the game decision by
 * decision with the running scores, then the final table.
 */
export function replayLines(record: unknown, explain: boolean): string[] {
  const steps: string[] = [];
  const r = record as GameRecord;
  replayRecord(
    record,
    explain
      ? (st) => {
          const who = `seat ${st.seat} (${r.agents[st.seat]})`;
          const running = r.agents.map((_, p) => st.state.score(p)).join(' ');
          const what =
            st.action === 'take'
              ? `takes ${st.card}${st.pot ? ` and ${st.pot} chip${st.pot > 1 ? 's' : ''}` : ''}`
              : `pays a chip on ${st.card} (${st.pot + 1} on it now)`;
          steps.push(`${String(st.index + 1).padStart(4)}. ${who} ${what}`.padEnd(58) + `scores: ${running}`);
        }
      : undefined,
  );
  if (!explain) return [];
  const out = [
    `seed ${r.seed} · ${r.players} players · ${r.rules.startChips} chips each${r.rules.custom ? ' (custom rules)' : ''}`,
    `Removed unseen: ${[...r.removed].sort((a, b) => a - b).join(' ')}`,
    `Seat ${r.starter} (${r.agents[r.starter]}) starts.`,
    '',
    ...steps,
    '',
    'Final table:',
  ];
  r.agents.forEach((agent, p) => {
    const won = r.winners.includes(p) ? (r.winners.length > 1 ? '  shared win' : '  WINNER') : '';
    out.push(
      `  seat ${p} ${agent.padEnd(16)} cards ${formatRuns(r.cards[p]!).padEnd(36)} chips ${String(r.chips[p]).padStart(3)}  score ${String(r.scores[p]).padStart(4)}${won}`,
    );
  });
  return out;
}
