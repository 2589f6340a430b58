#!/usr/bin/env node
// Microseconds per decision of the net bot (an ONNX 2-layer MLP, D-128-128-A, random weights) in
// every seat at 4 players, for each registered game: the workload `nothanks bench` runs for
// No Thanks! and 6 nimmt! (src/bench/net.ts), alone and for every game, ROUNDS times each, so a
// busy machine's noise shows as the spread.
//   npm run build && node scripts/net-speed.mjs [DECISIONS] [ROUNDS]
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');
const dist = (p) => import(pathToFileURL(resolve(ROOT, 'dist/src', p)).href);
const [{ GAMES }, { netText, netWorkload }] = await Promise.all([dist('registry.js'), dist('bench/net.js')]);
const decisions = Number(process.argv[2] ?? 100_000);
const rounds = Number(process.argv[3] ?? 3);

for (const game of GAMES.values()) {
  for (let r = 0; r < rounds; r++) console.log(`${game.id.padEnd(20)} ${netText(await netWorkload(game, 4, decisions))}`);
}
