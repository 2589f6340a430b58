import { CompiledRule, type DistilledRule, type RuleExpectation, type RuleFeature } from '../../../game/distilled-rule.js';
import { readRuleFile } from '../../../game/rule-file.js';
import type { DistillKit } from '../../manifest.js';
import { defineAgent, GAME_ID, type Action, type Observation, type Rules, type SixNimmtAgent } from '../agent.js';

/**
 * The distilled play rule of 6 nimmt! (`nothanks distill --game 6-nimmt`): among the hand cards
 * whose row holds fewer than |T| cards, play the one with the smallest gap above its row end
 * (T > 0) or the largest (T < 0); if no card qualifies, the lowest card. |T| = 1 always plays the
 * lowest card; |T| = row limit + 1 counts full rows too. T per context of the cards in hand and how many hand cards are safe (their row has
 * room). A row to take: the fewest bullheads (ties: the lower row). The pro draft: the highest open
 * card. The rule bot and the distiller read the features with the same function, from the seat's
 * observation only.
 */

export const RULE_KIND = 'play-gap-rule';
export const RULE_FEATURES = ['hand', 'safe'] as const;
const EXPECT: RuleExpectation = { game: GAME_ID, kind: RULE_KIND, features: RULE_FEATURES };

/** The features' bands: cards in hand in thirds of a hand, safe cards 0, 1, 2-3, 4 and more. */
export function ruleFeatures(rules: Rules): RuleFeature[] {
  const h = rules.handSize;
  const third = Math.max(1, Math.floor(h / 3));
  const bands = (starts: number[], max: number): [number, number][] =>
    starts.filter((s, i) => s <= max && (i === 0 || s > starts[i - 1]!)).map((s, i, all) => [s, i + 1 < all.length ? all[i + 1]! - 1 : max]);
  return [
    { name: 'hand', label: 'cards in hand', bands: bands([1, third + 1, 2 * third + 1], h) },
    { name: 'safe', label: 'safe cards', bands: bands([0, 1, 2, 4], h) },
  ];
}

/** The hand cards whose row has room (a row to join, holding fewer than the row limit). */
function safeCards(obs: Observation): number {
  let safe = 0;
  for (let i = 0; i < obs.handSize; i++) {
    const r = obs.targetRow(obs.handCard(i));
    if (r >= 0 && obs.rowLength(r) < obs.rules.rowLimit) safe++;
  }
  return safe;
}

/**
 * The card rule T plays: among the cards whose row holds fewer than |T| cards, the smallest gap
 * (T > 0) or the largest (T < 0: dump the card far above its row while it is still safe); if no
 * card qualifies, the lowest card.
 */
export function ruleCard(obs: Observation, T: number): number {
  const k = Math.abs(T);
  const sign = T > 0 ? 1 : -1;
  let best = 0;
  let bestGap = Number.POSITIVE_INFINITY;
  for (let i = 0; i < obs.handSize; i++) {
    const card = obs.handCard(i);
    const r = obs.targetRow(card);
    if (r < 0 || obs.rowLength(r) >= k) continue;
    const gap = sign * (card - obs.rowEnd(r));
    if (gap < bestGap) {
      bestGap = gap;
      best = card;
    }
  }
  // The hand is ascending: card 0 is the lowest.
  return best !== 0 ? best : obs.handCard(0);
}

/** The rule's features of a play decision, written into x. */
export function ruleInputs(obs: Observation, x: Float64Array): void {
  x[0] = obs.handSize;
  x[1] = safeCards(obs);
}

/** The values T may take under these rules: -(limit + 1)..-1 and 1..limit + 1 (the sign says which gap). */
const valuesFor = (rowLimit: number): number[] => Array.from({ length: 2 * rowLimit + 2 }, (_, i) => (i <= rowLimit ? i - rowLimit - 1 : i - rowLimit));

/** What distill reads of a 6 nimmt! decision (the manifest's DistillKit): the card played, one-card hands left out. */
export const distillKit: DistillKit = {
  ruleBot: 'rule',
  baseline: 'heuristic',
  kind: RULE_KIND,
  score: 'cards in the row the card joins',
  action: 'play the smallest (T > 0) or largest (T < 0) gap onto a row of fewer than |T| cards, else the lowest card',
  sentence:
    'among the cards whose row holds fewer than |T| cards, play the smallest gap above the row end (T > 0) or the largest (T < 0); if there is none, the lowest card (|T| = 1: always the lowest card; |T| = 6: full rows count too)',
  leftOut: 'row choices, drafts and one-card plays',
  // The official row limit (5); a rule fitted under another limit still names T in 1..6.
  values: valuesFor(5),
  features: (rules) => ruleFeatures(rules as Rules),
  decision(obs, action, x) {
    const o = obs as Observation;
    if (o.phase !== 'play' || o.handSize < 2) return null;
    ruleInputs(o, x);
    let mask = 0;
    valuesFor(5).forEach((T, i) => {
      if (ruleCard(o, T) === action) mask += 2 ** i;
    });
    return { score: mask, act: false };
  },
};

export interface RuleParams {
  [key: string]: number | string;
  file: string;
}

export default defineAgent<RuleParams>({
  name: 'rule',
  description:
    'Plays a distilled play rule (nothanks distill): the smallest (T > 0) or largest (T < 0) gap onto a row of fewer than |T| cards, else the lowest card, ' +
    'T per context of cards in hand and safe cards read from the rule file; takes the row with the fewest bullheads. rule:file=PATH.json (docs/distill.md).',
  params: { file: { description: 'the rule file nothanks distill wrote (a path)', default: '', text: true } },
  nodeOnly: true,
  // Without a file it still starts (the lab makes one of every built-in with its defaults, to
  // freeze its class before a bot file loads), and refuses its first game, in one line.
  create: (p) => new RuleAgent(p.file === '' ? undefined : readRuleFile(p.file, EXPECT)),
  async check(p, rules) {
    readRuleFile(p.file, EXPECT, (rules as { players: number }).players);
  },
});

class RuleAgent implements SixNimmtAgent {
  private readonly rule: CompiledRule | undefined;
  private readonly x = new Float64Array(RULE_FEATURES.length);

  constructor(rule: DistilledRule | undefined) {
    this.rule = rule && new CompiledRule(rule, RULE_FEATURES);
  }

  newGame(): void {
    if (!this.rule) readRuleFile('', EXPECT);
  }

  decide(obs: Observation): Action {
    const phase = obs.phase;
    if (phase === 'row') {
      let best = 0;
      for (let r = 1; r < 4; r++) if (obs.rowBullheads(r) < obs.rowBullheads(best)) best = r;
      return best;
    }
    if (phase === 'draft') {
      for (let c = obs.rules.maxCard; c >= 1; c--) if (obs.isOpen(c)) return c;
    }
    ruleInputs(obs, this.x);
    return ruleCard(obs, this.rule!.threshold(this.x));
  }
}
