import { closeSync, existsSync, fdatasyncSync, ftruncateSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import { createHash, type Hash } from 'node:crypto';
import { join } from 'node:path';
import { UserError } from '../errors.js';
import { listWritten, writeFileAtomic } from '../files.js';
import { TournamentStats, type StatsShape } from '../stats/tournament-stats.js';

/**
 * The exact state of one tournament of a run (a "part": the tournament itself, or one player count
 * of an experiment) over its deal range, as a shard or an interrupted run leaves it:
 * - `<part>.json` (rewritten atomically at checkpoints): the deal range, how many deals of it are
 *   finished, the exact integer tallies of those deals and what the statistics need to know;
 * - `<part>.means` (appended): each finished deal's per-agent means (TournamentStats.tallyDeal), as
 *   float64 in deal order. Only the first `done` deals count: bytes past them (a crash between the
 *   append and the checkpoint) are cut off on resume.
 * Tallies are integers and the means are the very doubles the run fed its statistics, so replaying
 * them (mergeTally, then addDealMeans in deal order) gives the statistics bit for bit.
 */
export interface PartState {
  part: string;
  /** The statistics' labels, seatings, players and shape: what a merge needs without loading a bot. */
  labels: string[];
  seatings: number[][];
  players: number;
  shape: StatsShape;
  /** Deals [from, to) of this shard (or of the whole run). */
  from: number;
  to: number;
  /** Deals finished from `from` on. */
  done: number;
  /** The exact tallies of the finished deals (TournamentStats.exportTallyInto). */
  tally: number[];
  decisions: number;
  /** Seconds of play spent on the finished deals, over every session (resumes add up). */
  elapsedSeconds: number;
  /**
   * The bots' decision timing over the finished deals of every session (batch.ts DECISION_TIMING
   * per label: decisions timed, their milliseconds, the worst), so that merge can combine the
   * shards' times. Absent in states written before it: merge then leaves the times empty.
   */
  timing?: number[];
  /** stateDigest of the rest and of the finished deals' means: a hand-edited or damaged state is refused. */
  digest?: string;
}

export interface LoadedPart {
  state: PartState;
  /** done x meansPerDeal values. */
  means: Float64Array;
}

/**
 * A SHA-256 digest of a state file's content (without its own `digest` field), so a hand edit or a
 * damaged file is refused instead of merged. It catches edits and damage; it is no signature: one
 * who recomputes it can still forge a state (the folder is the user's own).
 */
export function stateDigest(content: object, extra = ''): string {
  const { digest: _, ...rest } = content as { digest?: string };
  return createHash('sha256').update(JSON.stringify(rest)).update('\u0000').update(extra).digest('hex');
}

/**
 * How often a running tournament rewrites its checkpoint (at the end of a chunk, at most this
 * often); NOTHANKS_CHECKPOINT_MS sets another (tests that kill a run halfway use a short one).
 */
export const CHECKPOINT_EVERY_MS = Number(process.env.NOTHANKS_CHECKPOINT_MS) > 0 ? Number(process.env.NOTHANKS_CHECKPOINT_MS) : 2000;

const fileName = (part: string): string => part.replace(/[^A-Za-z0-9._-]+/g, '_');

/** Reads a part's state and its finished deals' means; undefined when the part has not started. */
export function loadPart(stateDir: string, part: string): LoadedPart | undefined {
  const json = join(stateDir, `${fileName(part)}.json`);
  if (!existsSync(json)) return undefined;
  let state: PartState;
  try {
    state = JSON.parse(readFileSync(json, 'utf8')) as PartState;
  } catch (err) {
    throw new UserError(`cannot read the checkpoint ${json}: ${(err as Error).message}`);
  }
  // What can be checked without the digest, so a damaged file gets a line that says what is wrong.
  const wellFormed =
    state !== null &&
    typeof state === 'object' &&
    Number.isSafeInteger(state.from) &&
    Number.isSafeInteger(state.to) &&
    Number.isSafeInteger(state.done) &&
    state.done >= 0 &&
    state.done <= state.to - state.from &&
    Array.isArray(state.tally) &&
    state.tally.every((v) => Number.isSafeInteger(v)) &&
    Array.isArray(state.labels) &&
    state.shape?.metrics !== undefined;
  if (!wellFormed) throw new UserError(`the checkpoint ${json} is damaged: its deal counts or tallies are not whole numbers in range`);
  const perDeal = TournamentStats.meansPerDeal(state.shape.metrics.length, state.labels.length);
  const bytes = state.done * perDeal * 8;
  const meansPath = join(stateDir, `${fileName(part)}.means`);
  const size = existsSync(meansPath) ? statSync(meansPath).size : 0;
  if (size < bytes) throw new UserError(`the checkpoint ${json} is damaged: ${meansPath} holds ${size} bytes, ${bytes} expected`);
  const buffer = readFileSync(meansPath).subarray(0, bytes);
  // Bytes past the finished deals are a crash's between an append and its checkpoint: never counted.
  if (state.digest !== stateDigest(state, meansDigest(buffer).copy().digest('hex')))
    throw new UserError(`the checkpoint ${json} was edited or damaged (its digest does not match its tallies and means): the run cannot be resumed or merged`);
  // Copy into an aligned buffer (Buffer slices may start at any byte).
  const means = new Float64Array(state.done * perDeal);
  new Uint8Array(means.buffer).set(buffer);
  return { state, means };
}

/** The running hash of a part's means bytes, from these first ones. */
const meansDigest = (bytes: Uint8Array): Hash => createHash('sha256').update(bytes);

/**
 * Writes a part's state as its tournament runs. The means file is opened once and appended to in
 * deal order; checkpoint() makes the appended deals count (data flushed first, then the small JSON
 * renamed into place), so a kill -9 at any moment leaves a consistent state.
 */
export class PartWriter {
  private readonly fd: number;
  private readonly jsonPath: string;
  private lastCheckpoint = -Infinity;

  /** The hash of every means byte written so far (the digest's second half). */
  private readonly meansHash: Hash;

  /** `means`: the finished deals' means already in the file (a resume), which the digest covers. */
  constructor(
    stateDir: string,
    private readonly state: PartState,
    means: Float64Array = new Float64Array(0),
  ) {
    this.meansHash = meansDigest(new Uint8Array(means.buffer, means.byteOffset, means.byteLength));
    this.jsonPath = join(stateDir, `${fileName(state.part)}.json`);
    const meansPath = join(stateDir, `${fileName(state.part)}.means`);
    const perDeal = TournamentStats.meansPerDeal(state.shape.metrics.length, state.labels.length);
    try {
      this.writeState();
      this.fd = openSync(meansPath, existsSync(meansPath) ? 'r+' : 'w');
      listWritten(meansPath);
      ftruncateSync(this.fd, state.done * perDeal * 8);
      this.position = state.done * perDeal * 8;
    } catch (err) {
      if (err instanceof UserError) throw err;
      throw new UserError(`cannot write the checkpoint in ${stateDir}: ${(err as Error).message}`);
    }
  }

  private position: number;

  /** Appends finished deals' means (in deal order, right after the deals already written). */
  append(means: Float64Array): void {
    const bytes = new Uint8Array(means.buffer, means.byteOffset, means.byteLength);
    writeSync(this.fd, bytes, 0, bytes.length, this.position);
    this.position += bytes.length;
    this.meansHash.update(bytes);
  }

  /** The state with its digest, renamed into place (every appended deal is finished when this runs). */
  private writeState(): void {
    this.state.digest = stateDigest(this.state, this.meansHash.copy().digest('hex'));
    writeFileAtomic(this.jsonPath, JSON.stringify(this.state) + '\n');
  }

  /**
   * Makes the deals appended so far count: `done` deals, their tallies and decisions. Throttled
   * (CHECKPOINT_EVERY_MS) unless `force`.
   */
  checkpoint(done: number, tally: Float64Array, decisions: number, elapsedSeconds: number, force = false, timing?: Float64Array): void {
    const now = performance.now();
    if (!force && now - this.lastCheckpoint < CHECKPOINT_EVERY_MS) return;
    this.lastCheckpoint = now;
    fdatasyncSync(this.fd);
    Object.assign(this.state, { done, tally: Array.from(tally), decisions, elapsedSeconds }, timing ? { timing: Array.from(timing) } : {});
    this.writeState();
  }

  close(): void {
    closeSync(this.fd);
  }
}
