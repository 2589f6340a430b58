import type { SeatableAgent } from '../../game/contract.js';
import { dealKeyInto, masterKey } from '../../game/seed.js';
import { GAME_ID, type SixNimmtAgent } from './agent.js';
import type { Rules } from './rules.js';
import { Table } from './table.js';

/** `nothanks play --game 6-nimmt`: games in a row at one table (a human bot in one seat); the final table after each. */
export function playAtTerminal(o: { rules: Rules; agents: readonly SeatableAgent[]; seed: string; games: number; humanSeat: number }): void {
  const specs = o.agents.map((a) => a.label);
  const table = new Table(
    o.rules,
    o.agents.map((a) => a.create() as SixNimmtAgent),
    specs,
  );
  const totals = new Array<number>(specs.length).fill(0);
  for (let g = 0; g < o.games; g++) {
    table.play(dealKeyInto(masterKey(GAME_ID, o.seed), g, { hi: 0, lo: 0 }));
    const s = table.state;
    const scores = specs.map((_, p) => s.score(p));
    const best = Math.min(...scores);
    console.log(`\nGame over after ${s.round} round${s.round === 1 ? '' : 's'}. Final table (bullheads, lower is better):`);
    specs.forEach((spec, p) => {
      totals[p]! += scores[p]!;
      const name = p === o.humanSeat ? 'You' : spec;
      const mark = scores[p] === best ? (scores.filter((x) => x === best).length > 1 ? '  shared win' : '  WINNER') : '';
      console.log(`  seat ${p} ${name.padEnd(14)} bullheads ${String(scores[p]).padStart(4)}  rows taken ${String(s.rowsTaken[p]).padStart(3)}${mark}`);
    });
    if (o.games > 1) console.log(`  Totals after ${g + 1} games: ${totals.map((t, p) => `${p === o.humanSeat ? 'you' : specs[p]} ${t}`).join(', ')}`);
  }
}
