import { runBatch } from '../tournament/batch.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadAgent } from '../agents/registry.js';
import type { GameDefinition, RulesInput, State } from '../game/contract.js';
import { BatchLayout } from '../game/contract.js';
import { stateMask } from '../game/state-mask.js';
import { dealKeyInto, makeRandom, masterKey, seedHex, type Random, type SeedKey } from '../game/seed.js';
import { decodeTensor, type TensorField } from '../game/tensor.js';
import { runTournament, WorkerPool } from '../tournament/run.js';
import { sized } from './tier.js';

/**
 * The conformance battery every game passes (OpenSpiel's RandomSimTest and golden playthroughs),
 * driven only through the game contract. A game's test file calls conformanceSuite with a few rule
 * configurations; it sits above every layer because it also runs tournaments.
 *
 * - random games with the game's invariants checked after every move, every record replayed and
 *   re-scored, winners the argmin of the scores;
 * - the same seed gives the same record;
 * - the declared facts hold (one seat acts at a time in a sequential game), and the action space's
 *   masks, from the state and from a seat's observation, are exactly the legal actions, each one
 *   named as the forward model names it and decoded to a bot's answer that encodes back;
 * - simultaneous choices: one seat's choice never shows in another acting seat's view;
 * - re-sampling never changes what the seat sees, does change what it cannot see, and is computed
 *   from the seat's view only (states with equal views give equal samples for equal streams);
 * - the tournament's summary is identical for 1 and 2 threads and any chunk size;
 * - the table's fast path and the forward model play the same games: the forward model replays
 *   every table record to the identical record;
 * - optionally, golden records of the built-in bots (UPDATE_GOLDEN=1 rewrites them).
 */
export interface ConformanceOptions {
  /** Rule configurations to run the random-play checks under (one per player count, variants...). */
  configs: RulesInput[];
  /** Random games per configuration (tests pass sized(fast, full) from src/testing/tier.ts). */
  games: number;
  /** A pool of fast bots for the thread/chunk invariance test, and its table size. */
  pool: string[];
  poolRules: RulesInput;
  /** The game is not listed in src/games/registry.ts: the tests that load its bots by id or run tournaments are skipped. */
  unregistered?: boolean;
  /** Golden records: `games` deals of `lineup` (one seating) compared with the file. */
  golden?: { file: URL; lineup: string[]; rules: RulesInput; games: number };
}

const SCRATCH = 512;
/** Games whose every position has its masks checked (at most `games`): fast tier 8, full tier 40. */
const MASK_GAMES = sized(8, 40);
/** Games whose positions are candidates for the re-sampling checks (at most `games`): fast tier 15, full tier 60. */
const RESAMPLE_GAMES = sized(15, 60);

/** Plays one random legal action for every acting seat; returns false when the game is over. */
function randomStep(state: State, random: Random, seats: Int32Array, actions: Int32Array, onMove?: (seat: number, acting: number[]) => void): boolean {
  const n = state.actingSeats(seats);
  if (n === 0) return false;
  const acting = Array.from(seats.subarray(0, n));
  for (const seat of acting) {
    const k = state.legalActions(seat, actions);
    if (k < 1) throw new Error(`seat ${seat} acts but has no legal action`);
    onMove?.(seat, acting);
    state.apply(seat, actions[Math.floor(random() * k)]!);
  }
  return true;
}

function playOut(state: State, random: Random): void {
  const seats = new Int32Array(SCRATCH);
  const actions = new Int32Array(SCRATCH);
  let guard = 0;
  while (randomStep(state, random, seats, actions)) if (++guard > 1_000_000) throw new Error('the game does not end');
}

const json = (x: unknown): string => JSON.stringify(x);

/** An argument that is `n` when first read and a far-out-of-range index at every later read (a bound check, then an index). */
function twoFaced(n: number): unknown {
  let reads = 0;
  return { valueOf: () => (reads++ === 0 ? n : 100_000), toString: () => (reads++ === 0 ? String(n) : '100000') };
}

/** Arguments a bot might pass to an observation's methods, edge cases included. */
const PROBE_ARGS = (players: number): number[][] => [
  [],
  [-1],
  [0],
  [1],
  [players - 1],
  [players],
  [255],
  [0.5],
  [0, -1],
  [0, 0],
  [0, 1],
  [1, -1],
  [1, 0],
  [0, 999],
  [-1, 0],
  [players, 0],
];

/**
 * Every method of an observation called with edge-case arguments, answers and errors alike, as
 * one string: two states a seat cannot tell apart must give the same string (an accessor that
 * reads past its own data would leak what the seat may not see).
 */
function probe(obs: object, players: number, wrap: (n: number) => unknown = (n) => n): string {
  // Only an error's message goes into the answer: capturing a stack for each of the hundreds of
  // errors a probe provokes was most of the re-sampling test's time.
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return probeAll(obs, players, wrap);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

function probeAll(obs: object, players: number, wrap: (n: number) => unknown): string {
  const out: unknown[] = [];
  const names = Object.getOwnPropertyNames(Object.getPrototypeOf(obs)).filter((n) => n !== 'constructor');
  for (const name of names.sort()) {
    const desc = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(obs), name)!;
    if (typeof desc.value !== 'function') continue;
    for (const args of PROBE_ARGS(players)) {
      try {
        const v = (desc.value as (...a: unknown[]) => unknown).apply(obs, args.map(wrap));
        out.push(v instanceof Uint8Array || v instanceof Int32Array ? Array.from(v) : v);
      } catch (err) {
        out.push(`throws ${(err as Error).message}`);
      }
    }
  }
  return JSON.stringify(out);
}

/**
 * The kind of position a seat is in, from its view: every string and boolean field (phase,
 * whether it may sit out...), whether any seat's flag in a list of booleans is set (sitting out,
 * has seen the set-aside cards), whether the card on offer is a special (codes from 100), and how
 * the turn stands. The re-sampling test checks every kind often and the common ones sparsely.
 */
function situationOf(view: object, turn: string): string {
  const parts = [turn];
  for (const [name, value] of Object.entries(view)) {
    if (typeof value === 'boolean' || typeof value === 'string') parts.push(`${name}=${value}`);
    else if (Array.isArray(value) && typeof value[0] === 'boolean') parts.push(`${name}:${value.some(Boolean)}`);
    else if (name === 'card' && typeof value === 'number') parts.push(`special=${value >= 100}`);
  }
  return parts.join(',');
}

/** The re-sampling test checks a kind of position its first times, then one time in SPARSE. */
const FIRST_CHECKS = 20;
const SPARSE = 20;

export function conformanceSuite(game: GameDefinition, o: ConformanceOptions): void {
  describe(`conformance: ${game.id}`, () => {
    describe.each(o.configs.map((c) => [json(c), c] as const))('rules %s', (_label, input) => {
      const rules = game.makeRules(input);
      const agents = Array.from({ length: rules.players }, (_, p) => `random-${p}`);
      const master = masterKey(game.seedNamespace ?? game.id, 'conformance');
      const [lowest, highest] = game.scoreRange(rules);

      it('makes copies (clone, copyFrom) that never share state with their source, in either direction', () => {
        // After TAG's forward-model tester: a copy played on must leave its source as it was, and
        // the source played on must leave its copies. Each game's future under one fixed stream is
        // its fingerprint: every copy taken at the same point must play out to the same record.
        const state = game.newState(rules);
        const key: SeedKey = { hi: 0, lo: 0 };
        const seats = new Int32Array(SCRATCH);
        const actions = new Int32Array(SCRATCH);
        const future = (s: State): string => {
          playOut(s, makeRandom('the same future'));
          return json(s.record(seedHex(key), agents));
        };
        for (let g = 0; g < 20; g++) {
          state.deal(dealKeyInto(master, g, key));
          const pick = makeRandom(`copies ${g}`);
          const steps = Math.floor(pick() * 40);
          for (let i = 0; i < steps && randomStep(state, pick, seats, actions); i++);
          const early = state.clone();
          const target = game.newState(rules);
          target.copyFrom(state);
          const expected = future(state.clone());
          expect(future(state.clone()), 'a clone played on changed its source').toBe(expected);
          expect(future(target), 'a copyFrom target played on').toBe(expected);
          const late = state.clone();
          playOut(state, makeRandom('another future'));
          expect(future(early), 'the source played on changed a clone taken before').toBe(expected);
          expect(future(late), 'the source played on changed a clone').toBe(expected);
        }
      });

      it(`keeps every invariant over ${o.games} random games, and every record replays and re-scores`, () => {
        const state = game.newState(rules);
        const seats = new Int32Array(SCRATCH);
        const actions = new Int32Array(SCRATCH);
        const key: SeedKey = { hi: 0, lo: 0 };
        for (let g = 0; g < o.games; g++) {
          dealKeyInto(master, g, key);
          state.deal(key);
          state.checkInvariants();
          const random = makeRandom(`${game.id}/${g}/moves`);
          let moves = 0;
          // Simultaneous choices: a seat's choice must not show in the view of another acting seat.
          const views = new Map<number, string>();
          while (
            randomStep(state, random, seats, actions, (seat, acting) => {
              // A seat acting alone has no other acting seat to see its choice: nothing to compare.
              if (acting.length === 1) return;
              if (seat === acting[0]) {
                views.clear();
                for (const s of acting) views.set(s, json(state.view(s)));
              } else if (json(state.view(seat)) !== views.get(seat)) {
                throw new Error(`game ${g}: seat ${seat} sees another seat's simultaneous choice`);
              }
            })
          ) {
            moves++;
            try {
              state.checkInvariants();
            } catch (err) {
              throw new Error(`game ${g} move ${moves}: ${(err as Error).message}`);
            }
          }
          const record = state.record(seedHex(key), agents);
          const scores = Array.from({ length: rules.players }, (_, p) => state.score(p));
          expect(record.scores).toEqual(scores);
          for (const v of scores) if (v < lowest || v > highest) throw new Error(`game ${g}: score ${v} outside the game's scoreRange [${lowest}, ${highest}]`);
          for (let p = 0; p < rules.players; p++)
            for (let m = 0; m < game.metrics.length; m++)
              if (!Number.isInteger(state.metric(p, m))) throw new Error(`game ${g}: metric ${game.metrics[m]!.id} is not an integer`);
          const best = Math.min(...scores);
          expect(record.winners).toEqual(scores.flatMap((v, p) => (v === best ? [p] : [])));
          expect(record.game).toBe(game.id);
          game.replay(JSON.parse(json(record)), false);
        }
      });

      it('plays as its facts declare, and its action space masks exactly the legal actions, from the state and from the observation', () => {
        const { actions, facts } = game;
        const size = actions.size(rules);
        const state = game.newState(rules);
        const seats = new Int32Array(SCRATCH);
        const ids = new Int32Array(SCRATCH);
        const fromState = new Uint8Array(size);
        const fromObservation = new Uint8Array(size);
        const key: SeedKey = { hi: 0, lo: 0 };
        let together = 0;
        for (let g = 0; g < Math.min(o.games, MASK_GAMES); g++) {
          state.deal(dealKeyInto(master, 30_000 + g, key));
          const random = makeRandom(`${game.id}/${g}/mask`);
          do {
            const n = state.actingSeats(seats);
            together = Math.max(together, n);
            const acting = new Set(seats.subarray(0, n));
            for (let seat = 0; seat < rules.players; seat++) {
              const obs = state.observation(seat);
              const legal = actions.observationMask(obs, fromObservation);
              if (!acting.has(seat)) {
                expect(legal, `game ${g}: seat ${seat} does not act, but its observation's mask has legal actions`).toBe(0);
                continue;
              }
              const k = stateMask(state, seat, size, fromState, ids);
              for (let i = 0; i < k; i++) {
                const id = ids[i]!;
                expect(id >= 0 && id < size, `game ${g}: legal action ${id} outside the action space 0..${size - 1}`).toBe(true);
                expect(actions.name(rules, id), 'the action space and the forward model name an action alike').toBe(state.describeAction(id));
                expect(actions.encode(obs, actions.decode(obs, id)), `game ${g}: action ${id} decoded and encoded again`).toBe(id);
              }
              expect(legal).toBe(k);
              expect(Array.from(fromObservation), `game ${g}: seat ${seat}'s mask from its observation`).toEqual(Array.from(fromState));
            }
          } while (randomStep(state, random, seats, ids));
        }
        if (facts.moves === 'sequential') expect(together, 'a sequential game had several seats acting at once').toBe(1);
        else expect(together, 'a simultaneous game never had several seats acting at once').toBeGreaterThan(1);
        expect(facts.scoreDirection).toBe('lower-is-better');
        expect(facts.hidden.length).toBeGreaterThan(0);
      });

      it('deals the same game from the same seed, and a different one from another', () => {
        const play = (k: number): string => {
          const s = game.newState(rules);
          s.deal(dealKeyInto(master, k, { hi: 0, lo: 0 }));
          playOut(s, makeRandom('same-moves'));
          return json(s.record('x', agents));
        };
        expect(play(3)).toBe(play(3));
        expect(play(3)).not.toBe(play(4));
      });

      it('gives observations a bot cannot write, whose methods read each argument once', () => {
        const state = game.newState(rules);
        const seats = new Int32Array(SCRATCH);
        const actions = new Int32Array(SCRATCH);
        const pick = makeRandom('writes');
        for (let g = 0; g < 5; g++) {
          state.deal(dealKeyInto(master, 20_000 + g, { hi: 0, lo: 0 }));
          for (let i = Math.floor(pick() * 30); i > 0 && randomStep(state, pick, seats, actions); i--);
          for (let seat = 0; seat < rules.players; seat++) {
            const obs = state.observation(seat) as Record<string, unknown>;
            const before = probe(obs, rules.players);
            // Writes: its own fields (seat, rules), a new field, its prototype, the rules it holds.
            for (const name of [...Object.getOwnPropertyNames(obs), 'injected']) {
              expect(() => {
                obs[name] = name === 'seat' ? (seat + 1) % rules.players : { players: rules.players, knownRemoved: true, openChips: true, pro: true };
              }, `obs.${name} = ...`).toThrow(TypeError);
            }
            expect(() => Object.setPrototypeOf(obs, {}), 'setPrototypeOf').toThrow(TypeError);
            const held = obs.rules as Record<string, unknown> | undefined;
            if (held) expect(() => Object.assign(held, { knownRemoved: true, openChips: true }), 'obs.rules.x = ...').toThrow(TypeError);
            expect(probe(obs, rules.players), 'what it answers after the writes').toBe(before);
            // Two-faced arguments: valueOf answers 0 on its first call and an out-of-range index after.
            expect(probe(obs, rules.players, twoFaced), 'called with two-faced arguments').toBe(probe(obs, rules.players, (n) => n));
          }
        }
      });

      it('re-samples only what a seat cannot see, from what it can see (also in the middle of a simultaneous turn)', () => {
        const seats = new Int32Array(SCRATCH);
        const actions = new Int32Array(SCRATCH);
        const everything = (s: State): string => json(Array.from({ length: rules.players }, (_, p) => s.view(p)));
        let changed = 0;
        let checked = 0;
        // Every position of RESAMPLE_GAMES games (60 in the full tier) is a candidate; a kind of position (situationOf) is checked its
        // first FIRST_CHECKS times and then one time in SPARSE, so rare kinds (a give or remove
        // choice, a seat that has seen the set-aside cards, the middle of a simultaneous turn) are
        // all checked, and common ones across all those deals, at a third to a ninth of the checks
        // every third position made (this test was most of the battery's time).
        const checksOf = new Map<string, number>();
        for (let g = 0; g < Math.min(o.games, RESAMPLE_GAMES); g++) {
          const state = game.newState(rules);
          state.deal(dealKeyInto(master, 10_000 + g, { hi: 0, lo: 0 }));
          const random = makeRandom(`resample/${g}`);
          const choose = (seat: number): void => state.apply(seat, actions[Math.floor(random() * state.legalActions(seat, actions))]!);
          for (let step = 0; !state.isOver(); step++) {
            const acting = Array.from(seats.subarray(0, state.actingSeats(seats)));
            // Part of a simultaneous turn first: the seats before `cut` have chosen already.
            const cut = Math.floor(random() * acting.length);
            for (const seat of acting.slice(0, cut)) choose(seat);
            const seat = acting[Math.floor(random() * acting.length)]!;
            const situation = situationOf(state.view(seat), `${acting.length > 1 ? 'simultaneous' : 'alone'}${cut > 0 ? ', part chosen' : ''}`);
            const times = checksOf.get(situation) ?? 0;
            if (times >= FIRST_CHECKS && random() * SPARSE >= 1) {
              for (const seat of acting.slice(cut)) choose(seat);
              continue;
            }
            checksOf.set(situation, times + 1);
            const before = json(state.view(seat));
            const other = state.clone();
            other.resample(seat, makeRandom(`r/${g}/${step}`));
            // What the seat sees is untouched, whatever it asks its observation...
            expect(json(other.view(seat))).toBe(before);
            expect(probe(other.observation(seat), rules.players)).toBe(probe(state.observation(seat), rules.players));
            // ...and the same stream gives the same sample from either state: the sample depends
            // on the seat's view only, never on the hidden truth it replaces.
            const a = state.clone();
            const b = other.clone();
            a.resample(seat, makeRandom(`same/${g}/${step}`));
            b.resample(seat, makeRandom(`same/${g}/${step}`));
            expect(everything(a)).toBe(everything(b));
            playOut(a, makeRandom(`out/${g}/${step}`));
            playOut(b, makeRandom(`out/${g}/${step}`));
            expect(json(a.record('x', agents))).toBe(json(b.record('x', agents)));
            // The hidden part really was re-dealt (seen in how the game plays out).
            const truth = state.clone();
            playOut(truth, makeRandom(`out/${g}/${step}`));
            const sampled = other.clone();
            playOut(sampled, makeRandom(`out/${g}/${step}`));
            if (json(truth.record('x', agents)) !== json(sampled.record('x', agents))) changed++;
            checked++;
            // The truth goes on: the rest of the turn chooses.
            for (const seat of acting.slice(cut)) choose(seat);
          }
        }
        expect(checked).toBeGreaterThan(20);
        expect(changed).toBeGreaterThan(0);
      });

      it("encodes every seat's observation as a tensor: fields tiling it, finite floats in [0, 1], equal for states the seat cannot tell apart, not constant", () => {
        checkTensor(game, rules, master, Math.min(o.games, 6));
      });
    });

    it("declares metrics the statistics can name (unique ids, none of the summary's own fields)", () => {
      const ids = game.metrics.map((m) => m.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/);
      for (const id of ids) expect(['score', 'rank', 'scoreCI']).not.toContain(id);
    });

    it.skipIf(o.unregistered)('gives identical tournament statistics for 1 and 2 threads and any chunk size', async () => {
      const summarise = async (threads: number, chunk: number, workers?: WorkerPool): Promise<string> => {
        const r = await runTournament({ game: game.id, pool: o.pool, rules: o.poolRules, games: 8, seed: 'conformance', threads, chunk, workers });
        return json({ agents: r.stats.agents(), pairs: r.stats.pairwise(), seats: r.stats.seats(), games: r.gamesPlayed, decisions: r.decisions });
      };
      // 8 deals: one chunk, uneven chunks of 3 (3, 3, 2) and single deals across two threads are
      // the cases that differ; more deals of the pool's slow bots only repeated them.
      const reference = await summarise(1, 8);
      // The two 2-thread runs share their threads (as tune's runs do), so the second also meets
      // threads that have played before; starting threads was most of this test's time.
      const two = new WorkerPool(2);
      try {
        expect(await summarise(2, 3, two)).toBe(reference);
        expect(await summarise(2, 1, two)).toBe(reference);
      } finally {
        await two.close();
      }
    });

    it.skipIf(o.unregistered)("hands each listener an event object of its own: a bot that rewrites or freezes its own changes nobody else's", async () => {
      const rules = game.makeRules(o.poolRules);
      const random = (await loadAgent('random', game.id)).create() as { decide(obs: unknown): unknown; newGame?(start: unknown): void };
      const heard = (forge: boolean): string[] => {
        const log: string[] = [];
        const bots = Array.from({ length: rules.players }, (_, seat) => ({
          decide: (obs: unknown) => random.decide(obs),
          newGame: (start: unknown) => random.newGame?.(start),
          onEvent(event: Record<string, unknown>) {
            if (seat === 0 && forge) {
              for (const key of Object.keys(event)) event[key] = typeof event[key] === 'number' ? 999 : 'forged';
              try {
                Object.defineProperty(event, 'seat', { get: () => 999 });
              } catch {}
            } else if (seat === 1) log.push(json(event));
          },
        }));
        const table = game.batch.table(
          rules,
          bots,
          bots.map((_, s) => `bot-${s}`),
          false,
        );
        for (let g = 0; g < 3; g++) table.play(dealKeyInto(masterKey(game.seedNamespace ?? game.id, 'events'), g, { hi: 0, lo: 0 }));
        return log;
      };
      const honest = heard(false);
      expect(honest.length).toBeGreaterThan(0);
      expect(heard(true)).toEqual(honest);
      const frozen = { decide: (obs: unknown) => random.decide(obs), onEvent: (event: object) => Object.freeze(event) };
      const table = game.batch.table(
        rules,
        [frozen, ...Array.from({ length: rules.players - 1 }, () => ({ ...frozen, onEvent: () => {} }))],
        ['frozen', ...Array(rules.players - 1).fill('x')],
        false,
      );
      const play = () => {
        for (let g = 0; g < 3; g++) table.play(dealKeyInto(masterKey(game.seedNamespace ?? game.id, 'events'), g, { hi: 0, lo: 0 }));
      };
      expect(play).toThrow(/^bot "frozen" in seat 0 \(game seed [0-9a-f]{16}\) made its event object read-only$/);
    });

    it.skipIf(o.unregistered)("plays the same games through the table's fast path and the forward model: every table record replays to itself", async () => {
      // The table (the tournament's tight loop) and the forward model (search, replay, analysis)
      // drive one engine two ways: the forward model, given the table's actions, must make the
      // very record the table wrote (replayOnForwardModel compares every field).
      for (const input of o.configs) {
        const rules = game.makeRules(input);
        const lineup = Array.from({ length: rules.players }, (_, p) => o.pool[p % o.pool.length]!);
        const pool = await Promise.all(lineup.map((spec) => loadAgent(spec, game.id)));
        const deals = Math.min(o.games, 20);
        const batch = {
          game: game.id,
          rules: input,
          pool: lineup,
          seatings: [lineup.map((_, i) => i)],
          master: 'both-ways',
          from: 0,
          to: deals,
          matchLength: 0,
          records: true,
        };
        const data = new Int32Array(new BatchLayout(deals, 1, rules.players, game.metrics.length).length);
        const records = runBatch(game, batch, pool, data).records!;
        expect(records).toHaveLength(deals);
        for (const line of records) game.replay(JSON.parse(line), false);
      }
    });

    if (o.golden) {
      const golden = o.golden;
      it.skipIf(o.unregistered)('plays the golden records of its built-in bots exactly', async () => {
        const pool = await Promise.all(golden.lineup.map((spec) => loadAgent(spec, game.id)));
        const rules = game.makeRules(golden.rules);
        const batch = {
          game: game.id,
          rules: golden.rules,
          pool: golden.lineup,
          seatings: [golden.lineup.map((_, i) => i)],
          master: 'golden',
          from: 0,
          to: golden.games,
          matchLength: 0,
          records: true,
        };
        const data = new Int32Array(new BatchLayout(golden.games, 1, rules.players, game.metrics.length).length);
        const lines = runBatch(game, batch, pool, data).records!.join('\n') + '\n';
        for (const line of lines.trim().split('\n')) game.replay(JSON.parse(line), false);
        if (process.env.UPDATE_GOLDEN) writeFileSync(golden.file, lines);
        expect(lines).toBe(readFileSync(golden.file, 'utf8'));
      });
    }
  });
}

/** The field of a tensor that float i belongs to, for messages. */
const fieldAt = (fields: readonly TensorField[], i: number): string => {
  const f = fields.find((x) => i >= x.offset && i < x.offset + x.length);
  return f ? `${f.name}[${i - f.offset}]` : `float ${i} (in no field)`;
};

/**
 * The observation tensor (src/game/tensor.ts) over `games` random games, every seat at every
 * position (the middle of simultaneous turns included): its fields tile [0, size) in order, encode
 * writes every float of it (a NaN-filled buffer) and nothing past it, each one finite and in [0, 1];
 * for one random seat a position, a copy whose hidden part is re-sampled for that seat gives it the
 * same tensor, through the observation read before the re-sample and a fresh one (the encoder reads
 * the observation only, and nothing the seat cannot see); and the tensors of different positions differ.
 */
export function checkTensor(game: GameDefinition, rules: { players: number }, master: SeedKey, games: number): void {
  const encoder = game.tensor;
  const size = encoder.size(rules);
  const fields = encoder.fields(rules);
  let at = 0;
  for (const f of fields) {
    expect(f.offset, `field ${f.name} starts where the last ended`).toBe(at);
    expect(Number.isInteger(f.length) && f.length > 0, `field ${f.name} has a length`).toBe(true);
    expect(f.description.length, `field ${f.name} is described`).toBeGreaterThan(0);
    at += f.length;
  }
  expect(at, 'the fields tile the tensor').toBe(size);
  expect(new Set(fields.map((f) => f.name)).size, 'field names are unique').toBe(fields.length);
  const truth = new Float32Array(size + 1);
  const other = new Float32Array(size + 1);
  const encode = (obs: object, out: Float32Array): Float32Array => {
    out.fill(Number.NaN);
    encoder.encode(obs, out);
    return out;
  };
  /** Throws naming the first field where `other` differs from `truth`. */
  const same = (where: string): void => {
    let i = 0;
    while (i < size && truth[i] === other[i]) i++;
    if (i === size) return;
    const name = fieldAt(fields, i).replace(/\[.*/, '');
    const [a, b] = [decodeTensor(fields, truth)[name], decodeTensor(fields, other)[name]];
    throw new Error(`${where} at ${fieldAt(fields, i)}: ${json(a)} -> ${json(b)}`);
  };
  const seats = new Int32Array(SCRATCH);
  const actions = new Int32Array(SCRATCH);
  const bits = new Uint32Array(truth.buffer);
  const distinct = new Set<number>();
  let checks = 0;
  for (let g = 0; g < games; g++) {
    const state = game.newState(rules);
    state.deal(dealKeyInto(master, 20_000 + g, { hi: 0, lo: 0 }));
    const random = makeRandom(`tensor/${g}`);
    const choose = (seat: number): void => state.apply(seat, actions[Math.floor(random() * state.legalActions(seat, actions))]!);
    for (let step = 0; ; step++) {
      const acting = Array.from(seats.subarray(0, state.actingSeats(seats)));
      // Part of a simultaneous turn first: the seats before `cut` have chosen already.
      const cut = Math.floor(random() * acting.length);
      for (const seat of acting.slice(0, cut)) choose(seat);
      const probed = Math.floor(random() * rules.players);
      for (let seat = 0; seat < rules.players; seat++) {
        const where = `game ${g} step ${step} seat ${seat}`;
        encode(state.observation(seat), truth);
        for (let i = 0; i < size; i++) {
          const v = truth[i]!;
          if (!(v >= 0 && v <= 1)) throw new Error(`${where}: ${fieldAt(fields, i)} is ${v}, not a float in [0, 1]`);
        }
        if (!Number.isNaN(truth[size]!)) throw new Error(`${where}: encode wrote past the tensor's ${size} floats`);
        let hash = 0x811c9dc5; // FNV-1a over the floats' bits (a collision only lowers the count)
        for (let i = 0; i < size; i++) hash = Math.imul(hash ^ bits[i]!, 16777619);
        distinct.add(hash >>> 0);
        checks++;
        // The re-sampling check for one seat a position (each copy and re-sample costs more than an encode).
        if (seat !== probed) continue;
        const copy = state.clone();
        const obs = copy.observation(seat);
        encode(obs, other);
        same(`${where}: a copy's observation gives another tensor`);
        copy.resample(seat, makeRandom(`tensor/${g}/${step}/${seat}`));
        encode(obs, other);
        same(`${where}: re-sampling what the seat cannot see changed its tensor (the observation read before)`);
        encode(copy.observation(seat), other);
        same(`${where}: re-sampling what the seat cannot see changed its tensor`);
      }
      if (state.isOver()) break;
      for (const seat of acting.slice(cut)) choose(seat);
    }
  }
  // Positions differ (a seat's tensor stays put only while others choose unseen or nothing it sees changes).
  expect(distinct.size, `${distinct.size} distinct tensors in ${checks} checks`).toBeGreaterThan(checks / 10);
}
