import { CompiledRule, type RuleExpectation, type RuleFeature } from '../../../game/distilled-rule.js';
import { readRuleFile } from '../../../game/rule-file.js';
import type { DistillKit } from '../../manifest.js';
import { defineAgent, GAME_ID, type Action, type GameStart, type NoThanksAgent, type Observation, type Rules } from '../agent.js';
import { deckSize, TAKE } from '../kit.js';

/**
 * The distilled take rule of No Thanks! (`nothanks distill`): take when out of chips, or when
 *   marginal cost - chips on the card <= T,
 * with T per context of the card, chips in hand, cards left and whether the card touches a run of
 * the seat's own display. The features are read from the deciding seat's observation only; the
 * rule bot and the distiller read them with the same function, so a rule plays exactly what it was
 * fitted on.
 */

export const RULE_KIND = 'take-threshold';
/** The feature vector's order (rule files name features by these keys). */
export const RULE_FEATURES = ['card', 'chips', 'cardsLeft', 'run'] as const;
const EXPECT: RuleExpectation = { game: GAME_ID, kind: RULE_KIND, features: RULE_FEATURES };

/** Consecutive bands [lo, hi] from cut points: cuts [1, 3, 5] over 1..9 give 1-2, 3-4, 5-9. */
function bandsFrom(starts: readonly number[], max: number): [number, number][] {
  return starts.filter((s) => s <= max).map((s, i, all) => [s, i + 1 < all.length ? all[i + 1]! - 1 : max]);
}

/** The features' bands under these rules: distill splits and merges contexts along them. */
export function ruleFeatures(rules: Rules): RuleFeature[] {
  const cardStarts: number[] = [];
  // Bands of three cards: fine enough to find "about -5 for 30 to 35"; merging joins neighbours with the same T.
  for (let c = rules.minCard; c <= rules.maxCard; c += 3) cardStarts.push(c);
  const d = deckSize(rules);
  const third = Math.max(1, Math.floor(d / 3));
  return [
    { name: 'card', label: 'card', bands: bandsFrom(cardStarts, rules.maxCard) },
    // Zero chips is a forced take and never a decision of the rule.
    { name: 'chips', label: 'chips in hand', bands: bandsFrom([1, 2, 3, 5, 7, 10, 13], rules.players * rules.startChips) },
    { name: 'cardsLeft', label: 'cards left', bands: bandsFrom([0, third, 2 * third], Math.max(0, d - 1)) },
    {
      name: 'run',
      label: 'touches a run',
      bands: [
        [0, 0],
        [1, 1],
      ],
      yesNo: true,
    },
  ];
}

/** The rule's features of the face-up card as `obs`'s seat sees it, written into x; returns the score. */
export function ruleInputs(obs: Observation, x: Float64Array): number {
  const card = obs.card;
  x[0] = card;
  x[1] = obs.myChips;
  x[2] = obs.cardsLeft;
  x[3] = obs.has(obs.seat, card - 1) || obs.has(obs.seat, card + 1) ? 1 : 0;
  return obs.marginalCost() - obs.pot;
}

/** What distill reads of a No Thanks! decision (the manifest's DistillKit). */
export const distillKit: DistillKit = {
  ruleBot: 'rule',
  baseline: 'threshold',
  kind: RULE_KIND,
  score: 'marginal cost - chips on the card',
  action: 'take',
  sentence: 'take when marginal cost - chips on the card <= T (always when out of chips)',
  leftOut: 'forced takes (no chips)',
  features: (rules) => ruleFeatures(rules as Rules),
  decision(obs, action, x) {
    const o = obs as Observation;
    if (o.myChips === 0) return null;
    return { score: ruleInputs(o, x), act: action === TAKE };
  },
};

export interface RuleParams {
  [key: string]: number | string;
  file: string;
}

export default defineAgent<RuleParams>({
  name: 'rule',
  description:
    'Plays a distilled take rule (nothanks distill): takes when out of chips, or when marginal cost - chips on the card <= T, ' +
    'T per context of card, chips, cards left and run read from the rule file. rule:file=PATH.json (docs/distill.md).',
  params: { file: { description: 'the rule file nothanks distill wrote (a path)', default: '', text: true } },
  nodeOnly: true,
  // Without a file it still starts (the lab makes one of every built-in with its defaults, to
  // freeze its class before a bot file loads), and refuses its first game, in one line.
  create: (p) => new RuleAgent(p.file === '' ? undefined : readRuleFile(p.file, EXPECT)),
  async check(p, rules) {
    readRuleFile(p.file, EXPECT, (rules as { players: number }).players);
  },
});

class RuleAgent implements NoThanksAgent {
  private readonly rule: CompiledRule | undefined;
  private readonly x = new Float64Array(RULE_FEATURES.length);

  constructor(rule: ReturnType<typeof readRuleFile> | undefined) {
    this.rule = rule && new CompiledRule(rule, RULE_FEATURES);
  }

  newGame(_start: GameStart): void {
    if (!this.rule) readRuleFile('', EXPECT);
  }

  decide(obs: Observation): Action {
    if (obs.myChips === 0) return 'take';
    const score = ruleInputs(obs, this.x);
    return score <= this.rule!.threshold(this.x) ? 'take' : 'pass';
  }
}
