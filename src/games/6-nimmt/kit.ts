/**
 * What 6 nimmt!'s search bots (src/games/6-nimmt/bots/) may use of the engine, and nothing else of its
 * internals (scripts/check-layers.mjs holds bots to agent.ts and this file): the engine state and
 * its phases as a rollout board, the bare board of a round's turns (board.ts) for round-horizon playouts, the forward model's action codes, the seat view a rollout reads,
 * and the sampler that re-deals the hidden hands from a seat's observation only.
 */
export { SixNimmtState } from './forward-model.js';
export { Observation as SeatView } from './observation.js';
export { HiddenSampler } from './sampler.js';
export { PlayoutBoard } from './board.js';
export { GameState, OVER, PLAY, ROW } from './state.js';
// The observation tensor and action space the learning environments use: the net bot's input and output.
export { actions } from './actions.js';
export { tensor } from './tensor.js';
