import { UserError } from './errors.js';
import type { GameManifest } from './games/manifest.js';
import { protectData } from './game/protect.js';

/** A game as generic code sees it: its manifest (src/games/<id>/manifest.ts), frozen deeply. */
export type RegisteredGame = GameManifest;

/** Each game registered in this thread, by id: src/registry.ts and loadGame hand out the same object. */
const registered = new Map<string, RegisteredGame>();

/** A game's manifest as the registry holds it, frozen deeply (see src/registry.ts); one object per game and thread. */
export function registerGame(manifest: GameManifest): RegisteredGame {
  let entry = registered.get(manifest.id);
  if (!entry) registered.set(manifest.id, (entry = protectData(`the ${manifest.name} definition`, { ...manifest, makeRules: inFlagNames(manifest) })));
  return entry;
}

/**
 * A game's makeRules whose refusals name each setting as users set it: the flag (`chips`, as
 * `--chips` or the Python keyword `chips`), not the settings key a game checks (`startChips`).
 */
function inFlagNames(manifest: GameManifest): GameManifest['makeRules'] {
  const renames = manifest.ruleOptions.filter((o) => o.key !== o.flag).map((o) => [new RegExp(`\\b${o.key}\\b`, 'g'), o.flag] as const);
  const make = manifest.makeRules;
  return (input) => {
    try {
      return make(input);
    } catch (err) {
      if (!(err instanceof UserError)) throw err;
      throw new UserError(renames.reduce((text, [key, flag]) => text.replace(key, flag), err.message));
    }
  };
}

const loading = new Map<string, Promise<RegisteredGame>>();

/**
 * A module of a game's folder by the game's id and the module's path there (without extension):
 * a worker's game (its manifest), and the modules generic code loads by the fixed paths of
 * GAME_MODULES. The id is checked by the caller (a registered game, or loadGame's pattern).
 */
export function importGameModule(id: string, path: string): Promise<unknown> {
  // Built at run time: no bundler resolves it ahead (the browser bundle never calls this).
  const specifier = `./games/${id}/${path}.js`;
  return import(/* @vite-ignore */ specifier);
}

/**
 * One game by id, importing only its folder (src/games/<id>/, named by the id), once per thread.
 * A tournament worker thread plays one game: importing src/registry.ts (every game and every bot,
 * about 30 ms of a fresh thread's CPU) would compile games it never plays. The ids it is given
 * come from the registry of the thread that started it; src/registry.test.ts checks that every
 * registered game loads here as the same object.
 */
export function loadGame(id: string): Promise<RegisteredGame> {
  let game = loading.get(id);
  if (!game) {
    game = /^[a-z0-9][a-z0-9-]*$/.test(id)
      ? importGameModule(id, 'manifest').then(
          (module) => registerGame((module as { default: GameManifest }).default),
          () => Promise.reject(new UserError(`unknown game "${id}"`)),
        )
      : Promise.reject(new UserError(`unknown game "${id}"`));
    loading.set(id, game);
  }
  return game;
}
