import { protectData } from '../../../game/protect.js';
import type { AgentDefinition } from '../../../game/agent.js';
import heuristic from './heuristic.js';
import human from './human.js';
import mc from './mc.js';
import net from './net.js';
import random from './random.js';
import rule from './rule.js';
import search from './search.js';

/** The built-in bots of 6 nimmt!, in the order `nothanks agents` lists them: the registry (src/registry.ts) pairs them with the game. */
export const bots: readonly AgentDefinition[] = protectData('the built-in bots of six-nimmt', [random, heuristic, mc, search, net, rule, human]);
export { rollout } from './rollout.js';
export { distillKit } from './rule.js';
