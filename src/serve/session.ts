import { UserError } from '../errors.js';
import type { JsonObject, RulesInput } from '../game/contract.js';
import { dealKeyInto, masterKey, type SeedKey } from '../game/seed.js';
import type { RegisteredGame } from '../registry.js';
import type { StateFrame } from './state-frame.js';

/**
 * What the engine server asks of a session, whichever kind: the client plays every seat of N
 * games on the forward model (VectorSession), or some seats of one game at the lab's table with
 * lab bots in the others (TableSession).
 */
export interface Session {
  /** The `open` reply (docs/engine-server.md "The facts"). */
  readonly facts: JsonObject;
  /** Deals every game anew (deal i of `seed`, or the next deals) and sends the state. */
  reset(seed: string | undefined): void;
  /** Each game's acting seat plays its action; sends the state, or an error frame and moves nothing. */
  step(actions: Int32Array): void;
  /** The record of game i's last finished game, with its master seed and deal number. */
  record(game: number): JsonObject;
  /** Game i's position from its acting seat's view, as text. */
  render(game: number): string;
}

/** How a finished game is rewarded: minus the score (higher is better), or the win share. */
export type RewardKind = 'score' | 'win';

export function rewardKindOf(value: unknown): RewardKind {
  if (value === undefined || value === 'score' || value === 'win') return value ?? 'score';
  throw new UserError(`reward must be "score" or "win", got ${JSON.stringify(value)}`);
}

/** Writes game i's final scores and rewards into the frame (read through `score(seat)`). */
export function writeRewards(frame: StateFrame, i: number, kind: RewardKind, score: (seat: number) => number): void {
  const p = frame.players;
  const at = i * p;
  let best = Number.POSITIVE_INFINITY;
  let winners = 0;
  for (let s = 0; s < p; s++) {
    const x = score(s);
    frame.score[at + s] = x;
    if (x < best) {
      best = x;
      winners = 1;
    } else if (x === best) winners++;
  }
  for (let s = 0; s < p; s++) {
    const x = frame.score[at + s]!;
    frame.reward[at + s] = kind === 'score' ? -x : x === best ? 1 / winners : 0;
  }
  frame.ended[i] = 1;
}

/**
 * The deals a session hands out: a master seed and a counter, as a tournament of that seed deals
 * them (deal k of master seed S is the same deal in both).
 */
export class Deals {
  master = '';
  next = 0;
  private key: SeedKey = { hi: 0, lo: 0 };

  constructor(private readonly namespace: string) {}

  /** A new master seed (a client's reset seed), or a random one on a first reset without one. */
  reseed(seed: string | undefined): void {
    if (seed !== undefined) {
      this.master = seed;
      this.next = 0;
    } else if (this.master === '') {
      this.master = String(Math.floor(Math.random() * 2 ** 31));
      this.next = 0;
    }
    this.key = masterKey(this.namespace, this.master);
  }

  /** The next deal's key, written into `out`; returns its number. */
  take(out: SeedKey): number {
    const k = this.next++;
    dealKeyInto(this.key, k, out);
    return k;
  }
}

/** The rules of an `open` command: the lab's rule flags (as the CLI spells them) and `players`. */
export function rulesOf(game: RegisteredGame, given: unknown): RulesInput {
  if (typeof given !== 'object' || given === null || Array.isArray(given)) throw new UserError('rules must be an object of rule settings');
  const input: RulesInput = { players: game.defaultPlayers };
  for (const [name, value] of Object.entries(given as Record<string, unknown>)) {
    if (name === 'players') {
      if (typeof value !== 'number') throw new UserError(`rule setting "players" takes a number, got ${JSON.stringify(value)}`);
      input.players = value;
      continue;
    }
    const option = game.ruleOptions.find((o) => o.flag === name);
    if (!option) {
      const known = ['players', ...game.ruleOptions.map((o) => o.flag)].join(', ');
      throw new UserError(`${game.name} has no rule setting "${name}" (known: ${known})`);
    }
    if (typeof value !== option.type) throw new UserError(`rule setting "${name}" takes a ${option.type}, got ${JSON.stringify(value)}`);
    input[option.key] = value as string | number | boolean;
  }
  return input;
}

/** The position of one seat's observation as text: its fields, one per line (render). */
export function positionText(game: RegisteredGame, obs: object): string {
  const view = game.observationJson(obs);
  return Object.entries(view)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join('\n');
}
