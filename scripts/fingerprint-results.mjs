#!/usr/bin/env node
// Fingerprints of what a fixed set of commands computes, across all three games: tournaments (with
// game records), a sweep, a ladder and an experiment. A refactor or a speed change that must not
// change any result prints the same lines before and after:
//   npm run build && node scripts/fingerprint-results.mjs > before.txt   (on the old commit)
//   npm run build && node scripts/fingerprint-results.mjs > after.txt && diff before.txt after.txt
// Timing fields (elapsed seconds, games per second, time per decision) and thread/chunk settings are
// left out of the hash; everything else in summary.json, every CSV and every record is in it.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// FINGERPRINT_CLI: another build's dist/src/cli/main.js (an older checkout), to compare with.
const CLI = process.env.FINGERPRINT_CLI ?? new URL('../dist/src/cli/main.js', import.meta.url).pathname;
const RUNS = [
  ['nt-tournament', 'tournament', '-a', 'random,greedy,threshold,mc:rollouts=30', '-p', '4', '-g', '60', '--log', 'LOG', '--per-game', 'PERGAME'],
  ['nt-circuit', 'tournament', '-a', 'greedy,threshold', '-p', '3', '--self-play', '-g', '39', '--format', 'circuit', '--seatings', 'all'],
  [
    'six-tournament',
    'tournament',
    '--game',
    '6-nimmt',
    '-a',
    'random,heuristic,mc:rollouts=10',
    '-p',
    '3',
    '-g',
    '30',
    '--log',
    'LOG',
    '--per-game',
    'PERGAME',
  ],
  ['six-pro', 'tournament', '--game', '6-nimmt', '--variant', 'pro', '-a', 'random,heuristic', '-p', '2', '-g', '40', '--log', 'LOG'],
  ['sp-tournament', 'tournament', '--game', 'no-thanks-specials', '-a', 'random,value,mc:rollouts=20', '-p', '3', '-g', '40', '--log', 'LOG'],
  ['nt-sweep', 'sweep', '--agent', 'threshold', '--grid', 'margin=-4..4:4', '--field', 'greedy,threshold', '-p', '3', '-g', '60', '--rounds', '2'],
  ['six-sweep', 'sweep', '--game', '6-nimmt', '--agent', 'mc', '--grid', 'rollouts=5|10', '--field', 'heuristic', '-p', '3', '-g', '20', '--rounds', '1'],
  ['nt-ladder', 'ladder', '-a', 'random,greedy,threshold', '-p', '3,4', '-g', '30'],
  ['experiment', 'run', 'experiments/strategies.json', '--games', '20'],
];
const TIMING = /elapsed|perSecond|PerSecond|seconds|Seconds|threads|chunk|timePer|decisionTime|microseconds|^ms/;

function strip(value) {
  if (Array.isArray(value)) return value.map(strip);
  if (value && typeof value === 'object') {
    const out = {};
    for (const [k, v] of Object.entries(value)) if (!TIMING.test(k)) out[k] = strip(v);
    return out;
  }
  return value;
}

function files(dir) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === 'state' ? [] : files(path);
      return [path];
    });
}

const root = mkdtempSync(join(tmpdir(), 'fingerprints-'));
try {
  for (const [name, ...args] of RUNS) {
    const out = join(root, name);
    const argv = args.map((a) => (a === 'LOG' ? join(root, `${name}.jsonl`) : a === 'PERGAME' ? join(root, `${name}-games.csv`) : a));
    execFileSync(process.execPath, [CLI, ...argv, '--out', out, '--threads', '2'], { stdio: ['ignore', 'ignore', 'inherit'] });
    // Two hashes: what was computed (summary.json, records) and how it is tabled (the CSVs), so a
    // change of CSV formatting shows as such.
    const results = createHash('sha256');
    const tables = createHash('sha256');
    const named = files(out).filter((f) => /\.(json|csv|jsonl)$/.test(f));
    if (args.includes('LOG')) named.push(join(root, `${name}.jsonl`));
    if (args.includes('PERGAME')) named.push(join(root, `${name}-games.csv`));
    for (const f of named) {
      const text = readFileSync(f, 'utf8');
      const body = f.endsWith('.json') ? JSON.stringify(strip(JSON.parse(text))) : f.endsWith('.csv') ? stripCsv(text) : text;
      (f.endsWith('.csv') ? tables : results).update(`${f.slice(root.length)}\n${body}\n`);
    }
    console.log(
      `${name.padEnd(16)} ${String(named.length).padStart(2)} files  results ${results.digest('hex').slice(0, 16)}  tables ${tables.digest('hex').slice(0, 16)}`,
    );
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}

/** A CSV without its timing columns. */
function stripCsv(text) {
  const rows = text.split('\n').map((r) => r.split(','));
  const keep = rows[0].map((h, i) => (TIMING.test(h) ? -1 : i)).filter((i) => i >= 0);
  return rows.map((r) => keep.map((i) => r[i]).join(',')).join('\n');
}
