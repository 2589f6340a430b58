import { GAMES, type RegisteredGame } from '../../registry.js';
import type { GameView } from './types.js';

/**
 * The page's drawing of each registered game. The views live in the game folders
 * (src/games/<id>/web/view.ts); the bundle's entry (src/web/build.ts) imports each and hands them
 * here before the page starts, so this module names no game.
 */
const views = new Map<string, GameView>();

export interface WebGame {
  game: RegisteredGame;
  view: GameView;
}

/** Takes the view of every registered game, by game id; a game without one is named. */
export function registerViews(byId: Readonly<Record<string, GameView>>): void {
  for (const id of GAMES.keys()) {
    const view = byId[id];
    if (!view) throw new Error(`the web app has no view of the game "${id}": add src/games/${id}/web/view.ts`);
    views.set(id, view);
  }
}

/** Every registered game with its view, in the registry's order. */
export function webGames(): WebGame[] {
  return [...GAMES.values()].map((game) => webGame(game.id)!);
}

export function webGame(id: unknown): WebGame | undefined {
  const game = typeof id === 'string' ? GAMES.get(id) : undefined;
  const view = typeof id === 'string' ? views.get(id) : undefined;
  return game && view ? { game, view } : undefined;
}
