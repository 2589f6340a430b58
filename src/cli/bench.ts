import { cReference, engineWorkload, mcWorkload, memoryWorkload, REFERENCE_RULE, searchWorkload, tournamentWorkload } from '../bench/bench.js';
import { sixNimmtBench } from '../bench/six-nimmt.js';
import { specialsBench } from '../bench/specials.js';
import { UserError } from '../errors.js';

/**
 * `nothanks bench`: the fixed workloads, a table (or one JSON object), and the targets of the
 * benchmark issue as ratios, since this machine is noisy. --quick shrinks every workload 10x.
 * --game picks the workloads: no-thanks (default), 6-nimmt, no-thanks-specials, or all (one JSON
 * object: No Thanks!'s fields plus `sixNimmt` and `specials`).
 */
export async function benchCommand(opts: { json: boolean; quick: boolean; reference: boolean; game?: string }): Promise<void> {
  const game = opts.game ?? 'no-thanks';
  if (!['no-thanks', '6-nimmt', 'no-thanks-specials', 'all'].includes(game))
    throw new UserError(`bench --game must be no-thanks, 6-nimmt, no-thanks-specials or all, got "${game}"`);
  const noThanks = game === 'no-thanks' || game === 'all' ? await noThanksBench(opts) : undefined;
  const sixNimmt = game === '6-nimmt' || game === 'all' ? await sixNimmtBench(opts) : undefined;
  const specials = game === 'no-thanks-specials' || game === 'all' ? await specialsBench(opts) : undefined;
  if (opts.json)
    console.log(
      JSON.stringify(
        game === 'no-thanks'
          ? noThanks
          : { ...noThanks, ...(sixNimmt ? { sixNimmt: sixNimmt.result } : {}), ...(specials ? { specials: specials.result } : {}) },
      ),
    );
  else {
    // No Thanks!'s table is printed as it runs; the other games' follow.
    const more = [sixNimmt?.text, specials?.text].filter((x) => x !== undefined);
    if (more.length) console.log(`${noThanks ? '\n' : ''}${more.join('\n\n')}`);
  }
}

/** No Thanks!'s workloads: prints the table (unless --json) and returns the JSON object. */
async function noThanksBench(opts: { json: boolean; quick: boolean; reference: boolean }): Promise<Record<string, unknown>> {
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
  const c = opts.reference ? cReference(3_000_000) : { skipped: 'not asked for (--no-reference)' };
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
  const result = { engine, random, mc, search, tournament, memory, reference: reference ?? null, referenceSkipped: 'skipped' in c ? c.skipped : null, targets };
  if (opts.json) return result;
  const k = (x: number): string => Math.round(x).toLocaleString('en-US');
  const rows = [engine, random].map(
    (w) =>
      `${w.workload.padEnd(28)} ${k(w.gamesPerSecond).padStart(11)} games/s ${k(w.decisionsPerSecond).padStart(13)} decisions/s ${w.decisionsPerGame.toFixed(2).padStart(6)} dec/game  mean score ${w.meanScore.toFixed(2)}`,
  );
  console.log(
    [
      ...rows,
      `${'3 mc (default)'.padEnd(28)} ${mc.msPerDecision.toFixed(3)} ms/decision, ${k(mc.rolloutsPerSecond)} rollouts/s over ${mc.decisions} decisions`,
      ...search.map(
        (w) =>
          `${`3b search vs mc, ${w.players} players`.padEnd(28)} ${w.msPerDecision.toFixed(3)} ms/decision (CPU ${w.cpuMsPerDecision.toFixed(3)} ms) over ${w.decisions} decisions`,
      ),
      `${'4 tournament (fast bots)'.padEnd(28)} 1 thread ${k(tournament.oneThread)} games/s, 2 threads ${k(tournament.twoThreads)} games/s, speed-up ${tournament.speedUp.toFixed(2)}x; bare engine ${k(tournament.bareEngine)} games/s, overhead ${(tournament.overhead * 100).toFixed(1)}%`,
      `${'memory'.padEnd(28)} ${k(memory.games)} games in ${memory.seconds.toFixed(1)} s, peak ${memory.peakMB.toFixed(0)} MB`,
      reference
        ? `${'C reference (same run)'.padEnd(28)} ${k(reference.gamesPerSecond!).padStart(11)} games/s ${k(reference.decisionsPerSecond!).padStart(13)} decisions/s ${reference.decisionsPerGame!.toFixed(2).padStart(6)} dec/game  mean score ${reference.meanScore!.toFixed(2)}`
        : `C reference: skipped, ${'skipped' in c ? c.skipped : ''}; the workload-1 ratio to C is n/a`,
      '',
      'targets:',
      `  workload 1 vs C decisions/s  ${targets.engineVsC === null ? 'n/a' : `${targets.engineVsC.toFixed(2)} (target >= 0.50)`}`,
      `  2-thread speed-up            ${targets.speedUp2Threads.toFixed(2)}x (target >= 1.80)`,
      `  tournament overhead          ${(targets.tournamentOverhead * 100).toFixed(1)}% (target <= 25%)`,
      `  mc rollouts/s vs engine games/s ${targets.mcRolloutsVsEngineGames.toFixed(2)} (target >= 0.50)`,
      `  mc decision time             ${targets.mcMsPerDecision.toFixed(2)} ms (target <= 5)`,
      `  search decision time         ${targets.searchMsPerDecision.toFixed(2)} ms (target <= 10)`,
      `  peak memory, ${k(memory.games)} games   ${targets.peakMB.toFixed(0)} MB (target < 300)`,
    ].join('\n'),
  );
  return result;
}
