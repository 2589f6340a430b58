import { loadAgent } from '../../agents/registry.js';
import type { BenchOptions, GameBenchResult } from '../../bench/game-bench.js';
import type { Ratio } from '../../bench/ratios.js';
import { SPEED_BASELINE } from '../../bench/start.js';
import { chargedOnEvent, cpuNow, DecisionClock, tailText, type Tail } from '../../bench/tail.js';
import { dealKeyInto, masterKey, type SeedKey } from '../../game/seed.js';
import type { SpecialsAgent } from './agent.js';
import type { Observation } from './observation.js';
import { makeRules } from './rules.js';
import { Table } from './table.js';

export interface SpecialsDecisionOptions {
  /** Seats at the table (default 3, the bench's). */
  players?: number;
  /** The bot in every other seat (default value). */
  opponent?: string;
  /** Time decide() and onEvent() by the process's CPU time instead of the wall clock (a loaded machine counts less). */
  cpu?: boolean;
  /** Called after each timed decision with the observation it answered and its CPU ms (scripts/search-timing.mjs lists the slow ones). */
  onDecision?: (obs: Observation, ms: number) => void;
}

/**
 * A bot's time a decision in seat 0 against P-1 copies of an opponent, over `games` games after
 * three untimed games, its events passed on (the special-card search learns from them): the bench's
 * rows and scripts/search-timing.mjs. `tail`: the distribution of single decisions in the
 * process's CPU time, each decision charged its decide() and the onEvent() calls since the bot's
 * previous decision.
 */
export async function specialsDecisionWorkload(
  spec: string,
  games: number,
  { players = 3, opponent = 'value', cpu = false, onDecision }: SpecialsDecisionOptions = {},
): Promise<{ spec: string; decisions: number; msPerDecision: number; tail: Tail }> {
  const bot = (await loadAgent(spec, 'no-thanks-specials')).create() as SpecialsAgent;
  const other = await loadAgent(opponent, 'no-thanks-specials');
  const clock = new DecisionClock(onDecision, cpu ? cpuNow : undefined);
  const timed: SpecialsAgent = {
    newGame: (start) => bot.newGame?.(start),
    onEvent: chargedOnEvent(clock, bot),
    decide(obs: Observation) {
      const answer = clock.charge(() => bot.decide(obs));
      clock.count(obs);
      return answer;
    },
  };
  const seats = [timed, ...Array.from({ length: players - 1 }, () => other.create() as SpecialsAgent)];
  const table = new Table(makeRules({ players }), seats, [spec, ...seats.slice(1).map(() => opponent)]);
  const master = masterKey('no-thanks', 'bench-specials');
  const key: SeedKey = { hi: 0, lo: 0 };
  // Warm-up, untimed: three games, so the search's first bids and takes are compiled before the
  // clock (after one game the next game's first decisions still took 20-40 ms of compiling).
  for (let g = 0; g < 3; g++) table.play(dealKeyInto(master, 2_000_000 + g, key));
  clock.start();
  for (let g = 0; g < games; g++) table.play(dealKeyInto(master, 1_000_000 + g, key));
  return { spec, decisions: clock.decisions, msPerDecision: clock.spent / clock.decisions, tail: clock.tail() };
}

/**
 * The special-card workloads of `nothanks bench --game no-thanks-specials`, in this thread through
 * the game loop: the value bot in 3 seats (games and decisions per second; the base engine's
 * speed is workload 1 of the No Thanks! bench, which the expansion does not touch), and mc's time
 * per decision against two value bots.
 */
export async function bench(opts: BenchOptions): Promise<GameBenchResult> {
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
  const mcFigures = await specialsDecisionWorkload('mc', Math.max(1, Math.round(10 * scale)));
  say('special cards workload 3: search (the flagship) at its default setting against two value bots...');
  const searchFigures = await specialsDecisionWorkload('search', Math.max(1, Math.round(4 * scale)));
  const k = (x: number): string => Math.round(x).toLocaleString('en-US');
  const text = [
    'special cards (one thread, through the game loop):',
    `${'1 value x3 (3 players)'.padEnd(28)} ${k(engine.gamesPerSecond).padStart(9)} games/s ${k(engine.decisionsPerSecond).padStart(11)} decisions/s ${engine.decisionsPerGame.toFixed(1).padStart(6)} dec/game`,
    `${'2 mc vs 2 value'.padEnd(28)} ${mcFigures.msPerDecision.toFixed(3)} ms/decision over ${mcFigures.decisions} decisions; CPU tail ${tailText(mcFigures.tail)}`,
    `${'3 search vs 2 value'.padEnd(28)} ${searchFigures.msPerDecision.toFixed(3)} ms/decision over ${searchFigures.decisions} decisions; CPU tail ${tailText(searchFigures.tail)}`,
  ].join('\n');
  const ratios: Ratio[] = [
    {
      what: 'special cards value x3 vs speed baseline',
      value: engine.gamesPerSecond / SPEED_BASELINE.specialsValueGamesPerSecond,
      unit: 'x',
      target: { atLeast: 3 },
      note: `absolute (${k(engine.gamesPerSecond)} games/s against ${k(SPEED_BASELINE.specialsValueGamesPerSecond)}): discount a busy machine`,
    },
  ];
  ratios.push({
    what: 'special cards search (default), mean a decision',
    value: searchFigures.msPerDecision,
    unit: 'ms',
    target: { atMost: 10 },
    note: `the 10 ms decision target, on the mean: absolute, discount a busy machine; single decisions' CPU: ${tailText(searchFigures.tail)}`,
  });
  return { result: { value: engine, mc: mcFigures, search: searchFigures }, text, ratios };
}
