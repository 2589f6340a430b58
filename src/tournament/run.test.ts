import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameRecord } from '../games/no-thanks/record.js';
import { runTournament, type TournamentOptions } from './run.js';

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

  it('plays the house variants: mc reads open chips and known removed cards through its observation', async () => {
    for (const variant of [{ openChips: true }, { knownRemoved: true }, { openChips: true, knownRemoved: true }]) {
      const r = await runTournament({ ...base, pool: ['mc:rollouts=5', 'greedy', 'threshold'], rules: { players: 3, ...variant }, games: 4 });
      expect(r.gamesPlayed).toBe(4 * 3);
      expect(r.rules).toMatchObject(variant);
    }
  });

  it('plays circuit matches with the starting seat moving left', async () => {
    const records: GameRecord[] = [];
    const r = await runTournament({ ...base, games: 6, format: 'circuit', records: true, onBatch: (_b, res) => records.push(...res.records!.map((l) => JSON.parse(l) as GameRecord)) });
    const firstSeating = records.filter((_, i) => i % r.seatings.length === 0);
    expect(firstSeating.map((rec) => rec.starter)).toEqual([0, 1, 2, 0, 1, 2].map((j, i) => (firstSeating[i - j]!.starter + j) % 3));
    expect(r.stats.agents()[0]!.matches).toBe(2 * 3); // 2 matches x 3 seatings
  });

  it.each([
    [{ pool: ['nobody'] }, /unknown agent "nobody"/],
    [{ rules: { players: 9 } }, /players must be an integer from 2 to 7, got 9/],
    [{ games: 0 }, /games must be a positive integer, got 0/],
    [{ format: 'circuit' as const, games: 10 }, /games must be a multiple of 3/],
  ])('rejects bad options: %j', async (o, message) => {
    await expect(runTournament({ ...base, ...o })).rejects.toThrow(message);
  });

  it('stops cleanly however the crash races the other worker (no stray pool error)', async () => {
    // Before the pool had an 'error' listener, about one run in three ended in an uncaught
    // "Unexpected message from Worker" that vitest reports as an error.
    const path = join(mkdtempSync(join(tmpdir(), 'nothanks-race-')), 'crash.mjs');
    writeFileSync(path, `export default { name: 'crash', params: {}, create: () => ({ decide: (o) => { if (o.cardsLeft < 5) throw new Error('out of ideas'); return 'take'; } }) };`);
    for (let i = 0; i < 12; i++) {
      await expect(runTournament({ ...base, pool: ['greedy', path, 'random', 'threshold'], seed: `race${i}`, threads: 2, chunk: 1 })).rejects.toThrow(/threw out of ideas$/);
    }
  });

  it('stops a bot that never answers with one line instead of hanging', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'nothanks-stuck-')), 'stuck.mjs');
    writeFileSync(path, `export default { name: 'stuck', params: {}, create: () => ({ decide: (o) => { if (o.cardsLeft < 3) for (;;) {} return 'take'; } }) };`);
    await expect(runTournament({ ...base, pool: ['greedy', path, 'random'], threads: 2, stallSeconds: 1.5 })).rejects.toThrow(/^no game finished for 1\.5 s: a bot is stuck or very slow/);
  });

  it('names a bot whose create() throws, before any game', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'nothanks-create-')), 'broken.mjs');
    writeFileSync(path, `export default { name: 'broken', params: {}, create: () => { throw new Error('no brain'); } };`);
    await expect(runTournament({ ...base, pool: ['greedy', path] })).rejects.toThrow(/^bot ".*broken\.mjs" failed to start: no brain$/);
  });

  it('stops with a one-line message when a bot crashes in a worker', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'nothanks-crash-')), 'crash.mjs');
    writeFileSync(path, `export default { name: 'crash', params: {}, create: () => ({ decide: (o) => { if (o.cardsLeft < 5) throw new Error('out of ideas'); return 'take'; } }) };`);
    await expect(runTournament({ ...base, pool: ['greedy', path], threads: 2 })).rejects.toThrow(
      new RegExp(`^bot "${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}" in seat \\d \\(game seed [0-9a-f]{16}\\) threw out of ideas$`),
    );
  });
});
