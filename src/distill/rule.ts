import { CompiledRule, RULE_FORMAT, type DistilledRule, type RuleFeature } from '../game/distilled-rule.js';
import type { DistillKit } from '../games/manifest.js';
import { agrees, contextsOf, type Decisions, type RuleNode } from './fit.js';

/** The rule file of a fitted tree: its leaves are the contexts, the root's T the fallback. */
export function ruleOf(
  tree: RuleNode,
  kit: DistillKit,
  features: readonly RuleFeature[],
  o: { game: string; players: number; bot: string; forced: number; games: number; seed: string },
): DistilledRule {
  return {
    format: RULE_FORMAT,
    game: o.game,
    kind: kit.kind,
    players: o.players,
    bot: o.bot,
    score: kit.score,
    action: kit.action,
    features: features.map((f) => f.name),
    fallback: tree.T,
    contexts: contextsOf(tree),
    decisions: tree.decisions,
    agree: contextsOf(tree).reduce((s, c) => s + c.agree, 0),
    forced: o.forced,
    sample: { games: o.games, seed: o.seed },
  };
}

/** How many of `d` the rule agrees with, overall and per context (index -1: the fallback). */
export function ruleAgreement(rule: DistilledRule, d: Decisions): { agree: number; perContext: { decisions: number; agree: number }[] } {
  const compiled = new CompiledRule(rule, rule.features);
  const perContext = rule.contexts.map(() => ({ decisions: 0, agree: 0 }));
  const fallback = { decisions: 0, agree: 0 };
  let agree = 0;
  for (let k = 0; k < d.count; k++) {
    const x = d.x.subarray(k * d.width, (k + 1) * d.width);
    const i = compiled.contextOf(x);
    const T = i < 0 ? rule.fallback : rule.contexts[i]!.T;
    const ok = agrees(d, k, T);
    const c = i < 0 ? fallback : perContext[i]!;
    c.decisions++;
    if (ok) {
      c.agree++;
      agree++;
    }
  }
  return { agree, perContext };
}

const pct = (a: number, n: number): string => (n === 0 ? '   -  ' : `${((100 * a) / n).toFixed(1).padStart(5)}%`);

/** A range of a feature in words: "card 12-22", "chips in hand 7+", "touches a run: yes". */
export function rangeText(f: RuleFeature, range: readonly [number, number]): string {
  if (f.yesNo) return `${f.label}: ${range[0] === 1 ? 'yes' : range[1] === 0 ? 'no' : 'either'}`;
  const top = f.bands[f.bands.length - 1]![1];
  const [lo, hi] = range;
  if (lo === hi) return `${f.label} ${lo}`;
  if (hi >= top && lo > f.bands[0]![0]) return `${f.label} ${lo}+`;
  return `${f.label} ${lo}-${hi}`;
}

/**
 * The rule as a person reads it: the tree of contexts, indented, each leaf with its T and its
 * agreement (share and count of the bot's decisions there), then the whole rule's agreement.
 */
export function ruleText(rule: DistilledRule, tree: RuleNode, kit: DistillKit, features: readonly RuleFeature[]): string[] {
  const byName = new Map(features.map((f) => [f.name, f]));
  const lines: string[] = [`${kit.sentence}; T by context (${rule.bot}, ${rule.players} players):`];
  const width = 44;
  const walk = (node: RuleNode, depth: number, label: string): void => {
    const pad = '  '.repeat(depth);
    if (!node.split) {
      const head = `${pad}${label || 'every decision'}`;
      lines.push(
        `${head.padEnd(width)} T = ${String(node.T).padStart(3)}   agreement ${pct(node.agree, node.decisions)} of ${node.decisions.toLocaleString('en-US')}`,
      );
      return;
    }
    if (label) lines.push(`${pad}${label}:`);
    const f = byName.get(node.split.feature)!;
    for (const child of node.split.children) walk(child, depth + (label ? 1 : 0), rangeText(f, child.when[f.name]!));
  };
  walk(tree, 1, '');
  lines.push(
    `Overall agreement ${pct(rule.agree, rule.decisions).trim()} of ${rule.decisions.toLocaleString('en-US')} decisions with a choice ` +
      `(${rule.contexts.length} context${rule.contexts.length === 1 ? '' : 's'}; ${rule.forced.toLocaleString('en-US')} ${kit.leftOut} left out; ` +
      `T = ${rule.fallback} for a context the sample never met).`,
  );
  return lines;
}
