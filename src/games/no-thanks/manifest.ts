import type { GameManifest } from '../manifest.js';
import { exactDeals } from './exact-deals.js';
import { hiddenChance } from './hidden-chance.js';
import { requireMadeRules } from '../../game/made-rules.js';
import { actions } from './actions.js';
import { tensor } from './tensor.js';
import { bots, distillKit, rollout } from './bots/index.js';
import { viewOf, type Observation } from './observation.js';
import { GAME_ID, type NoThanksAgent } from './agent.js';
import { dealInto } from './deal.js';
import { Table } from './table.js';
import { recordedGame, NoThanksState } from './forward-model.js';
import { formatRuns } from './format.js';
import { position } from './position.js';
import type { GameRecord } from './record.js';
import { replayLines } from './replay.js';
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

/** The batch runner asks for dealt starters only in circuits, one per match: a scratch deck for them. */
const dealScratch = new Uint8Array(64);

const NAME = 'No Thanks!';
/** Complete rules (the default player count): what newState checks its argument against. */
const madeTemplate = makeRules({ players: 4 });

/** No Thanks! (AMIGO), the lab's first game: the definition the game registry lists. */
const noThanks: GameManifest<Rules, GameRecord, NoThanksAgent> = {
  id: GAME_ID,
  name: NAME,
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
  metrics: [{ id: 'chips', label: 'chips left' }],
  scoreRange,
  tableFactor: { label: 'chips per played card', of: (r) => (r.players * r.startChips) / deckSize(r) },
  seatingNote: 'cyclic rotations do not balance who sits after whom, which matters in No Thanks!; use --seatings all for comparisons you quote.',
  observationJson: (obs) => viewOf(obs as Observation),
  newState: (rules) => new NoThanksState(requireMadeRules(NAME, rules, madeTemplate, MIN_PLAYERS, MAX_PLAYERS)),
  batch: {
    table: (rules, bots, labels) => new Table(rules, bots, labels),
    dealtStarter: (rules, key) => dealInto(rules, key, dealScratch),
  },
  replay: replayLines,
  recordedGame,
  finalTable: {
    heading: () => 'Game over. Final table (lower is better):',
    holding: (r, seat) => formatRuns(r.cards[seat]!).padEnd(40),
  },
  agents: bots,
  deals: exactDeals,
  rollout,
  chance: hiddenChance,
  analysisSamples: 500,
  position,
  distill: distillKit,
};

export default noThanks;
