import type { GameDefinition } from '../../game/contract.js';
import { MAX_PLAYERS, MIN_PLAYERS } from '../no-thanks/rules.js';
import { GAME_ID } from './agent.js';
import { playBatch, SEED_NAMESPACE } from './batch.js';
import { SpecialsForwardModel } from './forward-model.js';
import { playAtTerminal } from './play.js';
import { holdingWorth, replayLines } from './record.js';
import { makeRules, recordRules, RULE_OPTIONS, rulesFromRecord, scoreRange, type RecordRules, type Rules } from './rules.js';

/**
 * No Thanks! with the special cards of seed 003, a game of its own next to the base game (whose
 * engine, speed and results it leaves untouched). It shares the base game's seed namespace: deal k
 * has the base game's number cards, set-aside cards and starter, with the specials mixed in.
 */
export const noThanksSpecials: GameDefinition<Rules> = {
  id: GAME_ID,
  name: 'No Thanks! with special cards',
  seedNamespace: SEED_NAMESPACE,
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  defaultPlayers: 4,
  makeRules,
  recordRules,
  rulesFromRecord: (players, rules) => rulesFromRecord(players, rules as RecordRules),
  ruleOptions: RULE_OPTIONS,
  metrics: [
    { id: 'chips', label: 'chips left' },
    { id: 'specials', label: 'specials held' },
  ],
  scoreRange,
  seatingNote: 'cyclic rotations do not balance who sits after whom, which matters in No Thanks!; use --seatings all for comparisons you quote.',
  newState: (rules) => new SpecialsForwardModel(rules),
  playBatch,
  replay: replayLines,
  holdingWorth,
  playAtTerminal,
};
