// Time per decision of a search (or any) bot spec, as `nothanks bench`'s search workloads measure it
// (No Thanks!: its decide() and onEvent() time over its decisions with chips left, seat 0 against
// P-1 copies of an opponent; 6 nimmt!: decide() over decisions with a choice, against 3 heuristic;
// special cards: decide()'s CPU time, so a loaded machine counts less, over every decision of seat
// 0 at 4 players, against 3 x mc).
// Usage: node scripts/search-timing.mjs no-thanks SPEC PLAYERS OPPONENT GAMES
//        node scripts/search-timing.mjs 6-nimmt SPEC GAMES
//        node scripts/search-timing.mjs no-thanks-specials SPEC GAMES
import { searchWorkload } from '../dist/src/bench/bench.js';
import { sixNimmtMcWorkload } from '../dist/src/bench/six-nimmt.js';
import { loadAgent } from '../dist/src/agents/registry.js';
import { dealKeyInto, masterKey } from '../dist/src/game/seed.js';
import { makeRules } from '../dist/src/games/no-thanks-specials/rules.js';
import { Table } from '../dist/src/games/no-thanks-specials/table.js';

const [game, spec, ...rest] = process.argv.slice(2);
if (game === '6-nimmt') {
  const r = await sixNimmtMcWorkload(Number(rest[0] ?? 20), spec);
  console.log(JSON.stringify(r));
} else if (game === 'no-thanks-specials') {
  const bot = (await loadAgent(spec, game)).create();
  const mc = await loadAgent('mc', game);
  let spent = 0;
  let decisions = 0;
  const timed = {
    newGame: (start) => bot.newGame?.(start),
    decide(obs) {
      const t = process.cpuUsage();
      const a = bot.decide(obs);
      const d = process.cpuUsage(t);
      spent += (d.user + d.system) / 1000;
      decisions++;
      return a;
    },
  };
  const table = new Table(makeRules({ players: 4 }), [timed, ...[1, 2, 3].map(() => mc.create())], [spec, 'mc', 'mc', 'mc']);
  const master = masterKey('no-thanks', 'bench-specials-search');
  const key = { hi: 0, lo: 0 };
  for (let g = 0; g < Number(rest[0] ?? 10); g++) table.play(dealKeyInto(master, g, key));
  console.log(JSON.stringify({ spec, decisions, msPerDecision: spent / decisions }));
} else {
  const [playersText, opponent, gamesText] = rest;
  const r = await searchWorkload(Number(playersText), opponent, Number(gamesText ?? 30), spec);
  console.log(JSON.stringify({ spec, ...r }));
}
