import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkBot, loadBot } from '../agents/registry.js';
import { UserError } from '../errors.js';
import { parseRule, RULE_FORMAT, type RuleFeature } from '../game/distilled-rule.js';
import { makeRandom } from '../game/seed.js';
import { gameById } from '../registry.js';
import { runCli } from '../cli/program.js';
import { sized } from '../testing/tier.js';
import { distillKitOf, sampleDecisions, type Sample } from './collect.js';
import { agreementOf, contextsOf, fitRule, fitThreshold, growRule, type Decisions } from './fit.js';
import { ruleAgreement, ruleOf } from './rule.js';
import { shadowAgreement } from './shadow.js';

// Worker threads run the compiled build: `npm test` builds first.
const game = gameById('no-thanks');
const kit = distillKitOf('no-thanks');
const rules4 = game.makeRules({ players: 4 });
const features = kit.features(rules4);
const EXPECT = { game: 'no-thanks', kind: kit.kind, features: features.map((f) => f.name) };

/** Decisions from plain lists (one feature: a band index). */
function decisionsOf(score: number[], act: number[], x: number[] = score.map(() => 0)): Decisions {
  return { width: 1, x: Float64Array.from(x), score: Float64Array.from(score), act: Uint8Array.from(act), count: score.length };
}

const sample = (bot: string, games: number, seed = 'distill-test'): Promise<Sample> =>
  sampleDecisions({ game: 'no-thanks', bot, rules: { players: 4 }, games, seed, threads: 1 });

describe('fitThreshold', () => {
  it('finds the T of most agreement, as trying every T does, the tie nearest the preferred T', () => {
    const random = makeRandom('fit');
    for (let trial = 0; trial < 300; trial++) {
      const n = 1 + Math.floor(random() * 40);
      const score = Array.from({ length: n }, () => Math.floor(random() * 21) - 10);
      const act = score.map((s) => (random() < (s < 0 ? 0.8 : 0.2) ? 1 : 0));
      const prefer = Math.floor(random() * 31) - 15;
      const d = decisionsOf(score, act);
      const idx = score.map((_, k) => k);
      const fit = fitThreshold(d, idx, prefer);
      // Brute force over every T that can differ (beyond the scores, T changes nothing).
      let best = -1;
      for (let T = -12; T <= 12; T++) best = Math.max(best, agreementOf(d, idx, T));
      expect(fit.agree).toBe(best);
      expect(agreementOf(d, idx, fit.T)).toBe(best);
      const ties = [];
      for (let T = -40; T <= 40; T++) if (agreementOf(d, idx, T) === best) ties.push(T);
      const nearest = Math.min(...ties.map((T) => Math.abs(T - prefer)));
      expect(Math.abs(fit.T - prefer)).toBe(nearest);
    }
  });

  it('finds the listed value of most agreement for a choice rule, as counting each value does', () => {
    const random = makeRandom('choice');
    const values = [-3, -2, -1, 1, 2, 3];
    for (let trial = 0; trial < 200; trial++) {
      const n = 1 + Math.floor(random() * 30);
      const masks = Array.from({ length: n }, () => Math.floor(random() * 64));
      const d = {
        ...decisionsOf(
          masks,
          masks.map(() => 0),
        ),
        values,
      };
      const idx = masks.map((_, k) => k);
      const counts = values.map((T) => agreementOf(d, idx, T));
      expect(counts).toEqual(values.map((_, i) => masks.filter((m) => (m >> i) & 1).length));
      const fit = fitRule(d, idx, 0);
      expect(fit.agree).toBe(Math.max(...counts));
      expect(agreementOf(d, idx, fit.T)).toBe(fit.agree);
    }
  });

  it('splits a context only where it buys agreement, and merges neighbours with one T', () => {
    // Feature 0 in bands 0-1, 2-3, 4-5: bands 0-1 and 2-3 act below 0, band 4-5 below 5.
    const bands: RuleFeature = {
      name: 'f',
      label: 'f',
      bands: [
        [0, 1],
        [2, 3],
        [4, 5],
      ],
    };
    const score: number[] = [];
    const act: number[] = [];
    const x: number[] = [];
    for (let f = 0; f <= 5; f++)
      for (let s = -10; s <= 10; s++) {
        x.push(f);
        score.push(s);
        act.push(s <= (f >= 4 ? 5 : 0) ? 1 : 0);
      }
    const tree = growRule(decisionsOf(score, act, x), [bands], { minCount: 10, tolerance: 0.005 });
    expect(contextsOf(tree).map((c) => [c.when.f, c.T, c.agree === c.decisions])).toEqual([
      [[0, 3], 0, true],
      [[4, 5], 5, true],
    ]);
  });
});

describe('distill on the threshold bot', () => {
  it('recovers threshold:margin=T,potWeight=1 exactly: one context, every decision agreed, T pinned by the scores either side', async () => {
    for (const T of [-2, 4]) {
      const s = await sample(`threshold:margin=${T},potWeight=1,bonus=0`, sized(30, 150));
      const d = s.decisions;
      const tree = growRule(d, features);
      expect(tree.split).toBeUndefined();
      expect(tree.agree).toBe(d.count);
      // The sample holds a take at score T and a pass at T + 1, so T is the only T that agrees with all.
      const takesAtT = Array.from(d.score).some((v, k) => v === T && d.act[k] === 1);
      const passesAbove = Array.from(d.score).some((v, k) => v === T + 1 && d.act[k] === 0);
      expect(takesAtT && passesAbove).toBe(true);
      expect(tree.T).toBe(T);
    }
  });

  it("recovers the reserve: threshold's default reserve of 2 chips adds its bonus of 6 to T", async () => {
    const s = await sample('threshold:margin=3,potWeight=1', sized(40, 200));
    const rule = ruleOf(growRule(s.decisions, features), kit, features, {
      game: 'no-thanks',
      players: 4,
      bot: 'x',
      forced: s.forced,
      games: s.games,
      seed: 's',
    });
    expect(rule.contexts.map((c) => [c.when, c.T])).toEqual([
      [{ chips: [1, 2] }, 9],
      [{ chips: [3, 44] }, 3],
    ]);
    expect(rule.agree).toBe(rule.decisions);
    // Every decision with no chips is forced, and the rule leaves it out.
    expect(s.forced).toBeGreaterThan(0);
  });

  it('plays the rule as a bot: the rule bot decides as threshold would in its own games, and rule files round-trip', async () => {
    const s = await sample('threshold:margin=3,potWeight=1', sized(40, 200));
    const rule = ruleOf(growRule(s.decisions, features), kit, features, {
      game: 'no-thanks',
      players: 4,
      bot: 'threshold:margin=3,potWeight=1',
      forced: s.forced,
      games: s.games,
      seed: 's',
    });
    const text = JSON.stringify(rule, null, 2);
    expect(parseRule(text, 'r.json', EXPECT)).toEqual(rule);
    const file = join(mkdtempSync(join(tmpdir(), 'distill-')), 'rule.json');
    writeFileSync(file, text);
    // On fresh games of the threshold bot, the rule agrees with every decision.
    const fresh = await sample('threshold:margin=3,potWeight=1', sized(20, 100), 'fresh');
    expect(ruleAgreement(rule, fresh.decisions).agree).toBe(fresh.decisions.count);
    // The rule bot in every seat (worker threads, loaded from the file): each of its decisions is threshold's.
    const own = await sample(`rule:file=${file}`, sized(20, 100), 'own');
    expect(own.decisions.count).toBeGreaterThan(500);
    for (let k = 0; k < own.decisions.count; k++) {
      const chips = own.decisions.x[k * own.decisions.width + 1]!;
      expect(own.decisions.score[k]! <= 3 + (chips <= 2 ? 6 : 0)).toBe(own.decisions.act[k] === 1);
    }
    // The original shadowing the rule bot in its own games answers alike at every decision with a choice.
    const shadow = await shadowAgreement({
      game: 'no-thanks',
      rules: { players: 4 },
      ruleSpec: `rule:file=${file}`,
      bot: 'threshold:margin=3,potWeight=1',
      games: sized(10, 50),
      seed: 'shadow',
    });
    expect(shadow.decisions).toBeGreaterThan(500);
    expect(shadow.agree).toBe(shadow.decisions);
    // And a bot that plays otherwise is caught: greedy (take when cost - chips <= 1) disagrees often.
    const other = await shadowAgreement({
      game: 'no-thanks',
      rules: { players: 4 },
      ruleSpec: `rule:file=${file}`,
      bot: 'greedy',
      games: sized(10, 50),
      seed: 'shadow',
    });
    expect(other.agree).toBeLessThan(other.decisions * 0.95);
  });
});

describe("6 nimmt!'s play rule", () => {
  const kit6 = distillKitOf('6-nimmt');
  const features6 = kit6.features(gameById('6-nimmt').makeRules({ players: 4 }));
  const sample6 = (bot: string, games: number, seed: string): Promise<Sample> =>
    sampleDecisions({ game: '6-nimmt', bot, rules: { players: 4 }, games, seed, threads: 1 });
  const fileOf = (rule: unknown): string => {
    const file = join(mkdtempSync(join(tmpdir(), 'distill-6-')), 'rule.json');
    writeFileSync(file, JSON.stringify(rule));
    return file;
  };

  it('recovers a known rule: the rule bot with T = 3 everywhere, distilled, is T = 3 with every play agreed', async () => {
    const known = {
      format: RULE_FORMAT,
      game: '6-nimmt',
      kind: kit6.kind,
      players: 4,
      bot: 'x',
      score: kit6.score,
      action: kit6.action,
      features: features6.map((f) => f.name),
      fallback: 3,
      contexts: [{ when: {}, T: 3, decisions: 0, agree: 0 }],
      decisions: 0,
      agree: 0,
      forced: 0,
      sample: { games: 0, seed: 'x' },
    };
    // The table checks every answer (cards and rows): a game that ends is a game of legal moves.
    const s = await sample6(`rule:file=${fileOf(known)}`, sized(6, 30), 'known');
    const tree = growRule(s.decisions, features6, { minCount: 50, tolerance: 0.002 });
    expect(tree.split).toBeUndefined();
    expect(tree.agree).toBe(s.decisions.count);
    expect(tree.T).toBe(3);
  });

  it('plays the rule it was distilled to: a rule fitted to heuristic, as a bot, agrees with itself on every play of its own games', async () => {
    const s = await sample6('heuristic', sized(6, 30), 'heuristic');
    const tree = growRule(s.decisions, features6, { minCount: 50, tolerance: 0.002 });
    const rule = ruleOf(tree, kit6, features6, { game: '6-nimmt', players: 4, bot: 'heuristic', forced: s.forced, games: s.games, seed: 's' });
    // Better than always the lowest card (|T| = 1), which agrees with far fewer plays.
    expect(rule.agree).toBeGreaterThan(
      agreementOf(
        s.decisions,
        Array.from({ length: s.decisions.count }, (_, k) => k),
        1,
      ) +
        s.decisions.count / 10,
    );
    const own = await sample6(`rule:file=${fileOf(rule)}`, sized(4, 20), 'own');
    expect(own.decisions.count).toBeGreaterThan(100);
    expect(ruleAgreement(rule, own.decisions).agree).toBe(own.decisions.count);
  });
});

describe('rule files', () => {
  const good = {
    format: RULE_FORMAT,
    game: 'no-thanks',
    kind: kit.kind,
    players: 4,
    bot: 'search',
    score: kit.score,
    action: kit.action,
    features: EXPECT.features,
    fallback: -3,
    contexts: [{ when: { card: [30, 35] }, T: -5, decisions: 10, agree: 9 }],
    decisions: 10,
    agree: 9,
    forced: 0,
    sample: { games: 1, seed: '1' },
  };
  const parse = (v: unknown): unknown => parseRule(JSON.stringify(v), 'r.json', EXPECT);

  it('reads a good file and refuses a bad one in one line naming the field', () => {
    expect(parse(good)).toEqual(good);
    const cases: [unknown, string][] = [
      [{ ...good, format: 'x' }, 'rule file r.json: format must be'],
      [{ ...good, game: '6-nimmt' }, 'game must be "no-thanks"'],
      [{ ...good, fallback: 'low' }, 'fallback must be a number'],
      [{ ...good, contexts: [{ ...good.contexts[0], T: null }] }, 'contexts[0].T must be a number'],
      [{ ...good, contexts: [{ ...good.contexts[0], when: { card: [35, 30] } }] }, 'contexts[0].when.card must be a range [lo, hi] with lo <= hi'],
      [{ ...good, contexts: [{ ...good.contexts[0], when: { colour: [1, 2] } }] }, "contexts[0].when must be ranges of the rule's features"],
      [{ ...good, features: ['card', 'mood'] }, 'features must be a list of card, chips, cardsLeft, run'],
      [{ ...good, contexts: [] }, 'rule file r.json: contexts must be a list of at least one context, got []'],
      [[1, 2], 'the file must be a JSON object'],
    ];
    for (const [value, message] of cases) {
      let err: unknown;
      try {
        parse(value);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(UserError);
      expect((err as Error).message).toContain(message);
      expect((err as Error).message).not.toContain('\n');
    }
    expect(() => parseRule('{"format"', 'r.json', EXPECT)).toThrow(/^rule file r\.json is not JSON: /);
  });

  it('names a missing or absent file in one line before any game', async () => {
    await expect(checkBot(await loadBot('rule:file=/nonexistent/rule.json'), rules4)).rejects.toThrow(
      'bot "rule:file=/nonexistent/rule.json" failed to start: rule file /nonexistent/rule.json cannot be read: no such file',
    );
    await expect(checkBot(await loadBot('rule'), rules4)).rejects.toThrow('the rule bot needs a rule file: give one as rule:file=PATH.json');
    // A 4-player file refused at 3 players (and at 5), in one line, before any game; played at 4.
    const file = join(mkdtempSync(join(tmpdir(), 'rule-players-')), 'r.json');
    writeFileSync(file, JSON.stringify(good));
    const bot = await loadBot(`rule:file=${file}`);
    for (const players of [3, 5])
      await expect(checkBot(bot, game.makeRules({ players }))).rejects.toThrow(
        new RegExp(`^bot "rule:file=.*" failed to start: rule file .*r\\.json was distilled at 4 players, the table has ${players}: [^\\n]*$`),
      );
    await expect(checkBot(bot, rules4)).resolves.toBeUndefined();
  });
});

describe('nothanks distill', () => {
  it('prints the rule, its file and its bot spec, and refuses what it cannot do in one line', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'distill-cli-')), 'run');
    const r = await runCli(['distill', 'threshold:margin=3,potWeight=1', '-g', '20', '-t', '1', '--out', out, '-q']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('take when marginal cost - chips on the card <= T');
    expect(r.stdout).toContain(`As a bot: rule:file=${join(out, 'rule.json')}`);
    expect(r.stdout).toMatch(/Overall agreement 100\.0% of/);
    const bad = await runCli(['distill', 'threshold', '--game', 'no-thanks-specials']);
    expect(bad.status).toBe(1);
    expect(bad.stderr.trim()).toBe('nothanks: distill: no-thanks-specials has no distilled rule yet');
    const typo = await runCli(['distill', 'threshold', '--min-count', '0']);
    expect(typo.stderr.trim()).toBe('nothanks: --min-count must be a whole number at least 1, got 0');
  });
});
