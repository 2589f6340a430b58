/**
 * Stands in for src/game/terminal.ts in the browser bundle (src/web/build.ts swaps it in): the
 * terminal's human bots are never seated by the page, which has its own (src/web/client/human.ts).
 */
export function readKey(): string {
  throw new Error('the terminal human bot cannot play in the browser: the page seats its own');
}

export function readLine(): string {
  return readKey();
}
