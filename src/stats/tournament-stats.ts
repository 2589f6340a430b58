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

/** Win shares are tallied in units of 1/420 (the least common multiple of 1..7), so they stay integers. */
const SHARE_UNIT = 420;
const SEAT_CELL = 7;

/**
 * Streams per-game results into the statistics of ../shared/design.md, deal by deal, keeping no
 * per-game values. Two parts:
 * - exact tallies (counts, sums, ranks x 2, wins in 1/420 units, histograms, seat sums): integers,
 *   so batches can be tallied in worker threads and merged in any order with identical results;
 * - per-deal means, fed in deal order into streaming moments: a bot's mean score CI treats deals as
 *   the independent units (its seat-games within one deal share the cards), and comparisons are
 *   paired over deals.
 */
export class TournamentStats {
  readonly n: number;
  dealsAdded = 0;
  private readonly perDeal: Moments[];
  private readonly chipDeal: Moments[];
  private readonly pairs: Moments[];
  /** All exact tallies in one buffer (see the offsets below), for export and merge. */
  private readonly tally: Float64Array;
  private readonly counts: Float64Array;
  private readonly sums: Float64Array;
  private readonly chipSums: Float64Array;
  private readonly wins: Float64Array;
  private readonly ranks2: Float64Array;
  /**
   * Per (agent or 'all') x position, SEAT_CELL values: seat-games N, score sum Y, wins, deals K, and
   * over deals the sums of n_k^2, y_k^2 and y_k n_k (n_k, y_k: that deal's seat-games and score sum),
   * for a deal-clustered interval of the ratio mean Y / N.
   */
  private readonly seatSums: Float64Array;
  /** This deal's n_k and y_k per (agent or 'all') x position. */
  private readonly dealSeatN: Float64Array;
  private readonly dealSeatY: Float64Array;
  /** Score counts per agent: index score + HIST_OFFSET (scores outside fall into the end bins). */
  private readonly hist: Float64Array;
  private readonly matchWins: Float64Array;
  private readonly matchCounts: Float64Array;
  private readonly matchTotals: Float64Array;
  private readonly share = new Float64Array(8);
  /** Per-deal score and chip sums per agent (scratch), then the agent's seat-games per deal. */
  private readonly dealSum: Float64Array;
  private readonly dealChips: Float64Array;
  private readonly perDealCount: Float64Array;
  private readonly means: Float64Array;

  constructor(
    readonly labels: readonly string[],
    readonly seatings: readonly (readonly number[])[],
    readonly players: number,
    /** Games per match in the circuit format (0: no matches). */
    readonly matchLength = 0,
  ) {
    const n = (this.n = labels.length);
    const P = players;
    this.perDeal = Array.from({ length: n }, () => new Moments());
    this.chipDeal = Array.from({ length: n }, () => new Moments());
    this.pairs = Array.from({ length: (n * (n - 1)) / 2 }, () => new Moments());
    const sizes = [n, n, n, n, n, (n + 1) * P * SEAT_CELL, n * HIST_SIZE, n, n];
    this.tally = new Float64Array(sizes.reduce((a, b) => a + b, 0));
    let at = 0;
    const part = (size: number): Float64Array => this.tally.subarray(at, (at += size));
    [this.counts, this.sums, this.chipSums, this.wins, this.ranks2, this.seatSums, this.hist, this.matchWins, this.matchCounts] = sizes.map(part) as [
      Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array,
    ];
    this.matchTotals = new Float64Array(seatings.length * P);
    this.dealSum = new Float64Array(n);
    this.dealChips = new Float64Array(n);
    this.perDealCount = new Float64Array(n);
    for (const lineup of seatings) for (const a of lineup) this.perDealCount[a]!++;
    this.means = new Float64Array(2 * n);
    this.dealSeatN = new Float64Array((n + 1) * P);
    this.dealSeatY = new Float64Array((n + 1) * P);
  }

  /**
   * One deal under every seating: scores[(s * players + seat)] for seating s, starting at `offset`.
   * `gameInMatch` is the game's index within its match (circuit format).
   */
  addDeal(scores: ArrayLike<number>, chips: ArrayLike<number>, offset: number, starter: number, gameInMatch = 0): void {
    this.tallyDeal(scores, chips, offset, starter, gameInMatch, this.means, 0);
    this.addDealMeans(this.means, 0);
  }

  /**
   * The exact part of addDeal; writes each agent's mean score and mean chips in this deal to
   * out[at + a] and out[at + n + a] for addDealMeans.
   */
  tallyDeal(scores: ArrayLike<number>, chips: ArrayLike<number>, offset: number, starter: number, gameInMatch: number, out: Float64Array, at: number): void {
    const { players: P, n, seatSums, dealSeatN, dealSeatY } = this;
    this.dealSum.fill(0);
    this.dealChips.fill(0);
    dealSeatN.fill(0);
    dealSeatY.fill(0);
    for (let s = 0; s < this.seatings.length; s++) {
      const lineup = this.seatings[s]!;
      const base = offset + s * P;
      this.shares(scores, base);
      for (let seat = 0; seat < P; seat++) {
        const a = lineup[seat]!;
        const score = scores[base + seat]!;
        const share = this.share[seat]!;
        let below = 0;
        let equal = 0;
        for (let o = 0; o < P; o++) {
          const v = scores[base + o]!;
          if (v < score) below++;
          else if (v === score) equal++;
        }
        this.counts[a]!++;
        this.sums[a]! += score;
        this.chipSums[a]! += chips[base + seat]!;
        this.wins[a]! += share;
        this.ranks2[a]! += 2 + 2 * below + (equal - 1);
        this.dealSum[a]! += score;
        this.dealChips[a]! += chips[base + seat]!;
        this.hist[a * HIST_SIZE + Math.min(HIST_SIZE - 1, Math.max(0, score + HIST_OFFSET))]!++;
        const position = (seat - starter + P) % P;
        // The agent's own row, then the row of all agents together.
        for (let cell = a * P + position, k = 0; k < 2; k++, cell = n * P + position) {
          seatSums[cell * SEAT_CELL]!++;
          seatSums[cell * SEAT_CELL + 1]! += score;
          seatSums[cell * SEAT_CELL + 2]! += share;
          dealSeatN[cell]!++;
          dealSeatY[cell]! += score;
        }
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
    for (let cell = 0; cell < dealSeatN.length; cell++) {
      const nk = dealSeatN[cell]!;
      if (nk === 0) continue;
      const yk = dealSeatY[cell]!;
      const base = cell * SEAT_CELL;
      seatSums[base + 3]!++;
      seatSums[base + 4]! += nk * nk;
      seatSums[base + 5]! += yk * yk;
      seatSums[base + 6]! += yk * nk;
    }
    for (let a = 0; a < n; a++) {
      const c = this.perDealCount[a]!;
      out[at + a] = c ? this.dealSum[a]! / c : NaN;
      out[at + n + a] = c ? this.dealChips[a]! / c : NaN;
    }
  }

  /** The ordered part of addDeal: one deal's per-agent means (as tallyDeal wrote them), in deal order. */
  addDealMeans(means: ArrayLike<number>, at: number): void {
    const n = this.n;
    for (let a = 0; a < n; a++) {
      if (this.perDealCount[a] === 0) continue;
      this.perDeal[a]!.add(means[at + a]!);
      this.chipDeal[a]!.add(means[at + n + a]!);
    }
    let k = 0;
    for (let a = 0; a < n; a++) {
      for (let b = a + 1; b < n; b++, k++) {
        if (this.perDealCount[a] && this.perDealCount[b]) this.pairs[k]!.add(means[at + a]! - means[at + b]!);
      }
    }
    this.dealsAdded++;
  }

  /** Values tallyDeal writes per deal: each agent's mean score, then its mean chips. */
  get meansPerDeal(): number {
    return 2 * this.n;
  }

  get tallyLength(): number {
    return this.tally.length;
  }

  /** Copies the exact tallies into `out` (tallyLength values), to send from a worker. */
  exportTallyInto(out: Float64Array): void {
    out.set(this.tally);
  }

  /** Adds tallies exported by another instance with the same agents, seatings and players. */
  mergeTally(other: Float64Array): void {
    if (other.length !== this.tally.length) throw new Error('tallies of a different tournament');
    for (let i = 0; i < other.length; i++) this.tally[i]! += other[i]!;
  }

  resetTally(): void {
    this.tally.fill(0);
    this.matchTotals.fill(0);
  }

  /** Win share of each seat of one game in 1/420 units (k tied winners get 420/k each) into this.share. */
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
    for (let seat = 0; seat < this.players; seat++) this.share[seat] = scores[base + seat] === best ? SHARE_UNIT / k : 0;
  }

  agents(): AgentSummary[] {
    return this.labels.map((agent, a) => {
      const games = this.counts[a]!;
      const out: AgentSummary = {
        agent,
        games,
        meanScore: this.sums[a]! / games,
        meanScoreCI: this.perDeal[a]!.ci(),
        winShare: this.wins[a]! / SHARE_UNIT / games,
        winShareCI: wilson(this.wins[a]! / SHARE_UNIT, games),
        meanRank: this.ranks2[a]! / 2 / games,
        meanChips: this.chipSums[a]! / games,
        meanChipsCI: this.chipDeal[a]!.ci(),
      };
      if (this.matchLength) {
        out.matches = this.matchCounts[a]!;
        out.matchWinShare = this.matchWins[a]! / SHARE_UNIT / this.matchCounts[a]!;
        out.matchWinShareCI = wilson(this.matchWins[a]! / SHARE_UNIT, this.matchCounts[a]!);
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
    this.hist.subarray(a * HIST_SIZE, (a + 1) * HIST_SIZE).forEach((count, i) => {
      if (count > 0) out.push([i - HIST_OFFSET, count]);
    });
    return out;
  }

  seats(): SeatSummary[] {
    const rows: SeatSummary[] = [];
    for (let row = 0; row <= this.n; row++) {
      for (let position = 0; position < this.players; position++) {
        const [count, sum, wins420, deals, nn, yy, yn] = this.seatSums.subarray((row * this.players + position) * SEAT_CELL);
        if (!count) continue;
        const wins = wins420! / SHARE_UNIT;
        const mean = sum! / count;
        // Ratio-estimator variance with deals as clusters: sum_k (y_k - mean n_k)^2 / (K (K-1) nbar^2).
        const nbar = count / deals!;
        const varianceOfMean = (yy! - 2 * mean * yn! + mean * mean * nn!) / (deals! * (deals! - 1) * nbar * nbar);
        rows.push({
          agent: row === this.n ? 'all' : this.labels[row]!,
          position,
          games: count,
          meanScore: mean,
          // meanCI takes a per-unit variance and the number of units.
          meanScoreCI: meanCI(mean, varianceOfMean * deals!, deals!),
          winShare: wins / count,
          winShareCI: wilson(wins, count),
        });
      }
    }
    return rows;
  }
}
