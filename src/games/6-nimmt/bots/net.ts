import { netAgent } from '../../../net/net-agent.js';
import { defineAgent, GAME_ID } from '../agent.js';
import { actions, tensor } from '../kit.js';

/** An ONNX policy played in process (src/net/net-agent.ts), on this game's own encoder and action ids. */
export default defineAgent(netAgent({ id: GAME_ID, name: '6 nimmt!', tensor, actions }));
