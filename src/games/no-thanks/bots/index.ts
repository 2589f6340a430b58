import { protectData } from '../../../game/protect.js';
import type { AgentDefinition } from '../../../game/agent.js';
import greedy from './greedy.js';
import human from './human.js';
import mc from './mc.js';
import net from './net.js';
import random from './random.js';
import rule from './rule.js';
import search from './search.js';
import threshold from './threshold.js';

/** The built-in bots of No Thanks!, in the order `nothanks agents` lists them: the registry (src/registry.ts) pairs them with the game. */
export const bots: readonly AgentDefinition[] = protectData('the built-in bots of no-thanks', [random, greedy, threshold, mc, search, net, rule, human]);
export { rollout } from './rollout.js';
export { distillKit } from './rule.js';
