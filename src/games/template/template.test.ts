import { describe, expect, it } from 'vitest';
import { BatchLayout } from '../../game/contract.js';
import { conformanceSuite } from '../../testing/conformance.js';
import { runBatch } from '../../tournament/batch.js';
import template from './manifest.js';

/*
 * The template's own test: the folder is not registered (src/games/registry.ts does not list it,
 * so the lab's game list never shows it), so the battery runs here with `unregistered`, which
 * skips the parts that load bots by game id or run tournaments in worker threads; the table's
 * fast path is checked against the forward model below with the bots taken from the manifest.
 * A game copied from this folder is registered: delete this file (conformance.test.ts runs all).
 */
conformanceSuite(template, {
  configs: [{ players: 2 }, { players: 3, cards: 5 }, { players: 5, cards: 20 }],
  games: 60,
  pool: ['random', 'heuristic'],
  poolRules: { players: 3 },
  unregistered: true,
});

describe('template (unregistered): the table and the forward model', () => {
  it('play the same games: every table record of the built-in bots replays to itself', () => {
    const bot = (name: string) => {
      const def = template.agents.find((a) => a.name === name)!;
      return { label: name, create: () => def.create({}) };
    };
    for (const input of [{ players: 2 }, { players: 4, cards: 7 }]) {
      const lineup = Array.from({ length: input.players }, (_, p) => (p % 2 ? 'heuristic' : 'random'));
      const batch = {
        game: template.id,
        rules: input,
        pool: lineup,
        seatings: [lineup.map((_, i) => i)],
        master: 'unregistered',
        from: 0,
        to: 20,
        matchLength: 0,
        records: true,
      };
      const data = new Int32Array(new BatchLayout(20, 1, input.players, template.metrics.length).length);
      const records = runBatch(template, batch, lineup.map(bot), data).records!;
      expect(records).toHaveLength(20);
      for (const line of records) template.replay(JSON.parse(line), true);
    }
  });
});
