import { describe } from 'vitest';
import { GAMES } from '../../registry.js';
import { conformanceSuite } from '../../testing/conformance.js';
import template from './manifest.js';

// The whole battery, golden records included (UPDATE_GOLDEN=1 rewrites golden.jsonl). It needs the
// game registered (it loads bots by game id and runs tournaments in worker threads): the template
// is not, so this is skipped here and template.test.ts runs the rest. In a copied, registered game
// the skipIf passes through (drop it if you like).
describe.skipIf(!GAMES.has(template.id))('registered', () => {
  conformanceSuite(template, {
    configs: [{ players: 2 }, { players: 3, cards: 5 }, { players: 5, cards: 20 }],
    games: 60,
    pool: ['random', 'heuristic'],
    poolRules: { players: 3 },
    golden: {
      file: new URL('./golden.jsonl', import.meta.url),
      lineup: ['heuristic', 'random', 'random'],
      rules: { players: 3 },
      games: 3,
    },
  });
});
