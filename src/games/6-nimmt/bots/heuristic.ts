import { defineAgent, type Action, type GameStart, type NumberParam, type Observation, type Rules, type SixNimmtAgent } from '../agent.js';

/**
 * The rule of thumb most players use, made explicit.
 *
 * Play: each hand card gets an expected cost and the cheapest is played.
 * - A card that would be the one too many on its row (the row is full) costs the row's bullheads.
 * - A card that fits costs caution x P(fill) x (the row's bullheads + 1.6 per free slot), where
 *   P(fill) is the chance that at least as many of the other players' cards as the row has free
 *   slots land between the row's end and the card (each other player plays one card; base game:
 *   a card lands in the gap with probability gap / maxCard; pro: from the other hands, which are
 *   open). So a card just above a short row is safe, one far above a nearly full row is not.
 * - A card lower than every row costs the cheapest row's bullheads + lowPenalty.
 * - dump lowers the cost of a card by dump x gap / maxCard: of two equally safe cards it plays the
 *   one far from its row end first, since that one grows riskier as the rows fill.
 * Row (its card was lower than every row): the cheapest row by bullheads; ties: the longer row
 * (it would fill first), then the lower index.
 * Draft (pro): `draft` picks high (the highest open card), low, or spread (the open card farthest
 * from the cards it already holds; ties: the higher).
 */
export interface HeuristicParams {
  [key: string]: number | string;
  lowPenalty: number;
  caution: number;
  dump: number;
  draft: string;
}

/** Mean bullheads of the cards that would join a row before it fills (171 / 104). */
export const AVG_BULLHEADS = 1.6;

const num = (description: string, def: number, min: number, max: number): NumberParam => ({ description, default: def, min, max });

export default defineAgent<HeuristicParams>({
  name: 'heuristic',
  description:
    'Plays the card with the lowest expected penalty (full rows, chance the gap fills, low cards), takes the cheapest row, drafts by a simple policy.',
  params: {
    lowPenalty: num('extra cost of a card lower than every row, on top of the cheapest row', 1, -20, 50),
    caution: num('weight of the risk that other cards fill a row before its card', 3, 0, 20),
    dump: num('bonus for playing a card far above its row end while it is still safe', 1, -20, 20),
    draft: {
      description: 'pro draft: high (highest open card), low, or spread (farthest from its own cards)',
      default: 'high',
      choices: ['high', 'low', 'spread'],
    },
  },
  create: (p) => new HeuristicAgent(p),
});

/** Above every card: the walk over the sorted row ends stops there. */
const MAX_END = 0x7fffffff;

const DRAFT_HIGH = 0;
const DRAFT_LOW = 1;

/** A class, not a closure: one shared decide() keeps the game loop's call site monomorphic. */
/**
 * P(at least s of the other seats' cards land in a gap of g), at tail[s * (maxCard + 1) + g]: each
 * other seat's card falls in the gap with probability g / maxCard. Row s = 0 is exactly 1 (the sum
 * may round below it): play() multiplies a full row's cost by it, and f x 1 must be f.
 */
export function fillRiskTable(r: Readonly<Rules>): Float64Array<ArrayBuffer> {
  const N = r.maxCard;
  const L = r.rowLimit;
  const n = r.players - 1;
  const table = new Float64Array((L + 1) * (N + 1));
  const pmf = new Float64Array(n + 1);
  for (let g = 0; g <= N; g++) {
    const q = Math.min(1, g / N);
    pmf.fill(0);
    pmf[0] = 1;
    for (let k = 0; k < n; k++) {
      for (let j = k + 1; j > 0; j--) pmf[j] = pmf[j]! * (1 - q) + pmf[j - 1]! * q;
      pmf[0] = pmf[0]! * (1 - q);
    }
    let tail = 0;
    for (let s = n; s >= 0; s--) {
      tail += pmf[s]!;
      if (s <= L) table[s * (N + 1) + g] = tail;
    }
    table[g] = 1;
  }
  return table;
}

export class HeuristicAgent implements SixNimmtAgent {
  private readonly lowPenalty: number;
  private readonly caution: number;
  private readonly dump: number;
  private readonly draft: number;
  /** P(at least s of n independent cards land in a gap of g): tail[s * (maxCard + 1) + g] (base game). */
  private tail = new Float64Array(0);
  private players = 0;
  private maxCard = 0;
  private rowLimit = 0;
  private pro = false;
  /** Pro: per other seat, its chance of landing in the gap; the Poisson-binomial scratch. */
  private readonly q = new Float64Array(16);
  private readonly dist = new Float64Array(16);
  /** Base game's card loop: the rows sorted by end, each row's cost factor and fill-risk offset. */
  private readonly segEnd = new Int32Array(4);
  private readonly segF = new Float64Array(4);
  private readonly segOff = new Int32Array(4);
  /** rowsOf(): the cost of a card lower than every row. */
  private low = 0;

  constructor(p: HeuristicParams) {
    this.lowPenalty = p.lowPenalty;
    this.caution = p.caution;
    this.dump = p.dump;
    this.draft = ['high', 'low', 'spread'].indexOf(p.draft);
  }

  newGame(start: GameStart): void {
    this.prepare(start.rules);
  }

  /** Builds the fill-risk table for these rules (once per rule set; rollouts share one bot for every seat). */
  prepare(r: Readonly<Rules>): void {
    if (r.players === this.players && r.maxCard === this.maxCard && r.rowLimit === this.rowLimit && (r.variant === 'pro') === this.pro) return;
    this.players = r.players;
    this.maxCard = r.maxCard;
    this.rowLimit = r.rowLimit;
    this.pro = r.variant === 'pro';
    this.tail = fillRiskTable(r);
  }

  decide(obs: Observation): Action {
    const phase = obs.phase;
    if (phase === 'play') return this.play(obs);
    if (phase === 'row') return cheapestRow(obs);
    return this.pick(obs);
  }

  private play(obs: Observation): number {
    // newGame prepared the tables for the rules; a bot driven without it prepares on first use.
    if (this.maxCard === 0) this.prepare(obs.rules);
    // One card left (every seat's last turn): nothing to weigh.
    const n = obs.handSize;
    if (n === 1) return obs.handCard(0);
    if (this.pro) return this.playOpen(obs);
    const N = this.maxCard;
    const L = this.rowLimit;
    const stride = N + 1;
    const caution = this.caution;
    const e0 = obs.rowEnd(0);
    const e1 = obs.rowEnd(1);
    const e2 = obs.rowEnd(2);
    const e3 = obs.rowEnd(3);
    const b0 = obs.rowBullheads(0);
    const b1 = obs.rowBullheads(1);
    const b2 = obs.rowBullheads(2);
    const b3 = obs.rowBullheads(3);
    const s0 = L - obs.rowLength(0);
    const s1 = L - obs.rowLength(1);
    const s2 = L - obs.rowLength(2);
    const s3 = L - obs.rowLength(3);
    // The rows in ascending order of their ends (the ends differ: each is a card), each with its
    // cost factor and its fill-risk offset: a card c above end e with s free slots reads
    // tail[s * stride + (c - e - 1)], so the offset is s * stride - e - 1. A full row (s = 0)
    // reads the table's row 0, exactly 1: f x 1 is f, the cost a full row always had.
    const rowEnd = this.segEnd;
    const rowF = this.segF;
    const rowOff = this.segOff;
    const r0 = ((e1 - e0) >>> 31) + ((e2 - e0) >>> 31) + ((e3 - e0) >>> 31);
    const r1 = ((e0 - e1) >>> 31) + ((e2 - e1) >>> 31) + ((e3 - e1) >>> 31);
    const r2 = ((e0 - e2) >>> 31) + ((e1 - e2) >>> 31) + ((e3 - e2) >>> 31);
    const r3 = ((e0 - e3) >>> 31) + ((e1 - e3) >>> 31) + ((e2 - e3) >>> 31);
    rowEnd[r0] = e0;
    rowEnd[r1] = e1;
    rowEnd[r2] = e2;
    rowEnd[r3] = e3;
    rowF[r0] = s0 <= 0 ? b0 : caution * (b0 + s0 * AVG_BULLHEADS);
    rowF[r1] = s1 <= 0 ? b1 : caution * (b1 + s1 * AVG_BULLHEADS);
    rowF[r2] = s2 <= 0 ? b2 : caution * (b2 + s2 * AVG_BULLHEADS);
    rowF[r3] = s3 <= 0 ? b3 : caution * (b3 + s3 * AVG_BULLHEADS);
    rowOff[r0] = s0 * stride - e0 - 1;
    rowOff[r1] = s1 * stride - e1 - 1;
    rowOff[r2] = s2 * stride - e2 - 1;
    rowOff[r3] = s3 * stride - e3 - 1;
    const low = Math.min(b0, b1, b2, b3) + this.lowPenalty;
    const dumpPerCard = this.dump / N;
    const tail = this.tail;
    let best = obs.handCard(0);
    let bestCost = Infinity;
    // The hand is ascending, so each card's row (the highest end below it) is found by walking
    // the sorted ends along with the cards: a branch taken once per row, not four compares a card.
    let above = 0; // row ends below the current card
    let nextEnd = rowEnd[0]!;
    let end = 0;
    let f = 0;
    let off = 0;
    for (let i = 0; i < n; i++) {
      const c = obs.handCard(i);
      while (nextEnd < c) {
        end = nextEnd;
        f = rowF[above]!;
        off = rowOff[above]!;
        nextEnd = ++above < 4 ? rowEnd[above]! : MAX_END;
      }
      // Below every row: the cheapest row's bullheads and the penalty; else the fill risk.
      const cost = above === 0 ? low : f * tail[off + c]! - dumpPerCard * (c - end - 1);
      if (cost < bestCost) {
        bestCost = cost;
        best = c;
      }
    }
    return best;
  }

  /**
   * Rollouts on a board of their own (mc): the row side of play()'s costs from the rows' bare
   * arrays (ends, lengths, bullheads). Every seat choosing in a turn sees the same rows, so a
   * rollout sets them once a turn and asks cheapestOf() for each seat's hand (base game only).
   */
  rowsOf(rowEnd: Int32Array, rowLen: Int32Array, rowBull: Int32Array): void {
    const L = this.rowLimit;
    const stride = this.maxCard + 1;
    const caution = this.caution;
    const e0 = rowEnd[0]!;
    const e1 = rowEnd[1]!;
    const e2 = rowEnd[2]!;
    const e3 = rowEnd[3]!;
    const b0 = rowBull[0]!;
    const b1 = rowBull[1]!;
    const b2 = rowBull[2]!;
    const b3 = rowBull[3]!;
    const s0 = L - rowLen[0]!;
    const s1 = L - rowLen[1]!;
    const s2 = L - rowLen[2]!;
    const s3 = L - rowLen[3]!;
    // As in play() (which keeps its own copy: a shared method measured 13% slower in the table's loop).
    const sortedEnd = this.segEnd;
    const rowF = this.segF;
    const rowOff = this.segOff;
    const r0 = ((e1 - e0) >>> 31) + ((e2 - e0) >>> 31) + ((e3 - e0) >>> 31);
    const r1 = ((e0 - e1) >>> 31) + ((e2 - e1) >>> 31) + ((e3 - e1) >>> 31);
    const r2 = ((e0 - e2) >>> 31) + ((e1 - e2) >>> 31) + ((e3 - e2) >>> 31);
    const r3 = ((e0 - e3) >>> 31) + ((e1 - e3) >>> 31) + ((e2 - e3) >>> 31);
    sortedEnd[r0] = e0;
    sortedEnd[r1] = e1;
    sortedEnd[r2] = e2;
    sortedEnd[r3] = e3;
    rowF[r0] = s0 <= 0 ? b0 : caution * (b0 + s0 * AVG_BULLHEADS);
    rowF[r1] = s1 <= 0 ? b1 : caution * (b1 + s1 * AVG_BULLHEADS);
    rowF[r2] = s2 <= 0 ? b2 : caution * (b2 + s2 * AVG_BULLHEADS);
    rowF[r3] = s3 <= 0 ? b3 : caution * (b3 + s3 * AVG_BULLHEADS);
    rowOff[r0] = s0 * stride - e0 - 1;
    rowOff[r1] = s1 * stride - e1 - 1;
    rowOff[r2] = s2 * stride - e2 - 1;
    rowOff[r3] = s3 * stride - e3 - 1;
    this.low = Math.min(b0, b1, b2, b3) + this.lowPenalty;
  }

  /** play()'s card among hand[at, at + n) (ascending, n >= 1) on the rows of the last rowsOf(). */
  cheapestOf(hand: Uint8Array, at: number, n: number): number {
    const rowEnd = this.segEnd;
    const rowF = this.segF;
    const rowOff = this.segOff;
    const low = this.low;
    const dumpPerCard = this.dump / this.maxCard;
    const tail = this.tail;
    let best = hand[at]!;
    let bestCost = Infinity;
    // The hand is ascending, so each card's row (the highest end below it) is found by walking
    // the sorted ends along with the cards: a branch taken once per row, not four compares a card.
    let above = 0; // row ends below the current card
    let nextEnd = rowEnd[0]!;
    let end = 0;
    let f = 0;
    let off = 0;
    for (let i = at, last = at + n; i < last; i++) {
      const c = hand[i]!;
      while (nextEnd < c) {
        end = nextEnd;
        f = rowF[above]!;
        off = rowOff[above]!;
        nextEnd = ++above < 4 ? rowEnd[above]! : MAX_END;
      }
      // Below every row: the cheapest row's bullheads and the penalty; else the fill risk.
      const cost = above === 0 ? low : f * tail[off + c]! - dumpPerCard * (c - end - 1);
      if (cost < bestCost) {
        bestCost = cost;
        best = c;
      }
    }
    return best;
  }

  /**
   * cheapestOf() on a playout board's hand (PlayoutBoard: Int32Array hands), returning the card's
   * index in the hand, which the board's turn takes it out by. A copy of the loop, not a shared
   * one: each stays monomorphic in its array type (the test checks both against play()).
   */
  cheapestIndexOf(hand: Int32Array, at: number, n: number): number {
    const rowEnd = this.segEnd;
    const rowF = this.segF;
    const rowOff = this.segOff;
    const low = this.low;
    const dumpPerCard = this.dump / this.maxCard;
    const tail = this.tail;
    let best = 0;
    let bestCost = Infinity;
    let above = 0; // row ends below the current card
    let nextEnd = rowEnd[0]!;
    let end = 0;
    let f = 0;
    let off = 0;
    for (let i = 0; i < n; i++) {
      const c = hand[at + i]!;
      while (nextEnd < c) {
        end = nextEnd;
        f = rowF[above]!;
        off = rowOff[above]!;
        nextEnd = ++above < 4 ? rowEnd[above]! : MAX_END;
      }
      const cost = above === 0 ? low : f * tail[off + c]! - dumpPerCard * (c - end - 1);
      if (cost < bestCost) {
        bestCost = cost;
        best = i;
      }
    }
    return best;
  }

  /** Pro: the same costs, the fill risk from the open hands (fillOpen). */
  private playOpen(obs: Observation): number {
    const N = this.maxCard;
    const L = this.rowLimit;
    const caution = this.caution;
    const e0 = obs.rowEnd(0);
    const e1 = obs.rowEnd(1);
    const e2 = obs.rowEnd(2);
    const e3 = obs.rowEnd(3);
    const b0 = obs.rowBullheads(0);
    const b1 = obs.rowBullheads(1);
    const b2 = obs.rowBullheads(2);
    const b3 = obs.rowBullheads(3);
    const s0 = L - obs.rowLength(0);
    const s1 = L - obs.rowLength(1);
    const s2 = L - obs.rowLength(2);
    const s3 = L - obs.rowLength(3);
    const f0 = s0 <= 0 ? b0 : caution * (b0 + s0 * AVG_BULLHEADS);
    const f1 = s1 <= 0 ? b1 : caution * (b1 + s1 * AVG_BULLHEADS);
    const f2 = s2 <= 0 ? b2 : caution * (b2 + s2 * AVG_BULLHEADS);
    const f3 = s3 <= 0 ? b3 : caution * (b3 + s3 * AVG_BULLHEADS);
    const low = Math.min(b0, b1, b2, b3) + this.lowPenalty;
    const dumpPerCard = this.dump / N;
    const n = obs.handSize;
    let best = obs.handCard(0);
    let bestCost = Infinity;
    for (let i = 0; i < n; i++) {
      const c = obs.handCard(i);
      let end = 0;
      let f = 0;
      let slots = -1;
      if (e0 < c) {
        end = e0;
        f = f0;
        slots = s0;
      }
      if (e1 < c && e1 > end) {
        end = e1;
        f = f1;
        slots = s1;
      }
      if (e2 < c && e2 > end) {
        end = e2;
        f = f2;
        slots = s2;
      }
      if (e3 < c && e3 > end) {
        end = e3;
        f = f3;
        slots = s3;
      }
      let cost: number;
      if (slots < 0) cost = low;
      else {
        const gap = c - end - 1;
        cost = slots === 0 ? f : f * this.fillOpen(obs, end, c, slots);
        cost -= dumpPerCard * gap;
      }
      if (cost < bestCost) {
        bestCost = cost;
        best = c;
      }
    }
    return best;
  }

  /** Pro: P(at least `slots` other seats play a card between end and c), each seat's card uniform over its open hand. */
  private fillOpen(obs: Observation, end: number, c: number, slots: number): number {
    const P = obs.players;
    const { q, dist } = this;
    let others = 0;
    for (let p = 0; p < P; p++) {
      if (p === obs.seat) continue;
      const held = obs.handCountOf(p);
      if (held === 0) continue;
      let inGap = 0;
      for (let i = 0; i < held; i++) {
        const x = obs.handCardOf(p, i);
        if (x > end && x < c) inGap++;
      }
      q[others++] = inGap / held;
    }
    if (slots > others) return 0;
    dist.fill(0, 0, others + 1);
    dist[0] = 1;
    for (let k = 0; k < others; k++) {
      const qk = q[k]!;
      for (let j = k + 1; j > 0; j--) dist[j] = dist[j]! * (1 - qk) + dist[j - 1]! * qk;
      dist[0] = dist[0]! * (1 - qk);
    }
    let tail = 0;
    for (let j = slots; j <= others; j++) tail += dist[j]!;
    return tail;
  }

  private pick(obs: Observation): number {
    const N = obs.rules.maxCard;
    if (this.draft === DRAFT_HIGH) {
      for (let c = N; c >= 1; c--) if (obs.isOpen(c)) return c;
    } else if (this.draft === DRAFT_LOW) {
      for (let c = 1; c <= N; c++) if (obs.isOpen(c)) return c;
    }
    // Spread: the open card farthest from its own cards (ties: the higher card).
    let best = 0;
    let bestDistance = -1;
    const n = obs.handSize;
    for (let c = N; c >= 1; c--) {
      if (!obs.isOpen(c)) continue;
      let d = N;
      for (let i = 0; i < n; i++) d = Math.min(d, Math.abs(obs.handCard(i) - c));
      if (d > bestDistance) {
        bestDistance = d;
        best = c;
      }
    }
    return best;
  }
}

/** The cheapest row by bullheads; ties: the longer row, then the lower index. */
export function cheapestRow(obs: Observation): number {
  let best = 0;
  for (let r = 1; r < 4; r++) {
    const b = obs.rowBullheads(r);
    const bb = obs.rowBullheads(best);
    if (b < bb || (b === bb && obs.rowLength(r) > obs.rowLength(best))) best = r;
  }
  return best;
}
