import { protectData, protect } from '../../game/protect.js';
import { seatStreamOf, type Random } from '../../game/seed.js';
import type { Observation } from './observation.js';
import { ROWS, type Rules } from './rules.js';
import { DRAFT, GameState, OVER, PLAY, ROW } from './state.js';

const PHASE_IDS = protectData('6 nimmt! phase ids', { draft: DRAFT, play: PLAY, row: ROW, over: OVER } as const);

/**
 * Re-sampling of what one seat cannot see, built from that seat's Observation only, so a search
 * bot never reads another engine's fields. Hidden are: the other hands and the set-aside cards
 * (base game), the other seats' choices of the turn in progress (dropped: they choose again), and
 * the deals of later rounds (re-keyed from the stream).
 *
 * observe() rebuilds the seat's position on a blank state once per decision; each sample() deals
 * the unseen cards at random into the other hands, in place (one draw per hidden hand card, two for
 * the later rounds' key): a rollout copies `position` into its own scratch state and plays on.
 */
export class HiddenSampler {
  /** The position as the seat sees it, with the last sample's hidden cards. */
  readonly position: GameState;
  private readonly pool: Uint8Array;
  private unseen = 0;
  private me = 0;

  constructor(readonly rules: Rules) {
    this.position = new GameState(rules, false);
    this.pool = new Uint8Array(rules.maxCard);
  }

  /** Whether a sample can differ from another: unseen cards (base), or later rounds to deal. */
  get hidden(): boolean {
    return this.unseen > 0;
  }

  observe(obs: Observation): void {
    const s = this.position;
    const { players: P, handSize: H, maxCard: N } = this.rules;
    const me = (this.me = obs.seat);
    s.clear();
    s.phase = PHASE_IDS[obs.phase];
    s.round = obs.round;
    s.turn = obs.turn;
    s.starter = obs.starter;
    s.roundStarter = obs.roundStarter;
    for (let p = 0; p < P; p++) {
      s.total[p] = obs.bullheads(p);
      s.roundBull[p] = obs.roundBullheads(p);
      s.rowsTaken[p] = obs.rowsTaken(p);
    }
    const L = s.rowLimit;
    for (let r = 0; r < ROWS; r++) {
      const n = obs.rowLength(r);
      s.rowLen[r] = n;
      for (let i = 0; i < n; i++) s.rows[r * L + i] = obs.rowCard(r, i);
      s.rowEnd[r] = obs.rowEnd(r);
      s.rowBull[r] = obs.rowBullheads(r);
      s.startRows[r] = obs.startRow(r);
    }
    let seen = 0;
    for (let c = 1; c <= N; c++) {
      if (obs.isSeen(c)) {
        s.seen[c] = 1;
        seen++;
      }
    }
    s.seenCount = seen;
    s.revealed = obs.revealedThisTurn;
    const turns = s.turn + (s.revealed ? 1 : 0);
    s.takes.fill(-1);
    for (let t = 0; t < turns; t++) {
      for (let p = 0; p < P; p++) {
        s.plays[t * P + p] = obs.playedCard(t, p);
        s.takes[t * P + p] = obs.rowChoice(t, p);
      }
    }
    // Hands: your own; in the pro variant every hand (face up).
    const pro = s.pro;
    for (let p = 0; p < P; p++) {
      if (p === me || pro) {
        const n = obs.handCountOf(p);
        for (let i = 0; i < n; i++) s.insert(p, p === me ? obs.handCard(i) : obs.handCardOf(p, i));
      }
    }
    if (s.phase === DRAFT) {
      for (let c = 1; c <= N; c++) s.open[c] = obs.isOpen(c) ? 1 : 0;
      s.openCount = obs.openCount;
      s.picker = obs.picker;
      s.picks = obs.picks;
      for (let i = 0; i < s.picks; i++) s.draftOrder[i] = obs.draftPick(i);
    } else if (pro) {
      for (let i = 0; i < P * H; i++) s.draftOrder[i] = obs.draftPick(i);
    }
    if (s.revealed) {
      // Only the turn's lowest card can be lower than every row: nothing is placed yet.
      for (let p = 0; p < P; p++) {
        const c = obs.revealedCard(p);
        s.chosen[p] = c;
        let i = p;
        while (i > 0 && s.chosen[s.order[i - 1]!]! > c) {
          s.order[i] = s.order[i - 1]!;
          i--;
        }
        s.order[i] = p;
      }
      s.resolveAt = 0;
      s.rowSeat = obs.rowChooser;
    } else {
      s.rowSeat = -1;
      const mine = obs.myChoice;
      s.chosen[me] = mine;
      s.pending = mine === 0 ? 0 : 1;
    }
    let unseen = 0;
    for (let c = 1; c <= N; c++) if (obs.isUnseen(c)) this.pool[unseen++] = c;
    this.unseen = unseen;
    for (let p = 0; p < P; p++) {
      if (p !== me && !pro) s.handLen[p] = obs.handCountOf(p);
    }
    if (pro && s.phase !== DRAFT) this.rebuildDealt(s, 0, P);
    else if (!pro) this.rebuildDealt(s, me, me + 1);
  }

  /**
   * Deals the unseen cards into the other hands (a uniform draw, sorted into each hand) and re-keys
   * the later rounds. `full` also lays the rest out as the set-aside cards and rebuilds the other
   * seats' hands as dealt (what the forward model's records need; rollouts skip it).
   */
  sample(random: Random, full = false): void {
    const s = this.position;
    const { players: P, handSize: H } = this.rules;
    const { pool, unseen, me } = this;
    // A seat's stream draws through its method, which V8 inlines: a call through the function
    // returns each double boxed on the heap (the same numbers either way).
    const stream = seatStreamOf(random);
    s.roundKey.hi = Math.floor((stream ? stream.next() : random()) * 4294967296);
    s.roundKey.lo = Math.floor((stream ? stream.next() : random()) * 4294967296);
    if (s.pro) return;
    let k = 0;
    for (let p = 0; p < P; p++) {
      if (p === me) continue;
      const n = s.handLen[p]!;
      s.handLen[p] = 0;
      for (let i = 0; i < n; i++, k++) {
        const j = k + Math.floor((stream ? stream.next() : random()) * (unseen - k));
        const t = pool[j]!;
        pool[j] = pool[k]!;
        pool[k] = t;
        s.insert(p, t);
      }
    }
    if (!full) return;
    const need = P * H + ROWS;
    for (let i = k; i < unseen; i++) s.deck[need + i - k] = pool[i]!;
    for (let p = 0; p < P; p++) if (p !== me) this.rebuildDealt(s, p, p + 1);
  }

  /** Hands as dealt this round for seats [from, to): the cards held plus the ones played. */
  private rebuildDealt(s: GameState, from: number, to: number): void {
    const { players: P, handSize: H } = this.rules;
    const turns = s.turn + (s.revealed ? 1 : 0);
    const dealt = s.dealt;
    for (let p = from; p < to; p++) {
      const base = p * H;
      const held = s.handLen[p]!;
      for (let i = 0; i < held; i++) dealt[base + i] = s.hands[base + i]!;
      let n = held;
      for (let t = 0; t < turns; t++) {
        const c = s.plays[t * P + p]!;
        let i = base + n++;
        while (i > base && dealt[i - 1]! > c) {
          dealt[i] = dealt[i - 1]!;
          i--;
        }
        dealt[i] = c;
      }
    }
  }
}

// Frozen before a bot file loads (src/game/protect.ts): made only once a bot plays, so not reached through the built-in bots' fields.
protect(HiddenSampler);
