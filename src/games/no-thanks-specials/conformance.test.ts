import { conformanceSuite } from '../../testing/conformance.js';
import { sized } from '../../testing/tier.js';
import noThanksSpecials from './manifest.js';

// The expansion through the generic battery: the standard set, every rule choice, variants.
conformanceSuite(noThanksSpecials, {
  configs: [
    { players: 3 },
    { players: 4, unbidGreen: 'decliner', greenNext: 'receiver' },
    { players: 5, specials: 'joker:2,fetch:3,give-left:2,remove:2,look:2,sit-out:3,forty', openChips: true },
    { players: 2, startChips: 11, knownRemoved: true },
    { players: 7, specials: 'none' },
    { players: 3, startChips: 1, specials: 'fetch:4,sit-out:4,give-left:2,remove:2' },
  ],
  games: sized(50, 200),
  pool: ['value', 'mc:rollouts=2', 'search:samples=2'],
  poolRules: { players: 3 },
  golden: {
    file: new URL('./golden.jsonl', import.meta.url),
    lineup: ['random', 'value', 'mc:rollouts=5', 'search:samples=20'],
    rules: { players: 4 },
    games: 3,
  },
});
