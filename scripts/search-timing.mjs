// Time per decision of a search (or any) bot spec, as `nothanks bench`'s search workloads measure it
// (No Thanks!: its decide() and onEvent() time over its decisions with chips left, seat 0 against
// P-1 copies of an opponent; 6 nimmt!: decide() over decisions with a choice, against 3 heuristic).
// Usage: node scripts/search-timing.mjs no-thanks SPEC PLAYERS OPPONENT GAMES
//        node scripts/search-timing.mjs 6-nimmt SPEC GAMES
import { loadAgent } from '../dist/src/agents/registry.js';
import { dealKeyInto, masterKey } from '../dist/src/game/seed.js';
import { makeRules } from '../dist/src/games/no-thanks/rules.js';
import { Table } from '../dist/src/games/no-thanks/table.js';
import { sixNimmtMcWorkload } from '../dist/src/bench/six-nimmt.js';

const [game, spec, ...rest] = process.argv.slice(2);
if (game === '6-nimmt') {
  const r = await sixNimmtMcWorkload(Number(rest[0] ?? 20), spec);
  console.log(JSON.stringify(r));
} else {
  const [playersText, opponent, gamesText] = rest;
  const players = Number(playersText);
  const bot = (await loadAgent(spec)).create();
  let spent = 0;
  let cpu = 0;
  let decisions = 0;
  const charge = (f) => {
    const t = performance.now();
    const c = process.cpuUsage();
    const result = f();
    const used = process.cpuUsage(c);
    spent += performance.now() - t;
    cpu += (used.user + used.system) / 1000;
    return result;
  };
  const timed = {
    newGame: (start) => bot.newGame?.(start),
    onEvent: (event, obs) => charge(() => bot.onEvent?.(event, obs)),
    decide(obs) {
      if (obs.myChips > 0) decisions++;
      return charge(() => bot.decide(obs));
    },
  };
  const opp = await loadAgent(opponent);
  const others = Array.from({ length: players - 1 }, () => opp.create());
  const table = new Table(makeRules({ players }), [timed, ...others], [spec, ...others.map(() => opponent)]);
  const master = masterKey('no-thanks', 'bench-search');
  const key = { hi: 0, lo: 0 };
  table.play(dealKeyInto(master, 1_000_000, key));
  spent = 0;
  cpu = 0;
  decisions = 0;
  for (let g = 0; g < Number(gamesText ?? 30); g++) table.play(dealKeyInto(master, g, key));
  console.log(JSON.stringify({ spec, players, opponent, decisions, msPerDecision: spent / decisions, cpuMsPerDecision: cpu / decisions }));
}
