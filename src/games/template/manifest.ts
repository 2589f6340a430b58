import type { GameManifest } from '../manifest.js';
import { actions } from './actions.js';
import { tensor } from './tensor.js';
import { GAME_ID, type GoofspielAgent } from './agent.js';
import { bots, rollout } from './bots/index.js';
import { ForwardModel, recordedGame } from './forward-model.js';
import { viewOf, type Observation } from './observation.js';
import type { GameRecord } from './record.js';
import { replayLines } from './replay.js';
import { makeRules, MAX_PLAYERS, MIN_PLAYERS, recordRules, RULE_OPTIONS, rulesFromRecord, scoreRange, type RecordRules, type Rules } from './rules.js';
import { Table } from './table.js';

/**
 * Goofspiel (as in OpenSpiel), the template game: the whole game as one object (src/games/manifest.ts).
 * Copy this folder to add a game (README.md); the registry (src/games/registry.ts) lists a game by
 * this default export.
 */
const template: GameManifest<Rules, GameRecord, GoofspielAgent> = {
  id: GAME_ID,
  name: 'Goofspiel',
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  defaultPlayers: 2,
  facts: {
    moves: 'simultaneous',
    hidden: ['the order of the prizes to come', "the other seats' bids of a turn until all have bid"],
    chance: 'deal',
    scoreDirection: 'lower-is-better',
    utility: 'win-share',
  },
  actions,
  tensor,
  makeRules,
  recordRules,
  rulesFromRecord: (players, rules) => rulesFromRecord(players, rules as RecordRules),
  ruleOptions: RULE_OPTIONS,
  metrics: [{ id: 'prizes', label: 'prizes won' }],
  scoreRange,
  seatingNote: 'every seat bids at once, so seats should not matter; use --seatings all for comparisons you quote.',
  observationJson: (obs) => viewOf(obs as Observation),
  newState: (rules) => new ForwardModel(rules),
  batch: {
    table: (rules, bots, labels) => new Table(rules, bots, labels),
    // No seat starts (every seat bids at once): seat 0 stands for the starter in the seat statistics.
    dealtStarter: () => 0,
  },
  replay: replayLines,
  recordedGame,
  finalTable: {
    heading: () => 'Game over. Final table (score = minus the prize points won; lower is better):',
    // What a seat ends with beside its metric and score: nothing (its hand is empty), so nothing is printed.
    holding: () => '',
  },
  agents: bots,
  rollout,
  // Each sample plays every candidate card out to the end: measured at 3 players, 13 cards, about
  // 15 ms a decision on average at 100 samples (50 ms the first, with 13 candidates) on a busy 2-core VM.
  analysisSamples: 100,
};

export default template;
