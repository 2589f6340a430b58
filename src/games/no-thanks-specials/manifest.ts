import type { GameManifest } from '../manifest.js';
import { exactDeals } from './exact-deals.js';
import { requireMadeRules } from '../../game/made-rules.js';
import { actions } from './actions.js';
import { tensor } from './tensor.js';
import { bots, rollout } from './bots/index.js';
import { viewOf, type Observation } from './observation.js';
import { MAX_PLAYERS, MIN_PLAYERS } from '../no-thanks/rules.js';
import { GAME_ID, type SpecialsAgent } from './agent.js';
import { dealInto } from '../no-thanks/deal.js';
import { Table } from './table.js';
import { recordedGame, SpecialsForwardModel } from './forward-model.js';
import type { GameRecord } from './record.js';
import { holdingWorth, replayLines } from './replay.js';
import { makeRules, recordRules, RULE_OPTIONS, rulesFromRecord, scoreRange, SEED_NAMESPACE, type RecordRules, type Rules } from './rules.js';

/** The batch runner asks for dealt starters only in circuits, one per match: a scratch deck for them. */
const dealScratch = new Uint8Array(256);

/**
 * No Thanks! with the special cards of seed 003, a game of its own next to the base game (whose
 * engine, speed and results it leaves untouched). It shares the base game's seed namespace: deal k
 * has the base game's number cards, set-aside cards and starter, with the specials mixed in.
 */
const NAME = 'No Thanks! with special cards';
/** Complete rules (the default player count): what newState checks its argument against. */
const madeTemplate = makeRules({ players: 4 });

const noThanksSpecials: GameManifest<Rules, GameRecord, SpecialsAgent> = {
  id: GAME_ID,
  name: NAME,
  seedNamespace: SEED_NAMESPACE,
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  defaultPlayers: 4,
  facts: {
    moves: 'sequential',
    hidden: ['the order of the face-down deck', 'the cards removed unseen (unless knownRemoved)', "the other seats' chip counts (unless openChips)"],
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
  metrics: [
    { id: 'chips', label: 'chips left' },
    { id: 'specials', label: 'specials held' },
  ],
  scoreRange,
  seatingNote: 'cyclic rotations do not balance who sits after whom, which matters in No Thanks!; use --seatings all for comparisons you quote.',
  observationJson: (obs) => viewOf(obs as Observation),
  newState: (rules) => new SpecialsForwardModel(requireMadeRules(NAME, rules, madeTemplate, MIN_PLAYERS, MAX_PLAYERS)),
  batch: {
    table: (rules, bots, labels) => new Table(rules, bots, labels),
    dealtStarter: (rules, key) => dealInto(rules, key, dealScratch),
  },
  replay: replayLines,
  recordedGame,
  holdingWorth,
  finalTable: {
    heading: () => 'Game over. Final table (lower is better):',
    holding: (r, seat) =>
      `${r.cards[seat]!.join(' ') || '—'} · ${r.specials[seat]!.join(' ') || 'no specials'}${r.jokers[seat]!.length ? ` (jokers as ${r.jokers[seat]!.join(', ')})` : ''}`,
  },
  agents: bots,
  deals: exactDeals,
  rollout,
  analysisSamples: 200,
  uses: ['no-thanks'],
};

export default noThanksSpecials;
