import { type AdviceStep, AdvisorSession } from '../analysis/advisor.js';
import { evaluatorSettings, notationOf } from '../analysis/position.js';
import { UserError } from '../errors.js';
import type { RulesInput } from '../game/contract.js';
import { gameById } from '../registry.js';
import { printable } from '../text.js';

/** What GET api/advise answers: the advice after the lines typed so far. */
export interface AdviseReply {
  /** The last line's one-line refusal (the lines before it stand), else null. */
  error: string | null;
  step: AdviceStep;
  /** The seat's position in the game's notation, when a decision is on the table. */
  notation: string | null;
  /** What to type. */
  help: string;
}

/** Most lines a relay may hold (a 6-player No Thanks! game is about 200 events) and characters a line. */
const MAX_LINES = 2000;
const MAX_LINE = 200;
/** The server evaluates in its own thread: a budget above this would keep every other request waiting. */
const MAX_SAMPLES = 5000;

/**
 * The web advisor's evaluation, on the server (`nothanks web`): the page sends the game, the seat,
 * the rule settings and every line typed so far; the server relays them through a fresh
 * AdvisorSession (nothing is kept between requests) and evaluates the position after the last.
 * Every line but the last was accepted before (the page keeps only those), so one of them failing
 * is a bad request. The advice is the terminal advisor's and `nothanks eval`'s, number for number.
 */
export function adviseReply(query: URLSearchParams): AdviseReply {
  const game = gameById(query.get('game') ?? '');
  notationOf(game);
  const int = (key: string, fallback?: number): number => {
    const text = query.get(key);
    if (text === null && fallback !== undefined) return fallback;
    const n = Number(text);
    if (text === null || !Number.isInteger(n)) throw new UserError(`${key} must be a whole number`);
    return n;
  };
  const players = int('players', game.defaultPlayers);
  const seat = int('seat');
  const rules: RulesInput = { players };
  for (const o of game.ruleOptions) {
    const v = query.get(o.flag);
    if (v === null || v === '') continue;
    rules[o.key] = o.type === 'number' ? Number(v) : o.type === 'boolean' ? v === 'true' : v;
  }
  game.makeRules(rules);
  const samples = query.get('samples');
  if (samples !== null && (!/^\d+$/.test(samples) || Number(samples) < 2 || Number(samples) > MAX_SAMPLES))
    throw new UserError(`samples must be a whole number from 2 to ${MAX_SAMPLES}`);
  const settings = evaluatorSettings(game, samples === null ? undefined : `rollouts:samples=${samples}`, query.get('seed') ?? '1');
  const lines = query.getAll('line');
  if (lines.length > MAX_LINES || lines.some((l) => l.length > MAX_LINE)) throw new UserError(`at most ${MAX_LINES} lines of ${MAX_LINE} characters`);
  const session = new AdvisorSession(game, rules, seat, settings);
  let step = session.start();
  lines.forEach((line, i) => {
    const last = i === lines.length - 1;
    step = session.enter(line, last);
    if (!last && step.error !== null) throw new UserError(`line ${i + 1} ("${printable(line)}"): ${step.error}`);
  });
  // A refusal quotes the typed line: its control characters are shown escaped, as the terminal shows them.
  const error = step.error === null ? null : printable(step.error);
  return { error, step: { ...step, error }, notation: session.notation(), help: session.help };
}
