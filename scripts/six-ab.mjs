// In-process A/B of two builds' 6 nimmt! bench workloads: imports ROOT/dist/src/bench/six-nimmt.js
// of each build into this one process and runs the workload alternately (A B A B ..., the order
// flipped every pair), so that both see the same machine load; prints each pair and the median and
// range of the per-pair ratio B/A of the rate: rounds (for a bot spec, its decisions) per CPU second of the
// timed part (process.cpuUsage: a busy machine's other programs do not count, as wall time would).
// Usage: node scripts/six-ab.mjs ROOT_A ROOT_B heuristic|random|BOT_SPEC [PAIRS] [SIZE]
//   heuristic, random: that bot in all 4 seats, rounds per CPU second; a bot spec (mc, search, ...):
//   its CPU time a decision in seat 0 against 3 heuristic bots, as the bench's mc row.
//   SIZE: games per run (default 40,000 for the engine workloads, 8 for a bot spec).
// e.g. node scripts/six-ab.mjs /tmp/base . heuristic 9
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [rootA, rootB, workload, pairsText, sizeText] = process.argv.slice(2);
if (!rootA || !rootB || !workload) {
  console.error('usage: node scripts/six-ab.mjs ROOT_A ROOT_B heuristic|random|BOT_SPEC [PAIRS] [SIZE]');
  process.exit(2);
}
const pairs = Number(pairsText ?? 7);
const engine = workload === 'heuristic' || workload === 'random';
const size = Number(sizeText ?? (engine ? 40_000 : 8));
/** A build's modules, from its own dist/ (the workloads as src/bench/six-nimmt.ts plays them, timed in CPU). */
async function load(root) {
  const at = (f) => import(pathToFileURL(resolve(root, 'dist/src', f)).href);
  const [{ loadAgent }, { Table }, { makeRules }, { dealKeyInto, masterKey }] = await Promise.all([
    at('agents/registry.js'),
    at('games/6-nimmt/table.js'),
    at('games/6-nimmt/rules.js'),
    at('game/seed.js'),
  ]);
  return { loadAgent, Table, makeRules, dealKeyInto, masterKey };
}
const builds = [await load(rootA), await load(rootB)];
const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** One run: its rate (higher is better: rounds or mc decisions per CPU second) and CPU seconds of the timed part. */
async function run(m) {
  const key = { hi: 0, lo: 0 };
  if (!engine) {
    // As sixNimmtMcWorkload: the bot (mc, search...) in seat 0 against 3 heuristic bots, its decisions with a choice.
    const mc = (await m.loadAgent(workload, '6-nimmt')).create();
    let spent = 0;
    let decisions = 0;
    const timed = {
      newGame: mc.newGame.bind(mc),
      decide(obs) {
        const t = cpuNow();
        const a = mc.decide(obs);
        spent += cpuNow() - t;
        if (obs.phase !== 'play' || obs.handSize > 1) decisions++;
        return a;
      },
    };
    const h = await m.loadAgent('heuristic', '6-nimmt');
    const table = new m.Table(m.makeRules({ players: 4 }), [timed, ...[1, 2, 3].map(() => h.create())], [workload, 'h', 'h', 'h'], false);
    const master = m.masterKey('6-nimmt', 'bench-mc');
    table.play(m.dealKeyInto(master, 1_000_000, key));
    spent = 0;
    decisions = 0;
    for (let g = 0; g < size; g++) table.play(m.dealKeyInto(master, g, key));
    return { rate: decisions / spent, cpu: spent, figure: `${((1000 * spent) / decisions).toFixed(3)} CPU ms/decision` };
  }
  const r = m.makeRules({ players: 4 });
  const loaded = await m.loadAgent(workload, '6-nimmt');
  const table = new m.Table(
    r,
    [0, 1, 2, 3].map(() => loaded.create()),
    Array(4).fill(workload),
    false,
  );
  const master = m.masterKey('6-nimmt', 'bench');
  for (let g = 0; g < Math.min(5_000, size); g++) table.play(m.dealKeyInto(master, size + g, key));
  let rounds = 0;
  const t = cpuNow();
  for (let g = 0; g < size; g++) {
    table.play(m.dealKeyInto(master, g, key));
    rounds += table.state.round;
  }
  const cpu = cpuNow() - t;
  return { rate: rounds / cpu, cpu, figure: `${Math.round(rounds / cpu)} rounds/CPU s` };
}

// Warm both builds up once before measuring.
await run(builds[0]);
await run(builds[1]);
const ratios = [];
for (let i = 0; i < pairs; i++) {
  const order = i % 2 === 0 ? [0, 1] : [1, 0];
  const out = [];
  for (const k of order) out[k] = await run(builds[k]);
  ratios.push(out[1].rate / out[0].rate);
  console.log(
    `pair ${i + 1}: A ${out[0].figure} (${out[0].cpu.toFixed(2)} CPU s), B ${out[1].figure} (${out[1].cpu.toFixed(2)} CPU s), B/A rate ${ratios.at(-1).toFixed(3)}`,
  );
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const range = (xs) => `${Math.min(...xs).toFixed(3)}-${Math.max(...xs).toFixed(3)}`;
console.log(`${workload}: B/A rate per CPU second, median ${median(ratios).toFixed(3)} (${range(ratios)}), ${pairs} pairs`);
