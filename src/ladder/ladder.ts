import { UserError } from '../errors.js';
import type { RulesInput } from '../game/contract.js';
import { DEFAULT_GAME, gameById } from '../registry.js';
import { makeRandom } from '../game/seed.js';
import { prepare, runTournament, untilStopped, type PreparedRun, type TournamentResult } from '../tournament/run.js';
import { DEFAULT_FILL, tables as combinations, type SeatingMode, type TableFill } from '../tournament/schedule.js';
import { FinishingOrders, goodness, plData, type Goodness } from './orders.js';
import { ELO_SCALE, fitPlackettLuce, type PLData, type PLFit } from './plackett-luce.js';

export interface LadderOptions {
  game?: string;
  /** Agent specs of the pool (duplicates are merged); any bot the lab can load. */
  pool: string[];
  /** Table sizes: one tournament each, on the same deals. */
  players: number[];
  /** Rule settings at each table size. */
  rules(players: number): RulesInput;
  /** Deals per seating. */
  games: number;
  seed: string;
  /** 'all' (default): every permutation of every table; 'rotations': every rotation of a seat order drawn from the seed per table. */
  seatings?: SeatingMode;
  selfPlay?: boolean;
  /** How tables are filled when the pool has fewer bots than seats (schedule.ts TableFill; default DEFAULT_FILL). */
  fill?: TableFill;
  /** The bot rated 0 (default: random if in the pool, else the first bot). */
  anchor?: string;
  /** Hold out every k-th deal for the goodness check (default 5; 0: no check). */
  holdout?: number;
  threads?: number;
  chunk?: number;
  /** The per-decision time limit of its tournaments (runTournament's decisionSeconds). */
  decisionSeconds?: number;
  /** Folder for bot programs' stderr logs (runTournament's botLogs; the CLI: the run folder's bot-logs/). */
  botLogs?: string;
  signal?: AbortSignal;
  onProgress?(players: number, done: number, total: number): void;
  /**
   * What is finished so far, as a partial result (ratings fitted on the deals done): after every
   * table size but the last, and every `partialSeconds` (default 60) during one, so a long or
   * interrupted ladder keeps its work on disk.
   */
  onPartial?(snapshot: LadderResult, progress: LadderProgress): void;
  partialSeconds?: number;
}

/** Where a partial ladder stands: the table size being played and its deals done. */
export interface LadderProgress {
  players: number;
  dealsDone: number;
  deals: number;
}

export interface Rating {
  agent: string;
  /** Elo-like: ELO_SCALE x log-strength, the anchor 0. */
  rating: number;
  /** 95% interval, clustered by deal. */
  lo: number;
  hi: number;
  /** Standard errors in rating points: clustered by deal, and from the Fisher information. */
  se: number;
  seFisher: number;
  /** Seat-games and win share (k-way ties 1/k) in this scope's games. */
  games: number;
  winShare: number;
  /** Rating minus the next bot's (the one ranked below), with its 95% interval (from the covariance); absent for the last. */
  gapToNext?: number;
  gapToNextLo?: number;
  gapToNextHi?: number;
}

export interface ScopeResult {
  /** "3 players", ..., or "pooled". */
  scope: string;
  players: number[];
  games: number;
  deals: number;
  /** Best first; absent when the fit has no finite maximum (error says why). */
  ratings?: Rating[];
  logLikelihood?: number;
  iterations?: number;
  /** Covariance of the ratings (rating points squared, clustered by deal), pool order. */
  covariance?: number[][];
  error?: string;
  /** Fit on the deals not held out, tested on the held-out ones; goodnessError says why it is missing. */
  goodness?: Goodness;
  goodnessError?: string;
}

export interface LadderResult {
  game: string;
  /** The bots by their labels (a file bot's own name, not its path), in pool order. */
  pool: string[];
  anchor: string;
  players: number[];
  seatingMode: SeatingMode;
  holdout: number;
  tournaments: TournamentResult[];
  scopes: ScopeResult[];
  partial: boolean;
  /** Why it stopped early when a bot got stuck or failed (the tournament's one line naming it); partial then. */
  stopped?: string;
  elapsedSeconds: number;
}

const Z95 = 1.959963984540054;

/** The tables at one size: every combination (multisets with self-play; a pool smaller than the table filled as `fill` says). */
function ladderTables(poolSize: number, players: number, selfPlay: boolean, fill: TableFill | undefined, mode: SeatingMode, seed: string): number[][] {
  const list = combinations(poolSize, players, selfPlay, fill);
  if (mode === 'all') return list;
  // Rotations keep each table's cyclic order, so who sits after whom would follow the pool's order
  // (the first bot always before the second): draw each table's order from the seed instead.
  const random = makeRandom(`${seed}/ladder-seat-order/${players}`);
  return list.map((t) => {
    const s = [...t];
    for (let i = s.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [s[i], s[j]] = [s[j]!, s[i]!];
    }
    return s;
  });
}

export function resolveAnchor(pool: readonly string[], anchor: string | undefined): number {
  if (anchor !== undefined) {
    const i = pool.indexOf(anchor.trim());
    if (i < 0) throw new UserError(`anchor "${anchor}" is not in the pool (${pool.join(', ')})`);
    return i;
  }
  const random = pool.indexOf('random');
  return Math.max(random, 0);
}

/** Seat-games and win shares per bot in a fit's data. */
function seatTotals(data: PLData): { games: number[]; wins: number[] } {
  const games = new Array<number>(data.n).fill(0);
  const wins = new Array<number>(data.n).fill(0);
  data.outcomes.forEach((o, i) => {
    const c = data.counts[i]!;
    if (!c) return;
    for (const g of o) for (const a of g) games[a]! += c;
    for (const a of o[0]!) wins[a]! += c / o[0]!.length;
  });
  return { games, wins };
}

function ratingsOf(fit: PLFit, data: PLData, pool: readonly string[]): Rating[] {
  const { games, wins } = seatTotals(data);
  return pool
    .map((agent, a) => {
      const r = ELO_SCALE * fit.theta[a]!;
      const se = ELO_SCALE * fit.se[a]!;
      return {
        agent,
        rating: r,
        lo: r - Z95 * se,
        hi: r + Z95 * se,
        se,
        seFisher: ELO_SCALE * fit.seFisher[a]!,
        games: games[a]!,
        winShare: wins[a]! / games[a]!,
      };
    })
    .sort((x, y) => y.rating - x.rating || pool.indexOf(x.agent) - pool.indexOf(y.agent));
}

/** Each bot's lead over the next one down, with a 95% interval: var(a - b) = var a + var b - 2 cov(a, b). */
function addGaps(ratings: Rating[], covariance: number[][], pool: readonly string[]): void {
  for (let i = 0; i + 1 < ratings.length; i++) {
    const x = ratings[i]!;
    const y = ratings[i + 1]!;
    const a = pool.indexOf(x.agent);
    const b = pool.indexOf(y.agent);
    const se = Math.sqrt(Math.max(0, covariance[a]![a]! + covariance[b]![b]! - 2 * covariance[a]![b]!));
    x.gapToNext = x.rating - y.rating;
    x.gapToNextLo = x.gapToNext - Z95 * se;
    x.gapToNextHi = x.gapToNext + Z95 * se;
  }
}

/** One scope's fit on all its deals, and the goodness check from a fit without the held-out deals. */
export function fitScope(
  scope: string,
  players: number[],
  logs: readonly FinishingOrders[],
  pool: readonly string[],
  anchor: number,
  holdout: number,
): ScopeResult {
  const data = plData(pool.length, logs, () => true);
  const games = data.counts.reduce((a, b) => a + b, 0);
  const out: ScopeResult = { scope, players, games, deals: data.clusters.length };
  try {
    const fit = fitPlackettLuce(data, anchor, pool);
    out.ratings = ratingsOf(fit, data, pool);
    out.logLikelihood = fit.logLikelihood;
    out.iterations = fit.iterations;
    out.covariance = fit.covariance.map((row) => row.map((v) => v * ELO_SCALE * ELO_SCALE));
    addGaps(out.ratings, out.covariance, pool);
  } catch (err) {
    if (!(err instanceof UserError)) throw err;
    out.error = err.message;
  }
  if (holdout < 2) {
    out.goodnessError = 'no deals held out (holdout 0)';
    return out;
  }
  const heldOut = (deal: number): boolean => deal % holdout === holdout - 1;
  const deals = Math.max(...logs.map((l) => l.deals));
  if (deals < holdout) {
    out.goodnessError = `fewer than ${holdout} deals: none held out`;
    return out;
  }
  try {
    const train = fitPlackettLuce(
      plData(pool.length, logs, (d) => !heldOut(d)),
      anchor,
      pool,
    );
    out.goodness = goodness(train.theta, pool, logs, heldOut);
  } catch (err) {
    if (!(err instanceof UserError)) throw err;
    out.goodnessError = `fit without the held-out deals: ${err.message}`;
  }
  return out;
}

/**
 * Checks a ladder's options, every table size's rules and every bot, before any game is played or
 * any folder made.
 */
/** A ladder checked, every table size's run prepared (bots loaded and checked once): what runLadder plays. */
export type CheckedLadder = Awaited<ReturnType<typeof checkLadder>>;

export async function checkLadder(o: LadderOptions) {
  const game = gameById(o.game ?? DEFAULT_GAME);
  const pool = [...new Set(o.pool.map((s) => s.trim()))];
  if (pool.length < 2) throw new UserError('a ladder needs at least two different bots');
  if (o.players.length === 0 || o.players.some((p) => !Number.isInteger(p)))
    throw new UserError(`players must be a list of integers, got ${o.players.join(',')}`);
  if (new Set(o.players).size !== o.players.length) throw new UserError(`players lists a table size twice: ${o.players.join(',')}`);
  const holdout = o.holdout ?? 5;
  if (!Number.isInteger(holdout) || holdout < 0 || holdout === 1) throw new UserError(`holdout must be 0 (none) or an integer of at least 2, got ${holdout}`);
  const anchor = resolveAnchor(pool, o.anchor);
  const mode = o.seatings ?? 'all';
  const options = (players: number) => ({
    game: game.id,
    pool,
    tables: ladderTables(pool.length, players, o.selfPlay ?? false, o.fill, mode, o.seed),
    selfPlay: o.selfPlay,
    fill: o.fill ?? DEFAULT_FILL,
    rules: o.rules(players),
    games: o.games,
    seed: o.seed,
    seatings: mode,
    threads: o.threads,
    chunk: o.chunk,
    decisionSeconds: o.decisionSeconds,
    botLogs: o.botLogs,
    signal: o.signal,
  });
  const prepared = new Map<number, PreparedRun>();
  for (const players of o.players) prepared.set(players, await prepare(options(players)));
  return { game, pool, anchor, mode, holdout, options, prepared };
}

/**
 * Plays the pool at every table size on duplicate deals (the same master seed, so deal k is the
 * same seed at every size), records every finishing order in deal order, and fits one rating per
 * bot per table size and pooled over all of them.
 */
export async function runLadder(o: LadderOptions, checked?: CheckedLadder): Promise<LadderResult> {
  const started = performance.now();
  const { game, anchor, mode, holdout, options, prepared } = checked ?? (await checkLadder(o));
  const tournaments: TournamentResult[] = [];
  const logs: FinishingOrders[] = [];
  let partial = false;
  let stopped: string | undefined;
  // Bots by their labels, as tournaments print them (a file bot's own name, never its path).
  const names = prepared.get(o.players[0]!)!.origins.map((a) => a.agent);
  const assemble = (done: readonly FinishingOrders[], isPartial: boolean, why?: string): LadderResult => {
    const scopes = done.map((log) => fitScope(`${log.players} players`, [log.players], [log], names, anchor, holdout));
    if (done.length > 1)
      scopes.push(
        fitScope(
          'pooled',
          done.map((l) => l.players),
          done,
          names,
          anchor,
          holdout,
        ),
      );
    return {
      game: game.id,
      pool: names,
      anchor: names[anchor]!,
      players: o.players,
      seatingMode: mode,
      holdout,
      tournaments: [...tournaments],
      scopes,
      partial: isPartial,
      ...(why === undefined ? {} : { stopped: why }),
      elapsedSeconds: (performance.now() - started) / 1000,
    };
  };
  const every = (o.partialSeconds ?? 60) * 1000;
  let lastPartial = performance.now();
  for (const [i, players] of o.players.entries()) {
    let log: FinishingOrders | undefined;
    const result = await untilStopped(
      runTournament(
        {
          ...options(players),
          // The check ran before the run folder (and its bot-logs/) existed: the log folder is the run's.
          ...(o.botLogs === undefined ? {} : { botLogs: o.botLogs }),
          onProgress: (done, total) => o.onProgress?.(players, done, total),
          onBatch(batch, res, seatings) {
            log ??= new FinishingOrders(players, seatings);
            log.addBatch(batch.from, batch.to, res.data);
            if (o.onPartial && performance.now() - lastPartial >= every && batch.to < o.games) {
              lastPartial = performance.now();
              o.onPartial(assemble([...logs, log], true), { players, dealsDone: batch.to, deals: o.games });
            }
          },
        },
        prepared.get(players),
      ),
    );
    tournaments.push(result);
    if (log) logs.push(log);
    if (result.partial) {
      partial = true;
      stopped = result.stopped;
      break;
    }
    const next = o.players[i + 1];
    if (o.onPartial && next !== undefined) {
      lastPartial = performance.now();
      o.onPartial(assemble(logs, true), { players: next, dealsDone: 0, deals: o.games });
    }
  }
  return assemble(logs, partial, stopped);
}
