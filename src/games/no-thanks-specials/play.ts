import type { SeatableAgent } from '../../game/contract.js';
import { dealKeyInto, masterKey } from '../../game/seed.js';
import type { SpecialsAgent } from './agent.js';
import { SEED_NAMESPACE } from './batch.js';
import { KINDS } from './cards.js';
import type { Rules } from './rules.js';
import { Table } from './table.js';

/** `nothanks play --game no-thanks-specials`: games in a row at one table, the final table after each. */
export function playAtTerminal(o: { rules: Rules; agents: readonly SeatableAgent[]; seed: string; games: number; humanSeat: number }): void {
  const specs = o.agents.map((a) => a.label);
  const table = new Table(
    o.rules,
    o.agents.map((a) => a.create() as SpecialsAgent),
    specs,
  );
  for (let g = 0; g < o.games; g++) {
    table.play(dealKeyInto(masterKey(SEED_NAMESPACE, o.seed), g, { hi: 0, lo: 0 }));
    const s = table.state;
    const scores = specs.map((_, p) => s.score(p));
    const best = Math.min(...scores);
    console.log(`\nGame over. Final table (lower is better):`);
    specs.forEach((spec, p) => {
      const specials = KINDS.flatMap((k, i) => Array<string>(s.heldCount(p, i)).fill(k.name)).join(' ');
      const jokers = s.jokerValues(p);
      const mark = scores[p] === best ? (scores.filter((x) => x === best).length > 1 ? '  shared win' : '  WINNER') : '';
      console.log(
        `  seat ${p} ${(p === o.humanSeat ? 'You' : spec).padEnd(14)} ${s.displayOf(p).join(' ') || '—'} · ${specials || 'no specials'}${jokers.length ? ` (jokers as ${jokers.join(', ')})` : ''} · chips ${s.chips[p]} · score ${scores[p]}${mark}`,
      );
    });
  }
}
