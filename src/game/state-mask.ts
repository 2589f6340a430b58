import type { State } from './contract.js';

/**
 * A seat's legal actions in a state as a mask over the action space: 1 at each id legalActions
 * lists, 0 elsewhere up to `size`; returns how many are legal. `ids` is scratch for legalActions.
 */
export function stateMask(state: State, seat: number, size: number, out: Uint8Array, ids: Int32Array): number {
  out.fill(0, 0, size);
  const n = state.legalActions(seat, ids);
  for (let i = 0; i < n; i++) out[ids[i]!] = 1;
  return n;
}
