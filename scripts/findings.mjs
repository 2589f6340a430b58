#!/usr/bin/env node
// Regenerates docs/results.md and its charts (docs/results/*.svg) from the built CLI: which bot is
// best at 3, 4 and 5 players in each game, which threshold setting is best, and how the player
// count changes scores. Every number comes from a command the page prints, with fixed seeds.
//   npm run findings                      (builds first; about 10 minutes on 2 cores)
//   node scripts/findings.mjs [--scale K] [--threads N]
// --scale multiplies every deal count (--scale 10 narrows the intervals about 3x and takes about
// ten times as long); the page states the counts it used. Outputs of the commands go to
// results/findings/ (not committed); the page and the charts copied from them are committed.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';

const argv = process.argv.slice(2);
const flag = (name, fallback) => {
  const at = argv.indexOf(name);
  return at >= 0 ? Number(argv[at + 1]) : fallback;
};
const SCALE = flag('--scale', 1);
const THREADS = flag('--threads', 2);
if (!(SCALE > 0) || !(Number.isInteger(THREADS) && THREADS >= 1)) {
  console.error('usage: node scripts/findings.mjs [--scale K] [--threads N]');
  process.exit(2);
}
const deals = (n, least = 2) => Math.max(least, Math.round(n * SCALE));

const CLI = 'dist/src/cli/main.js';
const OUT = 'results/findings';
const PAGE = 'docs/results.md';
const CHARTS = 'docs/results';

/** Deal counts, chosen so that the whole script takes about 10 minutes on 2 cores. */
const DEALS = {
  best: { 'no-thanks': 16, 'no-thanks-specials': 8, '6-nimmt': 6 },
  sweep: 40,
  tuneBudget: 2000,
  tuneHoldout: 200,
  confirm: 400,
  playerCount: 16,
  sixPlayers: 6,
};

const GAMES = [
  { id: 'no-thanks', name: 'No Thanks!', file: 'experiments/best-no-thanks.json' },
  { id: 'no-thanks-specials', name: 'No Thanks! with special cards', file: 'experiments/best-no-thanks-specials.json' },
  { id: '6-nimmt', name: '6 nimmt!', file: 'experiments/best-6-nimmt.json' },
];

const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).trim();
const commit = git('rev-parse', '--short', 'HEAD');
// The generated page and charts do not count: regenerating them is what this script does.
const dirty = git('status', '--porcelain', '--untracked-files=no', '--', '.', `:!${PAGE}`, `:!${CHARTS}`) !== '';
const started = process.hrtime.bigint();
const loadBefore = loadavg()[0];
const steps = [];

/** Runs `nothanks ARGS` into results/findings/NAME; returns the folder. The page shows the command without the folder flags. */
function nothanks(name, args) {
  const out = join(OUT, name);
  const shown = `nothanks ${args.map((a) => (/[|*?;&<>()\s'"]/.test(a) ? `'${a}'` : a)).join(' ')}`;
  process.stderr.write(`findings: ${shown}\n`);
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [CLI, ...args, '--threads', String(THREADS), '--out', out, '--force', '--quiet'], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  if (r.status !== 0) {
    console.error(r.stdout, r.stderr);
    console.error(`findings: the command failed (exit ${r.status}): ${shown}`);
    process.exit(1);
  }
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  steps.push({ command: shown, seconds });
  return { out, stdout: r.stdout, command: shown };
}

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
/** Copies a chart the CLI wrote into docs/results/ under a new name; returns its link from docs/results.md. */
function chart(from, name) {
  copyFileSync(from, join(CHARTS, name));
  return `results/${name}`;
}
const f1 = (x) => x.toFixed(1);
const f2 = (x) => x.toFixed(2);
const pct = (x) => `${(100 * x).toFixed(1)}%`;
const ci = ([lo, hi], f = f1) => `[${f(lo)}, ${f(hi)}]`;
const pctCi = ([lo, hi]) => `[${(100 * lo).toFixed(1)}, ${(100 * hi).toFixed(1)}]`;
const signed = (x, f = f2) => `${x >= 0 ? '+' : ''}${f(x)}`;

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
rmSync(CHARTS, { recursive: true, force: true });
mkdirSync(CHARTS, { recursive: true });

// 1. Which bot is best at 3, 4 and 5 players.
const best = [];
for (const g of GAMES) {
  const n = deals(DEALS.best[g.id]);
  const run = nothanks(`best-${g.id}`, ['run', g.file, '--games', String(n)]);
  const exp = readJson(g.file);
  const byPlayers = exp.players.map((p) => {
    const s = readJson(join(run.out, `players-${p}`, 'summary.json'));
    const rows = [...s.agents].sort((a, b) => b.winShare - a.winShare || a.meanScore - b.meanScore);
    const [top, second] = rows;
    const pair = s.pairwise.find((x) => (x.a === top.agent && x.b === second.agent) || (x.a === second.agent && x.b === top.agent));
    // pairwise win shares are a - b, as fractions.
    const sign = pair.a === top.agent ? 1 : -1;
    const gap = {
      diff: sign * pair.winShare.meanDiff,
      ci: pair.winShare.ciSimultaneous.map((v) => sign * v).sort((x, y) => x - y),
      p: pair.winShare.pAdjusted,
    };
    return { players: p, rows, games: s.gamesPlayed, deals: s.dealsPlayed, top, second, gap };
  });
  best.push({ ...g, n, run, byPlayers, chart: chart(join(run.out, 'leaderboard.svg'), `best-${g.id}.svg`) });
}

// 2. Which threshold setting is best: the grid of experiments/thresholds.json raced against its
// field, then every parameter tuned at once (experiments/tune-threshold.json's ranges) with the
// grid winner replayed beside it on held-out deals, then the grid winner against the default on
// deals of another seed (a sequential test, capped).
const sweepFile = 'experiments/thresholds.json';
const sweepExp = readJson(sweepFile);
const sweepDeals = deals(DEALS.sweep);
const sweepRun = nothanks('thresholds-sweep', ['run', sweepFile, '--games', String(sweepDeals)]);
const sweep = readJson(join(sweepRun.out, 'sweep.json'));
const winner = sweep.winner;
const sweepCharts = [chart(join(sweepRun.out, 'sweep-heatmap.svg'), 'threshold-sweep-heatmap.svg')];

const tuneExp = readJson('experiments/tune-threshold.json');
const tuneArgs = [
  'tune',
  '--agent',
  tuneExp.agent,
  '--params',
  ...Object.entries(tuneExp.params).map(([k, v]) => `${k}=${v}`),
  '--field',
  tuneExp.field.join(','),
  '--players',
  String(tuneExp.players),
  '--method',
  tuneExp.method,
  '--deals',
  String(tuneExp.deals),
  '--budget',
  String(deals(DEALS.tuneBudget, 200)),
  '--holdout',
  String(deals(DEALS.tuneHoldout, 20)),
  '--compare',
  winner.spec,
  '--seed',
  'results-tune',
];
const tuneRun = nothanks('thresholds-tune', tuneArgs);
const tune = readJson(join(tuneRun.out, 'tune.json'));
sweepCharts.push(chart(join(tuneRun.out, 'tune-progress.svg'), 'threshold-tune-progress.svg'));

const field = sweepExp.field;
// The setting checked on fresh deals: the grid's winner, or its best other point when the default won.
const challenger = winner.isDefault ? [...sweep.points].filter((p) => !p.isDefault).sort((a, b) => a.meanScore - b.meanScore)[0] : winner;
const confirmArgs = [
  'test',
  '--candidate',
  challenger.spec,
  '--baseline',
  sweepExp.agent,
  '--field',
  field.join(','),
  '--players',
  String(sweepExp.players),
  '--unit',
  'score',
  '--max-deals',
  String(deals(DEALS.confirm, 50)),
  '--seed',
  'results-confirm',
];
const confirmRun = nothanks('thresholds-confirm', confirmArgs);
const confirmText = confirmRun.stdout
  .trim()
  .split('\n')
  .filter((l) => !l.startsWith('Outputs:'));
sweepCharts.push(chart(join(confirmRun.out, 'llr-path.svg'), 'threshold-confirm-llr.svg'));

// 3. How the player count changes scores.
const counts = [];
for (const [file, n, game, name] of [
  ['experiments/player-count.json', DEALS.playerCount, 'no-thanks', 'No Thanks!'],
  ['experiments/six-nimmt-players.json', DEALS.sixPlayers, '6-nimmt', '6 nimmt!'],
]) {
  const d = deals(n);
  const run = nothanks(`players-${game}`, ['run', file, '--games', String(d)]);
  const exp = readJson(file);
  const per = exp.players.map((p) => ({ players: p, summary: readJson(join(run.out, `players-${p}`, 'summary.json')) }));
  const headlines = readJson(join(run.out, 'run.json')).headlines;
  const charts = readdirSync(run.out)
    .filter((f) => f.endsWith('-by-players.svg'))
    .sort()
    .map((f) => chart(join(run.out, f), `players-${game}-${f.replace('-by-players', '')}`));
  counts.push({ file, d, game, name, exp, per, headlines, charts, run });
}

const seconds = Number(process.hrtime.bigint() - started) / 1e9;
const minutes = (s) => (s < 90 ? `${Math.round(s)} s` : `${(s / 60).toFixed(1)} min`);

// The page.
const L = [];
L.push('# Results');
L.push('');
L.push(
  `Generated by \`npm run findings\` (scripts/findings.mjs) from commit \`${commit}\`${dirty ? ' with uncommitted changes' : ''}, ` +
    `in ${minutes(seconds)} on ${THREADS} threads${SCALE === 1 ? '' : ` at --scale ${SCALE}`} (load average ${loadBefore.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end: ` +
    'other work on the machine slows it, never changes its numbers). Do not edit it by hand: run the script again. ' +
    'Every interval is 95%. Each section gives the commands that made its numbers (`nothanks` is `node dist/src/cli/main.js`; ' +
    'the script adds `--threads`, `--out` and `--quiet`, which do not change results). The deal counts are small so that the page can be ' +
    'regenerated in minutes: for narrower intervals run the same commands with a larger `--games` (or `node scripts/findings.mjs --scale 10`).',
);
L.push('');
L.push('## The answers');
L.push('');
const bestLine = (b) => {
  const tops = b.byPlayers.map((x) => x.top.agent);
  const same = tops.every((t) => t === tops[0]);
  const parts = b.byPlayers.map(
    (x) =>
      `${x.players} players ${x.top.agent} ${pct(x.top.winShare)} ${pctCi(x.top.winShareCI)} against ${x.second.agent} ${pct(x.second.winShare)}` +
      ` (gap ${signed(100 * x.gap.diff, f1)} points, simultaneous ${pctCi(x.gap.ci)}${x.gap.p < 0.05 ? ', significant' : ', not significant'})`,
  );
  const sure = b.byPlayers.filter((x) => x.gap.p < 0.05).map((x) => x.players);
  const plain = same
    ? sure.length === b.byPlayers.length
      ? `${tops[0]} is best at 3, 4 and 5 players, clearly at each`
      : `${tops[0]} leads at 3, 4 and 5 players; its lead over the runner-up is significant ${sure.length ? `at ${sure.join(' and ')} players only` : 'at no table size with these deals'}`
    : `no one bot leads at every table size${sure.length ? ` (a significant lead at ${sure.join(' and ')} players)` : ' and no lead is significant with these deals'}`;
  const firsts = same ? '' : ` First by win share: ${b.byPlayers.map((x) => `${x.top.agent} at ${x.players}`).join(', ')} players.`;
  return `- **${b.name}**: ${plain}.${firsts} Win shares: ${parts.join('; ')}.`;
};
L.push('**Which bot is best at 3, 4 and 5 players?**');
L.push('');
for (const b of best) L.push(bestLine(b));
L.push('');
L.push('**What threshold setting is best?**');
L.push('');
const held = tune.holdout;
const cmpHeld = held.against?.[0];
const confirmJson = readJson(join(confirmRun.out, 'test.json'));
// test's estimate is baseline minus candidate (positive: the candidate scores less): shown as candidate minus default.
const confirmDiff = -confirmJson.estimate.mean;
const confirmCi = confirmJson.estimate.ci.map((v) => -v).sort((a, b) => a - b);
const tunedDiff = -held.meanGain;
const tunedCi = held.ci.map((v) => -v).sort((a, b) => a - b);
const defaultSpec = sweep.defaults?.spec ?? sweepExp.agent;
const challengerBetter = confirmCi[1] < 0;
const verdict = held.holds
  ? `the tuned setting \`${tune.spec}\` beats the default on held-out deals`
  : challengerBetter
    ? `\`${challenger.spec}\` beats the default on fresh deals`
    : `no setting found beats the default \`${defaultSpec}\` clearly: keep it`;
L.push(`- In short: ${verdict}. (The default itself came from tuning runs like these: [bots](bots.md).)`);
L.push(
  `- The grid (margin x pot weight, against ${field.join(', ')} at ${sweepExp.players} players, ${sweepDeals} deals) ranked \`${winner.spec}\` first` +
    `${winner.isDefault ? ' (the default)' : ''} at ${f2(winner.meanScore)} ${ci(winner.meanScoreCI, f2)} points per game. ` +
    `On ${confirmJson.deals} fresh deals of another seed, \`${challenger.spec}\`${winner.isDefault ? ' (the best other point)' : ''} minus the default: ` +
    `${signed(confirmDiff)} ${ci(confirmCi, f2)} points per game (paired, anytime-valid; negative is better).`,
);
L.push(
  `- Tuning all six parameters at once found \`${tune.spec}\`; on ${held.deals} held-out deals it minus the default: ${signed(tunedDiff)} ${ci(tunedCi, f2)} points per game ` +
    `(paired; ${held.holds ? 'the gain holds' : 'the gain is not confirmed'})` +
    (cmpHeld
      ? `, and minus the grid winner ${signed(-cmpHeld.meanGain)} ${ci(
          cmpHeld.ci.map((v) => -v).sort((a, b) => a - b),
          f2,
        )}.`
      : '.'),
);
L.push('');
L.push('**How does the player count change scores?**');
L.push('');
for (const c of counts) {
  const agents = c.per[0].summary.agents.map((a) => a.agent);
  const parts = agents.map((name) => {
    const at = c.per.map((x) => ({ players: x.players, a: x.summary.agents.find((a) => a.agent === name) })).filter((x) => x.a);
    const [first, last] = [at[0], at.at(-1)];
    const lowest = at.reduce((m, x) => (x.a.meanScore < m.a.meanScore ? x : m));
    return `${name} ${f1(first.a.meanScore)} ${ci(first.a.meanScoreCI)} at ${first.players} players, ${f1(last.a.meanScore)} ${ci(last.a.meanScoreCI)} at ${last.players} (lowest at ${lowest.players})`;
  });
  const falls = agents.filter((name) => {
    const at = c.per.map((x) => x.summary.agents.find((a) => a.agent === name)).filter(Boolean);
    return at.at(-1).meanScore < at[0].meanScore;
  }).length;
  const span = `${c.per[0].players} to ${c.per.at(-1).players} players`;
  const plain =
    falls === agents.length
      ? `every bot scores less from ${span}`
      : falls === 0
        ? `every bot scores more from ${span}`
        : `${falls} of ${agents.length} bots score less from ${span}, the others more`;
  L.push(`- **${c.name}**: ${plain} (mean score, lower is better): ${parts.join('; ')}.`);
}
L.push('');

L.push('## Which bot is best at 3, 4 and 5 players');
L.push('');
L.push(
  "Each game's built-in bots at their defaults on duplicate deals (every bot sees the same cards from every seat of a table): every combination " +
    'of the pool at each table size, every rotation of each table. Win share is the share of games a bot finished first (ties split); ' +
    "mean score is its points at the end (lower is better in all three games). The gap is the leader's win share minus the runner-up's, " +
    'paired over deals; its interval is simultaneous over all the pairs of the table size and "significant" means its Bonferroni-adjusted p is below 0.05.',
);
L.push('');
for (const b of best) {
  L.push(`### ${b.name}`);
  L.push('');
  L.push('```sh');
  L.push(b.run.command);
  L.push('```');
  L.push('');
  L.push('| players | bot | games | win share | 95% CI | mean score | 95% CI |');
  L.push('|---|---|---:|---:|---|---:|---|');
  for (const x of b.byPlayers)
    for (const r of x.rows)
      L.push(`| ${x.players} | ${r.agent} | ${r.games} | ${pct(r.winShare)} | ${pctCi(r.winShareCI)} | ${f2(r.meanScore)} | ${ci(r.meanScoreCI, f2)} |`);
  L.push('');
  L.push(`![${b.name}: leaderboard by table size](${b.chart})`);
  L.push('');
}

L.push('## What threshold setting is best');
L.push('');
L.push(
  `The \`threshold\` bot takes a card when cost - potWeight x chips on it <= margin (see [bots](reference/bots.md)). ` +
    `Three steps, each against the field ${field.map((a) => `\`${a}\``).join(', ')} at ${sweepExp.players} players:`,
);
L.push('');
L.push(
  `1. A grid (${Object.entries(sweepExp.grid)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')}) raced over ${sweepDeals} deals: points clearly worse than the leader are dropped.`,
);
L.push('');
L.push('```sh');
L.push(sweepRun.command);
L.push('```');
L.push('');
L.push('| setting | deals | mean score | 95% CI |');
L.push('|---|---:|---:|---|');
for (const p of [...sweep.points].sort((a, b) => a.meanScore - b.meanScore).slice(0, 8))
  L.push(`| \`${p.spec}\`${p.isDefault ? ' (default)' : ''} | ${p.deals} | ${f2(p.meanScore)} | ${ci(p.meanScoreCI, f2)} |`);
L.push('');
if (sweep.winnerVsDefault)
  L.push(
    `On the same deals the winner minus the default is ${signed(sweep.winnerVsDefault.meanDiff ?? sweep.winnerVsDefault.diff ?? Number.NaN)} ` +
      `${ci(sweep.winnerVsDefault.ci ?? [Number.NaN, Number.NaN], f2)} points per game (paired; optimistic, as the winner was picked on these deals).`,
  );
L.push('');
L.push(`![Threshold grid: mean score by margin and pot weight](${sweepCharts[0]})`);
L.push('');
L.push(
  `2. All six parameters tuned at once (SPSA, ranges of experiments/tune-threshold.json, ${tune.gamesUsed} games), the result checked against the default and the grid winner on ${held.deals} held-out deals of another seed:`,
);
L.push('');
L.push('```sh');
L.push(tuneRun.command);
L.push('```');
L.push('');
L.push(
  `Tuned: \`${tune.spec}\`. Held out: it scores ${signed(-held.meanGain)} ${ci(
    held.ci.map((v) => -v).sort((a, b) => a - b),
    f2,
  )} points per game ` +
    `against the default (p ${f2(held.p)})${
      cmpHeld
        ? ` and ${signed(-cmpHeld.meanGain)} ${ci(
            cmpHeld.ci.map((v) => -v).sort((a, b) => a - b),
            f2,
          )} against \`${cmpHeld.spec}\` (p ${f2(cmpHeld.p)})`
        : ''
    }; negative is better.`,
);
L.push('');
L.push(`![Tuning progress](${sweepCharts[1]})`);
L.push('');
L.push(
  `3. \`${challenger.spec}\`${winner.isDefault ? ' (the best point that is not the default)' : ' (the grid winner)'} against the default on fresh deals (a sequential test on mean score, capped):`,
);
L.push('');
L.push('```sh');
L.push(confirmRun.command);
L.push('```');
L.push('');
L.push('```text');
for (const l of confirmText) L.push(l);
L.push('```');
L.push('');
L.push(`![Sequential test: evidence by deals played](${sweepCharts[2]})`);
L.push('');

L.push('## How the player count changes scores');
L.push('');
for (const c of counts) {
  L.push(`### ${c.name}`);
  L.push('');
  L.push(`${c.exp.description}`);
  L.push('');
  L.push('```sh');
  L.push(c.run.command);
  L.push('```');
  L.push('');
  const agents = c.per[0].summary.agents.map((a) => a.agent);
  L.push(`| players | ${agents.map((a) => `${a} mean score [95% CI]`).join(' | ')} |`);
  L.push(`|---:|${agents.map(() => '---').join('|')}|`);
  for (const x of c.per) {
    const by = new Map(x.summary.agents.map((a) => [a.agent, a]));
    L.push(`| ${x.players} | ${agents.map((a) => (by.has(a) ? `${f1(by.get(a).meanScore)} ${ci(by.get(a).meanScoreCI)}` : '-')).join(' | ')} |`);
  }
  L.push('');
  for (const h of c.headlines) L.push(`- ${h}`);
  L.push('');
  for (const ch of c.charts) L.push(`![${c.name}: ${ch.replace(/^results\/players-[^-]+(-nimmt|-thanks)?-|\.svg$/g, '')} by player count](${ch})`);
  L.push('');
}

L.push('## Runtime');
L.push('');
L.push('| command | seconds |');
L.push('|---|---:|');
for (const s of steps) L.push(`| \`${s.command.replace(/\|/g, '\\|')}\` | ${Math.round(s.seconds)} |`);
L.push(`| total (\`npm run findings\`, after the build) | ${Math.round(seconds)} |`);
L.push('');
writeFileSync(PAGE, `${L.join('\n').replace(/\n{3,}/g, '\n\n')}`);
process.stderr.write(`findings: wrote ${PAGE} and ${CHARTS}/ in ${minutes(seconds)}\n`);
