import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FILL } from '../tournament/schedule.js';
import { runLadder, type LadderOptions, type LadderProgress } from './ladder.js';
import { FinishingOrders, goodness, plData } from './orders.js';
import { ratingsCsv, writeLadderData } from './outputs.js';

describe('finishing orders', () => {
  // Two seatings of pool [0, 1, 2] at 3 seats; scores per (deal, seating, seat), lower is better.
  const seatings = [
    [0, 1, 2],
    [2, 0, 1],
  ];
  const log = new FinishingOrders(3, seatings);
  log.addBatch(
    0,
    2,
    [
      // deal 0: seating 0: 0 wins, 2 second, 1 last; seating 1 (2, 0, 1): 0 and 1 tie first
      10, 30, 20, /**/ 25, 5, 5,
      // deal 1: seating 0: all tie; seating 1: 2 wins, 0 and 1 tie behind
      7, 7, 7, /**/ 1, 4, 4,
    ],
  );
  log.addBatch(2, 3, [3, 2, 1, /**/ 3, 2, 1]);

  it('records each game as its finishing order, ties grouped, in deal then seating order', () => {
    const games: [number, string][] = [];
    log.forEachGame((deal, o) => games.push([deal, JSON.stringify(log.outcomes[o])]));
    expect(games).toEqual([
      [0, '[[0],[2],[1]]'],
      [0, '[[0,1],[2]]'],
      [1, '[[0,1,2]]'],
      [1, '[[2],[0,1]]'],
      [2, '[[2],[1],[0]]'],
      [2, '[[1],[0],[2]]'],
    ]);
    expect(log.games).toBe(6);
    expect(() => log.addBatch(5, 6, [1, 2, 3, 1, 2, 3])).toThrow(/expected deal 3, got 5/);
  });

  it("builds a fit's data with one cluster per deal, keeping only the deals asked for", () => {
    const d = plData(3, [log], (deal) => deal !== 1);
    expect(d.counts.reduce((a, b) => a + b, 0)).toBe(4);
    expect(d.clusters).toHaveLength(2);
    expect(d.clusters.map((c) => c.reduce((s, [, n]) => s + n, 0))).toEqual([2, 2]);
  });

  it('scores held-out predictions by hand: win shares with ties split, log-loss of the winners', () => {
    // Strengths 1, 2, 1: every seat of bot 1 has p = 1/2 to win, bots 0 and 2 p = 1/4.
    const theta = [0, Math.log(2), 0];
    const g = goodness(theta, ['a', 'b', 'c'], [log], (deal) => deal === 1);
    expect(g.heldOutDeals).toBe(1);
    expect(g.heldOutGames).toBe(2);
    // Game 1: 3-way tie: each winner 1/3; game 2: c wins.
    const observed = { a: 1 / 6, b: 1 / 6, c: (1 / 3 + 1) / 2 };
    const predicted = { a: 1 / 4, b: 1 / 2, c: 1 / 4 };
    for (const a of g.agents) {
      expect(a.games).toBe(2);
      expect(a.observed).toBeCloseTo(observed[a.agent as 'a'], 12);
      expect(a.predicted).toBeCloseTo(predicted[a.agent as 'a'], 12);
    }
    const sq = (['a', 'b', 'c'] as const).map((k) => (predicted[k] - observed[k]) ** 2);
    expect(g.winShareRmse).toBeCloseTo(Math.sqrt((sq[0]! + sq[1]! + sq[2]!) / 3), 12);
    const sqParity = (['a', 'b', 'c'] as const).map((k) => (1 / 3 - observed[k]) ** 2);
    expect(g.winShareRmseParity).toBeCloseTo(Math.sqrt((sqParity[0]! + sqParity[1]! + sqParity[2]!) / 3), 12);
    const lossTie = -(Math.log(1 / 4) + Math.log(1 / 2) + Math.log(1 / 4)) / 3;
    expect(g.logLoss).toBeCloseTo((lossTie - Math.log(1 / 4)) / 2, 12);
    expect(g.logLossParity).toBeCloseTo(Math.log(3), 12);
  });
});

// Worker threads run the compiled build: `npm test` builds first.
describe('ladder', () => {
  const base: LadderOptions = {
    pool: ['random', 'greedy', 'threshold', 'mc:rollouts=4'],
    players: [3, 4],
    rules: (players) => ({ players }),
    games: 12,
    seed: 'ladder-test',
    holdout: 3,
  };

  it('gives identical ratings (ratings.csv) and fits for any thread count and chunk size', async () => {
    const run = async (threads: number, chunk: number) => {
      const r = await runLadder({ ...base, threads, chunk });
      return { csv: ratingsCsv(r), scopes: JSON.stringify(r.scopes) };
    };
    const reference = await run(1, 12);
    expect(reference.csv.split('\n')).toHaveLength(1 + 3 * 4 + 1);
    expect(await run(2, 1)).toEqual(reference);
    expect(await run(2, 5)).toEqual(reference);
  });

  it('rates per table size and pooled, anchored at random, with the games each bot played', async () => {
    const r = await runLadder({ ...base, pool: ['greedy', 'random', 'threshold'], games: 30, seatings: 'rotations', threads: 2 });
    expect(r.anchor).toBe('random');
    expect(r.scopes.map((s) => s.scope)).toEqual(['3 players', '4 players', 'pooled']);
    const [three, four, pooled] = r.scopes;
    // 3 bots at 3 seats: one table x 3 rotations; at 4 seats (pool too small): filled (balanced, 3 tables).
    expect(three!.games).toBe(30 * 3);
    expect(pooled!.games).toBe(three!.games + four!.games);
    for (const s of r.scopes) {
      const random = s.ratings!.find((x) => x.agent === 'random')!;
      expect([random.rating, random.lo, random.hi]).toEqual([0, 0, 0]);
      for (const x of s.ratings!) expect(x.lo).toBeLessThanOrEqual(x.rating);
      expect(s.ratings![s.ratings!.length - 1]!.agent).toBe('random');
      expect(s.goodness!.heldOutDeals).toBe(10);
      expect(s.goodness!.logLoss).toBeLessThan(s.goodness!.logLossParity);
    }
    expect(three!.ratings!.every((x) => x.games === 90)).toBe(true);
  });

  it('hands out partial results as it goes, labelled partial, the final result unchanged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nothanks-ladder-partial-'));
    const info = { seed: base.seed, games: 12, selfPlay: false, fill: DEFAULT_FILL };
    const seen: { partial: boolean; progress: LadderProgress; scopes: string[]; summary: Record<string, unknown>; csv: string }[] = [];
    const r = await runLadder({
      ...base,
      threads: 1,
      chunk: 2,
      partialSeconds: 0,
      onPartial(snapshot, progress) {
        writeLadderData(dir, snapshot, info, progress);
        seen.push({
          partial: snapshot.partial,
          progress,
          scopes: snapshot.scopes.map((s) => `${s.scope}:${s.deals}`),
          summary: JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')),
          csv: readFileSync(join(dir, 'ratings.csv'), 'utf8'),
        });
      },
    });
    // Every batch but each size's last (chunk 2 of 12 deals: 5 at 3 players, 5 at 4), and after 3 players.
    expect(seen.map((s) => `${s.progress.players}:${s.progress.dealsDone}`)).toEqual([
      '3:2',
      '3:4',
      '3:6',
      '3:8',
      '3:10',
      '4:0',
      '4:2',
      '4:4',
      '4:6',
      '4:8',
      '4:10',
    ]);
    expect(seen[2]!.scopes).toEqual(['3 players:6']);
    expect(seen[7]!.scopes).toEqual(['3 players:12', '4 players:4', 'pooled:12']);
    for (const s of seen) {
      expect(s.partial).toBe(true);
      expect(s.summary).toMatchObject({ partial: true, inProgress: s.progress });
      expect(
        s.csv
          .trim()
          .split('\n')
          .slice(1)
          .every((row) => row.endsWith(',true')),
      ).toBe(true);
    }
    // The players-3 tournament's own outputs are written once it is finished.
    expect(JSON.parse(readFileSync(join(dir, 'players-3', 'summary.json'), 'utf8'))).toMatchObject({ partial: false, gamesPlayed: 12 * 24 }); // 4 tables x 6 seatings
    expect(r.partial).toBe(false);
    expect(ratingsCsv(r)).toBe(ratingsCsv(await runLadder({ ...base, threads: 1, chunk: 12 })));
  });

  it('refuses an anchor outside the pool, a repeated table size and a one-bot pool', async () => {
    await expect(runLadder({ ...base, anchor: 'mc' })).rejects.toThrow(/anchor "mc" is not in the pool/);
    await expect(runLadder({ ...base, players: [3, 3] })).rejects.toThrow(/lists a table size twice/);
    await expect(runLadder({ ...base, pool: ['random', ' random'] })).rejects.toThrow(/at least two different bots/);
    await expect(runLadder({ ...base, players: [3, 9] })).rejects.toThrow(/players must be an integer from 2 to 7, got 9/);
    await expect(runLadder({ ...base, holdout: 1 })).rejects.toThrow(/holdout must be 0/);
  });
});

describe('ladder experiment file', () => {
  const valid = { kind: 'ladder', title: 't', games: 10, seed: 1, agents: ['random', 'greedy'], players: [3, 4] };
  it('fills the defaults and checks the anchor and holdout', async () => {
    const { validateExperiment } = await import('../experiments/experiment.js');
    expect(validateExperiment(valid)).toMatchObject({ kind: 'ladder', seatings: 'all', anchor: '', holdout: 5, seed: '1' });
    expect(() => validateExperiment({ ...valid, anchor: 'mc' })).toThrow(/field "anchor" must be one of the agents, got "mc"/);
    expect(() => validateExperiment({ ...valid, holdout: 1 })).toThrow(/field "holdout" must be 0 \(none\) or an integer from 2 to 1000, got 1/);
    expect(() => validateExperiment({ ...valid, players: [3, 8] })).toThrow(/field "players" must be a non-empty array of player counts 2..7/);
  });
});
