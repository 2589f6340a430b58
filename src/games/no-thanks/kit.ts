/**
 * What No Thanks!'s search bots (src/games/no-thanks/bots/) may use of the engine, and nothing else of its
 * internals (scripts/check-layers.mjs holds bots to agent.ts and this file): the engine state as a
 * rollout board, the sampler that re-deals what a seat cannot see from its observation only, and
 * the small helpers a bot's evaluation needs.
 */
export { formatRuns } from './format.js';
export { deckSize } from './rules.js';
export { HiddenSampler } from './sampler.js';
export { GameState } from './state.js';
export { NoThanksState } from './forward-model.js';
export { PASS, TAKE } from './state.js';
// The observation tensor and action space the learning environments use: the net bot's input and output.
export { actions } from './actions.js';
export { tensor } from './tensor.js';
// A seat's observation over a rollout board: what a net guide encodes in the playouts (search's net options).
export { Observation as SeatView } from './observation.js';
