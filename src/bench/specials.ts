import { loadAgent } from '../agents/registry.js';
import type { Ratio } from './ratios.js';
import { ISSUE_29_START } from './start.js';
import { dealKeyInto, masterKey, type SeedKey } from '../game/seed.js';
import type { SpecialsAgent } from '../games/no-thanks-specials/agent.js';
import type { Observation } from '../games/no-thanks-specials/observation.js';
import { makeRules } from '../games/no-thanks-specials/rules.js';
import { Table } from '../games/no-thanks-specials/table.js';

/**
 * The special-card workloads of `nothanks bench --game no-thanks-specials`, in this thread through
 * the game loop: the value bot in 3 seats (games and decisions per second; the base engine's
 * speed is workload 1 of the No Thanks! bench, which the expansion does not touch), and mc's time
 * per decision against two value bots.
 */
export async function specialsBench(opts: { json: boolean; quick: boolean }): Promise<{ result: Record<string, unknown>; text: string; ratios: Ratio[] }> {
  const scale = opts.quick ? 0.1 : 1;
  const say = (s: string): void => {
    if (!opts.json) process.stderr.write(`${s}\n`);
  };
  const rules = makeRules({ players: 3 });
  const master = masterKey('no-thanks', 'bench-specials');
  const key: SeedKey = { hi: 0, lo: 0 };
  const value = await loadAgent('value', 'no-thanks-specials');

  say('special cards workload 1: value in every seat, 3 players...');
  const games = Math.max(1, Math.round(50_000 * scale));
  const table = new Table(
    rules,
    [0, 1, 2].map(() => value.create() as SpecialsAgent),
    ['value', 'value', 'value'],
  );
  for (let g = 0; g < Math.min(2_000, games); g++) table.play(dealKeyInto(master, games + g, key));
  let decisions = 0;
  const t0 = performance.now();
  for (let g = 0; g < games; g++) {
    table.play(dealKeyInto(master, g, key));
    decisions += table.state.decisions;
  }
  const seconds = (performance.now() - t0) / 1000;
  const engine = { games, seconds, gamesPerSecond: games / seconds, decisionsPerSecond: decisions / seconds, decisionsPerGame: decisions / games };

  say('special cards workload 2: mc at its default setting against two value bots...');
  const mc = (await loadAgent('mc', 'no-thanks-specials')).create() as SpecialsAgent;
  let spent = 0;
  let mcDecisions = 0;
  const timed: SpecialsAgent = {
    newGame: (start) => mc.newGame?.(start),
    decide(obs: Observation) {
      const t = performance.now();
      const answer = mc.decide(obs);
      spent += performance.now() - t;
      mcDecisions++;
      return answer;
    },
  };
  const mcTable = new Table(rules, [timed, value.create() as SpecialsAgent, value.create() as SpecialsAgent], ['mc', 'value', 'value']);
  for (let g = 0; g < Math.max(1, Math.round(10 * scale)); g++) mcTable.play(dealKeyInto(master, 1_000_000 + g, key));
  const mcFigures = { decisions: mcDecisions, msPerDecision: spent / mcDecisions };
  const k = (x: number): string => Math.round(x).toLocaleString('en-US');
  const text = [
    'special cards (one thread, through the game loop):',
    `${'1 value x3 (3 players)'.padEnd(28)} ${k(engine.gamesPerSecond).padStart(9)} games/s ${k(engine.decisionsPerSecond).padStart(11)} decisions/s ${engine.decisionsPerGame.toFixed(1).padStart(6)} dec/game`,
    `${'2 mc (default) vs value'.padEnd(28)} ${mcFigures.msPerDecision.toFixed(3)} ms/decision over ${mcFigures.decisions} decisions`,
  ].join('\n');
  const ratios: Ratio[] = [
    {
      what: 'special cards value x3 vs issue-29 start',
      value: engine.gamesPerSecond / ISSUE_29_START.specialsValueGamesPerSecond,
      unit: 'x',
      target: { atLeast: 3 },
      note: `absolute (${k(engine.gamesPerSecond)} games/s against ${k(ISSUE_29_START.specialsValueGamesPerSecond)}): discount a busy machine`,
    },
  ];
  return { result: { value: engine, mc: mcFigures }, text, ratios };
}
