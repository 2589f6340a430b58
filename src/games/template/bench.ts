import type { BenchOptions, GameBenchResult } from '../../bench/game-bench.js';
import { dealKeyInto, masterKey, type SeedKey } from '../../game/seed.js';
import { GAME_ID, type GoofspielAgent } from './agent.js';
import { bots } from './bots/index.js';
import { makeRules } from './rules.js';
import { Table } from './table.js';

/**
 * `nothanks bench --game template`: one workload, the heuristic in every seat at 3 players through
 * the real game loop (Table: every answer checked), in this thread. A real game adds its search
 * bots' time per decision and a reference engine where it has one (see the other games' bench.ts).
 */
export async function bench(opts: BenchOptions): Promise<GameBenchResult> {
  const games = opts.quick ? 20_000 : 200_000;
  if (!opts.json) process.stderr.write(`${GAME_ID} workload 1: heuristic in every seat, 3 players, ${games} games...\n`);
  const rules = makeRules({ players: 3 });
  // The bots from the folder's own list, not loadAgent: the workload runs whether or not the game is registered.
  const heuristic = bots.find((b) => b.name === 'heuristic')!;
  const table = new Table(
    rules,
    [0, 1, 2].map(() => heuristic.create({}) as GoofspielAgent),
    ['heuristic', 'heuristic', 'heuristic'],
  );
  const master = masterKey(GAME_ID, 'bench');
  const key: SeedKey = { hi: 0, lo: 0 };
  // Warm up the JIT on other deals, then time.
  for (let g = 0; g < Math.min(games, 5_000); g++) table.play(dealKeyInto(master, games + g, key));
  let decisions = 0;
  const t0 = performance.now();
  for (let g = 0; g < games; g++) {
    table.play(dealKeyInto(master, g, key));
    decisions += table.state.decisions;
  }
  const seconds = (performance.now() - t0) / 1000;
  const engine = { workload: '1 heuristic x3 (3 players)', games, seconds, gamesPerSecond: games / seconds, decisionsPerSecond: decisions / seconds };
  const k = (x: number): string => Math.round(x).toLocaleString('en-US');
  return {
    result: { engine },
    text: `Goofspiel (${GAME_ID}; one thread, through the game loop):\n${engine.workload.padEnd(28)} ${k(engine.gamesPerSecond).padStart(9)} games/s ${k(engine.decisionsPerSecond).padStart(11)} decisions/s`,
    ratios: [
      {
        what: `${GAME_ID} heuristic x3, decisions/s (millions)`,
        value: engine.decisionsPerSecond / 1e6,
        unit: 'ratio',
        note: 'absolute, for context: no target',
      },
    ],
  };
}
