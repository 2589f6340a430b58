// How a 6 nimmt! bot's win share against a field of `mc` moves with its bullhead advantage
// (docs/notes/findings.md, "6 nimmt!, seventh pass"). Three readings:
//  1. Per tournament log (`--log` files of one bot against copies of mc, any seatings): the bot's
//     win share, its mean bullheads a game and the field's, and a least-squares line of share on
//     the advantage over the logs given.
//  2. A resampling model: games rebuilt from the logged rounds (whole rounds, all seats' takings of
//     one round together, so their negative correlation is kept), one seat's takings scaled by
//     (1 - f), played to 66 (lowest total wins, ties share): the win share a pure advantage of so
//     many bullheads a game buys when nothing else about the bot changes.
//  3. What a 2-player share predicts at 4 players under Plackett-Luce / Bradley-Terry (strength
//     ratio r = s / (1 - s), share r / (r + 3)) and under a Thurstone model (normal performances, a
//     shift fitted to the 2-player share).
// Usage: node scripts/six-win-vs-bullheads.mjs [--two SHARE] [--games N] LOG.jsonl...
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
let two = 0.65;
let simGames = 200000;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--two') two = Number(args[++i]);
  else if (args[i] === '--games') simGames = Number(args[++i]);
  else files.push(args[i]);
}
if (files.length === 0 || !(two > 0 && two < 1) || !(simGames > 0)) {
  console.error('usage: node scripts/six-win-vs-bullheads.mjs [--two SHARE] [--games N] LOG.jsonl...');
  process.exit(1);
}

const rows = [];
const rounds = [];
for (const file of files) {
  let games = 0;
  let share = 0;
  let mine = 0;
  let field = 0;
  let fieldSeats = 0;
  let focal;
  const diffs = [];
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    console.error(`cannot read ${file}: ${err.code ?? err.message}`);
    process.exit(1);
  }
  for (const [i, line] of text.split('\n').entries()) {
    if (line === '') continue;
    let g;
    try {
      g = JSON.parse(line);
    } catch {
      console.error(`${file}, line ${i + 1}: not JSON (a tournament's --log file is one game a line)`);
      process.exit(1);
    }
    if (!Array.isArray(g.rounds)) {
      console.error(`${file}, line ${i + 1}: not a 6 nimmt! game record (no rounds)`);
      process.exit(1);
    }
    if (g.players !== 4) continue;
    // The studied bot is the label that sits once at the table (the field is three copies of one).
    focal ??= g.agents.find((a) => g.agents.indexOf(a) === g.agents.lastIndexOf(a)) ?? g.agents[0];
    const seat = g.agents.indexOf(focal);
    if (seat < 0) continue;
    games++;
    if (g.winners.includes(seat)) share += 1 / g.winners.length;
    mine += g.scores[seat];
    let f = 0;
    for (let p = 0; p < 4; p++) {
      if (p === seat) continue;
      field += g.scores[p];
      f += g.scores[p];
      fieldSeats++;
    }
    diffs.push(g.scores[seat] - f / 3);
    for (const r of g.rounds) rounds.push(r.bullheads);
  }
  if (games === 0) {
    console.error(`${file}: no 4-player games`);
    process.exit(1);
  }
  const d = diffs.reduce((s, x) => s + x, 0) / games;
  const sd = Math.sqrt(diffs.reduce((s, x) => s + (x - d) ** 2, 0) / (games - 1));
  const p = share / games;
  rows.push({
    file,
    focal,
    games,
    share: p,
    se: Math.sqrt((p * (1 - p)) / games),
    mine: mine / games,
    field: field / fieldSeats,
    diff: d,
    diffSe: sd / Math.sqrt(games),
  });
}

const f1 = (x) => x.toFixed(1);
const f2 = (x) => x.toFixed(2);
console.log('| log | bot | games | win share ± 1.96 se | bullheads (field) | advantage ± 1.96 se |');
console.log('|---|---|---|---|---|---|');
for (const r of rows)
  console.log(
    `| ${r.file} | ${r.focal} | ${r.games} | ${f1(100 * r.share)}% ± ${f1(196 * r.se)} | ${f2(r.mine)} (${f2(r.field)}) | ${f2(-r.diff)} ± ${f2(1.96 * r.diffSe)} |`,
  );

// Weighted least squares of share on the advantage (fewer bullheads than the field, a game).
/** Weighted least squares of share on the advantage over the rows with |advantage| below `near`. */
function line(near) {
  const use = rows.filter((r) => Math.abs(r.diff) < near);
  if (use.length < 2) return;
  let sw = 0;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  for (const r of use) {
    const w = 1 / (r.se * r.se);
    const x = -r.diff;
    sw += w;
    sx += w * x;
    sy += w * r.share;
    sxx += w * x * x;
    sxy += w * x * r.share;
  }
  const slope = (sw * sxy - sx * sy) / (sw * sxx - sx * sx);
  const icpt = (sy - slope * sx) / sw;
  console.log(
    `weighted line over the ${use.length} logs with |advantage| < ${near}: share = ${f1(100 * icpt)}% + ${f2(100 * slope)} points per bullhead of advantage a game; 37% at ${f1((0.37 - icpt) / slope)} bullheads`,
  );
}
console.log('');
line(Infinity);
line(5);

// The resampling model. A small fast generator: the same numbers every run.
let st = 0x9e3779b9;
const rand = () => {
  st = (st + 0x6d2b79f5) | 0;
  let t = Math.imul(st ^ (st >>> 15), 1 | st);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const seatRounds = rounds.filter((r) => r.length === 4);
console.log(`\nresampling model: ${seatRounds.length} logged rounds, ${simGames} games a row`);
console.log('| f (takings scaled by 1 - f) | advantage a game | win share |');
console.log('|---|---|---|');
let at37;
let prev;
for (const f of [-0.5, -0.3, -0.2, -0.1, 0, 0.02, 0.04, 0.06, 0.08, 0.1, 0.12, 0.14, 0.16, 0.18, 0.2, 0.25, 0.3]) {
  let wins = 0;
  let adv = 0;
  for (let g = 0; g < simGames; g++) {
    const t = [0, 0, 0, 0];
    let over = false;
    while (!over) {
      const r = seatRounds[Math.floor(rand() * seatRounds.length)];
      const focal = Math.floor(rand() * 4);
      for (let p = 0; p < 4; p++) {
        let x = r[p];
        if (p === focal) {
          const y = x * (1 - f);
          x = Math.floor(y) + (rand() < y - Math.floor(y) ? 1 : 0);
          t[0] += x;
        } else t[p === 0 ? focal : p] += x;
      }
      over = t.some((x) => x >= 66);
    }
    const low = Math.min(...t);
    const tied = t.filter((x) => x === low).length;
    if (t[0] === low) wins += 1 / tied;
    adv += (t[1] + t[2] + t[3]) / 3 - t[0];
  }
  const share = wins / simGames;
  const a = adv / simGames;
  console.log(`| ${f2(f)} | ${f2(a)} | ${f1(100 * share)}% |`);
  if (at37 === undefined && share >= 0.37 && prev && prev.share < 0.37) at37 = prev.a + ((0.37 - prev.share) / (share - prev.share)) * (a - prev.a);
  prev = { a, share };
}
console.log(`37% at about ${at37 === undefined ? '(beyond the table)' : f1(at37)} bullheads a game of advantage`);

// Plackett-Luce / Bradley-Terry and Thurstone readings of a 2-player share.
const ratio = two / (1 - two);
console.log(
  `\n2-player share ${f1(100 * two)}%: Plackett-Luce strength ratio ${f2(ratio)}, at 4 players (against 3 of the field) ${f1((100 * ratio) / (ratio + 3))}%`,
);
// Thurstone: performance N(shift, 1) against N(0, 1); 2 players: Phi(shift / sqrt 2) = two.
const phi = (x) => Math.exp((-x * x) / 2) / Math.sqrt(2 * Math.PI);
const Phi = (x) => {
  // Abramowitz-Stegun 7.1.26 through erf.
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
};
let lo = 0;
let hi = 5;
for (let i = 0; i < 60; i++) {
  const m = (lo + hi) / 2;
  if (Phi(m / Math.SQRT2) < two) lo = m;
  else hi = m;
}
const shift = lo;
// P(X + shift beats three N(0,1)) = integral phi(x) Phi(x + shift)^3 dx, higher performance wins.
let four = 0;
for (let x = -8; x < 8; x += 0.001) four += phi(x) * Phi(x + shift) ** 3 * 0.001;
console.log(`Thurstone: shift ${f2(shift)} sd, at 4 players ${f1(100 * four)}%`);
