import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameRecord } from '../games/no-thanks/record.js';
import { runTournament, taskBounds, type TournamentOptions } from './run.js';
import { sized } from '../testing/tier.js';

// Worker threads run the compiled build: `npm test` builds first.
const base: TournamentOptions = { pool: ['random', 'greedy', 'threshold'], rules: { players: 3 }, games: 120, seed: 'tests', threads: 1 };

const summarise = async (o: Partial<TournamentOptions>) => {
  const r = await runTournament({ ...base, ...o });
  return JSON.stringify({ agents: r.stats.agents(), pairs: r.stats.pairwise(), seats: r.stats.seats(), games: r.gamesPlayed, decisions: r.decisions });
};

describe('tournament', () => {
  it('gives identical statistics for any thread count and chunk size', async () => {
    const reference = await summarise({ threads: 1, chunk: 120 });
    expect(await summarise({ threads: 2, chunk: 7 })).toBe(reference);
    expect(await summarise({ threads: 2, chunk: 50 })).toBe(reference);
    expect(await summarise({ threads: 1, chunk: 1 })).toBe(reference);
    // The default: tasks shrinking towards the end (taskBounds).
    expect(await summarise({ threads: 2 })).toBe(reference);
  });

  it('ends tasks so that the threads finish together: smaller towards the end, whole matches, every deal once', () => {
    // One thread, or a chunk the caller chose: tasks of the chunk.
    expect(taskBounds(10, 33, 10, 1, 0)).toEqual([10, 20, 30, 33]);
    // Two threads: at most a quarter of what is left, at least chunk / 8.
    expect(taskBounds(0, 100, 16, 2, 0)).toEqual([0, 16, 32, 48, 61, 71, 79, 85, 89, 92, 94, 96, 98, 100]);
    // A circuit of 3-game matches: every task a multiple of 3 from an aligned start.
    const circuit = taskBounds(30, 90, 12, 2, 3);
    expect(circuit.at(0)).toBe(30);
    expect(circuit.at(-1)).toBe(90);
    for (let i = 1; i < circuit.length; i++) {
      expect(circuit[i]! - circuit[i - 1]!).toBeGreaterThan(0);
      expect(circuit[i]! % 3).toBe(0);
    }
  });

  it('keeps that promise with stateful bots that draw random numbers (mc, random)', async () => {
    const o = { pool: ['mc:rollouts=4', 'random', 'greedy'], games: 12 };
    const reference = await summarise({ ...o, threads: 1, chunk: 12 });
    expect(await summarise({ ...o, threads: 2, chunk: 1 })).toBe(reference);
    expect(await summarise({ ...o, threads: 2, chunk: 5 })).toBe(reference);
  });

  it('plays deals x seatings games and replays the same deals at every table and seating', async () => {
    const records: GameRecord[] = [];
    const r = await runTournament({
      ...base,
      pool: ['random', 'greedy', 'threshold', 'mc:rollouts=5'],
      games: 6,
      threads: 2,
      chunk: 2,
      records: true,
      onBatch: (_b, res) => records.push(...res.records!.map((l) => JSON.parse(l) as GameRecord)),
    });
    expect(r.seatings).toHaveLength(12); // 4 tables x 3 rotations
    expect(r.gamesPlayed).toBe(72);
    expect(records).toHaveLength(72);
    const byDeal = new Map<string, string>();
    for (const rec of records) {
      const deal = JSON.stringify([rec.removed, rec.deck, rec.starter]);
      expect(byDeal.get(rec.seed) ?? deal).toBe(deal);
      byDeal.set(rec.seed, deal);
    }
    expect(byDeal.size).toBe(6);
    for (const a of r.stats.agents()) expect(a.games).toBe(6 * 9); // per deal: 3 tables with it x 3 rotations
  });

  it("times each bot's decisions: a sample of games, every game of a slow bot, none of it in the results", async () => {
    // A bot that spends at least 0.1 ms on every decision (a busy wait: no timer in a decide()).
    const slow = join(mkdtempSync(join(tmpdir(), 'nothanks-slow-')), 'slow.mjs');
    writeFileSync(
      slow,
      `export default { name: 'slow', params: {}, create: () => ({ decide: (o) => { const t = performance.now(); while (performance.now() - t < 0.1); return o.myChips === 0 || o.card < 15 ? 'take' : 'pass'; } }) };`,
    );
    // One table, 3 rotations, 400 deals (the fast tier 250): 1,200 games (750) in one thread, the
    // first and one in 256 timed (0, 8, 264, 520, 776, 1032); after its first 4 timed games the slow
    // bot is timed in every game (the fast tier's 229 games after game 520 are still over 20 times 4).
    const o = { pool: [slow, 'greedy', 'random'], games: sized(250, 400) };
    const r = await runTournament({ ...base, ...o, threads: 1, chunk: 400 });
    const times = Object.fromEntries(r.decisionTimes.map((t) => [t.agent, t]));
    expect(times.slow!.meanMicroseconds).toBeGreaterThanOrEqual(100);
    expect(times.slow!.worstMicroseconds).toBeGreaterThanOrEqual(times.slow!.meanMicroseconds);
    for (const fast of [times.greedy!, times.random!]) {
      expect(fast.timed).toBeGreaterThan(0);
      expect(fast.meanMicroseconds).toBeLessThan(100);
      // The slow bot's 4 sampled games plus the 1200 - 520 - 1 games after it was found slow.
      expect(times.slow!.timed).toBeGreaterThan(20 * fast.timed);
    }
    const other = await runTournament({ ...base, ...o, threads: 2, chunk: 7 });
    expect(JSON.stringify([other.stats.agents(), other.stats.pairwise(), other.stats.seats(), other.decisions])).toBe(
      JSON.stringify([r.stats.agents(), r.stats.pairwise(), r.stats.seats(), r.decisions]),
    );
  });

  it('stops on abort and reports the finished prefix as partial', async () => {
    const controller = new AbortController();
    const r = await runTournament({
      ...base,
      games: 100_000,
      threads: 2,
      chunk: 500,
      signal: controller.signal,
      onProgress: (done) => {
        if (done >= 3000) controller.abort();
      },
    });
    expect(r.partial).toBe(true);
    expect(r.dealsPlayed).toBeGreaterThanOrEqual(1000);
    expect(r.dealsPlayed).toBeLessThan(100_000);
    expect(r.gamesPlayed).toBe(r.dealsPlayed * r.seatings.length);
    expect(r.stats.agents().reduce((n, a) => n + a.games, 0)).toBe(r.gamesPlayed * 3);
  });

  it('plays nothing when interrupted before it starts (between the stages of an experiment)', async () => {
    // An aborted signal fires no more 'abort' events: before the check, such a tournament ran to
    // the end and reported partial: false after the user had pressed Ctrl-C.
    const controller = new AbortController();
    controller.abort();
    const r = await runTournament({ ...base, signal: controller.signal });
    expect(r.partial).toBe(true);
    expect(r.dealsPlayed).toBe(0);
  });

  it('plays the house variants: mc plays differently knowing the removed cards; open chips tell it nothing its counting does not', async () => {
    const moves = async (pool: string[], variant: Record<string, boolean>) => {
      const records: GameRecord[] = [];
      const r = await runTournament({
        ...base,
        pool,
        rules: { players: 3, ...variant },
        games: 4,
        records: true,
        onBatch: (_b, res) => records.push(...res.records!.map((l) => JSON.parse(l) as GameRecord)),
      });
      expect(r.rules).toMatchObject(variant);
      expect(records).toHaveLength(4 * 3);
      return records.map((rec) => [rec.seed, rec.deck, rec.actions]);
    };
    // Control: the variants deal the same games, and bots that read neither play them the same.
    const blind = ['random', 'greedy', 'threshold'];
    expect(await moves(blind, { openChips: true, knownRemoved: true })).toEqual(await moves(blind, {}));
    const withMc = ['mc:rollouts=5', 'greedy', 'threshold'];
    const plain = await moves(withMc, {});
    // mc samples only the cards that can still come: its rollouts, hence its moves, change.
    expect(await moves(withMc, { knownRemoved: true })).not.toEqual(plain);
    // Chips are public moves, so mc's count is exact: reading them openly changes no move
    // (agents.test.ts shows mc does read them, in a position where the two disagree).
    expect(await moves(withMc, { openChips: true })).toEqual(plain);
  });

  it('plays circuit matches with the starting seat moving left', async () => {
    const records: GameRecord[] = [];
    const r = await runTournament({
      ...base,
      games: 6,
      format: 'circuit',
      records: true,
      onBatch: (_b, res) => records.push(...res.records!.map((l) => JSON.parse(l) as GameRecord)),
    });
    const firstSeating = records.filter((_, i) => i % r.seatings.length === 0);
    expect(firstSeating.map((rec) => rec.starter)).toEqual([0, 1, 2, 0, 1, 2].map((j, i) => (firstSeating[i - j]!.starter + j) % 3));
    expect(r.stats.agents()[0]!.matches).toBe(2 * 3); // 2 matches x 3 seatings
  });

  it.each([
    [{ pool: ['nobody'] }, /unknown agent "nobody"/],
    [{ rules: { players: 9 } }, /players must be an integer from 2 to 7, got 9/],
    [{ games: 0 }, /games must be an integer from 1 to 100000000 \(deals per seating\), got 0/],
    [{ format: 'circuit' as const, games: 10 }, /games must be a multiple of 3/],
  ])('rejects bad options: %j', async (o, message) => {
    await expect(runTournament({ ...base, ...o })).rejects.toThrow(message);
  });

  it('stops cleanly however the crash races the other worker (no stray pool error)', async () => {
    // Before the pool had an 'error' listener, about one run in three ended in an uncaught
    // "Unexpected message from Worker" that vitest reports as an error.
    const path = join(mkdtempSync(join(tmpdir(), 'nothanks-race-')), 'crash.mjs');
    writeFileSync(
      path,
      `export default { name: 'crash', params: {}, create: () => ({ decide: (o) => { if (o.cardsLeft < 5) throw new Error('out of ideas'); return 'take'; } }) };`,
    );
    // A race, so a sample of runs: the full tier's 12 would have caught that bug 99 times in 100, the
    // fast tier's 4 about 4 times in 5 (1 - (2/3)^4).
    for (let i = 0; i < sized(4, 12); i++) {
      await expect(runTournament({ ...base, pool: ['greedy', path, 'random', 'threshold'], seed: `race${i}`, threads: 2, chunk: 1 })).rejects.toThrow(
        /threw out of ideas$/,
      );
    }
  });

  it('stops a bot stuck in one decision, naming bot, seat, game and limit, and keeps what finished', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'nothanks-stuck-')), 'stuck.mjs');
    // Stuck only in the 7th game it plays: earlier games finish and must be kept.
    writeFileSync(
      path,
      `let games = 0; export default { name: 'stuck', params: {}, create: () => ({ newGame() { games++; }, decide: (o) => { if (games >= 7 && o.cardsLeft < 3) for (;;) {} return 'take'; } }) };`,
    );
    // A limit that is not a whole number of seconds, printed as given: 0.5 s in the fast tier, 1.5 s in the full one.
    const limit = sized(0.5, 1.5);
    const result = await runTournament({ ...base, pool: ['greedy', path, 'random'], threads: 1, chunk: 1, decisionSeconds: limit });
    // The label is read from the lineup at the seat the clock names: a wrong seat would name greedy or random.
    expect(result.stopped).toMatch(
      new RegExp(`^bot "stuck" in seat \\d \\(game seed [0-9a-f]{16}\\) took longer than ${String(limit).replace('.', '\\.')} s to decide: stopped`),
    );
    expect(result.partial).toBe(true);
    expect(result.gamesPlayed).toBeGreaterThan(0);
  });

  it('turns process.exit() in a bot into a one-line error naming it', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'nothanks-exit-')), 'quitter.mjs');
    writeFileSync(
      path,
      `export default { name: 'quitter', params: {}, create: () => ({ decide: (o) => { if (o.cardsLeft < 5) process.exit(3); return 'take'; } }) };`,
    );
    await expect(runTournament({ ...base, pool: ['greedy', path], threads: 2 })).rejects.toThrow(
      /^bot "quitter" in seat \d \(game seed [0-9a-f]{16}\) threw called process\.exit\(3\); a bot must return its move$/,
    );
  });

  it('names a bot whose create() throws in a worker thread (after starting in the main thread)', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'nothanks-late-')), 'late.mjs');
    writeFileSync(
      path,
      `let n = 0; export default { name: 'late', params: {}, create: () => { if (++n > 1) throw new Error('only one of me'); return { decide: () => 'take' }; } };`,
    );
    await expect(runTournament({ ...base, pool: ['greedy', path], threads: 1 })).rejects.toThrow(/^bot "late" failed to start: only one of me$/);
  });

  it('names a bot whose create() throws, before any game', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'nothanks-create-')), 'broken.mjs');
    writeFileSync(path, `export default { name: 'broken', params: {}, create: () => { throw new Error('no brain'); } };`);
    await expect(runTournament({ ...base, pool: ['greedy', path] })).rejects.toThrow(/^bot "broken" \(\/.*broken\.mjs\) failed to start: no brain$/);
  });

  it('stops with a one-line message when a bot crashes in a worker', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'nothanks-crash-')), 'crash.mjs');
    writeFileSync(
      path,
      `export default { name: 'crash', params: {}, create: () => ({ decide: (o) => { if (o.cardsLeft < 5) throw new Error('out of ideas'); return 'take'; } }) };`,
    );
    await expect(runTournament({ ...base, pool: ['greedy', path], threads: 2 })).rejects.toThrow(
      /^bot "crash" in seat \d \(game seed [0-9a-f]{16}\) threw out of ideas$/,
    );
  });
});
