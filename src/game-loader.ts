import { UserError } from './errors.js';
import type { RolloutPolicyMaker } from './search/contract.js';
import type { AgentDefinition } from './game/agent.js';
import { protectData } from './game/protect.js';
import type { GameDefinition } from './game/contract.js';

/** A game as generic code sees it: its definition (src/games/<id>/) and its built-in bots (agents/<id>/). */
export interface RegisteredGame extends GameDefinition {
  readonly agents: readonly AgentDefinition[];
  /** The rollout policy generic evaluation plays every seat with (agents/<id>/rollout.ts). */
  readonly rollout: RolloutPolicyMaker;
}

/** Each game registered in this thread, by id: src/registry.ts and loadGame hand out the same object. */
const registered = new Map<string, RegisteredGame>();

/** A game with its bots as the registry holds it, frozen deeply (see src/registry.ts); one object per game and thread. */
export function registerGame(game: GameDefinition, agents: readonly AgentDefinition[], rollout: RolloutPolicyMaker): RegisteredGame {
  let entry = registered.get(game.id);
  if (!entry) registered.set(game.id, (entry = protectData(`the ${game.name} definition`, { ...game, agents, rollout })));
  return entry;
}

/**
 * Each game's two modules (its folder of src/games/ and its bots' folder of agents/), loaded on
 * demand by id. A tournament worker thread plays one game: importing src/registry.ts (every game
 * and every bot, about 30 ms of a fresh thread's CPU) would compile two games it never plays, once
 * per thread. src/registry.ts stays the list generic code reads; src/registry.test.ts checks that
 * this one names the same games and hands out the same objects.
 */
const LOADERS: Readonly<Record<string, () => Promise<RegisteredGame>>> = {
  'no-thanks': async () => {
    const [{ noThanks }, { bots, rollout }] = await Promise.all([import('./games/no-thanks/index.js'), import('../agents/no-thanks/index.js')]);
    return registerGame(noThanks, bots, rollout);
  },
  '6-nimmt': async () => {
    const [{ sixNimmt }, { bots, rollout }] = await Promise.all([import('./games/six-nimmt/index.js'), import('../agents/six-nimmt/index.js')]);
    return registerGame(sixNimmt, bots, rollout);
  },
  'no-thanks-specials': async () => {
    const [{ noThanksSpecials }, { bots, rollout }] = await Promise.all([
      import('./games/no-thanks-specials/index.js'),
      import('../agents/no-thanks-specials/index.js'),
    ]);
    return registerGame(noThanksSpecials, bots, rollout);
  },
};

/** The games loadGame knows, by id. */
export const LOADABLE_GAMES: readonly string[] = Object.freeze(Object.keys(LOADERS));

const loading = new Map<string, Promise<RegisteredGame>>();

/** One game and its bots by id, importing only their modules (once per thread). */
export function loadGame(id: string): Promise<RegisteredGame> {
  if (!Object.hasOwn(LOADERS, id)) return Promise.reject(new UserError(`unknown game "${id}" (known: ${LOADABLE_GAMES.join(', ')})`));
  let game = loading.get(id);
  if (!game) loading.set(id, (game = LOADERS[id]!()));
  return game;
}
