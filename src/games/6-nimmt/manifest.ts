import type { GameManifest } from '../manifest.js';
import { exactDeals } from './exact-deals.js';
import { requireMadeRules } from '../../game/made-rules.js';
import { actions } from './actions.js';
import { tensor } from './tensor.js';
import { bots, distillKit, rollout } from './bots/index.js';
import { viewOf, type Observation } from './observation.js';
import { GAME_ID, type SixNimmtAgent } from './agent.js';
import { Sfc32 } from '../../game/seed.js';
import { GameState } from './state.js';
import { Table } from './table.js';
import { recordedGame, SixNimmtState } from './forward-model.js';
import type { GameRecord } from './record.js';
import { replayLines } from './replay.js';
import { position } from './position.js';
import { makeRules, MAX_PLAYERS, MIN_PLAYERS, recordRules, RULE_OPTIONS, rulesFromRecord, scoreRange, type RecordRules, type Rules } from './rules.js';

/** The stream the dealt starter is drawn from (reset by dealtStarter from the key). */
const starterStream = new Sfc32();

const NAME = '6 nimmt!';
/** Complete rules (the default player count): what newState checks its argument against. */
const madeTemplate = makeRules({ players: 4 });

/** 6 nimmt! (AMIGO 04910), the lab's second game: base game for 2-10 players and the pro variant. */
const sixNimmt: GameManifest<Rules, GameRecord, SixNimmtAgent> = {
  id: GAME_ID,
  name: NAME,
  minPlayers: MIN_PLAYERS,
  maxPlayers: MAX_PLAYERS,
  defaultPlayers: 4,
  facts: {
    moves: 'simultaneous',
    hidden: ["the other seats' hands (the pro variant shows them)", "the other seats' choices of a turn until all have chosen", 'the cards not dealt'],
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
  metrics: [{ id: 'rows', label: 'rows taken' }],
  scoreRange,
  seatingNote: 'play is simultaneous, so seats matter little (in the pro variant: who drafts first); use --seatings all for comparisons you quote.',
  observationJson: (obs) => viewOf(obs as Observation),
  newState: (rules) => new SixNimmtState(requireMadeRules(NAME, rules, madeTemplate, MIN_PLAYERS, MAX_PLAYERS)),
  batch: {
    table: (rules, bots, labels, records) => new Table(rules, bots, labels, records),
    dealtStarter: (rules, key) => GameState.dealtStarter(key, rules.players, starterStream),
  },
  replay: replayLines,
  recordedGame,
  finalTable: {
    heading: (r) => `Game over after ${r.rounds.length} round${r.rounds.length === 1 ? '' : 's'}. Final table (bullheads, lower is better):`,
    holding: () => '',
  },
  agents: bots,
  deals: exactDeals,
  rollout,
  analysisSamples: 100,
  position,
  distill: distillKit,
};

export default sixNimmt;
