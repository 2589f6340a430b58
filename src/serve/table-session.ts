import { UserError } from '../errors.js';
import type { GameTable, JsonObject, SeatableAgent } from '../game/contract.js';
import { seedHex, type SeedKey } from '../game/seed.js';
import type { RegisteredGame } from '../registry.js';
import { CLOCK_ACTIVE, CLOCK_STAMP, stampSeat } from '../game/clock.js';
import { streamSaltOf } from '../tournament/sandbox/stream-salt.js';
import { StuckBots } from './stuck-bots.js';
import { Deals, positionText, writeRewards, type RewardKind, type Session } from './session.js';
import { StateFrame } from './state-frame.js';

/** What the table session needs of the server: the client's next action, read while a game is paused. */
export interface ActionSource {
  /**
   * The next step's action for the one game (answering the commands that do not move it on the
   * way). When the client resets, closes or leaves instead, it keeps that command for the server
   * and throws (the table reports the throw as the seat's failure: the server looks for the kept
   * command first).
   */
  nextAction(): number;
  /** Tells the client its action was refused (the game waits for another). */
  refuse(message: string): void;
}

/**
 * One game at the lab's own table, the client playing the seats the opponents list leaves empty
 * and lab bots the others: the gym environment's session. The table's loop drives the game as in a
 * tournament (the bots get their events, their seat streams salted as a tournament of that seed
 * salts them), so a deal played here equals its tournament record. A client seat's decide() is the
 * pause: it sends the state and waits for the client's action.
 */
export class TableSession implements Session {
  readonly facts: JsonObject;
  private readonly frame: StateFrame;
  private readonly table: GameTable;
  private readonly deals: Deals;
  private readonly key: SeedKey = { hi: 0, lo: 0 };
  /** The observation a client seat is deciding on (undefined between decisions). */
  private deciding: object | undefined;
  private lastRecord: JsonObject | undefined;
  private lastDeal = -1;
  private lastMaster = '';
  private over = true;
  /** The limit on a lab bot's call (a program that stops answering would block the server for good). */
  private readonly watchdog: StuckBots;

  constructor(
    private readonly game: RegisteredGame,
    private readonly rules: { players: number },
    opponents: readonly (SeatableAgent | null)[],
    private readonly reward: RewardKind,
    private readonly autoreset: boolean,
    decisionSeconds: number,
    clientLabel: string,
    private readonly source: ActionSource,
    facts: JsonObject,
  ) {
    const p = rules.players;
    this.frame = new StateFrame(1, 1, p, game.tensor.size(rules), game.actions.size(rules));
    this.deals = new Deals(game.seedNamespace ?? game.id);
    const bots = opponents.map((agent, seat) => (agent ? agent.create() : this.clientSeat(seat)));
    const labels = opponents.map((agent) => (agent ? agent.label : clientLabel));
    this.table = game.batch.table(rules, bots, labels, true);
    this.watchdog = new StuckBots(decisionSeconds);
    this.table.seats.clock = this.watchdog.clock;
    this.facts = { ...facts, seatsPerGame: 1, agents: labels };
  }

  /** Plays deals until a game ends without autoreset (each client decision on the way is a state sent and a step read). */
  reset(seed: string | undefined): void {
    this.deals.reseed(seed);
    const salt = streamSaltOf(this.game.id, this.deals.master);
    this.table.seats.streamSalt.hi = salt.hi;
    this.table.seats.streamSalt.lo = salt.lo;
    this.frame.clearEnds();
    for (;;) {
      const deal = this.deals.take(this.key);
      this.frame.deal[0] = deal;
      this.over = false;
      this.play();
      this.over = true;
      this.lastRecord = this.table.record(seedHex(this.key)) as unknown as JsonObject;
      this.lastDeal = deal;
      this.lastMaster = this.deals.master;
      const scores = this.lastRecord.scores as number[];
      writeRewards(this.frame, 0, this.reward, (s) => scores[s]!);
      if (!this.autoreset) break;
    }
    this.frame.seat[0] = -1;
    this.frame.obs.fill(0);
    this.frame.mask.fill(0);
    this.frame.acting.fill(0);
    this.frame.send();
  }

  /** The deal in this.key at the table, its lab bots' calls on the watchdog's clock. */
  private play(): void {
    const clock = this.watchdog.clock;
    this.watchdog.clear();
    clock[CLOCK_ACTIVE] = 1;
    try {
      this.table.play(this.key);
    } catch (err) {
      if (!this.watchdog.stuck()) throw err;
      const seat = stampSeat(Atomics.load(clock, CLOCK_STAMP));
      const label = (this.facts.agents as string[])[seat];
      throw new UserError(
        `bot "${label}" in seat ${seat} took longer than ${this.watchdog.limitSeconds} s to answer: stopped (the session's decision timeout); open a new session`,
      );
    } finally {
      clock[CLOCK_ACTIVE] = 0;
    }
  }

  step(): void {
    throw new UserError(this.over ? 'the game is over: reset deals the next one' : 'step before reset: reset deals the game');
  }

  record(i: number): JsonObject {
    if (i !== 0) throw new UserError(`game must be 0 (a session with opponents plays one game), got ${i}`);
    if (!this.lastRecord) throw new UserError('no game has finished yet');
    return { record: this.lastRecord, master: this.lastMaster, deal: this.lastDeal };
  }

  render(i: number): string {
    if (i !== 0) throw new UserError(`game must be 0 (a session with opponents plays one game), got ${i}`);
    return this.deciding ? positionText(this.game, this.deciding) : 'the game is over';
  }

  /** The bot of a seat the client plays: its decide() sends the state and waits for the client's action. */
  private clientSeat(seat: number): object {
    return {
      decide: (obs: object): unknown => {
        const { frame, game } = this;
        frame.seat[0] = seat;
        frame.acting.fill(0);
        frame.acting[seat] = 1;
        game.tensor.encode(obs, frame.obsViews[0]!);
        game.actions.observationMask(obs, frame.maskViews[0]!);
        this.deciding = obs;
        frame.send();
        frame.clearEnds();
        // The client's own time is not the lab bots' to be limited.
        const clock = this.watchdog.clock;
        clock[CLOCK_ACTIVE] = 0;
        for (;;) {
          const a = this.source.nextAction();
          if (a >= 0 && a < frame.actionSize && frame.mask[a] === 1) {
            this.deciding = undefined;
            clock[CLOCK_ACTIVE] = 1;
            return game.actions.decode(obs, a);
          }
          this.source.refuse(`illegal: game 0, seat ${seat}: action ${a} is not legal now; legal: ${this.legalNames()}`);
        }
      },
    };
  }

  private legalNames(): string {
    const { frame } = this;
    const names: string[] = [];
    for (let id = 0; id < frame.actionSize; id++) if (frame.mask[id] === 1) names.push(`${id} (${this.game.actions.name(this.rules as never, id)})`);
    return names.join(', ');
  }
}
