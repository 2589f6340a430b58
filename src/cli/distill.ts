import { join } from 'node:path';
import { loadBot } from '../agents/registry.js';
import { distillKitOf, sampleDecisions } from '../distill/collect.js';
import { growRule, type FitOptions } from '../distill/fit.js';
import { measureRule, type Measurement } from '../distill/measure.js';
import { ruleAgreement, ruleOf, ruleText } from '../distill/rule.js';
import { shadowAgreement } from '../distill/shadow.js';
import { UserError } from '../errors.js';
import { newResultsDir, prepareOutputDir, writeFileAtomic } from '../files.js';
import type { DistilledRule } from '../game/distilled-rule.js';
import { Progress } from '../output/progress.js';
import { leaderboard, pairwiseText } from '../output/tournament-outputs.js';
import { gameById } from '../registry.js';
import { printable } from '../text.js';
import { runInterruptibly } from './interrupt.js';
import { rulesFromArgs, type RuleArgs } from './options.js';

export type DistillArgs = RuleArgs & {
  bot: string;
  games: number;
  seed: string;
  threads?: number;
  minCount: number;
  tolerance: number;
  measure: number;
  against?: string;
  out?: string;
  force?: boolean;
  quiet: boolean;
};

/** What distill printed and wrote. */
export interface DistillResult {
  rule: DistilledRule;
  ruleFile: string;
  ruleSpec: string;
  lines: string[];
  fresh?: { decisions: number; agree: number };
  /** The rule bot's own games with the bot shadowing it (src/distill/shadow.ts). */
  shadow?: { games: number; decisions: number; agree: number };
  measurements: Measurement[];
  partial: boolean;
}

const share = (a: number, n: number): string => `${((100 * a) / Math.max(1, n)).toFixed(1)}%`;

/**
 * `nothanks distill BOT`: the bot plays GAMES deals in every seat; its decisions are fitted with a
 * threshold rule per context (src/distill/fit.ts), printed, and written as a rule file a built-in
 * rule bot plays. With --measure DEALS, the rule's agreement on fresh games of the bot and the rule
 * bot's win share against the bot and the opponents.
 */
export async function distillCommand(a: DistillArgs): Promise<DistillResult> {
  // Mistakes fail before the folder is made: a typo leaves nothing behind.
  const game = gameById(a.game);
  const kit = distillKitOf(game.id);
  const bot = (await loadBot(a.bot, game.id)).spec.text;
  const players = a.players ?? game.defaultPlayers;
  const rulesInput = rulesFromArgs(a, game, players);
  const rules = game.makeRules(rulesInput);
  const whole = (flag: string, v: number, min: number): void => {
    if (!Number.isInteger(v) || v < min) throw new UserError(`--${flag} must be a whole number at least ${min}, got ${v}`);
  };
  whole('games', a.games, 1);
  whole('min-count', a.minCount, 1);
  whole('measure', a.measure, 0);
  if (!(a.tolerance >= 0 && a.tolerance < 1)) throw new UserError(`--tolerance must be a share from 0 to below 1, got ${a.tolerance}`);
  const opponents = [...new Set([bot, ...(a.against ?? kit.baseline).split(',').map((s) => s.trim())])];
  for (const o of opponents) await loadBot(o, game.id);
  const dir = a.out ?? newResultsDir('distill');
  // The rule bot's spec names the file: a comma would end the spec's parameter there.
  if (/[,\s]/.test(dir)) throw new UserError(`--out ${printable(dir)}: the rule bot's spec names the rule file in it, so the path may hold no comma or space`);
  prepareOutputDir(dir, a.force);
  const fit: FitOptions = { minCount: a.minCount, tolerance: a.tolerance };
  const features = kit.features(rules);

  const sample = await runInterruptibly(new Progress(`distill ${bot}`, !a.quiet), (signal, onProgress) =>
    sampleDecisions({ game: game.id, bot, rules: rulesInput, games: a.games, seed: a.seed, threads: a.threads, signal, onProgress }),
  );
  if (sample.decisions.count === 0) throw new UserError(`distill: ${bot} made no decision with a choice in ${sample.games} games`);
  const tree = growRule(sample.decisions, features, fit);
  const rule = ruleOf(tree, kit, features, { game: game.id, players, bot, forced: sample.forced, games: sample.games, seed: a.seed });
  const ruleFile = join(dir, 'rule.json');
  writeFileAtomic(ruleFile, `${JSON.stringify(rule, null, 2)}\n`);
  const ruleSpec = `${kit.ruleBot}:file=${ruleFile}`;
  const lines = [
    `${game.name}, ${players} players: ${bot} in every seat, ${sample.games} games (seed ${a.seed})${sample.partial ? ' PARTIAL' : ''}, ${sample.decisions.count.toLocaleString('en-US')} decisions with a choice.`,
    ...ruleText(rule, tree, kit, features),
    `Rule file: ${ruleFile}`,
    `As a bot: ${ruleSpec}`,
  ];
  for (const line of lines) console.log(printable(line));

  let fresh: DistillResult['fresh'];
  let shadow: DistillResult['shadow'];
  let measurements: Measurement[] = [];
  let partial = sample.partial;
  if (a.measure > 0 && !partial) {
    // Fresh deals (another seed): does the rule agree with the bot as often off the sample as on it?
    const freshSeed = `${a.seed}/fresh`;
    const check = await runInterruptibly(new Progress(`fresh games of ${bot}`, !a.quiet), (signal, onProgress) =>
      sampleDecisions({ game: game.id, bot, rules: rulesInput, games: a.measure, seed: freshSeed, threads: a.threads, signal, onProgress }),
    );
    fresh = { decisions: check.decisions.count, agree: ruleAgreement(rule, check.decisions).agree };
    const freshLine = `On ${check.games} fresh games (seed ${freshSeed}) the rule agrees with ${bot} on ${share(fresh.agree, fresh.decisions)} of ${fresh.decisions.toLocaleString('en-US')} decisions (fitted: ${share(rule.agree, rule.decisions)}).`;
    console.log(printable(freshLine));
    lines.push(freshLine);
    partial ||= check.partial;
    if (!partial) {
      // The rule bot's own games, the original shadowing it: does the rule, played, stay the bot's strategy?
      const shadowSeed = `${a.seed}/shadow`;
      shadow = await runInterruptibly(new Progress(`${bot} shadowing the rule`, !a.quiet), (signal, onProgress) =>
        shadowAgreement({ game: game.id, rules: rulesInput, ruleSpec, bot, games: a.measure, seed: shadowSeed, signal, onProgress }),
      );
      const shadowLine = `In ${shadow.games} games of the rule bot (seed ${shadowSeed}), ${bot} would have chosen as the rule did in ${share(shadow.agree, shadow.decisions)} of ${shadow.decisions.toLocaleString('en-US')} decisions.`;
      console.log(printable(shadowLine));
      lines.push(shadowLine);
      partial ||= shadow.games < a.measure;
    }
    if (!partial) {
      const run = await runInterruptibly(new Progress('measure', false), (signal) =>
        measureRule({
          game: game.id,
          rules: rulesInput,
          ruleSpec,
          opponents,
          deals: a.measure,
          seed: `${a.seed}/measure`,
          threads: a.threads,
          quiet: a.quiet,
          signal,
        }),
      );
      measurements = run.measurements;
      partial ||= run.partial;
      for (const m of measurements) {
        const ruleRow = m.summary.agents.find((r) => r.agent === ruleSpec)!;
        const text = [
          `The rule bot against ${m.opponent}: win share ${share(ruleRow.winShare, 1)} [${(100 * ruleRow.winShareCI[0]).toFixed(1)}, ${(100 * ruleRow.winShareCI[1]).toFixed(1)}] (an even share is ${share(1, players)}) over ${m.summary.gamesPlayed} games.`,
          leaderboard(m.summary),
          pairwiseText(m.summary),
        ];
        for (const t of text) console.log(printable(t));
        lines.push(...text);
        writeFileAtomic(join(dir, `measure-${m.opponent.replace(/[^\w.-]+/g, '_')}.json`), `${JSON.stringify(m.summary, null, 2)}\n`);
      }
    }
  }
  writeFileAtomic(join(dir, 'distill.txt'), `${lines.join('\n')}\n`);
  console.log(`Outputs in ${dir}: rule.json, distill.txt${measurements.length ? ', measure-*.json' : ''}`);
  if (partial) process.exitCode = 130;
  return { rule, ruleFile, ruleSpec, lines, ...(fresh ? { fresh } : {}), ...(shadow ? { shadow } : {}), measurements, partial };
}
