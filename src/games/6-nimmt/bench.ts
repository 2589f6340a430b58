import { loadAgent } from '../../agents/registry.js';
import type { BenchOptions, GameBenchResult } from '../../bench/game-bench.js';
import { netRatio, netText, netWorkload } from '../../bench/net.js';
import type { Ratio } from '../../bench/ratios.js';
import { runReference } from '../../bench/reference.js';
import { SPEED_BASELINE } from '../../bench/start.js';
import { chargedOnEvent, DecisionClock, tailText, type Tail } from '../../bench/tail.js';
import { dealKeyInto, masterKey, type SeedKey } from '../../game/seed.js';
import type { SixNimmtAgent } from './agent.js';
import { makeRules, type RulesInput } from './rules.js';
import { Table } from './table.js';
import sixNimmt from './manifest.js';

/**
 * The 6 nimmt! workloads of `nothanks bench --game 6-nimmt`: the heuristic bot in every seat at 4
 * players through the real game loop (Table: every answer checked), in this thread, counted in
 * rounds (hands of 10 turns), games and decisions per second; and the search bot's time per
 * decision. A published Rust engine plays about 1.1 million heuristic hands per second per core.
 */
/** The C reference engine's script in the perf folder (src/bench/reference.ts finds it). */
const REFERENCE_SCRIPT = 'reference-six.sh';

export const RUST_HANDS_PER_SECOND = 1_100_000;

/** The search at the speed baseline's budget and opponent model, for the speed target (the default's budget and model have changed since). */
const SEARCH_AT_START = 'search:samples=80,others=heuristic';

export interface SixNimmtEngineFigures {
  workload: string;
  games: number;
  rounds: number;
  seconds: number;
  gamesPerSecond: number;
  roundsPerSecond: number;
  decisionsPerSecond: number;
  roundsPerGame: number;
  meanScore: number;
}

/** Plays `games` games at one table in this thread through the game loop. */
export async function sixNimmtEngineWorkload(
  workload: string,
  specs: string[],
  games: number,
  rules: Partial<RulesInput> = {},
): Promise<SixNimmtEngineFigures> {
  const r = makeRules({ ...rules, players: specs.length });
  const loaded = await Promise.all(specs.map((s) => loadAgent(s, '6-nimmt')));
  const table = new Table(
    r,
    loaded.map((l) => l.create() as SixNimmtAgent),
    specs,
    false,
  );
  const master = masterKey('6-nimmt', 'bench');
  const key: SeedKey = { hi: 0, lo: 0 };
  // Warm up the JIT on other deals, then time.
  for (let g = 0; g < Math.min(5_000, games); g++) table.play(dealKeyInto(master, games + g, key));
  let decisions = 0;
  let rounds = 0;
  let total = 0;
  const s = table.state;
  const t0 = performance.now();
  for (let g = 0; g < games; g++) {
    table.play(dealKeyInto(master, g, key));
    decisions += s.decisions;
    rounds += s.round;
    for (let p = 0; p < r.players; p++) total += s.total[p]!;
  }
  const seconds = (performance.now() - t0) / 1000;
  return {
    workload,
    games,
    rounds,
    seconds,
    gamesPerSecond: games / seconds,
    roundsPerSecond: rounds / seconds,
    decisionsPerSecond: decisions / seconds,
    roundsPerGame: rounds / games,
    meanScore: total / games / r.players,
  };
}

export interface SixNimmtMcFigures {
  spec: string;
  opponent: string;
  decisions: number;
  msPerDecision: number;
  /** Single decisions with a choice in CPU time (tail.ts). */
  tail: Tail;
}

/**
 * A bot (mc, default setting, unless `spec` says another) in seat 0 against 3 copies of
 * `opponent` (the heuristic unless said) at 4 players; times only its decisions with a choice.
 * `onDecision` (scripts/search-timing.mjs) hears each timed one with its CPU ms.
 */
export async function sixNimmtMcWorkload(
  games: number,
  spec = 'mc',
  opponent = 'heuristic',
  onDecision?: (obs: Parameters<SixNimmtAgent['decide']>[0], ms: number) => void,
): Promise<SixNimmtMcFigures> {
  const mc = (await loadAgent(spec, '6-nimmt')).create() as SixNimmtAgent;
  const clock = new DecisionClock(onDecision);
  const timed: SixNimmtAgent = {
    newGame: mc.newGame?.bind(mc),
    onEvent: chargedOnEvent(clock, mc),
    decide(obs) {
      const a = clock.charge(() => mc.decide(obs));
      // One card left: no search.
      if (obs.phase !== 'play' || obs.handSize > 1) clock.count(obs);
      else clock.skip();
      return a;
    },
  };
  const h = await loadAgent(opponent, '6-nimmt');
  const table = new Table(makeRules({ players: 4 }), [timed, ...[1, 2, 3].map(() => h.create() as SixNimmtAgent)], [spec, opponent, opponent, opponent], false);
  const master = masterKey('6-nimmt', 'bench-mc');
  const key: SeedKey = { hi: 0, lo: 0 };
  table.play(dealKeyInto(master, 1_000_000, key));
  clock.start();
  for (let g = 0; g < games; g++) table.play(dealKeyInto(master, g, key));
  return { spec, opponent, decisions: clock.decisions, msPerDecision: clock.spent / clock.decisions, tail: clock.tail() };
}

/** `nothanks bench --game 6-nimmt|all`: the workloads, their table, the C reference and the ratios. */
export async function bench(opts: BenchOptions): Promise<GameBenchResult> {
  const scale = opts.quick ? 0.1 : 1;
  const n = (x: number): number => Math.max(1, Math.round(x * scale));
  const say = (s: string): void => {
    if (!opts.json) process.stderr.write(`${s}\n`);
  };
  say('6 nimmt! workload 1: heuristic in every seat, 4 players...');
  const heuristic = await sixNimmtEngineWorkload('1 heuristic x4 (4 players)', Array(4).fill('heuristic'), n(100_000));
  say('6 nimmt! workload 2: random in every seat, 4 players...');
  const random = await sixNimmtEngineWorkload('2 random x4 (4 players)', Array(4).fill('random'), n(100_000));
  say('6 nimmt! workload 3: mc at its default setting against 3 heuristic bots...');
  const mc = await sixNimmtMcWorkload(n(30));
  say('6 nimmt! workload 4: search (the flagship) at its default setting against 3 heuristic bots...');
  const search = await sixNimmtMcWorkload(n(20), 'search');
  // The speed target is the same work made faster: the search at the budget it had then.
  say(`6 nimmt! workload 5: ${SEARCH_AT_START} (the speed baseline's budget) against 3 heuristic bots...`);
  const searchAtStart = await sixNimmtMcWorkload(n(20), SEARCH_AT_START);
  say('6 nimmt! workload 6: net (an ONNX MLP) in every seat, 4 players...');
  const net = await netWorkload(sixNimmt, 4, n(100_000));
  say(`6 nimmt! C reference (${REFERENCE_SCRIPT})...`);
  const c = opts.reference ? runReference(REFERENCE_SCRIPT, [String(n(300_000)), '4']) : { skipped: 'not asked for (--no-reference)' };
  const reference = 'figures' in c ? c.figures : undefined;
  const skipped = 'skipped' in c ? c.skipped : undefined;
  const cRounds = reference?.roundsPerSecond;
  const targets = {
    roundsPerSecondVsThirdOfRust: heuristic.roundsPerSecond / (RUST_HANDS_PER_SECOND / 3),
    randomVsC: cRounds ? random.roundsPerSecond / cRounds : null,
    heuristicVsC: cRounds ? heuristic.roundsPerSecond / cRounds : null,
    mcMsPerDecision: mc.msPerDecision,
  };
  const start = SPEED_BASELINE;
  const ratios: Ratio[] = [
    { what: '6 nimmt! random x4 vs C (rounds/s)', value: targets.randomVsC, unit: 'ratio', target: { atLeast: 0.5 }, note: skipped },
    {
      what: '6 nimmt! heuristic x4 vs C random (rounds/s)',
      value: targets.heuristicVsC,
      unit: 'ratio',
      target: { atLeast: 1.5 * start.sixHeuristicVsC },
      note: skipped ?? `1.5x the speed baseline (${start.sixHeuristicVsC.toFixed(3)})`,
    },
    {
      what: "6 nimmt! heuristic vs a third of Rust's hands/s",
      value: targets.roundsPerSecondVsThirdOfRust,
      unit: 'ratio',
      target: { atLeast: 1 },
      note: 'absolute',
    },
    {
      what: '6 nimmt! mc (default), mean a decision',
      value: mc.msPerDecision,
      unit: 'ms',
      target: { atMost: start.sixMcMsPerDecision / 2 },
      note: `half the speed baseline (${start.sixMcMsPerDecision} ms): absolute, discount a busy machine`,
    },
    {
      what: '6 nimmt! search at 80 samples, mean a decision',
      value: searchAtStart.msPerDecision,
      unit: 'ms',
      target: { atMost: start.sixSearchMsPerDecision / 2 },
      note: `half the speed baseline (${start.sixSearchMsPerDecision} ms, the default budget then): absolute, discount a busy machine`,
    },
    {
      what: '6 nimmt! search (default), mean a decision',
      value: search.msPerDecision,
      unit: 'ms',
      target: { atMost: 10 },
      note: `the 10 ms decision target, on the mean: absolute, discount a busy machine; single decisions' CPU: ${tailText(search.tail)}`,
    },
    netRatio('6 nimmt!', net),
  ];
  const k = (x: number): string => Math.round(x).toLocaleString('en-US');
  const row = (w: SixNimmtEngineFigures): string =>
    `${w.workload.padEnd(28)} ${k(w.roundsPerSecond).padStart(9)} rounds/s ${k(w.gamesPerSecond).padStart(8)} games/s ${k(w.decisionsPerSecond).padStart(11)} decisions/s ${w.roundsPerGame.toFixed(2).padStart(5)} rounds/game  mean score ${w.meanScore.toFixed(2)}`;
  const text = [
    '6 nimmt! (one thread, through the game loop):',
    row(heuristic),
    row(random),
    `${'3 mc vs 3 heuristic'.padEnd(28)} ${mc.msPerDecision.toFixed(3)} ms/decision over ${mc.decisions} decisions; CPU tail ${tailText(mc.tail)}`,
    `${'4 search vs 3 heuristic'.padEnd(28)} ${search.msPerDecision.toFixed(3)} ms/decision over ${search.decisions} decisions; CPU tail ${tailText(search.tail)}`,
    `${'5 search, 80 samples'.padEnd(28)} ${searchAtStart.msPerDecision.toFixed(3)} ms/decision over ${searchAtStart.decisions} decisions; CPU tail ${tailText(searchAtStart.tail)}`,
    netText(net),
    reference
      ? `${'C reference, random x4'.padEnd(28)} ${k(reference.roundsPerSecond!).padStart(9)} rounds/s ${k(reference.gamesPerSecond!).padStart(8)} games/s ${k(reference.decisionsPerSecond!).padStart(11)} decisions/s ${reference.roundsPerGame!.toFixed(2).padStart(5)} rounds/game  mean score ${reference.meanScore!.toFixed(2)}`
      : `C reference: skipped, ${skipped}; the ratios to C are n/a`,
  ].join('\n');
  return {
    result: { heuristic, random, mc, search, searchAtStart, net, reference: reference ?? null, referenceSkipped: skipped ?? null, targets },
    text,
    ratios,
  };
}
