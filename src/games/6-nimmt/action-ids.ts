import { ROWS } from './rules.js';

/*
 * 6 nimmt!'s action ids, one space for every phase: play card c is c (1..maxCard; id 0 is no
 * card, never legal, so that a card is its own id in the search's hot loops), take row r is
 * maxCard + 1 + r, and pick card c in the pro variant's draft is maxCard + ROWS + c.
 */

/** The id of taking row 0 (row r: + r). */
export const rowAction = (maxCard: number): number => maxCard + 1;
/** The id of picking card 0 (card c: + c). */
export const pickAction = (maxCard: number): number => maxCard + ROWS;

/** A readable name of an id ("play 17", "take row 2", "pick 5"). */
export function actionName(maxCard: number, id: number): string {
  if (id >= 1 && id <= maxCard) return `play ${id}`;
  if (id >= rowAction(maxCard) && id < rowAction(maxCard) + ROWS) return `take row ${id - rowAction(maxCard)}`;
  if (id > pickAction(maxCard) && id <= pickAction(maxCard) + maxCard) return `pick ${id - pickAction(maxCard)}`;
  if (id === 0) return 'no card';
  return `unknown action ${id}`;
}
