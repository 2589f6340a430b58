/**
 * What this game's search bots and rollout policy (./bots/) may use of the engine, and nothing else
 * of its internals (scripts/check-layers.mjs holds bots to agent.ts and this file): the forward
 * model as a rollout board, a seat's view of it (the Observation class, which bots otherwise only
 * receive), and the sampler that re-deals what a seat cannot see from its observation only.
 */
export { ForwardModel } from './forward-model.js';
export { Observation as SeatView } from './observation.js';
export { HiddenSampler } from './sampler.js';
// The observation tensor and action space the learning environments use: the net bot's input and output.
export { actions } from './actions.js';
export { tensor } from './tensor.js';
