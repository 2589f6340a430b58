import type { GameDefinition } from '../../game/contract.js';
import greedy from '../../../agents/no-thanks/greedy.js';
import human from '../../../agents/no-thanks/human.js';
import mc from '../../../agents/no-thanks/mc.js';
import random from '../../../agents/no-thanks/random.js';
import search from '../../../agents/no-thanks/search.js';
import threshold from '../../../agents/no-thanks/threshold.js';
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
  agents: [random, greedy, threshold, mc, search, human],
  newState: (rules) => new NoThanksState(rules),
  playBatch,
  replay: replayLines,
  playAtTerminal,
};
