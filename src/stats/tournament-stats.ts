import { adjustFamily, clusteredWilson, meanCI, Moments, wilson, type PairedComparison } from './moments.js';

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
  /**
   * The game's metrics: mean<Id> and mean<Id>CI for each (No Thanks!: meanChips, meanChipsCI,
   * the chips left at the end of the game).
   */
  [metric: `mean${string}`]: number | [number, number] | undefined;
  /** Circuit format only: share of matches won (summed scores of P games). */
  matches?: number;
  matchWinShare?: number;
  matchWinShareCI?: [number, number];
}

/**
 * Bot a against bot b, paired over the deals both played. The score fields (meanDiff: a's mean
 * score - b's, negative favours a) sit at the top level; `winShare` holds the same comparison of
 * win shares (a's - b's, positive favours a). Each measure is its own family of all pairs of the
 * tournament, adjusted together (see PairedComparison).
 */
export interface PairSummary extends PairedComparison {
  a: string;
  b: string;
  /** Deals both played. */
  deals: number;
  /** Comparisons in each family (the pairs with data): the m of the adjustment. */
  family: number;
  winShare: PairedComparison;
}

export interface SeatSummary extends ScoreFigures {
  /** Seats after the starter: 0 revealed the first card. */
  position: number;
}

const SEAT_CELL = 9;

/** What the statistics need to know of the game and the format; plain data (it travels to workers). */
export interface StatsShape {
  /** Games per match in the circuit format (0: no matches). */
  matchLength: number;
  /** Ids of the game's per-seat metrics, in its order. */
  metrics: string[];
  /** Win shares are tallied in units of 1/shareUnit (a multiple of 1..players), so they stay integers. */
  shareUnit: number;
  /** Lowest and highest possible score: the histogram's range (scores outside fall into the end bins). */
  scoreRange: [number, number];
}

/** The summary field of a metric: "chips" -> "meanChips". */
export const metricField = (id: string): `mean${string}` => `mean${id[0]!.toUpperCase()}${id.slice(1)}`;

/**
 * Streams per-game results into the statistics of docs/statistics.md, deal by deal, keeping no
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
  readonly matchLength: number;
  private readonly metricIds: string[];
  private readonly shareUnit: number;
  private readonly histOffset: number;
  private readonly histSize: number;
  private readonly perDeal: Moments[];
  /** Per-deal metric means: metric m of agent a at m * n + a. */
  private readonly metricDeal: Moments[];
  private readonly pairs: Moments[];
  /** Per-deal win shares per agent, and their paired differences per pair. */
  private readonly perDealWin: Moments[];
  private readonly winPairs: Moments[];
  /** All exact tallies in one buffer (see the offsets below), for export and merge. */
  private readonly tally: Float64Array;
  private readonly counts: Float64Array;
  private readonly sums: Float64Array;
  /** Metric sums: metric m of agent a at m * n + a. */
  private readonly metricSums: Float64Array;
  private readonly wins: Float64Array;
  private readonly ranks2: Float64Array;
  /**
   * Per (agent or 'all') x position, SEAT_CELL values: seat-games N, score sum Y, wins, deals K, and
   * over deals the sums of n_k^2, y_k^2, y_k n_k, w_k^2 and w_k n_k (n_k, y_k, w_k: that deal's
   * seat-games, score sum and wins in share units), for deal-clustered intervals of the ratios Y / N
   * and wins / N.
   */
  private readonly seatSums: Float64Array;
  /** This deal's n_k and y_k per (agent or 'all') x position. */
  private readonly dealSeatN: Float64Array;
  private readonly dealSeatY: Float64Array;
  private readonly dealSeatW: Float64Array;
  /** Score counts per agent: index score - lowest score (scores outside fall into the end bins). */
  private readonly hist: Float64Array;
  private readonly matchWins: Float64Array;
  private readonly matchCounts: Float64Array;
  private readonly matchTotals: Float64Array;
  private readonly share: Float64Array;
  /** Where each metric's block starts in the data tallyDeal reads (scratch). */
  private readonly metricAt: Int32Array;
  /** Per-deal score, win (in share units) and metric sums per agent (scratch), then the agent's seat-games per deal. */
  private readonly dealSum: Float64Array;
  private readonly dealWin: Float64Array;
  private readonly dealMetrics: Float64Array;
  private readonly perDealCount: Float64Array;
  private readonly means: Float64Array;
  /** Pool index of seat `seat` in seating s at s * players + seat (the seatings, flat). */
  private readonly lineups: Int32Array;

  constructor(
    readonly labels: readonly string[],
    readonly seatings: readonly (readonly number[])[],
    readonly players: number,
    readonly shape: StatsShape,
  ) {
    const n = (this.n = labels.length);
    const P = players;
    const M = shape.metrics.length;
    this.matchLength = shape.matchLength;
    this.metricIds = shape.metrics;
    this.shareUnit = shape.shareUnit;
    this.histOffset = -shape.scoreRange[0];
    this.histSize = shape.scoreRange[1] - shape.scoreRange[0] + 1;
    this.share = new Float64Array(P);
    this.metricAt = new Int32Array(M);
    this.perDeal = Array.from({ length: n }, () => new Moments());
    this.metricDeal = Array.from({ length: M * n }, () => new Moments());
    this.pairs = Array.from({ length: (n * (n - 1)) / 2 }, () => new Moments());
    this.perDealWin = Array.from({ length: n }, () => new Moments());
    this.winPairs = Array.from({ length: (n * (n - 1)) / 2 }, () => new Moments());
    const sizes = [n, n, M * n, n, n, (n + 1) * P * SEAT_CELL, n * this.histSize, n, n];
    this.tally = new Float64Array(sizes.reduce((a, b) => a + b, 0));
    let at = 0;
    const part = (size: number): Float64Array => this.tally.subarray(at, (at += size));
    [this.counts, this.sums, this.metricSums, this.wins, this.ranks2, this.seatSums, this.hist, this.matchWins, this.matchCounts] = sizes.map(part) as [
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
    ];
    this.matchTotals = new Float64Array(seatings.length * P);
    this.dealSum = new Float64Array(n);
    this.dealWin = new Float64Array(n);
    this.dealMetrics = new Float64Array(M * n);
    this.perDealCount = new Float64Array(n);
    for (const lineup of seatings) for (const a of lineup) this.perDealCount[a]!++;
    this.lineups = Int32Array.from(seatings.flat());
    this.means = new Float64Array((2 + M) * n);
    this.dealSeatN = new Float64Array((n + 1) * P);
    this.dealSeatY = new Float64Array((n + 1) * P);
    this.dealSeatW = new Float64Array((n + 1) * P);
  }

  /**
   * One deal under every seating: scores[s * players + seat] for seating s, and metric m's values
   * laid out alike in metrics[m]. `gameInMatch` is the game's index within its match (circuit format).
   */
  addDeal(scores: ArrayLike<number>, metrics: ArrayLike<number>[], starter: number, gameInMatch = 0): void {
    const data = [...Array.from(scores), ...metrics.flatMap((m) => Array.from(m))];
    this.tallyDeal(data, { metric: (m) => (1 + m) * scores.length }, 0, starter, gameInMatch, this.means, 0);
    this.addDealMeans(this.means, 0);
  }

  /**
   * The exact part of addDeal, on a batch's data (BatchLayout): the deal's scores from `offset`,
   * metric m's from layout.metric(m) + offset. Writes each agent's mean score in this deal to
   * out[at + a], metric m's mean to out[at + (1 + m) * n + a] and its win share (wins per seat-game)
   * to out[at + (1 + M) * n + a], for addDealMeans.
   */
  tallyDeal(
    data: ArrayLike<number>,
    layout: { metric(m: number): number },
    offset: number,
    starter: number,
    gameInMatch: number,
    out: Float64Array,
    at: number,
  ): void {
    // Every array in a local and the small per-deal arrays zeroed by loops: this runs once per deal
    // in the workers (about 7% of a fast tournament's time), so loads, builtin calls and the modulo
    // are kept out of the seat loop. The sums are of integers (scores, wins in share units), in the
    // same order as ever: the tallies and means are those of the plain version bit for bit.
    const { players: P, n, seatSums, dealSeatN, dealSeatY, dealSeatW, metricSums, dealMetrics, dealSum, dealWin, share, lineups } = this;
    const { counts, sums, wins, ranks2, hist, histSize, histOffset, matchLength, shareUnit } = this;
    const M = this.metricIds.length;
    const scores = data;
    const metricAt = this.metricAt;
    for (let m = 0; m < M; m++) metricAt[m] = layout.metric(m);
    for (let a = 0; a < n; a++) {
      dealSum[a] = 0;
      dealWin[a] = 0;
    }
    for (let i = 0; i < dealMetrics.length; i++) dealMetrics[i] = 0;
    for (let i = 0; i < dealSeatN.length; i++) {
      dealSeatN[i] = 0;
      dealSeatY[i] = 0;
      dealSeatW[i] = 0;
    }
    const all = n * P;
    const S = this.seatings.length;
    for (let s = 0; s < S; s++) {
      const base = offset + s * P;
      for (let seat = 0; seat < P; seat++) {
        const a = lineups[s * P + seat]!;
        const score = scores[base + seat]!;
        // Seats scoring less and as much (itself included), without branches: which way a
        // comparison of two scores goes cannot be predicted. Scores are small integers.
        let below = 0;
        let equal = 0;
        for (let o = 0; o < P; o++) {
          const d = (scores[base + o]! - score) | 0;
          below += d >>> 31;
          equal += ((d | -d) >>> 31) ^ 1;
        }
        // A winner's share: k tied winners get shareUnit / k each (as shares() gives).
        const won = below === 0 ? shareUnit / equal : 0;
        counts[a]!++;
        sums[a]! += score;
        for (let m = 0; m < M; m++) {
          const v = data[metricAt[m]! + base + seat]!;
          metricSums[m * n + a]! += v;
          dealMetrics[m * n + a]! += v;
        }
        wins[a]! += won;
        ranks2[a]! += 2 + 2 * below + (equal - 1);
        dealSum[a]! += score;
        dealWin[a]! += won;
        const bin = score + histOffset;
        hist[a * histSize + Math.min(histSize - 1, Math.max(0, bin))]!++;
        let position = seat - starter;
        if (position < 0) position += P;
        // The agent's own row, then the row of all agents together.
        const own = a * P + position;
        seatSums[own * SEAT_CELL]!++;
        seatSums[own * SEAT_CELL + 1]! += score;
        seatSums[own * SEAT_CELL + 2]! += won;
        dealSeatN[own]!++;
        dealSeatY[own]! += score;
        dealSeatW[own]! += won;
        const every = all + position;
        seatSums[every * SEAT_CELL]!++;
        seatSums[every * SEAT_CELL + 1]! += score;
        seatSums[every * SEAT_CELL + 2]! += won;
        dealSeatN[every]!++;
        dealSeatY[every]! += score;
        dealSeatW[every]! += won;
        if (matchLength) this.matchTotals[s * P + seat]! += score;
      }
      if (matchLength && gameInMatch === matchLength - 1) {
        const lineup = this.seatings[s]!;
        this.shares(this.matchTotals, s * P);
        for (let seat = 0; seat < P; seat++) {
          this.matchWins[lineup[seat]!]! += share[seat]!;
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
      const wk = dealSeatW[cell]!;
      seatSums[base + 7]! += wk * wk;
      seatSums[base + 8]! += wk * nk;
    }
    const perDealCount = this.perDealCount;
    for (let a = 0; a < n; a++) {
      const c = perDealCount[a]!;
      out[at + a] = c ? dealSum[a]! / c : NaN;
      for (let m = 0; m < M; m++) out[at + (1 + m) * n + a] = c ? dealMetrics[m * n + a]! / c : NaN;
      out[at + (1 + M) * n + a] = c ? dealWin[a]! / shareUnit / c : NaN;
    }
  }

  /** The ordered part of addDeal: one deal's per-agent means (as tallyDeal wrote them), in deal order. */
  addDealMeans(means: ArrayLike<number>, at: number): void {
    const n = this.n;
    const M = this.metricIds.length;
    for (let a = 0; a < n; a++) {
      if (this.perDealCount[a] === 0) continue;
      this.perDeal[a]!.add(means[at + a]!);
      this.perDealWin[a]!.add(means[at + (1 + M) * n + a]!);
      for (let m = 0; m < M; m++) this.metricDeal[m * n + a]!.add(means[at + (1 + m) * n + a]!);
    }
    let k = 0;
    for (let a = 0; a < n; a++) {
      for (let b = a + 1; b < n; b++, k++) {
        if (this.perDealCount[a] && this.perDealCount[b]) {
          this.pairs[k]!.add(means[at + a]! - means[at + b]!);
          this.winPairs[k]!.add(means[at + (1 + M) * n + a]! - means[at + (1 + M) * n + b]!);
        }
      }
    }
    this.dealsAdded++;
  }

  /** Values tallyDeal writes per deal: each agent's mean score, its mean of each metric, its win share. */
  get meansPerDeal(): number {
    return TournamentStats.meansPerDeal(this.metricIds.length, this.n);
  }

  /** Values tallyDeal writes per deal (checkpoints size their files by it): mean score, each metric's mean, win share, per agent. */
  static meansPerDeal(metrics: number, agents: number): number {
    return (2 + metrics) * agents;
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

  /** Win share of each seat of one game in 1/shareUnit units (k tied winners get shareUnit/k each) into this.share. */
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
    for (let seat = 0; seat < this.players; seat++) this.share[seat] = scores[base + seat] === best ? this.shareUnit / k : 0;
  }

  agents(): AgentSummary[] {
    const { n, shareUnit } = this;
    return this.labels.map((agent, a) => {
      const games = this.counts[a]!;
      const out: AgentSummary = {
        agent,
        games,
        meanScore: this.sums[a]! / games,
        meanScoreCI: this.perDeal[a]!.ci(),
        winShare: this.wins[a]! / shareUnit / games,
        // Deal-clustered, like the mean score: seat-games of one deal are not independent trials.
        winShareCI: clusteredWilson(this.wins[a]! / shareUnit / games, games, this.perDealWin[a]!.n, this.perDealWin[a]!.variance / this.perDealWin[a]!.n),
        meanRank: this.ranks2[a]! / 2 / games,
      };
      this.metricIds.forEach((id, m) => {
        out[metricField(id)] = this.metricSums[m * n + a]! / games;
        out[`${metricField(id)}CI`] = this.metricDeal[m * n + a]!.ci();
      });
      if (this.matchLength) {
        out.matches = this.matchCounts[a]!;
        out.matchWinShare = this.matchWins[a]! / shareUnit / this.matchCounts[a]!;
        out.matchWinShareCI = wilson(this.matchWins[a]! / shareUnit, this.matchCounts[a]!);
      }
      return out;
    });
  }

  /** Every pair that shared a deal; scores and win shares each adjusted as one family of these pairs. */
  pairwise(): PairSummary[] {
    const names: [string, string][] = [];
    for (let a = 0; a < this.n; a++) for (let b = a + 1; b < this.n; b++) names.push([this.labels[a]!, this.labels[b]!]);
    const kept = names.map((_, k) => k).filter((k) => this.pairs[k]!.n > 0);
    const scores = adjustFamily(kept.map((k) => this.pairs[k]!));
    const wins = adjustFamily(kept.map((k) => this.winPairs[k]!));
    return kept.map((k, i) => ({ a: names[k]![0], b: names[k]![1], deals: this.pairs[k]!.n, family: kept.length, ...scores[i]!, winShare: wins[i]! }));
  }

  /** Score distribution of agent a as [score, count] pairs, ascending. */
  distribution(a: number): [number, number][] {
    const out: [number, number][] = [];
    this.hist.subarray(a * this.histSize, (a + 1) * this.histSize).forEach((count, i) => {
      if (count > 0) out.push([i - this.histOffset, count]);
    });
    return out;
  }

  seats(): SeatSummary[] {
    const rows: SeatSummary[] = [];
    for (let row = 0; row <= this.n; row++) {
      for (let position = 0; position < this.players; position++) {
        const [count, sum, winUnits, deals, nn, yy, yn, ww, wn] = this.seatSums.subarray((row * this.players + position) * SEAT_CELL);
        if (!count) continue;
        const wins = winUnits! / this.shareUnit;
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
          // The same ratio estimator for wins (in share units, hence the shareUnit^2), then Wilson at its effective sample size.
          winShareCI: clusteredWilson(
            wins / count,
            count,
            deals!,
            (ww! - 2 * (winUnits! / count) * wn! + (winUnits! / count) ** 2 * nn!) / (deals! * (deals! - 1) * nbar * nbar) / this.shareUnit ** 2,
          ),
        });
      }
    }
    return rows;
  }
}
