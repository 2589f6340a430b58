#!/usr/bin/env node
// A/B of the flagship search's time per decision, base build against this one, both in one process
// in alternating rounds so both see the same machine load (as scripts/engine-ab.mjs does for the
// engines), on each game's bench search workload: No Thanks! `search` against 3 x mc (CPU ms a
// decision) and 6 nimmt! `search` against 3 x heuristic (ms a decision).
//   node scripts/search-ab.mjs BASE_CHECKOUT [ROUNDS]   (both built: dist/ in each)
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [baseRoot, roundsArg] = process.argv.slice(2);
if (!baseRoot) {
  console.error('usage: node scripts/search-ab.mjs BASE_CHECKOUT [ROUNDS]');
  process.exit(2);
}
const rounds = Number(roundsArg ?? 6);
const load = async (root) => ({
  noThanks: await import(pathToFileURL(resolve(root, 'dist/src/games/no-thanks/bench.js')).href),
  sixNimmt: await import(pathToFileURL(resolve(root, 'dist/src/games/6-nimmt/bench.js')).href),
});
const builds = { base: await load(baseRoot), head: await load('.') };
const WORKLOADS = {
  'No Thanks! search vs 3 mc, CPU ms/decision': async (b) => (await b.noThanks.searchWorkload(4, 'mc', 3)).cpuMsPerDecision,
  '6 nimmt! search vs 3 heuristic, ms/decision': async (b) => (await b.sixNimmt.sixNimmtMcWorkload(2, 'search', 'heuristic')).msPerDecision,
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
for (const [name, measure] of Object.entries(WORKLOADS)) {
  // Warm both up (JIT).
  await measure(builds.base);
  await measure(builds.head);
  const ms = { base: [], head: [] };
  const ratios = [];
  for (let r = 0; r < rounds; r++) {
    const got = {};
    for (const k of r % 2 ? ['head', 'base'] : ['base', 'head']) got[k] = await measure(builds[k]);
    ms.base.push(got.base);
    ms.head.push(got.head);
    ratios.push(got.head / got.base);
  }
  console.log(
    `${name}: base ${median(ms.base).toFixed(3)}, this ${median(ms.head).toFixed(3)}; this/base ${median(ratios).toFixed(3)} (${Math.min(...ratios).toFixed(3)}-${Math.max(...ratios).toFixed(3)}) over ${rounds} rounds`,
  );
}
