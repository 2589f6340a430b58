import { PHASES, type DecisionEntry, type Phase } from './walk.js';

/** Per game and seat: accuracy (mean win chance lost per decision) and its worst decisions. */
export interface SeatSummary {
  game: number;
  seed: string;
  seat: number;
  agent: string;
  score: number;
  won: boolean;
  decisions: number;
  /** Decisions with a choice (more than one legal action). */
  choices: number;
  /** Mean win chance lost per decision with a choice (0: every choice the analyst's). */
  meanWinLoss: number;
  meanPointLoss: number;
  inaccuracies: number;
  mistakes: number;
  blunders: number;
  /** Up to three decisions with the largest win-chance loss: "d12 take (best pass) -0.143". */
  worst: string;
}

/** Per bot and phase of the game over every analysed game. */
export interface BotPhaseSummary {
  agent: string;
  phase: Phase | 'all';
  choices: number;
  meanWinLoss: number;
  inaccuracies: number;
  mistakes: number;
  blunders: number;
  /** (mistakes + blunders) / choices. */
  mistakeRate: number;
  /** Its standard error (binomial). */
  mistakeRateSe: number;
}

const r4 = (x: number): number => Number(x.toFixed(4));

export function seatSummaries(games: readonly { line: number; seed: string; agents: string[]; scores: number[]; entries: DecisionEntry[] }[]): SeatSummary[] {
  const out: SeatSummary[] = [];
  for (const g of games) {
    const best = Math.min(...g.scores);
    g.agents.forEach((agent, seat) => {
      const mine = g.entries.filter((e) => e.seat === seat);
      const choices = mine.filter((e) => !e.forced);
      const worst = [...choices]
        .sort((a, b) => b.winLoss - a.winLoss || a.decision - b.decision)
        .slice(0, 3)
        .filter((e) => e.winLoss > 0)
        .map((e) => `d${e.decision} ${e.played} (best ${e.best}) -${e.winLoss.toFixed(3)}`)
        .join('; ');
      out.push({
        game: g.line,
        seed: g.seed,
        seat,
        agent,
        score: g.scores[seat]!,
        won: g.scores[seat] === best,
        decisions: mine.length,
        choices: choices.length,
        meanWinLoss: r4(mean(choices.map((e) => e.winLoss))),
        meanPointLoss: r4(mean(choices.map((e) => e.pointLoss))),
        inaccuracies: choices.filter((e) => e.mark === 'inaccuracy').length,
        mistakes: choices.filter((e) => e.mark === 'mistake').length,
        blunders: choices.filter((e) => e.mark === 'blunder').length,
        worst,
      });
    });
  }
  return out;
}

export function botPhaseSummaries(entries: readonly DecisionEntry[]): BotPhaseSummary[] {
  const agents = [...new Set(entries.map((e) => e.agent))].sort();
  const out: BotPhaseSummary[] = [];
  for (const agent of agents) {
    for (const phase of [...PHASES, 'all' as const]) {
      const rows = entries.filter((e) => e.agent === agent && !e.forced && (phase === 'all' || e.phase === phase));
      const bad = rows.filter((e) => e.mark === 'mistake' || e.mark === 'blunder').length;
      const rate = rows.length ? bad / rows.length : 0;
      out.push({
        agent,
        phase,
        choices: rows.length,
        meanWinLoss: r4(mean(rows.map((e) => e.winLoss))),
        inaccuracies: rows.filter((e) => e.mark === 'inaccuracy').length,
        mistakes: rows.filter((e) => e.mark === 'mistake').length,
        blunders: rows.filter((e) => e.mark === 'blunder').length,
        mistakeRate: r4(rate),
        mistakeRateSe: r4(rows.length ? Math.sqrt((rate * (1 - rate)) / rows.length) : 0),
      });
    }
  }
  return out;
}

function mean(xs: readonly number[]): number {
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;
}
