#!/usr/bin/env node
// A/B of every game's engine through its table (the tournament's fast path), both builds in one
// process, in alternating rounds so both see the same machine load: games per second of each
// build per round, and the median and range of the per-round ratio this/base.
//   node scripts/engine-ab.mjs BASE_CHECKOUT [ROUNDS]   (both built: dist/ in each)
// Any build's registry works: the script reaches the games only through gameById and loadAgent.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [baseRoot, roundsArg] = process.argv.slice(2);
if (!baseRoot) {
  console.error('usage: node scripts/engine-ab.mjs BASE_CHECKOUT [ROUNDS]');
  process.exit(2);
}
const rounds = Number(roundsArg ?? 9);
const WORKLOADS = [
  ['no-thanks', ['random', 'greedy', 'threshold', 'random'], 40_000],
  ['6-nimmt', ['random', 'heuristic', 'random', 'heuristic'], 1_500],
  ['no-thanks-specials', ['random', 'value', 'random', 'value'], 6_000],
];

async function build(root) {
  const dist = (p) => import(pathToFileURL(resolve(root, 'dist/src', p)).href);
  const [{ gameById }, { loadAgent }, { masterKey, dealKeyInto }] = await Promise.all([dist('registry.js'), dist('agents/registry.js'), dist('game/seed.js')]);
  const tables = {};
  for (const [id, specs] of WORKLOADS) {
    const game = gameById(id);
    const rules = game.makeRules({ players: specs.length });
    const bots = await Promise.all(specs.map(async (s) => (await loadAgent(s, id)).create()));
    tables[id] = { table: game.batch.table(rules, bots, specs, false), master: masterKey(game.seedNamespace ?? id, 'engine-ab'), dealKeyInto };
  }
  return tables;
}

function time({ table, master, dealKeyInto }, games) {
  const key = { hi: 0, lo: 0 };
  const t0 = performance.now();
  for (let g = 0; g < games; g++) table.play(dealKeyInto(master, g, key));
  return games / ((performance.now() - t0) / 1000);
}

const [base, head] = [await build(baseRoot), await build('.')];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
for (const [id, , games] of WORKLOADS) {
  // Warm both up (JIT) on the same deals.
  time(base[id], games / 4);
  time(head[id], games / 4);
  const ratios = [];
  const speeds = { base: [], head: [] };
  for (let r = 0; r < rounds; r++) {
    const [first, second] = r % 2 ? ['head', 'base'] : ['base', 'head'];
    const s = { base: 0, head: 0 };
    s[first] = time(first === 'base' ? base[id] : head[id], games);
    s[second] = time(second === 'base' ? base[id] : head[id], games);
    speeds.base.push(s.base);
    speeds.head.push(s.head);
    ratios.push(s.head / s.base);
  }
  const k = (x) => Math.round(x).toLocaleString('en-US');
  console.log(
    `${id.padEnd(20)} games/s base ${k(median(speeds.base))}, this ${k(median(speeds.head))}; this/base ${median(ratios).toFixed(3)} (${Math.min(...ratios).toFixed(3)}-${Math.max(...ratios).toFixed(3)}) over ${rounds} rounds`,
  );
}
