import { formatRuns } from '../../agents/human.js';
import { loadAgent } from '../agents/registry.js';
import { splitLineup } from '../agents/spec.js';
import { makeRules, type RulesInput } from '../engine/rules.js';
import { dealKeyInto, masterKey } from '../engine/seed.js';
import { Table } from '../engine/table.js';
import { UserError } from '../errors.js';

/**
 * `nothanks play`: you (the human bot) in seat `seat`, the given bots in the other seats, one or
 * more games in a row; prints the final table after each game.
 */
export async function playCommand(opts: { agents: string; rules: RulesInput; seat?: number; seed: string; games: number }): Promise<void> {
  const bots = splitLineup(opts.agents);
  const P = opts.rules.players;
  if (bots.length !== P - 1) throw new UserError(`--players ${P} seats you and ${P - 1} bots, but --agents names ${bots.length}`);
  const seat = opts.seat ?? 0;
  if (!Number.isInteger(seat) || seat < 0 || seat >= P) throw new UserError(`--seat must be from 0 to ${P - 1}`);
  const specs = [...bots];
  specs.splice(seat, 0, 'human');
  const rules = makeRules(opts.rules);
  const loaded = await Promise.all(specs.map(loadAgent));
  const table = new Table(rules, loaded.map((l) => l.create()), specs);
  const totals = new Array<number>(P).fill(0);
  for (let g = 0; g < opts.games; g++) {
    table.play(dealKeyInto(masterKey(opts.seed), g, { hi: 0, lo: 0 }));
    const s = table.state;
    const scores = specs.map((_, p) => s.score(p));
    const best = Math.min(...scores);
    console.log(`\nGame over. Final table (lower is better):`);
    specs.forEach((spec, p) => {
      totals[p]! += scores[p]!;
      const name = p === seat ? 'You' : spec;
      const mark = scores[p] === best ? (scores.filter((x) => x === best).length > 1 ? '  shared win' : '  WINNER') : '';
      console.log(`  seat ${p} ${name.padEnd(14)} ${formatRuns(s.displayOf(p)).padEnd(40)} chips ${String(s.chips[p]).padStart(2)}  score ${String(scores[p]).padStart(4)}${mark}`);
    });
    if (opts.games > 1) console.log(`  Totals after ${g + 1} games: ${totals.map((t, p) => `${p === seat ? 'you' : specs[p]} ${t}`).join(', ')}`);
  }
}
