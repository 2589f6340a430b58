import { GAMES, type RegisteredGame } from '../../registry.js';
import { noThanksView } from './games/no-thanks.js';
import { specialsView } from './games/no-thanks-specials.js';
import { sixNimmtView } from './games/six-nimmt.js';
import type { GameView } from './types.js';

/** The page's drawing of each registered game (by game id); every game of the registry has one. */
const VIEWS: ReadonlyMap<string, GameView> = new Map([
  ['no-thanks', noThanksView],
  ['6-nimmt', sixNimmtView],
  ['no-thanks-specials', specialsView],
]);

export interface WebGame {
  game: RegisteredGame;
  view: GameView;
}

export const WEB_GAMES: readonly WebGame[] = [...GAMES.values()].map((game) => {
  const view = VIEWS.get(game.id);
  if (!view) throw new Error(`the web app has no view of the game "${game.id}": add one in src/web/client/games/`);
  return { game, view };
});

export function webGame(id: unknown): WebGame | undefined {
  return WEB_GAMES.find((g) => g.game.id === id);
}
