// Paired difference of one bot's win share between two runs on the same deals (same seed and
// seatings), from their `--log` files: per deal, the mean over its seatings of (share in A - share
// in B) for the bot's seat, then a normal 95% interval over the deals. Used for the flagship's
// paired tables in docs/notes/findings.md ("The gambler model").
// Usage: node scripts/paired-win-share.mjs A.jsonl B.jsonl AGENT_IN_A AGENT_IN_B
import { readFileSync } from 'node:fs';

/** Win share of `agent`'s seat in every game of a log, keyed by deal seed and seat. */
function shares(file, agent) {
  const out = new Map();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line === '') continue;
    const game = JSON.parse(line);
    const seat = game.agents.indexOf(agent);
    if (seat < 0) continue;
    out.set(`${game.seed}:${seat}`, { deal: game.seed, share: game.winners.includes(seat) ? 1 / game.winners.length : 0 });
  }
  return out;
}

const [fileA, fileB, agentA, agentB] = process.argv.slice(2);
if (agentB === undefined) {
  console.error('usage: node scripts/paired-win-share.mjs A.jsonl B.jsonl AGENT_IN_A AGENT_IN_B');
  process.exit(1);
}
const a = shares(fileA, agentA);
const b = shares(fileB, agentB);
const perDeal = new Map();
for (const [key, x] of a) {
  const y = b.get(key);
  if (y === undefined) continue;
  const list = perDeal.get(x.deal) ?? [];
  list.push(x.share - y.share);
  perDeal.set(x.deal, list);
}
const diffs = [...perDeal.values()].map((list) => list.reduce((s, d) => s + d, 0) / list.length);
const n = diffs.length;
if (n < 2) {
  console.error(`only ${n} deals in common: are these two runs of the same seed and seatings?`);
  process.exit(1);
}
const mean = diffs.reduce((s, d) => s + d, 0) / n;
const sd = Math.sqrt(diffs.reduce((s, d) => s + (d - mean) ** 2, 0) / (n - 1));
const half = (1.96 * sd) / Math.sqrt(n);
const pts = (x) => (100 * x).toFixed(1);
console.log(`${agentA} - ${agentB}: ${pts(mean)} points [${pts(mean - half)}, ${pts(mean + half)}] over ${n} deals`);
