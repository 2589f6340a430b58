import { conformanceSuite } from '../../testing/conformance.js';
import { sized } from '../../testing/tier.js';
import sixNimmt from './manifest.js';

// 6 nimmt! through the generic battery: 2, 4 and 10 players, custom rows and hands.
conformanceSuite(sixNimmt, {
  configs: [
    { players: 2 },
    { players: 4 },
    { players: 10 },
    { players: 3, rowLimit: 3, handSize: 6, endScore: 30 },
    // The pro variant hides nothing between turns (open hands, drafted rounds): only a seat's
    // pending choice within a turn, which the battery's mid-turn re-sampling covers.
    { players: 2, variant: 'pro' },
    { players: 5, variant: 'pro', handSize: 4, rowLimit: 4 },
  ],
  games: sized(40, 150),
  pool: ['heuristic', 'mc:rollouts=2', 'search:samples=2'],
  poolRules: { players: 3 },
  golden: {
    file: new URL('./golden.jsonl', import.meta.url),
    lineup: ['random', 'heuristic', 'mc:rollouts=5', 'heuristic:dump=0'],
    rules: { players: 4 },
    games: 3,
  },
});
