import { winProbabilities, type Outcome, type PLData } from './plackett-luce.js';

/**
 * The finishing order of every game of one tournament (one table size), in deal order: the input of
 * the ladder's fits. Each game is stored as the index of its distinct outcome (4 bytes a game); a
 * tournament delivers its batches in deal order whatever the thread count or chunk size, so this
 * record (and every fit built from it) is identical for any of them.
 */
export class FinishingOrders {
  /** Distinct outcomes: groups of pool indices, best first, tied seats in one group (sorted). */
  readonly outcomes: Outcome[] = [];
  private readonly index = new Map<string, number>();
  /** Per seating: rank pattern (base-P digits) -> outcome index, so each game costs one lookup. */
  private readonly bySeating: Map<number, number>[];
  private readonly chunks: Int32Array[] = [];
  private readonly ranks: Int32Array;
  /** Deals recorded, from deal 0 on. */
  deals = 0;

  constructor(
    readonly players: number,
    readonly seatings: readonly (readonly number[])[],
  ) {
    this.bySeating = seatings.map(() => new Map());
    this.ranks = new Int32Array(players);
  }

  /**
   * Deals [from, to) of a batch: scores[(d * seatings + s) * players + seat] for the batch's deal d.
   * Batches must come in deal order (as the tournament's onBatch delivers them).
   */
  addBatch(from: number, to: number, scores: ArrayLike<number>): void {
    if (from !== this.deals) throw new Error(`finishing orders: expected deal ${this.deals}, got ${from}`);
    const P = this.players;
    const S = this.seatings.length;
    const out = new Int32Array((to - from) * S);
    for (let g = 0; g < out.length; g++) {
      const base = g * P;
      let code = 0;
      for (let seat = 0; seat < P; seat++) {
        // Rank = seats with a strictly lower score (lower is better): tied seats share a rank.
        let below = 0;
        const v = scores[base + seat]!;
        for (let o = 0; o < P; o++) if (scores[base + o]! < v) below++;
        this.ranks[seat] = below;
        code = code * P + below;
      }
      const s = g % S;
      let o = this.bySeating[s]!.get(code);
      if (o === undefined) this.bySeating[s]!.set(code, (o = this.intern(this.seatings[s]!)));
      out[g] = o;
    }
    this.chunks.push(out);
    this.deals = to;
  }

  /** The outcome of the current ranks for a lineup, as a shared index. */
  private intern(lineup: readonly number[]): number {
    const groups = new Map<number, number[]>();
    lineup.forEach((a, seat) => groups.set(this.ranks[seat]!, [...(groups.get(this.ranks[seat]!) ?? []), a]));
    const outcome = [...groups.entries()].sort((x, y) => x[0] - y[0]).map(([, g]) => g.sort((x, y) => x - y));
    const key = outcome.map((g) => g.join(',')).join('/');
    let i = this.index.get(key);
    if (i === undefined) {
      this.index.set(key, (i = this.outcomes.length));
      this.outcomes.push(outcome);
    }
    return i;
  }

  /** Calls visit(deal, outcome index) for every game, in deal then seating order. */
  forEachGame(visit: (deal: number, outcome: number) => void): void {
    const S = this.seatings.length;
    let g = 0;
    for (const chunk of this.chunks) for (let i = 0; i < chunk.length; i++, g++) visit(Math.floor(g / S), chunk[i]!);
  }

  get games(): number {
    return this.deals * this.seatings.length;
  }
}

/**
 * The data of one fit from one or more tables sizes: every game of a deal that `keep` accepts. A
 * deal is one cluster across the table sizes (deal k of every size shares its seed).
 */
export function plData(n: number, logs: readonly FinishingOrders[], keep: (deal: number) => boolean): PLData {
  const outcomes: Outcome[] = [];
  const counts: number[] = [];
  const clusters = new Map<number, Map<number, number>>();
  for (const log of logs) {
    const offset = outcomes.length;
    outcomes.push(...log.outcomes);
    counts.push(...log.outcomes.map(() => 0));
    log.forEachGame((deal, o) => {
      if (!keep(deal)) return;
      counts[offset + o]!++;
      let c = clusters.get(deal);
      if (!c) clusters.set(deal, (c = new Map()));
      c.set(offset + o, (c.get(offset + o) ?? 0) + 1);
    });
  }
  return { n, outcomes, counts, clusters: [...clusters.keys()].sort((a, b) => a - b).map((d) => [...clusters.get(d)!.entries()]) };
}

export interface AgentGoodness {
  agent: string;
  /** Held-out seat-games. */
  games: number;
  /** Held-out win share, a k-way tie counting 1/k. */
  observed: number;
  /** Mean over those seat-games of the model's chance to finish first. */
  predicted: number;
}

/** How well ratings fitted without the held-out deals predict who wins them. */
export interface Goodness {
  heldOutDeals: number;
  heldOutGames: number;
  /** Root mean square over bots of (predicted - observed win share); and for parity (1/players). */
  winShareRmse: number;
  winShareRmseParity: number;
  /** Mean over games of -sum over winners of (1/k) ln p(winner); parity's is ln(players). */
  logLoss: number;
  logLossParity: number;
  agents: AgentGoodness[];
}

export function goodness(theta: readonly number[], labels: readonly string[], logs: readonly FinishingOrders[], heldOut: (deal: number) => boolean): Goodness {
  const n = labels.length;
  const predicted = new Float64Array(n);
  const parity = new Float64Array(n);
  const observed = new Float64Array(n);
  const seatGames = new Float64Array(n);
  const deals = new Set<number>();
  let games = 0;
  let logLoss = 0;
  let logLossParity = 0;
  for (const log of logs) {
    // Per distinct outcome once: each seat's chance to win, and the game's log-loss.
    const cache = log.outcomes.map((o) => {
      const seats = o.flat();
      return { seats, p: winProbabilities(theta, seats), winners: o[0]! };
    });
    log.forEachGame((deal, o) => {
      if (!heldOut(deal)) return;
      deals.add(deal);
      games++;
      const { seats, p, winners } = cache[o]!;
      const k = winners.length;
      seats.forEach((a, i) => {
        predicted[a]! += p[i]!;
        parity[a]! += 1 / seats.length;
        seatGames[a]!++;
        if (i < k) {
          observed[a]! += 1 / k;
          logLoss -= Math.log(p[i]!) / k;
        }
      });
      logLossParity += Math.log(seats.length);
    });
  }
  const played = labels.map((_, a) => a).filter((a) => seatGames[a]! > 0);
  const rmse = (pred: Float64Array): number => Math.sqrt(played.reduce((s, a) => s + ((pred[a]! - observed[a]!) / seatGames[a]!) ** 2, 0) / played.length);
  return {
    heldOutDeals: deals.size,
    heldOutGames: games,
    winShareRmse: rmse(predicted),
    winShareRmseParity: rmse(parity),
    logLoss: logLoss / games,
    logLossParity: logLossParity / games,
    agents: played.map((a) => ({ agent: labels[a]!, games: seatGames[a]!, observed: observed[a]! / seatGames[a]!, predicted: predicted[a]! / seatGames[a]! })),
  };
}
