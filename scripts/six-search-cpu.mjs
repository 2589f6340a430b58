// CPU time per decision of 6 nimmt! bot specs, alternating between them (A B A B ...) on the same
// deals: each spec in seat 0 against 3 heuristic bots at 4 players, as `nothanks bench`'s 6 nimmt!
// search workload, but timed with process.cpuUsage() (CPU, not wall clock: on a loaded machine the
// wall clock counts other programs' turns). Prints each round's figures and the medians.
// Usage: node scripts/six-search-cpu.mjs GAMES ROUNDS SPEC [SPEC...]
import { loadAgent } from '../dist/src/agents/registry.js';
import { Table } from '../dist/src/games/6-nimmt/table.js';
import { makeRules } from '../dist/src/games/6-nimmt/rules.js';
import { dealKeyInto, masterKey } from '../dist/src/game/seed.js';

const [gamesText, roundsText, ...specs] = process.argv.slice(2);
const games = Number(gamesText);
const rounds = Number(roundsText);
async function measure(spec) {
  const bot = (await loadAgent(spec, '6-nimmt')).create();
  let spent = 0;
  let decisions = 0;
  const timed = {
    newGame: bot.newGame?.bind(bot),
    decide(obs) {
      const t = process.cpuUsage();
      const a = bot.decide(obs);
      const d = process.cpuUsage(t);
      if (obs.phase !== 'play' || obs.handSize > 1) {
        spent += (d.user + d.system) / 1000;
        decisions++;
      }
      return a;
    },
  };
  const h = await loadAgent('heuristic', '6-nimmt');
  const table = new Table(makeRules({ players: 4 }), [timed, ...[1, 2, 3].map(() => h.create())], [spec, 'heuristic', 'heuristic', 'heuristic'], false);
  const master = masterKey('6-nimmt', 'bench-mc');
  const key = { hi: 0, lo: 0 };
  for (let g = 0; g < games; g++) table.play(dealKeyInto(master, g, key));
  return spent / decisions;
}
const all = specs.map(() => []);
for (let r = 0; r < rounds; r++) for (let i = 0; i < specs.length; i++) all[i].push(await measure(specs[i]));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
specs.forEach((s, i) =>
  console.log(`${s}: CPU ms a decision, median of ${rounds}: ${median(all[i]).toFixed(3)} (${all[i].map((x) => x.toFixed(2)).join(' ')})`),
);
