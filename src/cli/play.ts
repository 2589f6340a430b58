import { loadPool } from '../agents/registry.js';
import { splitLineup } from '../agents/spec.js';
import { BatchLayout } from '../game/contract.js';
import { dealKeyInto, masterKey, seedHex, type SeedKey } from '../game/seed.js';
import { gameById } from '../registry.js';
import { UserError } from '../errors.js';
import { rulesFromArgs, type RuleArgs } from './options.js';

/**
 * `nothanks play`: you (the game's human bot) in seat `seat`, the given bots in the other seats,
 * one or more games in a row at one table (deal g of the seed, as a tournament deals it), at the
 * terminal; the game's final table after each, and running totals.
 */
export async function playCommand(a: RuleArgs & { agents: string; seat?: number; seed: string; games: number }): Promise<void> {
  const game = gameById(a.game);
  const bots = splitLineup(a.agents);
  const P = a.players ?? bots.length + 1;
  if (bots.length !== P - 1) throw new UserError(`--players ${P} seats you and ${P - 1} bots, but --agents names ${bots.length}`);
  const seat = a.seat ?? 0;
  if (!Number.isInteger(seat) || seat < 0 || seat >= P) throw new UserError(`--seat must be from 0 to ${P - 1}`);
  if (!Number.isInteger(a.games) || a.games < 1) throw new UserError(`--games must be a positive integer, got ${a.games}`);
  const specs = [...bots];
  specs.splice(seat, 0, 'human');
  const rules = game.makeRules(rulesFromArgs(a, game, P));
  const agents = await loadPool(specs, game.id);
  const labels = agents.map((x) => x.label);
  const table = game.batch.table(
    rules,
    agents.map((x) => x.create()),
    labels,
    true,
  );
  const names = labels.map((label, p) => (p === seat ? 'You' : label));
  const layout = new BatchLayout(1, 1, P, game.metrics.length);
  const metricAt = game.metrics.map((_, m) => layout.metric(m));
  const data = new Int32Array(layout.length);
  const master = masterKey(game.seedNamespace ?? game.id, a.seed);
  const key: SeedKey = { hi: 0, lo: 0 };
  const totals = new Array<number>(P).fill(0);
  console.log(
    `${game.name}: you are seat ${seat}, against ${bots.join(', ')}. Answer each prompt as it says (on a terminal a prompt showing [keys] takes one keystroke, no Enter); Ctrl-C quits.`,
  );
  for (let g = 0; g < a.games; g++) {
    table.play(dealKeyInto(master, g, key));
    table.results(data, 0, metricAt);
    const record = table.record(seedHex(key));
    const scores = record.scores;
    const best = Math.min(...scores);
    const shared = scores.filter((x) => x === best).length > 1;
    console.log(`\n${game.finalTable.heading(record)}`);
    for (let p = 0; p < P; p++) {
      totals[p]! += scores[p]!;
      const holding = game.finalTable.holding(record, p);
      const metrics = game.metrics.map((m, i) => `${m.label} ${String(data[metricAt[i]! + p]).padStart(2)}`).join('  ');
      const mark = scores[p] === best ? (shared ? '  shared win' : '  WINNER') : '';
      console.log(`  seat ${p} ${names[p]!.padEnd(14)} ${holding ? `${holding}  ` : ''}${metrics}  score ${String(scores[p]).padStart(4)}${mark}`);
    }
    if (a.games > 1) console.log(`  Totals after ${g + 1} games: ${totals.map((t, p) => `${p === seat ? 'you' : labels[p]} ${t}`).join(', ')}`);
  }
}
