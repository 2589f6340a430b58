import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAgent } from '../../agents/registry.js';
import { RULE_FORMAT } from '../../game/distilled-rule.js';
import { freezeLabClasses } from '../../game/protect.js';
import { dealKeyInto, masterKey, type SeedKey } from '../../game/seed.js';
import { onnxMlp, randomMlp } from '../../net/onnx-write.js';
import { GAMES, type RegisteredGame } from '../../registry.js';
import './integrity.js';

/**
 * The freeze before a bot file loads (docs/fair-play.md) must reach every class a built-in bot
 * uses, also those it only makes once it plays (a search's domain, its playout policy, its model
 * of the others): a bot file that patched one of those prototypes would change the flagship's play
 * without the tamper guard noticing. After freezeLabClasses, each bot plays a game (a frozen
 * prototype must not break it), then every prototype reachable from it must be frozen.
 */
const EXTRA_SPECS: Record<string, string[]> = {
  'no-thanks': ['mc:objective=win'],
  '6-nimmt': ['search:others=mc,samples=40', 'search:others=heuristic,samples=40', 'mc:objective=margin'],
  'no-thanks-specials': ['search:others=mc', 'search:others=value'],
};

/** Prototypes that are not frozen, reachable from `root` through its fields (typed arrays aside). */
function unfrozenPrototypes(root: object): Set<string> {
  const found = new Set<string>();
  const seen = new Set<object>();
  const visit = (o: object): void => {
    if (seen.has(o) || ArrayBuffer.isView(o) || o instanceof ArrayBuffer) return;
    seen.add(o);
    for (
      let p = Object.getPrototypeOf(o) as object | null;
      p && p !== Object.prototype && p !== Function.prototype;
      p = Object.getPrototypeOf(p) as object | null
    ) {
      if (p === Array.prototype || p === Map.prototype || p === Set.prototype) break;
      if (!Object.isFrozen(p)) found.add((p as { constructor?: { name?: string } }).constructor?.name ?? '?');
    }
    for (const v of o instanceof Map || o instanceof Set ? [...o.values()] : Object.values(o)) if (v && typeof v === 'object') visit(v as object);
  };
  visit(root);
  return found;
}

/** A model for the net bot of a game at its default seat count (random weights: only the classes it reaches matter). */
function modelFor(game: RegisteredGame, rules: { players: number }): string {
  const path = join(mkdtempSync(join(tmpdir(), 'nothanks-frozen-')), `${game.id}.onnx`);
  writeFileSync(path, onnxMlp(randomMlp([game.tensor.size(rules), 8, game.actions.size(rules)], Math.random)));
  return path;
}

/** A rule file for a game's rule bot (one context over every decision: the classes it reaches are what matter). */
function ruleFileFor(game: RegisteredGame, rules: { players: number }): string {
  const kit = game.distill!;
  const path = join(mkdtempSync(join(tmpdir(), 'nothanks-frozen-')), `${game.id}.rule.json`);
  const rule = { format: RULE_FORMAT, game: game.id, kind: kit.kind, players: rules.players, bot: 'x', score: kit.score, action: kit.action };
  writeFileSync(
    path,
    JSON.stringify({
      ...rule,
      features: [],
      fallback: 0,
      contexts: [{ when: {}, T: 0, decisions: 0, agree: 0 }],
      decisions: 0,
      agree: 0,
      forced: 0,
      sample: { games: 0, seed: 'x' },
    }),
  );
  return path;
}

describe('the freeze before a bot file loads', () => {
  it('reaches every class a built-in bot holds once it has played, options included', async () => {
    freezeLabClasses();
    const misses: string[] = [];
    for (const game of GAMES.values()) {
      const rules = game.makeRules({ players: game.defaultPlayers });
      // net plays only with a model, rule only with a rule file: given one.
      const named = (d: { name: string }): string =>
        d.name === 'net' ? `net:model=${modelFor(game, rules)}` : d.name === 'rule' && game.distill ? `rule:file=${ruleFileFor(game, rules)}` : d.name;
      const specs = [...game.agents.filter((d) => !d.interactive).map(named), ...EXTRA_SPECS[game.id]!];
      for (const spec of specs) {
        // The bot under test in seat 0, random in the others (a table of searches only costs time).
        const agent = await loadAgent(spec, game.id);
        const random = await loadAgent('random', game.id);
        const bots = Array.from({ length: game.defaultPlayers }, (_, seat) => (seat === 0 ? agent : random).create() as object);
        const table = game.batch.table(
          rules,
          bots,
          bots.map((_, seat) => (seat === 0 ? spec : 'random')),
          false,
        );
        const key: SeedKey = { hi: 0, lo: 0 };
        table.play(dealKeyInto(masterKey(game.id, 'frozen'), 0, key));
        for (const name of unfrozenPrototypes(bots[0]!)) misses.push(`${game.id} ${spec}: ${name}`);
      }
    }
    expect(misses).toEqual([]);
  }, 60_000);
});
