import { engineWorkload, mcWorkload, memoryWorkload, REFERENCE_RULE, searchWorkload, tournamentWorkload } from '../bench/bench.js';
import { type Ratio, ratioTable } from '../bench/ratios.js';
import { describeLoad, machineLoad, REFERENCE_SCRIPTS, runReference } from '../bench/reference.js';
import { sixNimmtBench } from '../bench/six-nimmt.js';
import { specialsBench } from '../bench/specials.js';
import { SPEED_BASELINE } from '../bench/start.js';
import { tailText } from '../bench/tail.js';
import { UserError } from '../errors.js';

/**
 * `nothanks bench`: the fixed workloads, a table (or one JSON object), and every target of the
 * benchmark in one table of ratios taken in this run (this machine is noisy), with the load
 * average before and after so a reader can discount a busy machine. --quick shrinks every workload
 * 10x. --game picks the workloads: no-thanks (default), 6-nimmt, no-thanks-specials, or all (one
 * JSON object: No Thanks!'s fields plus `sixNimmt` and `specials`, and `ratios` and `load`).
 */
export async function benchCommand(opts: { json: boolean; quick: boolean; reference: boolean; game?: string }): Promise<void> {
  const game = opts.game ?? 'no-thanks';
  if (!['no-thanks', '6-nimmt', 'no-thanks-specials', 'all'].includes(game))
    throw new UserError(`bench --game must be no-thanks, 6-nimmt, no-thanks-specials or all, got "${game}"`);
  const before = machineLoad();
  if (!opts.json) process.stderr.write(`${describeLoad(before)}\n`);
  const noThanks = game === 'no-thanks' || game === 'all' ? await noThanksBench(opts) : undefined;
  const sixNimmt = game === '6-nimmt' || game === 'all' ? await sixNimmtBench(opts) : undefined;
  const specials = game === 'no-thanks-specials' || game === 'all' ? await specialsBench(opts) : undefined;
  const after = machineLoad();
  const ratios: Ratio[] = [...(noThanks?.ratios ?? []), ...(sixNimmt?.ratios ?? []), ...(specials?.ratios ?? [])];
  if (opts.json)
    console.log(
      JSON.stringify(
        game === 'no-thanks'
          ? { ...noThanks!.result, ratios, load: { before, after } }
          : {
              ...noThanks?.result,
              ...(sixNimmt ? { sixNimmt: sixNimmt.result } : {}),
              ...(specials ? { specials: specials.result } : {}),
              ratios,
              load: { before, after },
            },
      ),
    );
  else {
    const tables = [noThanks?.text, sixNimmt?.text, specials?.text].filter((x) => x !== undefined);
    console.log(`${tables.join('\n\n')}\n\n${ratioTable(ratios, before, after)}`);
  }
}

/** No Thanks!'s workloads: its table and ratios, and the JSON object. */
async function noThanksBench(opts: {
  json: boolean;
  quick: boolean;
  reference: boolean;
}): Promise<{ result: Record<string, unknown>; text: string; ratios: Ratio[] }> {
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
  say('workload 4: tournament of fast bots, 1 and 2 threads...');
  const tournament = await tournamentWorkload(n(250_000));
  say('memory: 1 million games...');
  const memory = await memoryWorkload(n(250_000));
  say(`C reference (${REFERENCE_SCRIPTS.noThanks})...`);
  const c = opts.reference ? runReference(REFERENCE_SCRIPTS.noThanks, [String(n(3_000_000)), '4']) : { skipped: 'not asked for (--no-reference)' };
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
    { what: `No Thanks! peak memory, ${memory.games.toLocaleString('en-US')} games`, value: memory.peakMB, unit: 'MB', target: { atMost: 300 } },
  ];
  const result = { engine, random, mc, search, tournament, memory, reference: reference ?? null, referenceSkipped: skipped ?? null, targets };
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
    `${'4 tournament (fast bots)'.padEnd(28)} 1 thread ${k(tournament.oneThread)} games/s, 2 threads ${k(tournament.twoThreads)} games/s, speed-up ${tournament.speedUp.toFixed(2)}x; bare engine ${k(tournament.bareEngine)} games/s, overhead ${(tournament.overhead * 100).toFixed(1)}%`,
    `${''.padEnd(28)} threads warm: 1 thread ${k(tournament.warmOneThread)} games/s, 2 threads ${k(tournament.warmTwoThreads)} games/s, speed-up ${tournament.warmSpeedUp.toFixed(2)}x; CPU ${tournament.cpuOneThread.toFixed(2)} s (1 thread), ${tournament.cpuTwoThreads.toFixed(2)} s (2 threads)`,
    `${'memory'.padEnd(28)} ${k(memory.games)} games in ${memory.seconds.toFixed(1)} s, peak ${memory.peakMB.toFixed(0)} MB`,
    reference
      ? `${'C reference (same run)'.padEnd(28)} ${k(reference.gamesPerSecond!).padStart(11)} games/s ${k(reference.decisionsPerSecond!).padStart(13)} decisions/s ${reference.decisionsPerGame!.toFixed(2).padStart(6)} dec/game  mean score ${reference.meanScore!.toFixed(2)}`
      : `C reference: skipped, ${skipped}; the workload-1 ratio to C is n/a`,
  ].join('\n');
  return { result, text, ratios };
}
