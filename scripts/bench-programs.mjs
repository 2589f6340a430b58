#!/usr/bin/env node
// What a bot program costs per decision: a trivial bot that takes every card, in
// process (a bot file), as a Node program and as a Python program over the line protocol,
// sandboxed when bubblewrap is here; every seat of a 3-player No Thanks! table is that bot, so
// every decision is one. A benchmark, never a test: run it with `npm run build` done,
//   node scripts/bench-programs.mjs [deals]
// and quote its table. Prints decisions per second and microseconds per decision. The policy rows
// serve a numpy function that takes the first legal id (nothanks_lab.policy, the tensor encoding):
// in the sandbox the system's python3 has no numpy, so give an interpreter that has it,
//   PYTHON=/path/to/venv/bin/python node scripts/bench-programs.mjs [deals]
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTournament } from '../dist/src/tournament/run.js';
import { sandboxMissing } from '../dist/src/tournament/sandbox/bubblewrap.js';

const deals = Number(process.argv[2] ?? 2000);
const root = join(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'nothanks-bench-programs-'));
const inProcess = join(dir, 'taker.mjs');
writeFileSync(inProcess, `export default { name: 'taker', params: {}, create: () => ({ decide: () => 'take' }) };`);
const policy = join(dir, 'first.py');
writeFileSync(policy, 'import numpy as np\n\ndef policy(obs, mask):\n    return int(np.flatnonzero(mask)[0])\n');
const python = process.env.PYTHON ?? 'python3';
const bots = [
  ['in process (bot file)', inProcess],
  ['Node program', `exec:node ${join(root, 'clients', 'node', 'examples', 'trivial.mjs')}`],
  ['Python program', `exec:python3 ${join(root, 'clients', 'python', 'examples', 'trivial.py')}`],
  ['Python policy (tensor)', `exec:${python} -m nothanks_lab.policy ${policy}:policy`],
];
console.log(`${deals} deals, 3 seats of the bot (No Thanks!, rotations); sandbox: ${sandboxMissing() ?? 'bubblewrap'}`);
console.log('bot                     threads  decisions/s  us/decision');
for (const threads of [1, 2]) {
  for (const [label, spec] of bots) {
    const r = await runTournament({ pool: [spec], rules: { players: 3 }, games: deals, seed: 'bench', threads });
    const perSecond = r.decisions / r.elapsedSeconds;
    console.log(
      `${label.padEnd(23)} ${String(threads).padStart(7)}  ${Math.round(perSecond).toString().padStart(11)}  ${(1e6 / perSecond).toFixed(1).padStart(11)}`,
    );
  }
}
