import { runBatch } from '../tournament/batch.js';
import { BatchLayout, type RulesInput } from '../game/contract.js';
import { gameById } from '../registry.js';
import { defaultParams } from './client/session.js';

/**
 * Game records for the web app's tests: `games` deals of `game` with its built-in bots (in seat
 * order) through the tournament's batch runner, as a tournament with --log writes them.
 */
export function recordsOf(gameId: string, bots: string[], seed: string, games: number): string[] {
  const game = gameById(gameId);
  const pool = bots.map((name) => {
    const def = game.agents.find((d) => d.name === name);
    if (!def) throw new Error(`no bot ${name} for ${gameId}`);
    return { label: name, create: () => def.create(defaultParams(def.params)) };
  });
  const data = new Int32Array(new BatchLayout(games, 1, bots.length, game.metrics.length).length);
  const batch = {
    game: gameId,
    rules: { players: bots.length } as RulesInput,
    pool: bots,
    seatings: [bots.map((_, i) => i)],
    master: seed,
    from: 0,
    to: games,
    matchLength: 0,
    records: true,
  };
  return runBatch(game, batch, pool, data).records!;
}
