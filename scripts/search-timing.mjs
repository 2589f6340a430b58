// Time per decision of a search (or any) bot spec, as `nothanks bench`'s search workloads measure it
// (No Thanks!: its decide() and onEvent() time over its decisions with chips left, seat 0 against
// P-1 copies of an opponent; 6 nimmt!: decide() over decisions with a choice, at 4 players against
// 3 copies of an opponent (heuristic unless given); special cards: decide()'s and onEvent()'s CPU
// time, so a loaded machine counts less, over every decision of seat 0 at 4 players, against 3
// copies of an opponent (mc unless given), after three untimed games).
// Beside the mean, the tail: p50, p90, p99 and max of single decisions in the process's CPU time
// (src/bench/tail.ts), which a tournament's per-decision time limit meets. With --slow N, also the
// N slowest decisions with their position and the tail by kind of position (phase, cards left).
// Usage: node scripts/search-timing.mjs no-thanks SPEC PLAYERS OPPONENT GAMES [--slow N]
//        node scripts/search-timing.mjs 6-nimmt SPEC GAMES [OPPONENT] [--slow N]
//        node scripts/search-timing.mjs no-thanks-specials SPEC GAMES [OPPONENT] [--slow N]
import { searchWorkload } from '../dist/src/bench/bench.js';
import { sixNimmtMcWorkload } from '../dist/src/games/6-nimmt/bench.js';
import { specialsDecisionWorkload } from '../dist/src/games/no-thanks-specials/bench.js';
import { formatTail, tailOf } from '../dist/src/bench/tail.js';

const args = process.argv.slice(2);
let slow = 0;
const at = args.indexOf('--slow');
if (at >= 0) {
  slow = Number(args[at + 1]);
  if (!Number.isInteger(slow) || slow < 1) {
    console.error(`--slow needs a whole number of decisions, got "${args[at + 1]}"`);
    process.exit(2);
  }
  args.splice(at, 2);
}
const [game, spec, ...rest] = args;
if (!['no-thanks', '6-nimmt', 'no-thanks-specials'].includes(game) || !spec) {
  console.error('usage: node scripts/search-timing.mjs no-thanks|6-nimmt|no-thanks-specials SPEC ... [--slow N] (see the comment at the top)');
  process.exit(2);
}

/** Bad input: one line, exit 1 (a bot spec the lab refuses too, with the lab's own message). */
const fail = (message) => {
  console.error(`search-timing: ${message}`);
  process.exit(1);
};
/** A count argument: a whole number from 1, or the default when left out. */
const whole = (text, what, dflt) => {
  if (text === undefined) return dflt;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) fail(`${what} must be a whole number from 1, got "${text}"`);
  return n;
};

/** Every timed decision: its CPU ms, a description of its position and the kind it is grouped by. */
const seen = [];
const note = (describe) => (obs, ms) => {
  if (slow > 0) seen.push({ ms, ...describe(obs) });
};
/** Cards left bucketed by a third of the deck: early, middle, late. */
const stage = (left, deck) => (left > (2 * deck) / 3 ? 'early' : left > deck / 3 ? 'middle' : 'late');

let r;
try {
  if (game === '6-nimmt') {
    r = await sixNimmtMcWorkload(
      whole(rest[0], 'GAMES', 20),
      spec,
      rest[1] ?? 'heuristic',
      note((o) => ({
        kind: o.phase === 'play' ? `play, ${o.handSize} in hand` : o.phase,
        where: `round ${o.round} turn ${o.turn} ${o.phase} hand ${o.handSize}`,
      })),
    );
  } else if (game === 'no-thanks-specials') {
    r = await specialsDecisionWorkload(spec, whole(rest[0], 'GAMES', 10), {
      players: 4,
      opponent: rest[1] ?? 'mc',
      cpu: true,
      onDecision: note((o) => {
        const deck = o.cardsLeft + o.displaySize(0) + o.displaySize(1) + o.displaySize(2) + o.displaySize(3);
        return {
          kind: o.phase === 'take' || o.phase === 'bid' ? `${o.phase}, ${stage(o.cardsLeft, deck)}` : `${o.phase}, display ${o.displaySize(o.seat)}`,
          where: `${o.phase} card ${o.card} pot ${o.pot} chips ${o.myChips} left ${o.cardsLeft} display ${o.displaySize(o.seat)} lastBidder ${o.lastBidder} sitOut ${o.canSitOut}`,
        };
      }),
    });
  } else {
    const [playersText, opponent, gamesText] = rest;
    if (playersText === undefined || opponent === undefined) fail('no-thanks needs PLAYERS and OPPONENT (see the comment at the top)');
    r = {
      spec,
      ...(await searchWorkload(
        whole(playersText, 'PLAYERS', 0),
        opponent,
        whole(gamesText, 'GAMES', 30),
        spec,
        note((o) => ({ kind: stage(o.cardsLeft, 24), where: `card ${o.card} pot ${o.pot} chips ${o.myChips} left ${o.cardsLeft}` })),
      )),
    };
  }
} catch (err) {
  fail(err instanceof Error ? err.message : String(err));
}
console.log(JSON.stringify(r));
console.log(`${spec}: ${formatTail(r.tail)} (CPU) over ${r.tail.decisions} decisions`);
if (slow > 0) {
  const kinds = new Map();
  for (const d of seen) kinds.set(d.kind, [...(kinds.get(d.kind) ?? []), d.ms]);
  console.log('by kind of position:');
  for (const [kind, times] of [...kinds].sort((a, b) => tailOf(b[1]).max - tailOf(a[1]).max))
    console.log(`  ${kind.padEnd(24)} ${String(times.length).padStart(5)} decisions  ${formatTail(tailOf(times))}`);
  console.log(`the ${slow} slowest:`);
  for (const d of seen.sort((a, b) => b.ms - a.ms).slice(0, slow)) console.log(`  ${d.ms.toFixed(2).padStart(7)} ms  ${d.where}`);
}
