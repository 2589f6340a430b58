import type { GameDefinition } from '../../game/contract.js';
import { GAME_ID } from './agent.js';
import { playBatch } from './batch.js';
import { NoThanksState } from './forward-model.js';
import { playAtTerminal } from './play.js';
import { replayLines } from './record.js';
import {
  deckSize,
  makeRules,
  MAX_PLAYERS,
  MIN_PLAYERS,
  recordRules,
  RULE_OPTIONS,
  rulesFromRecord,
  scoreRange,
  type RecordRules,
  type Rules,
} from './rules.js';

/** No Thanks! (AMIGO), the lab's first game: the definition the game registry lists. */
export const noThanks: GameDefinition<Rules> = {
  id: GAME_ID,
  name: 'No Thanks!',
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  defaultPlayers: 4,
  makeRules,
  recordRules,
  rulesFromRecord: (players, rules) => rulesFromRecord(players, rules as RecordRules),
  ruleOptions: RULE_OPTIONS,
  metrics: [{ id: 'chips', label: 'chips left' }],
  scoreRange,
  tableFactor: { label: 'chips per played card', of: (r) => (r.players * r.startChips) / deckSize(r) },
  seatingNote: 'cyclic rotations do not balance who sits after whom, which matters in No Thanks!; use --seatings all for comparisons you quote.',
  newState: (rules) => new NoThanksState(rules),
  playBatch,
  replay: replayLines,
  playAtTerminal,
};
