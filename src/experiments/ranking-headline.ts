import { intervalText } from '../text.js';
import { formatP, isSignificant, type PairedComparison } from '../stats/moments.js';
import type { AgentSummary, PairSummary } from '../stats/tournament-stats.js';

/** What a ranking headline reads of one tournament (a Summary has it). */
export interface RankedTable {
  players: number;
  agents: Pick<AgentSummary, 'agent' | 'meanScore' | 'meanScoreCI' | 'winShare' | 'winShareCI'>[];
  pairwise: PairSummary[];
}

type Agent = RankedTable['agents'][number];
type Measure = 'score' | 'winShare';

/** One comparison oriented as x - y. */
interface Oriented {
  diff: number;
  ci: [number, number];
  pAdjusted: number;
  significant: boolean;
}

/** The comparison of x and y on one measure, as x - y, whichever way round the pair is stored. */
function compare(t: RankedTable, x: string, y: string, measure: Measure): Oriented | undefined {
  const pick = (p: PairSummary): PairedComparison => (measure === 'score' ? p : p.winShare);
  const pair = t.pairwise.find((p) => (p.a === x && p.b === y) || (p.a === y && p.b === x));
  if (!pair) return undefined;
  const c = pick(pair);
  const flip = pair.a !== x;
  return {
    diff: flip ? -c.meanDiff : c.meanDiff,
    ci: flip ? [-c.ciSimultaneous[1], -c.ciSimultaneous[0]] : c.ciSimultaneous,
    pAdjusted: c.pAdjusted,
    significant: isSignificant(c),
  };
}

const interval = (c: [number, number], scale = 1, d = 2): string => intervalText(c[0] * scale, c[1] * scale, d);
const signed = (x: number, d: number): string => `${x > 0 ? '+' : ''}${x.toFixed(d)}`;
/** Adjusted p for people: two decimals down to 0.01, then exponent notation. */
const pText = (p: number): string => (Number.isNaN(p) ? 'n/a' : p >= 0.01 ? p.toFixed(2) : formatP(p, 1));
const percent = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** "x - y d [lo, hi], adjusted p P" in the measure's units. */
function gap(c: Oriented | undefined, measure: Measure): string {
  if (!c) return 'not compared: no deals in common';
  return measure === 'score'
    ? `${signed(c.diff, 2)} points ${interval(c.ci)}, adjusted p ${pText(c.pAdjusted)}`
    : `${signed(c.diff * 100, 1)} percentage points ${interval(c.ci, 100, 1)}, adjusted p ${pText(c.pAdjusted)}`;
}

/** The list "a, b and c". */
const names = (xs: string[]): string => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`);

/**
 * The headline of one tournament: who has the lowest mean score and who the highest win share,
 * claimed only where the simultaneous comparisons (docs/statistics.md) support it: when the
 * leader is not significantly ahead of a bot, it says "no significant difference"; when the two
 * rankings disagree, it says so and compares the two leaders on both measures. Lower scores are
 * better in every game of the lab (GameDefinition's score contract).
 */
export function rankingHeadline(t: RankedTable): string {
  const byScore = [...t.agents].sort((a, b) => a.meanScore - b.meanScore);
  const byWin = [...t.agents].sort((a, b) => b.winShare - a.winShare);
  const leader = byScore[0]!;
  const winner = byWin[0]!;
  const order = `By mean score ${byScore.map((a) => a.agent).join(' < ')}; by win share ${byWin.map((a) => a.agent).join(' > ')}.`;
  if (t.agents.length < 2) return `${t.players} players: ${leader.agent} alone, mean score ${leader.meanScore.toFixed(2)}.`;

  // The leader's group on a measure: the bots it is not significantly ahead of (or was never compared with).
  const group = (lead: Agent, ranked: Agent[], measure: Measure): [Agent, Oriented | undefined][] =>
    ranked.slice(1).flatMap((b) => {
      const c = compare(t, lead.agent, b.agent, measure);
      return c?.significant ? [] : [[b, c] as [Agent, Oriented | undefined]];
    });

  const scoreTies = group(leader, byScore, 'score');
  const runner = byScore[1]!;
  const scoreText =
    scoreTies.length === 0
      ? `${leader.agent} has the lowest mean score, ${leader.meanScore.toFixed(2)} ${interval(leader.meanScoreCI)}, significantly below ${runner.agent}'s ${runner.meanScore.toFixed(2)} (${leader.agent} - ${runner.agent} ${gap(compare(t, leader.agent, runner.agent, 'score'), 'score')})`
      : `no significant difference in mean score between ${names([leader, ...scoreTies.map(([b]) => b)].map((a) => `${a.agent} (${a.meanScore.toFixed(2)})`))}: ${scoreTies.map(([b, c]) => `${leader.agent} - ${b.agent} ${gap(c, 'score')}`).join('; ')}`;

  const winTies = group(winner, byWin, 'winShare');
  const winRunner = byWin[1]!;
  const winLead =
    winTies.length === 0
      ? `significantly above ${winRunner.agent}'s ${percent(winRunner.winShare)} (${gap(compare(t, winner.agent, winRunner.agent, 'winShare'), 'winShare')})`
      : `not significantly above ${names(winTies.map(([b, c]) => `${b.agent}'s ${percent(b.winShare)} (${gap(c, 'winShare')})`))}`;

  let winText: string;
  if (winner.agent === leader.agent) {
    winText = `${winner.agent} also has the highest win share, ${percent(winner.winShare)} ${interval(winner.winShareCI, 100, 1)}, ${winLead}.`;
  } else {
    // The rankings disagree: compare the two leaders on both measures.
    const onScore = compare(t, winner.agent, leader.agent, 'score');
    const reconcile = onScore
      ? `; its mean score, ${winner.meanScore.toFixed(2)}, is ${onScore.significant ? 'significantly' : 'not significantly'} ${onScore.diff > 0 ? 'higher' : 'lower'} than ${leader.agent}'s (${winner.agent} - ${leader.agent} ${gap(onScore, 'score')})`
      : '';
    winText = `The rankings disagree: ${winner.agent} has the highest win share, ${percent(winner.winShare)} ${interval(winner.winShareCI, 100, 1)}, ${winLead}${reconcile}.`;
  }
  return `${t.players} players: ${scoreText}. ${winText} ${order}`;
}

/** "at 3 players", "at 3 and 4 players". */
const atPlayers = (counts: number[]): string => `at ${names(counts.map(String))} players`;

/** Whether x and y differ significantly on either measure (false when never compared). */
const toldApart = (t: RankedTable, x: string, y: string): boolean =>
  compare(t, x, y, 'score')?.significant === true || compare(t, x, y, 'winShare')?.significant === true;

/**
 * The answer of a strategies experiment in plain words, before its numbers: who wins most at
 * each table size (a bot whose win share is significantly above every other's), where the
 * leaders cannot be told apart, and which other bots cannot be told apart on either measure
 * (mean score or win share), with the deals that decided it. E.g. "search wins most at 3 and 4
 * players; at 5 players search wins most often, but not significantly more than threshold and mc;
 * mc and threshold cannot be told apart at 3, 4 and 5 players (24 deals at each table size)."
 */
export function plainHeadline(tables: RankedTable[]): string {
  const clear = new Map<string, number[]>();
  const unclear: string[] = [];
  const pairs = new Map<string, number[]>();
  for (const t of tables) {
    if (t.agents.length < 2) continue;
    const byWin = [...t.agents].sort((a, b) => b.winShare - a.winShare);
    const winner = byWin[0]!.agent;
    const ties = byWin.slice(1).filter((b) => compare(t, winner, b.agent, 'winShare')?.significant !== true);
    if (ties.length === 0) clear.set(winner, [...(clear.get(winner) ?? []), t.players]);
    else unclear.push(`${atPlayers([t.players])} ${winner} wins most often, but not significantly more than ${names(ties.map((b) => b.agent))}`);
    const rest = byWin.slice(1).map((a) => a.agent);
    for (let i = 0; i < rest.length; i++) {
      for (let j = i + 1; j < rest.length; j++) {
        const [x, y] = [rest[i]!, rest[j]!];
        if (toldApart(t, x, y)) continue;
        const key = names([x, y].sort());
        pairs.set(key, [...(pairs.get(key) ?? []), t.players]);
      }
    }
  }
  const parts = [...clear].map(([bot, counts]) => `${bot} wins most ${atPlayers(counts)}`);
  parts.push(...unclear);
  parts.push(...[...pairs].map(([pair, counts]) => `${pair} cannot be told apart ${atPlayers(counts)}`));
  const deals = [...new Set(tables.flatMap((t) => t.pairwise.map((p) => p.deals)))];
  const dealText = deals.length === 1 ? `${deals[0]} deals at each table size` : `${names(deals.map(String))} deals`;
  return `${parts.join('; ')} (${dealText}).`;
}
