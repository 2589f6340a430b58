#!/usr/bin/env node
// A/B of two whole commands, run alternately (A, B, A, B, ...) so that both see the same machine
// load; prints the median and range of wall and CPU seconds of each and of the per-pair ratio A/B.
// Start-up is included, which dilutes a hot path's ratio: for a workload alone, import both builds'
// src/bench/*.js into one process instead.
//   node scripts/ab.mjs [-n PAIRS] -- 'COMMAND A' 'COMMAND B'
// e.g. node scripts/ab.mjs -n 7 -- 'node dist/src/cli/main.js tournament -a grumpy' 'node ../old/dist/src/cli/main.js tournament -a grumpy'
// CPU is user + system of the command and its children (GNU time, /usr/bin/time).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const args = process.argv.slice(2);
const dash = args.indexOf('--');
const n = dash > 0 && args[0] === '-n' ? Number(args[1]) : 5;
const [a, b] = dash >= 0 ? args.slice(dash + 1) : [];
if (!a || !b || !(Number.isInteger(n) && n >= 1)) {
  console.error("usage: node scripts/ab.mjs [-n PAIRS] -- 'COMMAND A' 'COMMAND B'");
  process.exit(2);
}
if (!existsSync('/usr/bin/time')) {
  console.error('scripts/ab.mjs: needs GNU time (/usr/bin/time; Debian package "time")');
  process.exit(2);
}

/** Wall and CPU seconds of one run of `command` (its output discarded; a non-zero exit is noted, as the comparison may then be of two failures). */
function run(command) {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %U %S', 'sh', '-c', `${command} >/dev/null 2>&1`], { encoding: 'utf8' });
  const [wall, user, sys] = r.stderr.trim().split('\n').at(-1).split(' ').map(Number);
  if (r.status !== 0) console.error(`note: exit ${r.status} from: ${command}`);
  return { wall, cpu: user + sys };
}

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor((xs.length - 1) / 2)];
const line = (name, xs) => `${name.padEnd(12)} median ${median(xs).toFixed(3)}  range ${Math.min(...xs).toFixed(3)}-${Math.max(...xs).toFixed(3)}`;
const runs = { a: [], b: [] };
for (let i = 0; i < n; i++) {
  runs.a.push(run(a));
  runs.b.push(run(b));
  process.stderr.write(`pair ${i + 1}/${n}\r`);
}
for (const k of ['wall', 'cpu']) {
  console.log(
    line(
      `A ${k} s`,
      runs.a.map((r) => r[k]),
    ),
  );
  console.log(
    line(
      `B ${k} s`,
      runs.b.map((r) => r[k]),
    ),
  );
  console.log(
    line(
      `A/B ${k}`,
      runs.a.map((r, i) => r[k] / runs.b[i][k]),
    ),
  );
}
