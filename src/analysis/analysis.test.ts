import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../errors.js';
import { runCli } from '../cli/program.js';
import type { JsonObject, State } from '../game/contract.js';
import { dealKeyInto, makeRandom, masterKey, seedHex, type SeedKey } from '../game/seed.js';
import { GAMES, gameById } from '../registry.js';
import { runTournament } from '../tournament/run.js';
import { DecisionEvaluator, markOf, POINT_THRESHOLDS, THRESHOLDS } from './evaluate.js';
import { parseAnalyst, parseGameList, runAnalysis } from './run.js';
import { botPhaseSummaries } from './summary.js';
import { analyseRecord, type DecisionEntry } from './walk.js';

const json = (x: unknown): string => JSON.stringify(x);
const RULES: Record<string, { players: number }> = { 'no-thanks': { players: 4 }, '6-nimmt': { players: 3 }, 'no-thanks-specials': { players: 4 } };

/** A game of random legal moves, as a record its game's replay accepts. */
function randomRecord(id: string, k: number, players = RULES[id]!.players): JsonObject {
  const game = gameById(id);
  const state = game.newState(game.makeRules({ players }));
  const key: SeedKey = dealKeyInto(masterKey(game.seedNamespace ?? game.id, 'analysis-test'), k, { hi: 0, lo: 0 });
  state.deal(key);
  const random = makeRandom(`moves/${id}/${k}`);
  const seats = new Int32Array(64);
  const actions = new Int32Array(512);
  while (!state.isOver()) {
    const n = state.actingSeats(seats);
    for (const seat of Array.from(seats.subarray(0, n))) state.apply(seat, actions[Math.floor(random() * state.legalActions(seat, actions))]!);
  }
  const agents = Array.from({ length: players }, (_, p) => `random-${p}`);
  return JSON.parse(json(state.record(seedHex(key), agents))) as JsonObject;
}

describe('records on the forward model (GameDefinition.recordedGame)', () => {
  for (const game of GAMES.values()) {
    it(`${game.id}: replays every golden and random record to the same record`, () => {
      const golden = readFileSync(new URL(`../games/${game.id}/golden.jsonl`, import.meta.url), 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as JsonObject);
      const records = [...golden, randomRecord(game.id, 1), randomRecord(game.id, 2)];
      const seats = new Int32Array(64);
      for (const record of records) {
        const { state, actionOf } = game.recordedGame(record);
        while (!state.isOver()) {
          const acting = Array.from(seats.subarray(0, state.actingSeats(seats)));
          const chosen = acting.map((seat) => actionOf(seat));
          acting.forEach((seat, i) => state.apply(seat, chosen[i]!));
        }
        expect(json(state.record(record.seed as string, record.agents as string[]))).toBe(json(record));
      }
    });
  }
});

describe('the analyst', () => {
  for (const game of GAMES.values()) {
    it(`${game.id}: never sees hidden cards (a position re-dealt consistently with the seat's view evaluates the same)`, () => {
      const rules = game.makeRules(RULES[game.id]!);
      const evaluator = new DecisionEvaluator(game, rules, 12);
      const state = game.newState(rules);
      state.deal(dealKeyInto(masterKey(game.id, 'hidden'), 3, { hi: 0, lo: 0 }));
      const pick = makeRandom('hidden/moves');
      const seats = new Int32Array(64);
      const actions = new Int32Array(512);
      let checked = 0;
      let truthDiffered = 0;
      for (let step = 0; !state.isOver() && checked < 8; step++) {
        const acting = Array.from(seats.subarray(0, state.actingSeats(seats)));
        if (step % 3 === 1) {
          const seat = acting[acting.length - 1]!;
          // Another truth the seat cannot tell from this one: its hidden cards re-dealt.
          const other: State = state.clone();
          other.resample(seat, makeRandom(`other truth ${step}`));
          expect(json(other.view(seat))).toBe(json(state.view(seat)));
          const n = state.legalActions(seat, actions);
          const played = actions[n - 1]!;
          const here = evaluator.evaluate(state, seat, played, makeRandom(`stream ${step}`));
          const there = evaluator.evaluate(other, seat, played, makeRandom(`stream ${step}`));
          expect(json(there)).toBe(json(here));
          // The control: the truth really was different (the hidden part plays out otherwise).
          const a = state.clone();
          const b = other.clone();
          for (const s of [a, b]) {
            const r = makeRandom('same future');
            while (!s.isOver()) {
              const m = s.actingSeats(seats);
              for (const p of Array.from(seats.subarray(0, m))) s.apply(p, actions[Math.floor(r() * s.legalActions(p, actions))]!);
            }
          }
          if (json(a.record('x', [])) !== json(b.record('x', []))) truthDiffered++;
          checked++;
        }
        for (const seat of acting) state.apply(seat, actions[Math.floor(pick() * state.legalActions(seat, actions))]!);
      }
      expect(checked).toBeGreaterThan(3);
      expect(truthDiffered).toBeGreaterThan(0);
    });
  }

  it('gives a forced move (one legal action) zero loss and no mark, in every game', () => {
    let forced = 0;
    for (const game of GAMES.values()) {
      for (let k = 0; k < 3; k++) {
        for (const e of analyseRecord(randomRecord(game.id, k), 1, { samples: 8, seed: 'forced' })) {
          if (!e.forced) continue;
          forced++;
          expect(e.actions).toHaveLength(1);
          expect([e.winLoss, e.pointLoss, e.winLossSe, e.pointLossSe, e.mark]).toEqual([0, 0, 0, 0, null]);
          expect(e.best).toBe(e.played);
        }
      }
    }
    expect(forced).toBeGreaterThan(10);
  });

  it('never marks taking a free card in No Thanks! (adjacent to a run, so it costs no points, with chips on it) as a mistake', () => {
    const game = gameById('no-thanks');
    let free = 0;
    for (let k = 0; k < 12; k++) {
      const record = randomRecord('no-thanks', k);
      const entries = analyseRecord(record, 1, { samples: 200, seed: 'free' });
      // Walk the same game to see which decisions offered a free card.
      const { state, actionOf } = game.recordedGame(record);
      const s = state as unknown as { card: number; pot: number; current: number; marginalCost(seat: number): number };
      for (const e of entries) {
        if (s.marginalCost(s.current) <= 0 && s.pot > 0 && e.played === 'take') {
          free++;
          expect(
            e.mark === 'mistake' || e.mark === 'blunder',
            `game ${k} decision ${e.decision}: take ${s.card} with ${s.pot} chips: ${JSON.stringify(e)}`,
          ).toBe(false);
          // Milking it for chips (passing a card nobody else wants) may be better, but by less than a mistake.
          expect(e.pointLoss).toBeLessThan(POINT_THRESHOLDS.mistake);
          expect(e.winLoss).toBeLessThan(THRESHOLDS.mistake);
        }
        state.apply(e.seat, actionOf(e.seat));
      }
    }
    expect(free).toBeGreaterThan(5);
  });

  it("marks random's decisions far more often than mc's (No Thanks!, 3 players, a cheap budget)", async () => {
    const records: string[] = [];
    await runTournament({
      game: 'no-thanks',
      pool: ['random', 'mc:rollouts=100'],
      rules: { players: 3 },
      tables: [
        [0, 1, 1],
        [1, 0, 0],
      ],
      seatings: 'rotations',
      games: 3,
      seed: 'analysis-rates',
      threads: 1,
      records: true,
      onBatch: (_b, result) => records.push(...(result.records ?? [])),
    });
    expect(records.length).toBe(18);
    const entries: DecisionEntry[] = records.flatMap((line, i) => analyseRecord(JSON.parse(line) as JsonObject, i + 1, { samples: 150, seed: 'rates' }));
    const rate = Object.fromEntries(botPhaseSummaries(entries).flatMap((b) => (b.phase === 'all' ? [[b.agent, b] as const] : [])));
    const random = rate.random!;
    const mc = rate['mc:rollouts=100']!;
    expect(random.choices).toBeGreaterThan(300);
    expect(mc.choices).toBeGreaterThan(300);
    // Measured at this seed: random about 0.3, mc under 0.1.
    expect(random.mistakeRate).toBeGreaterThan(3 * mc.mistakeRate);
    expect(random.mistakeRate - mc.mistakeRate).toBeGreaterThan(4 * Math.hypot(random.mistakeRateSe, mc.mistakeRateSe));
  }, 120_000);

  it('classifies by the stated thresholds, and says how sure a mark is', () => {
    expect(markOf(0.04, 0.01, 1, 0.5).mark).toBeNull();
    expect(markOf(0.05, 0.01, 0, 0).mark).toBe('inaccuracy');
    expect(markOf(0.1, 0.01, 0, 0).mark).toBe('mistake');
    expect(markOf(0.2, 0.01, 0, 0).mark).toBe('blunder');
    expect(markOf(0, 0, 5, 1).mark).toBe('mistake');
    expect(markOf(0, 0, 10, 1).mark).toBe('blunder');
    // Exactly at the threshold: as likely over as under.
    expect(markOf(0.1, 0.02, 0, 0).sure).toBeCloseTo(0.5, 6);
    // Two standard errors over the mistake threshold: 97.7% sure.
    expect(markOf(0.14, 0.02, 0, 0).sure).toBeCloseTo(0.97725, 4);
  });
});

describe('runAnalysis', () => {
  it('gives the same analysis for 1 and 2 threads (needs the build: workers run dist/)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'analysis-'));
    try {
      const file = join(dir, 'games.jsonl');
      writeFileSync(
        file,
        [randomRecord('no-thanks', 5), randomRecord('6-nimmt', 5), randomRecord('no-thanks-specials', 5), randomRecord('no-thanks', 6)].map(json).join('\n') +
          '\n',
      );
      const one = await runAnalysis({ file, analyst: 'rollouts:samples=10', threads: 1, games: [1, 2, 3, 4] });
      const two = await runAnalysis({ file, analyst: 'rollouts:samples=10', threads: 2, games: [1, 2, 3, 4] });
      expect(json(two.games)).toBe(json(one.games));
      expect(one.games.map((g) => g.line)).toEqual([1, 2, 3, 4]);
      // Where a game sits in the file does not change its analysis (streams are keyed by the game's seed).
      const alone = await runAnalysis({ file, analyst: 'rollouts:samples=10', threads: 1, games: [4] });
      expect(json(alone.games[0]!.entries)).toBe(json(one.games[3]!.entries));
      // A wrong game is one line, naming the game.
      await expect(runAnalysis({ file, game: '6-nimmt', threads: 1 })).rejects.toThrow(/game 1: game is "no-thanks", expected "6-nimmt"/);
      // A shared record is untrusted: a bot name with a terminal escape is refused in one line.
      const hostile = join(dir, 'hostile.jsonl');
      const record = randomRecord('no-thanks', 5);
      writeFileSync(hostile, `${json({ ...record, agents: ['\u001b[31mred', ...(record.agents as string[]).slice(1)] })}\n`);
      await expect(runAnalysis({ file: hostile, threads: 1 })).rejects.toThrow(
        /"agents" must be bot names without control characters, got \["\\u001b\[31mred"/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('stops on an interrupt with the finished games kept and the run labelled partial', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'analysis-stop-'));
    try {
      const file = join(dir, 'games.jsonl');
      writeFileSync(file, [5, 6, 7, 8, 9, 10].map((k) => json(randomRecord('no-thanks', k))).join('\n') + '\n');
      const stop = new AbortController();
      const r = await runAnalysis({ file, analyst: 'rollouts:samples=20', threads: 1, signal: stop.signal, onProgress: () => stop.abort() });
      expect(r.games.length).toBeGreaterThan(0);
      expect(r.games.length).toBeLessThan(6);
      expect(r.stopped).toBe(`interrupted after ${r.games.length} of 6 games`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('nothanks analyse: bad input is one line and exit code 1, before any folder is made; a run writes its outputs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'analysis-cli-'));
    // The command in this process (no Node start per case); its workers load dist/ as ever.
    const cli = (...args: string[]) => runCli(['analyse', ...args], dir);
    try {
      const file = join(dir, 'games.jsonl');
      const broken = { ...randomRecord('no-thanks', 1), actions: 'TT' };
      writeFileSync(file, `${json(randomRecord('no-thanks', 0))}\n${json(broken)}\n`);
      const cases: [string[], RegExp][] = [
        [['nope.jsonl', '--out', 'o1'], /^nothanks: cannot read nope\.jsonl: not a file of game records$/],
        [[file, '--games', '3', '--out', 'o2'], /^nothanks: --games "3": 3 is outside 1\.\.2 \(the file holds 2 records\)$/],
        [[file, '--with', 'rollouts:samples=1', '--out', 'o3'], /^nothanks: --with "rollouts:samples=1": samples must be a whole number from 2 to 100000$/],
        [[file, '--game', 'chess', '--out', 'o4'], /^nothanks: unknown game "chess"/],
        [[file, '--games', '2', '--out', 'o5', '-q'], /^nothanks: .*games\.jsonl: game 2: .+$/],
      ];
      for (const [args, message] of cases) {
        const r = await cli(...args);
        expect(r.status, args.join(' ')).toBe(1);
        expect(r.stderr.trim().split('\n')).toHaveLength(1);
        expect(r.stderr.trim()).toMatch(message);
      }
      for (const out of ['o1', 'o2', 'o3', 'o4', 'o5']) expect(existsSync(join(dir, out))).toBe(false);
      const ok = await cli(file, '--games', '1', '--with', 'rollouts:samples=6', '--out', 'run', '-q', '-t', '1');
      expect(ok.status, ok.stderr).toBe(0);
      for (const f of ['analysis.jsonl', 'summary.csv', 'bots.csv', 'analysis.json', 'win-chance.svg', 'loss.svg'])
        expect(existsSync(join(dir, 'run', f)), f).toBe(true);
      // The biggest mistakes of the game, every file it wrote by name, and a report.html (before: a mistake rate per bot and summary.csv only).
      expect(ok.stdout).toMatch(/^The biggest mistakes of each game/m);
      expect(ok.stdout).toMatch(/^ {2}game 1: (decision \d+, seat \d \(.+\) played \S+, better \S+: lost [\d.]+ percentage points of win chance|none )/m);
      expect(ok.stdout).toMatch(/^Outputs in .*run: analysis\.jsonl, summary\.csv, bots\.csv, analysis\.json, win-chance\.svg, .*report\.html$/m);
      const report = readFileSync(join(dir, 'run', 'report.html'), 'utf8');
      expect(report).toContain('The biggest mistakes of each game');
      expect(report).toContain('Mistakes by bot');
      const lines = readFileSync(join(dir, 'run', 'analysis.jsonl'), 'utf8')
        .trim()
        .split('\n');
      expect(lines.length).toBe(JSON.parse(lines[0]!).of);
      expect(readFileSync(join(dir, 'run', 'summary.csv'), 'utf8').split('\n')[0]).toBe(
        'game,seed,seat,agent,score,won,decisions,choices,meanWinLoss,meanPointLoss,inaccuracies,mistakes,blunders,worst,partial',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('reads --games and --with, and refuses what they cannot mean in one line', () => {
    expect(parseGameList('1,3-5,3', 9)).toEqual([1, 3, 4, 5]);
    expect(() => parseGameList('0-2', 9)).toThrow(UserError);
    expect(() => parseGameList('2-x', 9)).toThrow(/not a game number or a range/);
    expect(parseAnalyst('rollouts:samples=40')).toEqual({ samples: 40 });
    expect(() => parseAnalyst('search')).toThrow(/the analyst is "rollouts"/);
    expect(() => parseAnalyst('rollouts:depth=3')).toThrow(/unknown setting/);
  });
});
