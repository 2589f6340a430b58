import { runBatch } from '../../tournament/batch.js';
import type { RegisteredGame } from '../../registry.js';
import { BatchLayout, type GameRecordBase, type RulesInput, type SeatableAgent } from '../../game/contract.js';
import type { ParamValues } from '../../game/agent.js';

/**
 * A game against the built-in bots in the page, played through the game's own table (its
 * batch runner, as a tournament plays a deal): every answer is checked by the same code, and the
 * record at the end is a real game record.
 *
 * A table's loop is synchronous (decide() returns the answer) and a click is not, so the page
 * replays the game from its seed with the answers given so far each time: the human seat's bot
 * returns them in turn and, at the first decision without one, records what the seat sees and
 * stops the table (an exception). Bots are deterministic given the seed (each seat has its own
 * seeded stream), so every run repeats the same game up to the new decision; the bridge checks it
 * (the seat's view at each earlier decision must be what it was when the answer was given).
 */

/** Thrown through the table to stop it at the human's decision. */
class Pause extends Error {}

/** What the page's human bot hands to the bridge and gets back. */
export class HumanBridge {
  private readonly answers: unknown[] = [];
  private readonly views: string[] = [];
  private next = 0;
  /** Public events as the seat heard them, in words (reset each run). */
  log: string[] = [];
  pending: { view: unknown; key: string } | null = null;

  begin(): void {
    this.next = 0;
    this.log = [];
    this.pending = null;
  }

  /** The answer to the decision whose view (plain data from the seat's observation) is `view`. */
  ask(view: unknown): unknown {
    const key = JSON.stringify(view);
    if (this.next < this.answers.length) {
      if (this.views[this.next] !== key) throw new Error(`the game did not repeat itself at your decision ${this.next + 1} (a bot that is not deterministic?)`);
      return this.answers[this.next++];
    }
    this.pending = { view, key };
    throw new Pause('waiting for a click');
  }

  answer(a: unknown): void {
    if (!this.pending) throw new Error('no decision is waiting for an answer');
    this.answers.push(a);
    this.views.push(this.pending.key);
    this.pending = null;
  }

  get decisions(): number {
    return this.answers.length;
  }
}

/** A game's page-side human bot: decisions through the bridge of the game being played. */
export type HumanFactory = (bridge: () => HumanBridge) => object;

export type Outcome =
  | { kind: 'ask'; view: unknown; log: readonly string[] }
  | { kind: 'over'; record: GameRecordBase; log: readonly string[] }
  | { kind: 'error'; message: string };

/** The bridge of the session being run: the tables (cached by the batch runner) keep their human bot. */
let active: HumanBridge | undefined;
const activeBridge = (): HumanBridge => {
  if (!active) throw new Error('no game in progress');
  return active;
};

export const HUMAN_LABEL = 'you';

export function defaultParams(params: Record<string, { default: number | string }>): ParamValues {
  return Object.fromEntries(Object.entries(params).map(([k, p]) => [k, p.default]));
}

export class PlaySession {
  readonly bridge = new HumanBridge();
  private readonly pool: SeatableAgent[];

  constructor(
    readonly game: RegisteredGame,
    readonly rules: RulesInput,
    /** Bot name per seat; ignored at the human's seat. */
    readonly bots: readonly string[],
    readonly humanSeat: number,
    /** Master seed: the game is deal 0 of it, as a tournament with this seed deals it. */
    readonly seed: string,
    human: HumanFactory,
  ) {
    game.makeRules(rules); // a bad setting is one line before anything is played
    if (bots.length !== rules.players) throw new Error(`${bots.length} seats for ${rules.players} players`);
    this.pool = bots.map((name, seat) => {
      if (seat === humanSeat) return { label: HUMAN_LABEL, create: () => human(activeBridge) };
      const def = game.agents.find((d) => d.name === name && d.name !== 'human' && !d.nodeOnly);
      if (!def) throw new Error(`unknown bot "${name}" for ${game.name}`);
      return { label: name, create: () => def.create(defaultParams(def.params)) };
    });
  }

  /** Plays from the start with the answers so far, up to the next decision of the human or the end. */
  run(): Outcome {
    const P = this.rules.players;
    const data = new Int32Array(new BatchLayout(1, 1, P, this.game.metrics.length).length);
    this.bridge.begin();
    active = this.bridge;
    try {
      const res = runBatch(
        this.game,
        {
          game: this.game.id,
          rules: this.rules,
          pool: this.pool.map((a) => a.label),
          seatings: [this.pool.map((_, i) => i)],
          master: this.seed,
          from: 0,
          to: 1,
          matchLength: 0,
          records: true,
        },
        this.pool,
        data,
      );
      return { kind: 'over', record: JSON.parse(res.records![0]!) as GameRecordBase, log: this.bridge.log };
    } catch (err) {
      if (this.bridge.pending) return { kind: 'ask', view: this.bridge.pending.view, log: this.bridge.log };
      return { kind: 'error', message: err instanceof Error ? err.message : String(err) };
    } finally {
      active = undefined;
    }
  }

  answer(a: unknown): Outcome {
    this.bridge.answer(a);
    return this.run();
  }
}
