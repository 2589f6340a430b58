import { holm, meanCI, Moments, wilson } from './moments.js';

const HIST_OFFSET = 1000;
const HIST_SIZE = 4001;

/** Score and win figures of a bot (or of a seat position). */
interface ScoreFigures {
  agent: string;
  /** Seat-games played (an agent in two seats of one game counts twice). */
  games: number;
  meanScore: number;
  meanScoreCI: [number, number];
  /** Share of wins, a k-way tie counting 1/k; parity is 1/players. */
  winShare: number;
  winShareCI: [number, number];
}

export interface AgentSummary extends ScoreFigures {
  /** 1 = lowest score; ties share the average rank. */
  meanRank: number;
  /** Chips left at the end of the game. */
  meanChips: number;
  meanChipsCI: [number, number];
  /** Circuit format only: share of matches won (summed scores of P games). */
  matches?: number;
  matchWinShare?: number;
  matchWinShareCI?: [number, number];
}

export interface PairSummary {
  a: string;
  b: string;
  /** Deals both played. */
  deals: number;
  /** Mean over deals of (a's mean score - b's mean score); negative favours a. */
  meanDiff: number;
  ci: [number, number];
  p: number;
  /** Holm-corrected across all pairs. */
  pHolm: number;
}

export interface SeatSummary extends ScoreFigures {
  /** Seats after the starter: 0 revealed the first card. */
  position: number;
}

/**
 * Streams per-game results into the statistics of ../shared/design.md, deal by deal, keeping no
 * per-game values. The confidence interval of a mean score treats deals as the independent units
 * (an agent's seat-games within one deal share the cards), and comparisons are paired over deals.
 */
export class TournamentStats {
  readonly n: number;
  dealsAdded = 0;
  private readonly perDeal: Moments[];
  private readonly sums: Float64Array;
  private readonly chipSums: Float64Array;
  private readonly chipDeal: Moments[];
  private readonly counts: Float64Array;
  private readonly wins: Float64Array;
  private readonly ranks: Float64Array;
  private readonly dealSum: Float64Array;
  private readonly dealChips: Float64Array;
  private readonly dealCount: Float64Array;
  private readonly pairs: Moments[];
  /** Per (agent or 'all') x position: count, sum, sum of squares of scores. */
  private readonly seatSums: Float64Array;
  private readonly seatWins: Float64Array;
  /** Score counts per agent: index score + HIST_OFFSET (scores outside fall into the end bins). */
  private readonly histograms: Float64Array[];
  private readonly matchTotals: Float64Array;
  private readonly matchWins: Float64Array;
  private readonly matchCounts: Float64Array;
  private readonly share = new Float64Array(8);

  constructor(
    readonly labels: readonly string[],
    readonly seatings: readonly (readonly number[])[],
    readonly players: number,
    /** Games per match in the circuit format (0: no matches). */
    readonly matchLength = 0,
  ) {
    const n = (this.n = labels.length);
    this.perDeal = Array.from({ length: n }, () => new Moments());
    this.chipDeal = Array.from({ length: n }, () => new Moments());
    this.sums = new Float64Array(n);
    this.chipSums = new Float64Array(n);
    this.counts = new Float64Array(n);
    this.wins = new Float64Array(n);
    this.ranks = new Float64Array(n);
    this.dealSum = new Float64Array(n);
    this.dealChips = new Float64Array(n);
    this.dealCount = new Float64Array(n);
    this.pairs = Array.from({ length: (n * (n - 1)) / 2 }, () => new Moments());
    this.seatSums = new Float64Array((n + 1) * players * 3);
    this.seatWins = new Float64Array((n + 1) * players);
    this.histograms = Array.from({ length: n }, () => new Float64Array(HIST_SIZE));
    this.matchTotals = new Float64Array(seatings.length * players);
    this.matchWins = new Float64Array(n);
    this.matchCounts = new Float64Array(n);
  }

  /**
   * One deal under every seating: scores[(s * players + seat)] for seating s, starting at `offset`.
   * `gameInMatch` is the game's index within its match (circuit format).
   */
  addDeal(scores: ArrayLike<number>, chips: ArrayLike<number>, offset: number, starter: number, gameInMatch = 0): void {
    const { players: P, n } = this;
    this.dealSum.fill(0);
    this.dealChips.fill(0);
    this.dealCount.fill(0);
    for (let s = 0; s < this.seatings.length; s++) {
      const lineup = this.seatings[s]!;
      const base = offset + s * P;
      this.shares(scores, base);
      for (let seat = 0; seat < P; seat++) {
        const a = lineup[seat]!;
        const score = scores[base + seat]!;
        let below = 0;
        let equal = 0;
        for (let o = 0; o < P; o++) {
          const v = scores[base + o]!;
          if (v < score) below++;
          else if (v === score) equal++;
        }
        this.sums[a]! += score;
        this.chipSums[a]! += chips[base + seat]!;
        this.counts[a]!++;
        this.wins[a]! += this.share[seat]!;
        this.ranks[a]! += 1 + below + (equal - 1) / 2;
        this.dealSum[a]! += score;
        this.dealChips[a]! += chips[base + seat]!;
        this.dealCount[a]!++;
        this.histograms[a]![Math.min(HIST_SIZE - 1, Math.max(0, score + HIST_OFFSET))]!++;
        const position = (seat - starter + P) % P;
        const sa = (a * P + position) * 3;
        const sn = (n * P + position) * 3;
        const sums = this.seatSums;
        sums[sa]!++;
        sums[sa + 1]! += score;
        sums[sa + 2]! += score * score;
        sums[sn]!++;
        sums[sn + 1]! += score;
        sums[sn + 2]! += score * score;
        this.seatWins[a * P + position]! += this.share[seat]!;
        this.seatWins[n * P + position]! += this.share[seat]!;
        if (this.matchLength) this.matchTotals[s * P + seat]! += score;
      }
      if (this.matchLength && gameInMatch === this.matchLength - 1) {
        this.shares(this.matchTotals, s * P);
        for (let seat = 0; seat < P; seat++) {
          this.matchWins[lineup[seat]!]! += this.share[seat]!;
          this.matchCounts[lineup[seat]!]!++;
          this.matchTotals[s * P + seat] = 0;
        }
      }
    }
    const means = this.dealSum;
    for (let a = 0; a < n; a++) {
      if (this.dealCount[a] === 0) continue;
      means[a]! /= this.dealCount[a]!;
      this.perDeal[a]!.add(means[a]!);
      this.chipDeal[a]!.add(this.dealChips[a]! / this.dealCount[a]!);
    }
    let k = 0;
    for (let a = 0; a < n; a++) {
      for (let b = a + 1; b < n; b++, k++) {
        if (this.dealCount[a] && this.dealCount[b]) this.pairs[k]!.add(means[a]! - means[b]!);
      }
    }
    this.dealsAdded++;
  }

  /** Win share of each seat of one game (k tied winners get 1/k) into this.share. */
  private shares(scores: ArrayLike<number>, base: number): void {
    let best = Infinity;
    let k = 0;
    for (let seat = 0; seat < this.players; seat++) {
      const v = scores[base + seat]!;
      if (v < best) {
        best = v;
        k = 1;
      } else if (v === best) k++;
    }
    for (let seat = 0; seat < this.players; seat++) this.share[seat] = scores[base + seat] === best ? 1 / k : 0;
  }

  agents(): AgentSummary[] {
    return this.labels.map((agent, a) => {
      const games = this.counts[a]!;
      const out: AgentSummary = {
        agent,
        games,
        meanScore: this.sums[a]! / games,
        meanScoreCI: this.perDeal[a]!.ci(),
        winShare: this.wins[a]! / games,
        winShareCI: wilson(this.wins[a]!, games),
        meanRank: this.ranks[a]! / games,
        meanChips: this.chipSums[a]! / games,
        meanChipsCI: this.chipDeal[a]!.ci(),
      };
      if (this.matchLength) {
        out.matches = this.matchCounts[a]!;
        out.matchWinShare = this.matchWins[a]! / this.matchCounts[a]!;
        out.matchWinShareCI = wilson(this.matchWins[a]!, this.matchCounts[a]!);
      }
      return out;
    });
  }

  pairwise(): PairSummary[] {
    const rows: Omit<PairSummary, 'pHolm'>[] = [];
    let k = 0;
    for (let a = 0; a < this.n; a++) {
      for (let b = a + 1; b < this.n; b++, k++) {
        const m = this.pairs[k]!;
        if (m.n === 0) continue;
        rows.push({ a: this.labels[a]!, b: this.labels[b]!, deals: m.n, meanDiff: m.mean, ci: m.ci(), p: m.pValue() });
      }
    }
    const adjusted = holm(rows.map((r) => r.p));
    return rows.map((r, i) => ({ ...r, pHolm: adjusted[i]! }));
  }

  /** Score distribution of agent a as [score, count] pairs, ascending. */
  distribution(a: number): [number, number][] {
    const out: [number, number][] = [];
    this.histograms[a]!.forEach((count, i) => {
      if (count > 0) out.push([i - HIST_OFFSET, count]);
    });
    return out;
  }

  seats(): SeatSummary[] {
    const rows: SeatSummary[] = [];
    for (let row = 0; row <= this.n; row++) {
      for (let position = 0; position < this.players; position++) {
        const at = (row * this.players + position) * 3;
        const [count, sum, squares] = [this.seatSums[at]!, this.seatSums[at + 1]!, this.seatSums[at + 2]!];
        if (count === 0) continue;
        const wins = this.seatWins[row * this.players + position]!;
        const mean = sum / count;
        // Sums of squares are exact here: integer scores, far below 2^53.
        const variance = (squares - sum * mean) / (count - 1);
        rows.push({
          agent: row === this.n ? 'all' : this.labels[row]!,
          position,
          games: count,
          meanScore: mean,
          meanScoreCI: meanCI(mean, variance, count),
          winShare: wins / count,
          winShareCI: wilson(wins, count),
        });
      }
    }
    return rows;
  }
}
