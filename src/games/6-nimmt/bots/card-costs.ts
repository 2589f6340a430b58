import { protect } from '../../../game/protect.js';
import type { Rules } from '../agent.js';
import { AVG_BULLHEADS, fillRiskTable } from './heuristic.js';

/**
 * The heuristic bot's expected penalty of every card of a hand (src/games/6-nimmt/bots/heuristic.ts,
 * base game, default settings), as numbers rather than only their argmin: the search's opponent
 * model plays a softmax over them, and its belief over the hidden hands scores past plays by them.
 * Read from bare row arrays (ends, lengths, bullheads), so a past turn's rows, replayed from the
 * public plays, serve as well as a live state. The heuristic keeps its own unrolled loop of the rule
 * (it is on the tournament's hot path); they share the fill-risk table, and a test checks that both agree.
 */
export class CardCosts {
  /** P(at least s of the other seats' cards land in a gap of g): tail[s * (maxCard + 1) + g]. */
  private tail = new Float64Array(0);
  private stride = 0;
  private rowLimit = 0;
  private maxCard = 0;
  private players = 0;

  constructor(
    readonly lowPenalty = 1,
    readonly caution = 3,
    readonly dump = 1,
  ) {}

  prepare(r: Readonly<Rules>): void {
    if (r.players === this.players && r.maxCard === this.maxCard && r.rowLimit === this.rowLimit) return;
    this.players = r.players;
    this.maxCard = r.maxCard;
    this.rowLimit = r.rowLimit;
    this.stride = r.maxCard + 1;
    this.tail = fillRiskTable(r);
  }

  /** The cost of playing `card` on these rows (lower is better), as the heuristic reckons it. */
  cost(card: number, rowEnd: ArrayLike<number>, rowLen: ArrayLike<number>, rowBull: ArrayLike<number>): number {
    // rowOf() inline: this runs for every card of every playout turn, and it needs the row's end too.
    let row = -1;
    let end = 0;
    for (let r = 0; r < 4; r++) {
      const e = rowEnd[r]!;
      if (e < card && e > end) {
        end = e;
        row = r;
      }
    }
    return this.costOnRow(card, row, end, rowLen, rowBull, row < 0 ? Math.min(rowBull[0]!, rowBull[1]!, rowBull[2]!, rowBull[3]!) : 0);
  }

  /** cost() of a card on row `row` (rowOf), which ends at `end`; for a card below every row (row -1), `minBull` is the fewest bullheads of a row. */
  costOnRow(card: number, row: number, end: number, rowLen: ArrayLike<number>, rowBull: ArrayLike<number>, minBull: number): number {
    if (row < 0) return minBull + this.lowPenalty;
    const b = rowBull[row]!;
    const slots = this.rowLimit - rowLen[row]!;
    const gap = card - end - 1;
    const base = slots <= 0 ? b : this.caution * (b + slots * AVG_BULLHEADS) * this.tail[slots * this.stride + gap]!;
    return base - (this.dump / this.maxCard) * gap;
  }
}

/** The row `card` goes on: the one whose end is the highest below it; -1 when it is below every row. */
export function rowOf(card: number, rowEnd: ArrayLike<number>): number {
  let row = -1;
  let end = 0;
  for (let r = 0; r < 4; r++) {
    const e = rowEnd[r]!;
    if (e < card && e > end) {
      end = e;
      row = r;
    }
  }
  return row;
}

/**
 * Places one turn's cards on bare rows as the engine does (a past turn replayed from the public
 * record): lowest card first, each after the row end highest below it; the card one too many for a
 * full row, or a card below every row (on the row its seat chose), starts that row anew. Seat p's
 * card is plays[at + p], its row choice choices[at + p] (-1: none); `order` is scratch for P seats.
 * Returns false, the rows partly placed, at a card below every row with no choice recorded (a turn
 * still being resolved).
 */
export function placeTurn(
  plays: ArrayLike<number>,
  choices: ArrayLike<number>,
  at: number,
  P: number,
  limit: number,
  bullheads: ArrayLike<number>,
  order: Int32Array,
  rowEnd: Int32Array,
  rowLen: Int32Array,
  rowBull: Int32Array,
): boolean {
  for (let p = 0; p < P; p++) {
    const c = plays[at + p]!;
    let i = p;
    while (i > 0 && plays[at + order[i - 1]!]! > c) {
      order[i] = order[i - 1]!;
      i--;
    }
    order[i] = p;
  }
  for (let i = 0; i < P; i++) {
    const p = order[i]!;
    const c = plays[at + p]!;
    let row = rowOf(c, rowEnd);
    if (row < 0 || rowLen[row] === limit) {
      if (row < 0) row = choices[at + p]!;
      if (row < 0) return false;
      rowEnd[row] = c;
      rowLen[row] = 1;
      rowBull[row] = bullheads[c]!;
    } else {
      rowEnd[row] = c;
      rowLen[row]!++;
      rowBull[row]! += bullheads[c]!;
    }
  }
  return true;
}

/** The cheapest row by bullheads; ties: the longer row, then the lower index (the heuristic's row rule). */
export function cheapestRowOf(rowLen: ArrayLike<number>, rowBull: ArrayLike<number>): number {
  let best = 0;
  for (let r = 1; r < 4; r++) {
    const b = rowBull[r]!;
    const bb = rowBull[best]!;
    if (b < bb || (b === bb && rowLen[r]! > rowLen[best]!)) best = r;
  }
  return best;
}

// Frozen before a bot file loads (src/game/protect.ts): made only once a bot plays, so not reached through the built-in bots' fields.
protect(CardCosts);
