import { conformanceSuite } from '../../testing/conformance.js';
import { sized } from '../../testing/tier.js';
import noThanks from './manifest.js';

// No Thanks! through the generic battery: every player count, the house variants, a custom deck.
conformanceSuite(noThanks, {
  configs: [
    { players: 2, startChips: 11 },
    { players: 3 },
    { players: 4, openChips: true },
    { players: 5, knownRemoved: true },
    { players: 6 },
    { players: 7, startChips: 2, removed: 4, minCard: 1, maxCard: 20 },
  ],
  games: sized(80, 300),
  // search with a small replica of mc, so its onEvent work is in the invariance checks too.
  pool: ['random', 'greedy', 'threshold', 'mc:rollouts=3', 'search:samples=3,replica=5'],
  poolRules: { players: 3 },
  // The built-in bots' games (record.test.ts keeps golden.jsonl, random games from the engine alone).
  golden: {
    file: new URL('./golden-bots.jsonl', import.meta.url),
    lineup: ['greedy', 'threshold', 'mc:rollouts=5', 'search:samples=20,replica=5'],
    rules: { players: 4 },
    games: 3,
  },
});
