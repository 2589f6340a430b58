import { UserError } from '../errors.js';

/**
 * newState's guard on its rules argument: rules made by the game's makeRules, not the partial
 * input makeRules takes. Before, `newState({ players: 3 })` dealt with undefined settings and
 * looped forever. `template` is makeRules of the default player count: every key it has must be
 * there, of the same type, and players an integer in the game's range. One line, saying what to do.
 */
export function requireMadeRules<R extends object>(game: string, rules: R, template: R, minPlayers: number, maxPlayers: number): R {
  const advice = "make them with the game's makeRules (e.g. makeRules({ players: 4 })), which fills the defaults and checks them";
  if (rules === null || typeof rules !== 'object') throw new UserError(`${game}: newState needs rules, got ${String(rules)}: ${advice}`);
  const given = rules as Record<string, unknown>;
  const players = given.players;
  if (!Number.isInteger(players) || (players as number) < minPlayers || (players as number) > maxPlayers) {
    throw new UserError(`${game}: newState needs players an integer from ${minPlayers} to ${maxPlayers}, got ${String(players)}`);
  }
  const reference = template as Record<string, unknown>;
  const wrong = Object.keys(reference).filter((key) => reference[key] !== undefined && typeof given[key] !== typeof reference[key]);
  if (wrong.length > 0) throw new UserError(`${game}: newState was given rules without ${wrong.join(', ')}: ${advice}`);
  return rules;
}
