import { readFileSync } from 'node:fs';
import { UserError } from '../errors.js';
import { parseRule, type DistilledRule, type RuleExpectation } from './distilled-rule.js';

/**
 * A rule file read from disk and validated (src/game/distilled-rule.ts): Node only, so the browser
 * bundle swaps this module for a stub (src/web/build.ts) and leaves the rule bots out of its lists.
 * With `players` (a run's check), a file distilled at another player count is refused: its
 * thresholds were fitted to the decisions of that table.
 */
export function readRuleFile(path: string, expect: RuleExpectation, players?: number): DistilledRule {
  if (path === '') throw new UserError('the rule bot needs a rule file: give one as rule:file=PATH.json (made by nothanks distill)');
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new UserError(`rule file ${path} cannot be read${code === 'ENOENT' ? ': no such file' : code ? ` (${code})` : ''}`);
  }
  const rule = parseRule(text, path, expect);
  if (players !== undefined && rule.players !== players)
    throw new UserError(
      `rule file ${path} was distilled at ${rule.players} players, the table has ${players}: its thresholds are fitted to that table (distill one at ${players} players)`,
    );
  return rule;
}
