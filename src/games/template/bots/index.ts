import type { AgentDefinition } from '../../../game/agent.js';
import { protectData } from '../../../game/protect.js';
import heuristic from './heuristic.js';
import human from './human.js';
import net from './net.js';
import random from './random.js';

/** The built-in bots, in the order `nothanks agents` lists them (the manifest pairs them with the game; one of them the human). */
export const bots: readonly AgentDefinition[] = protectData('the built-in bots of Goofspiel', [random, heuristic, net, human]);
export { rollout } from './rollout.js';
