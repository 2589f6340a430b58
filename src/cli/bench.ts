import type { BenchOptions, GameBench, GameBenchResult } from '../bench/game-bench.js';
import { type Ratio, ratioTable } from '../bench/ratios.js';
import { describeLoad, machineLoad } from '../bench/reference.js';
import { UserError } from '../errors.js';
import { GAME_MODULES } from '../games/manifest.js';
import { importGameModule } from '../game-loader.js';
import { DEFAULT_GAME, GAMES } from '../registry.js';

/**
 * `nothanks bench`: each game's fixed workloads (src/games/<id>/bench.ts), a table (or one JSON
 * object), and every target of the benchmark in one table of ratios taken in this run (this
 * machine is noisy), with the load average before and after so a reader can discount a busy
 * machine. --quick shrinks every workload 10x. --game picks the workloads: one game (default the
 * default game) or all. The JSON object holds each game's figures under its id, with `ratios` and
 * `load`.
 */
export async function benchCommand(opts: BenchOptions & { game?: string }): Promise<void> {
  const choice = opts.game ?? DEFAULT_GAME;
  if (choice !== 'all' && !GAMES.has(choice)) throw new UserError(`bench --game must be ${[...GAMES.keys()].join(', ')} or all, got "${choice}"`);
  const ids = choice === 'all' ? [...GAMES.keys()] : [choice];
  const before = machineLoad();
  if (!opts.json) process.stderr.write(`${describeLoad(before)}\n`);
  const results: [string, GameBenchResult][] = [];
  for (const id of ids) {
    const workloads = (await importGameModule(id, GAME_MODULES.bench)) as GameBench;
    results.push([id, await workloads.bench(opts)]);
  }
  const after = machineLoad();
  const ratios: Ratio[] = results.flatMap(([, r]) => r.ratios);
  if (opts.json) console.log(JSON.stringify({ ...Object.fromEntries(results.map(([id, r]) => [id, r.result])), ratios, load: { before, after } }));
  else console.log(`${results.map(([, r]) => r.text).join('\n\n')}\n\n${ratioTable(ratios, before, after)}`);
}
