import { protect } from '../../../game/protect.js';
import type { GameEvent, Observation, Rules } from '../agent.js';
import { placeTurn } from './card-costs.js';
import type { HeuristicAgent } from './heuristic.js';
import type { McModel } from './mc-model.js';

/**
 * `search:others=adapt` (base game): for every other seat, which of the search's two models of its
 * card choice explains its plays this game better: the fitted model of the mc bot (mc-model.ts) or
 * the heuristic's card with a random one with probability `noise` (the search's default model).
 *
 * A round's hands become public at its last reveal: every seat plays its whole hand, so a seat's
 * hand at turn t is exactly the cards it played at turns t and later. Then (and only then) the
 * evidence replays the round's rows from the public record (start rows, plays, row choices) and adds,
 * per seat, log P(its plays | mc model) - log P(its plays | heuristic + noise) over the turns with a
 * choice. Nothing hidden is read: every input is on the table for every seat to see. Within the first
 * round the prior alone speaks. (Scoring the round being played too, in each sampled deal, whose
 * hands plus the cards played make the past hands, measured no better: docs/notes/findings.md, "a model of
 * each seat".) Allocation-free after construction.
 */
export class SeatEvidence {
  /** Per seat: log-likelihood of the mc model minus that of the heuristic's, this game. */
  readonly logOdds = new Float64Array(16);
  private readonly rowEnd = new Int32Array(4);
  private readonly rowLen = new Int32Array(4);
  private readonly rowBull = new Int32Array(4);
  private readonly hand = new Uint8Array(256);
  private readonly probs = new Float64Array(256);
  private readonly order = new Int32Array(16);
  private readonly plays = new Int32Array(16);
  /** hear(): the round's plays, seat p's card of turn t at [t * P + p] (grown to the rules' size once). */
  private round = new Int32Array(0);
  /** Per seat, the row it chose in the turn being replayed (-1: none). */
  private readonly choices = new Int32Array(16);

  constructor(
    readonly model: McModel,
    readonly heuristic: HeuristicAgent,
    readonly noise: number,
    /** Bullheads of each card (index: the card). */
    readonly bullheads: ArrayLike<number>,
  ) {}

  /** A new game: no evidence yet. */
  reset(): void {
    this.logOdds.fill(0);
  }

  /** The chance that `seat` plays by the mc model, from the prior chance `prior`. */
  weight(seat: number, prior: number): number {
    if (prior <= 0 || prior >= 1) return prior;
    return 1 / (1 + ((1 - prior) / prior) * Math.exp(-this.logOdds[seat]!));
  }

  /** Scores a round once its last turn is revealed (the table's event, heard with `obs`). */
  hear(e: Readonly<GameEvent>, obs: Observation): void {
    // The event's type first: under --isolate every read of obs is a message to the lab.
    if (e.type !== 'reveal') return;
    const r: Readonly<Rules> = obs.rules;
    if (r.variant === 'pro' || e.turn !== r.handSize - 1) return;
    const me = obs.seat;
    const { rowEnd, rowLen, rowBull, hand, probs, plays, choices, model, heuristic, noise } = this;
    const P = r.players;
    const H = r.handSize;
    for (let row = 0; row < 4; row++) {
      const c = obs.startRow(row);
      rowEnd[row] = c;
      rowLen[row] = 1;
      rowBull[row] = this.bullheads[c]!;
    }
    // The round's plays, read once (each read is a message under --isolate).
    if (this.round.length < H * P) this.round = new Int32Array(H * P);
    const round = this.round;
    for (let t = 0; t < H; t++) for (let p = 0; p < P; p++) round[t * P + p] = obs.playedCard(t, p);
    for (let t = 0; t < H - 1; t++) {
      heuristic.rowsOf(rowEnd, rowLen, rowBull);
      for (let p = 0; p < P; p++) {
        const played = round[t * P + p]!;
        plays[p] = played;
        choices[p] = obs.rowChoice(t, p);
        if (p === me) continue;
        // Its hand at turn t, ascending: the cards it played from t on.
        const n = H - t;
        for (let u = t, i = 0; u < H; u++, i++) {
          const c = round[u * P + p]!;
          let j = i;
          while (j > 0 && hand[j - 1]! > c) {
            hand[j] = hand[j - 1]!;
            j--;
          }
          hand[j] = c;
        }
        let at = 0;
        while (hand[at] !== played) at++;
        model.probabilities(hand, 0, n, rowEnd, rowLen, rowBull, probs);
        const heuristicCard = heuristic.cheapestOf(hand, 0, n);
        const byHeuristic = (played === heuristicCard ? 1 - noise : 0) + noise / n;
        // A model that gives the play no chance (noise 0 and not the heuristic's card; the mc model's
        // exponential under the smallest double) counts strongly against it, never as log 0 - log 0.
        this.logOdds[p] = this.logOdds[p]! + Math.log(Math.max(probs[at]!, 1e-300)) - Math.log(Math.max(byHeuristic, 1e-300));
      }
      placeTurn(plays, choices, 0, P, r.rowLimit, this.bullheads, this.order, rowEnd, rowLen, rowBull);
    }
  }
}

// Frozen before a bot file loads (src/game/protect.ts): made only once a bot plays, so not reached through the built-in bots' fields.
protect(SeatEvidence);
