import { readFileSync } from 'node:fs';
import { UserError } from '../errors.js';
import { parseRule, type DistilledRule, type RuleExpectation } from './distilled-rule.js';

/**
 * A rule file read from disk and validated (src/game/distilled-rule.ts): Node only, so the browser
 * bundle swaps this module for a stub (src/web/build.ts) and leaves the rule bots out of its lists.
 */
export function readRuleFile(path: string, expect: RuleExpectation): DistilledRule {
  if (path === '') throw new UserError('the rule bot needs a rule file: give one as rule:file=PATH.json (made by nothanks distill)');
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new UserError(`rule file ${path} cannot be read${code === 'ENOENT' ? ': no such file' : code ? ` (${code})` : ''}`);
  }
  return parseRule(text, path, expect);
}
