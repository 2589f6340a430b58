// Time per decision of a search (or any) bot spec, as `nothanks bench`'s search workloads measure it
// (No Thanks!: its decide() and onEvent() time over its decisions with chips left, seat 0 against
// P-1 copies of an opponent; 6 nimmt!: decide() over decisions with a choice, against 3 heuristic;
// special cards: decide()'s and onEvent()'s CPU time, so a loaded machine counts less, over every
// decision of seat 0 at 4 players, against 3 x mc, after an untimed game).
// Usage: node scripts/search-timing.mjs no-thanks SPEC PLAYERS OPPONENT GAMES
//        node scripts/search-timing.mjs 6-nimmt SPEC GAMES
//        node scripts/search-timing.mjs no-thanks-specials SPEC GAMES
import { searchWorkload } from '../dist/src/bench/bench.js';
import { sixNimmtMcWorkload } from '../dist/src/bench/six-nimmt.js';
import { specialsDecisionWorkload } from '../dist/src/bench/specials.js';

const [game, spec, ...rest] = process.argv.slice(2);
if (game === '6-nimmt') {
  const r = await sixNimmtMcWorkload(Number(rest[0] ?? 20), spec);
  console.log(JSON.stringify(r));
} else if (game === 'no-thanks-specials') {
  const r = await specialsDecisionWorkload(spec, Number(rest[0] ?? 10), { players: 4, opponent: 'mc', cpu: true });
  console.log(JSON.stringify(r));
} else {
  const [playersText, opponent, gamesText] = rest;
  const r = await searchWorkload(Number(playersText), opponent, Number(gamesText ?? 30), spec);
  console.log(JSON.stringify({ spec, ...r }));
}
