#!/usr/bin/env node
// Where the CPU of the bench's tournament goes, thread by thread (Linux: /proc/self/task/*/stat),
// which survives a busy machine where wall-clock speed-ups do not: the main thread, each worker
// thread, and V8's own background threads (concurrent compilation and GC), for a fresh pool of 1 or
// 2 threads playing the bench's 1M games (src/bench/bench.ts tournamentWorkload), and the CPU a
// fresh worker thread spends importing the tournament worker module. Builds alternate, run by run:
//   node scripts/thread-cpu.mjs [-n RUNS] [--threads T] [--deals D] ROOT [OTHER_ROOT]
// e.g. node scripts/thread-cpu.mjs -n 5 --threads 2 . /tmp/base   (medians, per-run ratios ROOT/OTHER)
// A build's dist/ must be there (npm run build).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';

const REFERENCE_RULE = 'threshold:potWeight=3,margin=8,reserve=0,bonus=0,late=0';
const POOL = ['greedy', 'threshold', REFERENCE_RULE, 'threshold:cost=face,potWeight=1,margin=10,reserve=0,bonus=0'];
const TICKS = 100; // USER_HZ of /proc/*/stat

/** CPU seconds of each thread of this process, by thread id. */
function threadCpu() {
  const out = new Map();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(tid, (Number(f[11]) + Number(f[12])) / TICKS);
    } catch {
      // The thread ended between listing and reading.
    }
  }
  return out;
}

/** One run in this process: prints one JSON line. */
async function one(root, threads, deals) {
  const { runTournament, WorkerPool, taskBounds } = await import(`${root}/dist/src/tournament/run.js`);
  // The import of the worker module and of the run's game, in a fresh thread (its own CPU clock, in
  // nanoseconds: /proc/thread-self/schedstat). A build with src/game-loader.ts loads the game on the
  // first task (loadGame), an older one with the worker module (every game).
  const importCpu = await new Promise((done, fail) => {
    const w = new Worker(
      `const { existsSync, readFileSync } = require('node:fs'); const { parentPort, workerData } = require('node:worker_threads');
       const cpu = () => Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e9;
       const c = cpu();
       import(workerData + '/dist/src/tournament/worker.js')
         .then(() => existsSync(workerData + '/dist/src/game-loader.js') && import(workerData + '/dist/src/game-loader.js').then((m) => m.loadGame('no-thanks')))
         .then(() => parentPort.postMessage(cpu() - c));`,
      { eval: true, workerData: root },
    );
    w.once('message', (m) => void w.terminate().then(() => done(m)));
    w.once('error', fail);
  });
  const before = threadCpu();
  // A pool of the run's own size, created here so that its threads are still there to be read after the run.
  const workers = new WorkerPool(threads);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const r = await runTournament({ pool: POOL, rules: { players: 4 }, games: deals, seed: 'bench', workers });
  const wall = (performance.now() - t0) / 1000;
  const after = threadCpu();
  const c = process.cpuUsage(c0);
  await workers.close();
  const used = [...after].map(([tid, s]) => ({ tid, s: s - (before.get(tid) ?? 0) }));
  const main = used.find((u) => u.tid === String(process.pid)).s;
  const workerThreads = used.filter((u) => !before.has(u.tid) && u.tid !== String(process.pid)).sort((a, b) => b.s - a.s);
  const busiest = workerThreads.slice(0, threads).map((u) => u.s);
  const process_ = (c.user + c.system) / 1e6;
  const tasks = taskBounds ? taskBounds(0, deals, r.chunk, threads, 0).length - 1 : Math.ceil(deals / r.chunk);
  console.log(
    JSON.stringify({
      wall,
      process: process_,
      main,
      workers: busiest.reduce((a, b) => a + b, 0),
      perWorker: busiest,
      background: process_ - main - busiest.reduce((a, b) => a + b, 0),
      importCpu,
      tasks,
      games: r.gamesPlayed,
    }),
  );
}

const args = process.argv.slice(2);
if (args[0] === '--one') {
  await one(args[1], Number(args[2]), Number(args[3]));
} else {
  let runs = 5;
  let threads = 2;
  let deals = 250_000;
  const roots = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '-n') runs = Number(args[++i]);
    else if (args[i] === '--threads') threads = Number(args[++i]);
    else if (args[i] === '--deals') deals = Number(args[++i]);
    else roots.push(resolve(args[i]));
  }
  if (roots.length < 1 || roots.length > 2 || !(runs >= 1) || !(threads >= 1) || !(deals >= 1)) {
    console.error('usage: node scripts/thread-cpu.mjs [-n RUNS] [--threads T] [--deals D] ROOT [OTHER_ROOT]');
    process.exit(2);
  }
  const results = roots.map(() => []);
  for (let i = 0; i < runs; i++) {
    roots.forEach((root, k) => {
      const out = execFileSync(process.execPath, [import.meta.filename, '--one', root, String(threads), String(deals)], { encoding: 'utf8' });
      results[k].push(JSON.parse(out.trim().split('\n').at(-1)));
    });
    process.stderr.write(`run ${i + 1}/${runs}\r`);
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  const fields = ['wall', 'process', 'main', 'workers', 'background', 'importCpu', 'tasks'];
  console.log(`${threads} thread(s), ${deals} deals x 4 seatings, ${runs} run(s) each; seconds (CPU unless wall), median [range]`);
  for (const f of fields) {
    const cells = results.map((rs) => {
      const xs = rs.map((r) => r[f]);
      const d = f === 'importCpu' ? 4 : 2;
      return `${median(xs).toFixed(Math.max(3, d))} [${Math.min(...xs).toFixed(d)}-${Math.max(...xs).toFixed(d)}]`;
    });
    const ratio = results.length === 2 ? `  ratio ${median(results[0].map((r, i) => r[f] / results[1][i][f])).toFixed(3)}` : '';
    console.log(`${f.padEnd(11)} ${cells.join('   ')}${ratio}`);
  }
}
