/**
 * What the special-card game's search bots (src/games/no-thanks-specials/bots/) may use of the engine, and
 * nothing else of its internals (scripts/check-layers.mjs holds bots to agent.ts and this file):
 * the engine state and forward model as rollout boards, the seat view a rollout reads, the sampler
 * that re-deals what a seat cannot see from its observation only, and the one encoding between a
 * bot's answer and the engine's action code.
 */
export { SpecialsForwardModel } from './forward-model.js';
export { Observation as SeatView } from './observation.js';
export { HiddenSampler } from './sampler.js';
export { BID, CHOOSE, DECLINE, PASS, SIT_OUT, SpecialsState, TAKE } from './state.js';
export { toAction } from './table.js';
// The observation tensor and action space the learning environments use: the net bot's input and output.
export { actions } from './actions.js';
export { tensor } from './tensor.js';
