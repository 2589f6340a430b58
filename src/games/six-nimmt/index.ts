import type { GameDefinition } from '../../game/contract.js';
import { GAME_ID } from './agent.js';
import { playBatch } from './batch.js';
import { SixNimmtState } from './forward-model.js';
import { playAtTerminal } from './play.js';
import { replayLines } from './record.js';
import { makeRules, MAX_PLAYERS, MIN_PLAYERS, recordRules, RULE_OPTIONS, rulesFromRecord, scoreRange, type RecordRules, type Rules } from './rules.js';

/** 6 nimmt! (AMIGO 04910), the lab's second game: base game for 2-10 players and the pro variant. */
export const sixNimmt: GameDefinition<Rules> = {
  id: GAME_ID,
  name: '6 nimmt!',
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  defaultPlayers: 4,
  makeRules,
  recordRules,
  rulesFromRecord: (players, rules) => rulesFromRecord(players, rules as RecordRules),
  ruleOptions: RULE_OPTIONS,
  metrics: [{ id: 'rows', label: 'rows taken' }],
  scoreRange,
  seatingNote: 'play is simultaneous, so seats matter little (in the pro variant: who drafts first); use --seatings all for comparisons you quote.',
  newState: (rules) => new SixNimmtState(rules),
  playBatch,
  replay: replayLines,
  playAtTerminal,
};
