import { protectData } from '../../../game/protect.js';
import { defineAgent, type Action, type GameStart, type Observation, type Random, type Rules, type SixNimmtAgent } from '../agent.js';
import { SeatView, HiddenSampler, GameState, OVER, PLAY, PlayoutBoard, ROW } from '../kit.js';
import { seatStreamOf, Sfc32, type SeatStream, type SeedKey } from '../../../game/seed.js';
import { cheapestRowOf } from './card-costs.js';
import heuristic, { HeuristicAgent, type HeuristicParams } from './heuristic.js';

/**
 * Monte Carlo rollouts over what the seat cannot see. Each sample deals the unseen cards (base
 * game: the other hands and the set-aside cards, from the cards this seat has not seen this round;
 * the later rounds' deals) through the game's HiddenSampler, built from this seat's Observation
 * only; the other seats' choices of the current turn are not known, so they choose again in the
 * rollout. Every candidate (each hand card; each row; each open card in the pro draft) is played on
 * the same sample (common random numbers) and the game continues with the heuristic bot in every
 * seat, to the end of the round (horizon=round) or of the game; the candidate with the lowest mean
 * objective wins (ties: the lower card / row). The other seats are not exactly the heuristic: with
 * probability `noise` each of their rollout plays is a random hand card instead (the same draws for
 * every candidate of a sample). With no noise and nothing hidden (the pro variant, whose hands are
 * open and whose rounds are drafted, not dealt), one rollout per candidate says it all.
 */
export interface McParams {
  [key: string]: number | string;
  rollouts: number;
  horizon: string;
  objective: string;
  draft: string;
  noise: number;
}

const policyDefaults = protectData(
  'mc policy defaults',
  Object.fromEntries(Object.entries(heuristic.params).map(([k, spec]) => [k, spec.default])) as HeuristicParams,
);

export default defineAgent<McParams>({
  name: 'mc',
  description: 'Monte Carlo: plays every candidate out over sampled hidden cards with the heuristic in every seat and picks the cheapest.',
  params: {
    rollouts: { description: 'sampled deals per decision (each plays out every candidate)', default: 60, min: 1, max: 100000, integer: true },
    horizon: { description: 'play each rollout to the end of the round or of the game', default: 'round', choices: ['round', 'game'] },
    objective: { description: "bullheads: its own; margin: its own minus the best opponent's", default: 'bullheads', choices: ['bullheads', 'margin'] },
    noise: { description: "chance that another seat's rollout play is a random card instead of the heuristic's", default: 0.35, min: 0, max: 1 },
    draft: {
      description: 'pro draft: pick as the heuristic does (highest open card), or search every open card with rollouts',
      default: 'heuristic',
      choices: ['heuristic', 'search'],
    },
  },
  create: (p) => new McAgent(p),
});

class McAgent implements SixNimmtAgent {
  private rules: Readonly<Rules> | undefined;
  private sampler!: HiddenSampler;
  private sim!: GameState;
  /**
   * Base game, round horizon: the rollouts play on a bare board (PlayoutBoard), loaded from each
   * sample's position once (root) and copied for every candidate (board).
   */
  private root!: PlayoutBoard;
  private board!: PlayoutBoard;
  /** Board rollouts: per seat, its card index in the sample's first turn (shared by the candidates). */
  private readonly firstPicks = new Int32Array(16);
  /** Whether base-game round-horizon rollouts use the board (a test turns it off to compare with the scratch state's rollouts). */
  useBoard = true;
  /** The noise stream after the first turn's draws (the same for every candidate of a sample). */
  private fa = 0;
  private fb = 0;
  private fc = 0;
  private fd = 1;
  /** One observation per seat of the scratch state: the rollout policy sees only its own seat. */
  private views: SeatView[] = [];
  private readonly policy = new HeuristicAgent(policyDefaults);
  private random!: Random;
  private stream: SeatStream | undefined;
  private readonly candidates = new Int32Array(256);
  private readonly totals = new Float64Array(256);
  /** Per seat, its heuristic choice in the current sample's first turn (shared by the candidates). */
  private readonly firstChoices = new Int32Array(16);
  /** Per seat, its heuristic choice in a later turn of a rollout. */
  private readonly choices = new Int32Array(16);
  private readonly margin: boolean;
  private readonly wholeGame: boolean;
  private readonly searchDraft: boolean;
  private readonly noise: number;
  /** Per sample, the key of the other seats' noise draws (re-keyed for every candidate: common random numbers). */
  private readonly noiseKey: SeedKey = { hi: 0, lo: 0 };
  /**
   * The noise stream, sfc32 keyed by noiseKey (stream 0): the numbers of `new Sfc32().reset(noiseKey)`
   * then next(), in four fields stepped inline by noisyPlays (an Sfc32's next() was not inlined
   * there once the rollout loop grew: a call a draw, its double boxed).
   */
  private na = 0;
  private nb = 0;
  private nc = 0;
  private nd = 1;
  private readonly noiseRng = new Sfc32();
  private readonly noiseState = new Int32Array(4);
  private me = 0;
  /** Candidates of the last decision with rollouts (their sums stay in totals: for tests). */
  lastTotals = 0;

  constructor(private readonly p: McParams) {
    this.margin = p.objective === 'margin';
    this.wholeGame = p.horizon === 'game';
    this.searchDraft = p.draft === 'search';
    this.noise = p.noise;
  }

  newGame(start: GameStart): void {
    this.prepare(start.rules);
    this.random = start.random;
    this.stream = seatStreamOf(start.random);
  }

  /** The next number of this seat's stream: through its inlinable method when the lab made it (random() boxes its double). */
  private draw(): number {
    return this.stream ? this.stream.next() : this.random();
  }

  private prepare(rules: Readonly<Rules>): void {
    if (this.rules && JSON.stringify(this.rules) === JSON.stringify(rules)) return;
    this.rules = rules;
    const r = { ...rules };
    this.sampler = new HiddenSampler(r);
    this.sim = new GameState(r, false);
    this.root = new PlayoutBoard(r);
    this.board = new PlayoutBoard(r);
    this.views = Array.from({ length: r.players }, (_, seat) => new SeatView(this.sim, seat));
    this.policy.prepare(r);
  }

  decide(obs: Observation): Action {
    const phase = obs.phase;
    if (phase === 'draft' && !this.searchDraft) return this.policy.decide(obs);
    const { candidates, totals, sampler, sim } = this;
    let n = 0;
    if (phase === 'play') for (let i = 0; i < obs.handSize; i++) candidates[n++] = obs.handCard(i);
    else if (phase === 'row') for (let r = 0; r < 4; r++) candidates[n++] = r;
    else for (let c = 1; c <= obs.rules.maxCard; c++) if (obs.isOpen(c)) candidates[n++] = c;
    if (n === 1) return candidates[0]!;
    sampler.observe(obs);
    const position = sampler.position;
    sim.stopRound = this.wholeGame ? Infinity : position.round + 1;
    const samples = sampler.hidden || this.noise > 0 || (this.wholeGame && !position.pro) ? this.p.rollouts : 1;
    totals.fill(0, 0, n);
    const me = (this.me = obs.seat);
    // Base game at the round horizon (no draft): the rollouts on the bare board.
    const onBoard = this.useBoard && !position.pro && !this.wholeGame;
    for (let k = 0; k < samples; k++) {
      sampler.sample(this.random);
      this.noiseKey.hi = Math.floor(this.draw() * 4294967296);
      this.noiseKey.lo = Math.floor(this.draw() * 4294967296);
      if (onBoard) {
        if (phase === 'play') {
          this.root.load(position);
          for (let i = 0; i < n; i++) totals[i]! += this.boardRollout(i);
        } else {
          for (let i = 0; i < n; i++) totals[i]! += this.rowRollout(candidates[i]!);
        }
        continue;
      }
      for (let i = 0; i < n; i++) {
        sim.copyFrom(position);
        this.resetNoise();
        const a = candidates[i]!;
        if (phase === 'play') {
          sim.choose(me, a);
          this.firstTurn(i === 0);
        } else if (phase === 'row') {
          sim.chooseRow(a);
          if (sim.resolve()) sim.endTurn();
        } else sim.pick(a);
        this.rollout();
        totals[i]! += this.value(me, sim.total);
      }
    }
    let best = 0;
    for (let i = 1; i < n; i++) if (totals[i]! < totals[best]!) best = i;
    this.lastTotals = n;
    return candidates[best]!;
  }

  /**
   * The others' choices of the sample's first turn, then its reveal: the same for every candidate
   * (a seat's choice reads its own hand and the rows, never a pending choice, and every candidate
   * re-keys the noise), so the first candidate works them out and the others reuse them, drawing
   * the same noise numbers so that the rest of the rollout is unchanged. The rollout loop's PLAY
   * step, with the heuristic's answers remembered.
   */
  private firstTurn(work: boolean): void {
    const s = this.sim;
    const firstChoices = this.firstChoices;
    const P = s.players;
    this.noisyPlays();
    if (work) this.heuristicPlays(firstChoices);
    for (let p = 0; p < P; p++) if (s.chosen[p] === 0) s.choose(p, firstChoices[p]!);
    s.reveal();
    while (!s.resolve()) s.chooseRow(cheapestRowOf(s.rowLen, s.rowBull));
    s.endTurn();
  }

  /**
   * The heuristic's card for every seat yet to choose, into out[seat]. Base game: read off the
   * scratch board (each seat's own hand and the rows: what its observation shows), the rows' side
   * of the costs worked out once for all seats (they all see the same rows), where decide() through
   * each seat's view did it once a seat, behind the view's checks: same cards. Pro: decide(), whose
   * fill risk reads the open hands.
   */
  private heuristicPlays(out: Int32Array): void {
    const s = this.sim;
    const { policy, views } = this;
    const P = s.players;
    const H = s.handSize;
    if (s.pro) {
      for (let p = 0; p < P; p++) if (s.chosen[p] === 0) out[p] = policy.decide(views[p]!) as number;
      return;
    }
    // The round's last turn: one card each, nothing to weigh.
    if (s.turn + 1 < H) policy.rowsOf(s.rowEnd, s.rowLen, s.rowBull);
    for (let p = 0; p < P; p++) {
      if (s.chosen[p] !== 0) continue;
      const n = s.handLen[p]!;
      out[p] = n === 1 ? s.hands[p * H]! : policy.cheapestOf(s.hands, p * H, n);
    }
  }

  /**
   * The turn's noise: each other seat yet to choose plays a random hand card with probability
   * `noise`, in seat order. The heuristic's choices (the rest) draw nothing and read no pending
   * choice, so drawing all noise first leaves every number and card as when they interleaved. The
   * stream's state in locals for the turn, each draw stepped inline.
   */
  private noisyPlays(): void {
    const { sim: s, noise, me } = this;
    if (!(noise > 0)) return;
    const P = s.players;
    const H = s.handSize;
    let a = this.na;
    let b = this.nb;
    let c = this.nc;
    let d = this.nd;
    for (let p = 0; p < P; p++) {
      if (s.chosen[p] !== 0 || p === me) continue;
      // Sfc32.next(), twice when the seat plays at random.
      let t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (((c << 21) | (c >>> 11)) + t) | 0;
      if ((t >>> 0) / 4294967296 < noise) {
        t = (((a + b) | 0) + d) | 0;
        d = (d + 1) | 0;
        a = b ^ (b >>> 9);
        b = (c + (c << 3)) | 0;
        c = (((c << 21) | (c >>> 11)) + t) | 0;
        s.choose(p, s.hands[p * H + Math.floor(((t >>> 0) / 4294967296) * s.handLen[p]!)]!);
      }
    }
    this.na = a;
    this.nb = b;
    this.nc = c;
    this.nd = d;
  }

  /** Keys the noise stream: the state of an Sfc32 reset to noiseKey (stream 0), into the four fields. */
  private resetNoise(): void {
    const st = this.noiseState;
    this.noiseRng.reset(this.noiseKey);
    this.noiseRng.stateInto(st);
    this.na = st[0]!;
    this.nb = st[1]!;
    this.nc = st[2]!;
    this.nd = st[3]!;
  }

  /** Plays the scratch state on with the heuristic in every seat until it stops. */
  private rollout(): void {
    const s = this.sim;
    const { views, policy } = this;
    const P = s.players;
    const H = s.handSize;
    const choices = this.choices;
    while (s.phase !== OVER) {
      if (s.phase === PLAY) {
        if (s.turn + 1 === H && !this.wholeGame) {
          // The round's last turn, where the rollout stops: each seat plays its one card, noisy or
          // not, and the noise numbers it would draw are never used.
          for (let p = 0; p < P; p++) if (s.chosen[p] === 0) s.choose(p, s.hands[p * H]!);
        } else {
          this.noisyPlays();
          this.heuristicPlays(choices);
          for (let p = 0; p < P; p++) if (s.chosen[p] === 0) s.choose(p, choices[p]!);
        }
        s.reveal();
        // The heuristic's row rule (cheapestRow), on the scratch board's rows.
        while (!s.resolve()) s.chooseRow(cheapestRowOf(s.rowLen, s.rowBull));
        s.endTurn();
      } else if (s.phase === ROW) {
        s.chooseRow(cheapestRowOf(s.rowLen, s.rowBull));
        if (s.resolve()) s.endTurn();
      } else s.pick(policy.decide(views[s.picker]!));
    }
  }

  /**
   * A play decision's rollout of candidate `i` (the i-th card of its hand) on the bare board, to
   * the round's end; its objective. The same turns as firstTurn() and rollout() on the scratch
   * state: the same draws in the same order, the heuristic's cards (cheapestIndexOf: play()'s card
   * by its index), the cheapest row for a card lower than every row, the round's last turn without
   * draws. The first turn's other cards and the stream after their draws are the same for every
   * candidate of a sample, so the first candidate works them out and the others reuse them.
   */
  private boardRollout(i: number): number {
    const b = this.board;
    const me = this.me;
    const P = b.players;
    const pick = b.pick;
    const first = this.firstPicks;
    b.copyFrom(this.root);
    if (i === 0) {
      this.resetNoise();
      pick.fill(-1);
      pick[me] = 0;
      this.boardPicks();
      for (let p = 0; p < P; p++) first[p] = pick[p]!;
      this.fa = this.na;
      this.fb = this.nb;
      this.fc = this.nc;
      this.fd = this.nd;
    } else {
      for (let p = 0; p < P; p++) pick[p] = first[p]!;
      this.na = this.fa;
      this.nb = this.fb;
      this.nc = this.fc;
      this.nd = this.fd;
    }
    pick[me] = i;
    return this.boardTurns();
  }

  /** A row decision's rollout on the board: the row taken and the turn resolved on the scratch state, then the board from there. */
  private rowRollout(row: number): number {
    const s = this.sim;
    s.copyFrom(this.sampler.position);
    this.resetNoise();
    s.chooseRow(row);
    while (!s.resolve()) s.chooseRow(cheapestRowOf(s.rowLen, s.rowBull));
    s.endTurn();
    if (s.phase === OVER) return this.value(this.me, s.total);
    const b = this.board;
    b.load(s);
    // The round's last turn draws nothing (boardTurns' rule): one card each.
    if (b.turn + 1 < b.handSize) {
      b.pick.fill(-1);
      this.boardPicks();
    } else b.pick.fill(0);
    return this.boardTurns();
  }

  /** Plays the board's turn with its picks, then the round's other turns; the objective at the round's end. */
  private boardTurns(): number {
    const b = this.board;
    const P = b.players;
    const H = b.handSize;
    const pick = b.pick;
    // One call site each for reveal() and place(), so that V8 inlines both.
    for (;;) {
      const low = b.reveal();
      b.place(low < 0 ? -1 : cheapestRowOf(b.rowLen, b.rowBull));
      if (b.turn >= H) break;
      if (b.turn + 1 < H) {
        for (let p = 0; p < P; p++) pick[p] = -1;
        this.boardPicks();
      } else {
        // The round's last turn, where the rollout stops: each seat plays its one card, noisy or
        // not, and the noise numbers it would draw are never used.
        for (let p = 0; p < P; p++) pick[p] = 0;
      }
    }
    return this.value(this.me, b.total);
  }

  /**
   * The board's picks of every seat yet to pick (pick -1): noisyPlays' draws (each other seat a
   * random card with probability `noise`, in seat order), then the heuristic's card of the rest,
   * the rows' side of its costs once for all (heuristicPlays on the board).
   */
  private boardPicks(): void {
    const { board: b, noise, me, policy } = this;
    const P = b.players;
    const H = b.handSize;
    const pick = b.pick;
    if (noise > 0) {
      let a = this.na;
      let bb = this.nb;
      let c = this.nc;
      let d = this.nd;
      for (let p = 0; p < P; p++) {
        if (pick[p] !== -1 || p === me) continue;
        // Sfc32.next(), twice when the seat plays at random.
        let t = (((a + bb) | 0) + d) | 0;
        d = (d + 1) | 0;
        a = bb ^ (bb >>> 9);
        bb = (c + (c << 3)) | 0;
        c = (((c << 21) | (c >>> 11)) + t) | 0;
        if ((t >>> 0) / 4294967296 < noise) {
          t = (((a + bb) | 0) + d) | 0;
          d = (d + 1) | 0;
          a = bb ^ (bb >>> 9);
          bb = (c + (c << 3)) | 0;
          c = (((c << 21) | (c >>> 11)) + t) | 0;
          pick[p] = Math.floor(((t >>> 0) / 4294967296) * b.handLen[p]!);
        }
      }
      this.na = a;
      this.nb = bb;
      this.nc = c;
      this.nd = d;
    }
    policy.rowsOf(b.rowEnd, b.rowLen, b.rowBull);
    for (let p = 0; p < P; p++) {
      if (pick[p] !== -1) continue;
      const n = b.handLen[p]!;
      pick[p] = n === 1 ? 0 : policy.cheapestIndexOf(b.hands, p * H, n);
    }
  }

  /** The objective for `me` when the rollout stops, lower is better. */
  private value(me: number, total: Int32Array): number {
    const mine = total[me]!;
    if (!this.margin) return mine;
    let best = Infinity;
    for (let p = 0; p < total.length; p++) if (p !== me && total[p]! < best) best = total[p]!;
    return mine - best;
  }
}
