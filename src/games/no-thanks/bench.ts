import { loadAgent } from '../../agents/registry.js';
import { dealKeyInto, masterKey, type SeedKey } from '../../game/seed.js';
import type { NoThanksAgent } from './agent.js';
import { makeRules } from './rules.js';
import { Table } from './table.js';
import { performance as nodePerformance } from 'node:perf_hooks';
import { runTournament, WorkerPool } from '../../tournament/run.js';
import type { BenchOptions, GameBenchResult } from '../../bench/game-bench.js';
import type { Ratio } from '../../bench/ratios.js';
import { runReference } from '../../bench/reference.js';
import { SPEED_BASELINE } from '../../bench/start.js';
import { DecisionClock, tailText, type Tail } from '../../bench/tail.js';
import { netRatio, netText, netWorkload } from '../../bench/net.js';
import noThanks from './manifest.js';

/**
 * The fixed workloads of the benchmark. Workload 1 is the C reference's rule
 * (ref_engine.c beside reference.sh, outside this repository: src/bench/reference.ts finds it): take when out of chips, when the card touches one already held,
 * or when card - 3 x chips on it <= 8 - which is this threshold preset exactly.
 */
/** The C reference engine's script in the perf folder (src/bench/reference.ts finds it). */
const REFERENCE_SCRIPT = 'reference.sh';

export const REFERENCE_RULE = 'threshold:potWeight=3,margin=8,reserve=0,bonus=0,late=0';

export interface EngineFigures {
  workload: string;
  games: number;
  seconds: number;
  gamesPerSecond: number;
  decisionsPerSecond: number;
  decisionsPerGame: number;
  meanScore: number;
}

/** Plays `games` deals at one table in this thread through the real game loop. */
export async function engineWorkload(workload: string, specs: string[], games: number): Promise<EngineFigures> {
  const rules = makeRules({ players: specs.length });
  const loaded = await Promise.all(specs.map((s) => loadAgent(s)));
  const table = new Table(
    rules,
    loaded.map((l) => l.create() as NoThanksAgent),
    specs,
  );
  const master = masterKey('no-thanks', 'bench');
  const key: SeedKey = { hi: 0, lo: 0 };
  // Warm up the JIT on other deals, then time.
  for (let g = 0; g < Math.min(20_000, games); g++) table.play(dealKeyInto(master, games + g, key));
  let decisions = 0;
  let total = 0;
  const t0 = performance.now();
  for (let g = 0; g < games; g++) {
    table.play(dealKeyInto(master, g, key));
    decisions += table.state.decisions;
    for (let p = 0; p < rules.players; p++) total += table.state.score(p);
  }
  const seconds = (performance.now() - t0) / 1000;
  return {
    workload,
    games,
    seconds,
    gamesPerSecond: games / seconds,
    decisionsPerSecond: decisions / seconds,
    decisionsPerGame: decisions / games,
    meanScore: total / games / rules.players,
  };
}

export interface McFigures {
  decisions: number;
  msPerDecision: number;
  rolloutsPerSecond: number;
}

/** mc at its default setting in seat 0 against the reference rule; times only mc's decisions. */
export async function mcWorkload(games: number): Promise<McFigures> {
  const mcSpec = await loadAgent('mc');
  const rolloutsPerDecision = 2 * (mcSpec.params.rollouts as number);
  const mc = mcSpec.create() as NoThanksAgent;
  let spent = 0;
  let decisions = 0;
  const timed = {
    newGame: mc.newGame?.bind(mc),
    onEvent: mc.onEvent?.bind(mc),
    decide(obs: Parameters<typeof mc.decide>[0]) {
      const t = performance.now();
      const a = mc.decide(obs);
      spent += performance.now() - t;
      if (obs.myChips > 0) decisions++; // with no chips mc takes without rollouts
      return a;
    },
  };
  const ref = await loadAgent(REFERENCE_RULE);
  const table = new Table(
    makeRules({ players: 4 }),
    [timed, ...[1, 2, 3].map(() => ref.create() as NoThanksAgent)],
    ['mc', REFERENCE_RULE, REFERENCE_RULE, REFERENCE_RULE],
  );
  const master = masterKey('no-thanks', 'bench-mc');
  const key: SeedKey = { hi: 0, lo: 0 };
  table.play(dealKeyInto(master, 1_000_000, key));
  spent = 0;
  decisions = 0;
  for (let g = 0; g < games; g++) table.play(dealKeyInto(master, g, key));
  return { decisions, msPerDecision: spent / decisions, rolloutsPerSecond: (decisions * rolloutsPerDecision) / (spent / 1000) };
}

export interface SearchFigures {
  players: number;
  opponent: string;
  decisions: number;
  msPerDecision: number;
  /** CPU time (user + system) a decision: what the wall clock shows on an idle machine; a busy one inflates msPerDecision only. */
  cpuMsPerDecision: number;
  /** Single decisions in CPU time (tail.ts) (each with the onEvent() calls and decisions without chips since the one before). */
  tail: Tail;
}

/**
 * The flagship `search` at its default setting in seat 0 against P-1 copies of `opponent` (the
 * strength tables' field). Its time in decide() and onEvent() (where it models the opponents) is
 * divided by its decisions with chips left (with none it takes without searching).
 * `onDecision` (scripts/search-timing.mjs) hears each timed decision with chips and its CPU ms.
 */
export async function searchWorkload(
  players: number,
  opponent: string,
  games: number,
  spec = 'search',
  onDecision?: (obs: Parameters<NoThanksAgent['decide']>[0], ms: number) => void,
): Promise<SearchFigures> {
  const bot = (await loadAgent(spec)).create() as NoThanksAgent;
  const clock = new DecisionClock(onDecision);
  // What the bot does in onEvent (it models the opponents there) counts toward its decisions' time;
  // so does a decision without chips (no search) toward the next one with chips.
  const timed: NoThanksAgent = {
    newGame: (start) => bot.newGame?.(start),
    onEvent: (event, obs) => clock.charge(() => bot.onEvent?.(event, obs)),
    decide(obs) {
      const answer = clock.charge(() => bot.decide(obs));
      if (obs.myChips > 0) clock.count(obs);
      return answer;
    },
  };
  const opp = await loadAgent(opponent);
  const others = Array.from({ length: players - 1 }, () => opp.create() as NoThanksAgent);
  const table = new Table(makeRules({ players }), [timed, ...others], [spec, ...others.map(() => opponent)]);
  const master = masterKey('no-thanks', 'bench-search');
  const key: SeedKey = { hi: 0, lo: 0 };
  table.play(dealKeyInto(master, 1_000_000, key)); // warm-up
  clock.start();
  for (let g = 0; g < games; g++) table.play(dealKeyInto(master, g, key));
  const { decisions } = clock;
  return { players, opponent, decisions, msPerDecision: clock.spent / decisions, cpuMsPerDecision: clock.cpu / decisions, tail: clock.tail() };
}

export interface TournamentFigures {
  pool: string[];
  games: number;
  oneThread: number;
  twoThreads: number;
  speedUp: number;
  /**
   * The same with the worker threads started and warmed before the clock (a WorkerPool kept
   * across runs, as the tuner does): the speed-up without the threads' start-up (module loading
   * and JIT warm-up), which a fresh run pays inside its time.
   */
  warmOneThread: number;
  warmTwoThreads: number;
  warmSpeedUp: number;
  /**
   * Process CPU time (every thread) per game with 1 thread over that with 2: 1 when the second
   * thread adds no work. It survives a busy machine, where the wall-clock speed-up does not: on two
   * idle cores the speed-up can be at most about 2x this.
   */
  cpuEfficiency: number;
  /** CPU seconds of the whole process for the 1- and 2-thread runs (fresh pools). */
  cpuOneThread: number;
  cpuTwoThreads: number;
  /** The main thread's event-loop utilisation during the 2-thread run: its share of the wall time spent working (folding results). */
  mainThreadBusy: number;
  bareEngine: number;
  overhead: number;
}

/** A tournament of fast bots end to end with 1 and 2 threads, against the same games played bare. */
export async function tournamentWorkload(deals: number): Promise<TournamentFigures> {
  const pool = ['greedy', 'threshold', REFERENCE_RULE, 'threshold:cost=face,potWeight=1,margin=10,reserve=0,bonus=0'];
  const options = { pool, rules: { players: 4 }, games: deals, seed: 'bench' };
  /** Games per second, process CPU seconds and the main thread's utilisation of one run. */
  const measure = async (threads: number, workers?: WorkerPool): Promise<{ rate: number; cpu: number; busy: number }> => {
    const cpu0 = process.cpuUsage();
    const elu0 = nodePerformance.eventLoopUtilization();
    const r = await runTournament({ ...options, threads, ...(workers ? { workers } : {}) });
    const cpu = process.cpuUsage(cpu0);
    return { rate: r.gamesPlayed / r.elapsedSeconds, cpu: (cpu.user + cpu.system) / 1e6, busy: nodePerformance.eventLoopUtilization(elu0).utilization };
  };
  await measure(2); // warm the file cache and the build
  const one = await measure(1);
  const two = await measure(2);
  /** A pool of `threads` started and warmed on a run of its own, then timed on a second. */
  const warm = async (threads: number): Promise<number> => {
    const workers = new WorkerPool(threads);
    try {
      await runTournament({ ...options, games: Math.min(deals, 20_000), workers });
      return (await measure(threads, workers)).rate;
    } finally {
      await workers.close();
    }
  };
  const warmOneThread = await warm(1);
  const warmTwoThreads = await warm(2);
  // The same four seatings played bare in this thread.
  let bareSeconds = 0;
  for (let r = 0; r < 4; r++) {
    const lineup = pool.map((_, seat) => pool[(seat + r) % 4]!);
    bareSeconds += (await engineWorkload('bare', lineup, deals)).seconds;
  }
  const bareEngine = (4 * deals) / bareSeconds;
  return {
    pool,
    games: 4 * deals,
    oneThread: one.rate,
    twoThreads: two.rate,
    speedUp: two.rate / one.rate,
    warmOneThread,
    warmTwoThreads,
    warmSpeedUp: warmTwoThreads / warmOneThread,
    cpuEfficiency: one.cpu / two.cpu,
    cpuOneThread: one.cpu,
    cpuTwoThreads: two.cpu,
    mainThreadBusy: two.busy,
    bareEngine,
    overhead: 1 - one.rate / bareEngine,
  };
}

/** Peak memory of a large tournament of fast bots (whole process: workers are threads). */
export async function memoryWorkload(deals: number): Promise<{ games: number; peakMB: number; seconds: number }> {
  const r = await runTournament({
    pool: ['greedy', 'threshold', 'random', REFERENCE_RULE],
    rules: { players: 4 },
    games: deals,
    seed: 'bench-memory',
    threads: 2,
  });
  return { games: r.gamesPlayed, peakMB: process.resourceUsage().maxRSS / 1024, seconds: r.elapsedSeconds };
}

/** No Thanks!'s workloads: its table and ratios, and the JSON object. */
export async function bench(opts: BenchOptions): Promise<GameBenchResult> {
  const scale = opts.quick ? 0.1 : 1;
  const n = (x: number): number => Math.max(1, Math.round(x * scale));
  const say = (s: string): void => {
    if (!opts.json) process.stderr.write(`${s}\n`);
  };
  say('workload 1: engine, reference rule in every seat...');
  const engine = await engineWorkload('1 engine (reference rule)', Array(4).fill(REFERENCE_RULE), n(1_000_000));
  say('workload 2: random bots...');
  const random = await engineWorkload('2 random', Array(4).fill('random'), n(500_000));
  say('workload 3: mc at its default setting...');
  const mc = await mcWorkload(n(40));
  say('workload 3b: search (the flagship) against mc at 3 and 5 players...');
  const search = [await searchWorkload(3, 'mc', n(30)), await searchWorkload(5, 'mc', n(30))];
  say('workload 3c: net (an ONNX MLP) in every seat...');
  const net = await netWorkload(noThanks, 4, n(200_000));
  say('workload 4: tournament of fast bots, 1 and 2 threads...');
  const tournament = await tournamentWorkload(n(250_000));
  say('memory: 1 million games...');
  const memory = await memoryWorkload(n(250_000));
  say(`C reference (${REFERENCE_SCRIPT})...`);
  const c = opts.reference ? runReference(REFERENCE_SCRIPT, [String(n(3_000_000)), '4']) : { skipped: 'not asked for (--no-reference)' };
  const reference = 'figures' in c ? c.figures : undefined;
  const targets = {
    engineVsC: reference ? engine.decisionsPerSecond / reference.decisionsPerSecond! : null,
    speedUp2Threads: tournament.speedUp,
    tournamentOverhead: tournament.overhead,
    mcRolloutsVsEngineGames: mc.rolloutsPerSecond / engine.gamesPerSecond,
    mcMsPerDecision: mc.msPerDecision,
    searchMsPerDecision: Math.max(...search.map((w) => w.msPerDecision)),
    peakMB: memory.peakMB,
  };
  const skipped = 'skipped' in c ? c.skipped : undefined;
  const search5 = search.find((w) => w.players === 5)!;
  const ratios: Ratio[] = [
    {
      what: 'No Thanks! workload 1 vs C (decisions/s)',
      value: targets.engineVsC,
      unit: 'ratio',
      note: skipped ?? 'JS ceiling about 0.35 (scripts/js-ceiling.mjs): hold it',
    },
    { what: 'No Thanks! 2 threads vs 1 (tournament)', value: tournament.speedUp, unit: 'x', target: { atLeast: 1.85 } },
    {
      what: 'No Thanks! 2 threads vs 1, threads warm',
      value: tournament.warmSpeedUp,
      unit: 'x',
      note: "the threads' start-up (module loading, JIT warm-up) left out, as for a pool kept across runs",
    },
    {
      what: 'No Thanks! 2 threads vs 1, CPU per game',
      value: tournament.cpuEfficiency,
      unit: 'ratio',
      note: `1-thread CPU over 2-thread CPU per game (${tournament.cpuOneThread.toFixed(2)} s, ${tournament.cpuTwoThreads.toFixed(2)} s, every thread); survives a busy machine; main thread busy ${(tournament.mainThreadBusy * 100).toFixed(0)}% of the 2-thread run`,
    },
    { what: 'No Thanks! tournament overhead vs bare engine', value: tournament.overhead, unit: '%', target: { atMost: 0.25 } },
    { what: 'No Thanks! mc rollouts/s vs engine games/s', value: targets.mcRolloutsVsEngineGames, unit: 'ratio', target: { atLeast: 0.5 } },
    {
      what: 'No Thanks! mc rollouts/s vs speed baseline',
      value: mc.rolloutsPerSecond / SPEED_BASELINE.noThanksMcRolloutsPerSecond,
      unit: 'x',
      target: { atLeast: 1.5 },
      note: `absolute (${Math.round(mc.rolloutsPerSecond).toLocaleString('en-US')}/s against ${SPEED_BASELINE.noThanksMcRolloutsPerSecond.toLocaleString('en-US')}/s): discount a busy machine`,
    },
    {
      what: 'No Thanks! search at 5 players vs mc',
      value: search5.msPerDecision,
      unit: 'ms',
      target: { atMost: 1.5 },
      note: `a decision (CPU ${search5.cpuMsPerDecision.toFixed(2)} ms; single decisions' CPU: ${tailText(search5.tail)})`,
    },
    netRatio('No Thanks!', net),
    { what: `No Thanks! peak memory, ${memory.games.toLocaleString('en-US')} games`, value: memory.peakMB, unit: 'MB', target: { atMost: 300 } },
  ];
  const result = { engine, random, mc, search, net, tournament, memory, reference: reference ?? null, referenceSkipped: skipped ?? null, targets };
  const k = (x: number): string => Math.round(x).toLocaleString('en-US');
  const rows = [engine, random].map(
    (w) =>
      `${w.workload.padEnd(28)} ${k(w.gamesPerSecond).padStart(11)} games/s ${k(w.decisionsPerSecond).padStart(13)} decisions/s ${w.decisionsPerGame.toFixed(2).padStart(6)} dec/game  mean score ${w.meanScore.toFixed(2)}`,
  );
  const text = [
    'No Thanks! (one thread unless said):',
    ...rows,
    `${'3 mc (default)'.padEnd(28)} ${mc.msPerDecision.toFixed(3)} ms/decision, ${k(mc.rolloutsPerSecond)} rollouts/s over ${mc.decisions} decisions`,
    ...search.map(
      (w) =>
        `${`3b search vs mc, ${w.players} players`.padEnd(28)} ${w.msPerDecision.toFixed(3)} ms/decision (CPU ${w.cpuMsPerDecision.toFixed(3)} ms) over ${w.decisions} decisions; CPU tail ${tailText(w.tail)}`,
    ),
    netText(net),
    `${'4 tournament (fast bots)'.padEnd(28)} 1 thread ${k(tournament.oneThread)} games/s, 2 threads ${k(tournament.twoThreads)} games/s, speed-up ${tournament.speedUp.toFixed(2)}x; bare engine ${k(tournament.bareEngine)} games/s, overhead ${(tournament.overhead * 100).toFixed(1)}%`,
    `${''.padEnd(28)} threads warm: 1 thread ${k(tournament.warmOneThread)} games/s, 2 threads ${k(tournament.warmTwoThreads)} games/s, speed-up ${tournament.warmSpeedUp.toFixed(2)}x; CPU ${tournament.cpuOneThread.toFixed(2)} s (1 thread), ${tournament.cpuTwoThreads.toFixed(2)} s (2 threads)`,
    `${'memory'.padEnd(28)} ${k(memory.games)} games in ${memory.seconds.toFixed(1)} s, peak ${memory.peakMB.toFixed(0)} MB`,
    reference
      ? `${'C reference (same run)'.padEnd(28)} ${k(reference.gamesPerSecond!).padStart(11)} games/s ${k(reference.decisionsPerSecond!).padStart(13)} decisions/s ${reference.decisionsPerGame!.toFixed(2).padStart(6)} dec/game  mean score ${reference.meanScore!.toFixed(2)}`
      : `C reference: skipped, ${skipped}; the workload-1 ratio to C is n/a`,
  ].join('\n');
  return { result, text, ratios };
}
