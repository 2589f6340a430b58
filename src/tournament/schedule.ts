/**
 * Which tables a pool of bots plays and under which seatings. Tables are every combination of
 * `players` bots from the pool (multisets with self-play); when the pool has fewer bots than seats
 * the table fill (below) says how the seats are filled. Each table is played under every cyclic
 * rotation of its seats, or every permutation. Seatings that coincide (a table of one bot) are
 * played once.
 */
export type SeatingMode = 'rotations' | 'all';

/**
 * How tables are filled when the pool has fewer bots than seats (docs/tournaments.md "Table filling"):
 * - `balanced`: every bot sits once (or as often as the pool fits, q times), and the r seats left
 *   over go to every r-subset of the pool in turn, one table each: every bot sits equally often, and
 *   every table holds every bot. 4 bots at 5 seats: 4 tables (a,b,c,d + one more of each).
 * - `multisets`: every multiset of P bots from the pool (5 seats from 4 bots: 56 tables, from five
 *   copies of one bot to one of each): symmetric too, but far more games, most at tables without
 *   some bots.
 * - `cycle`: one table, the pool repeated in its order (a, b, c, d, a): the first bots sit twice.
 */
export type TableFill = 'balanced' | 'multisets' | 'cycle';
export const TABLE_FILLS: readonly TableFill[] = ['balanced', 'multisets', 'cycle'];
/** The one default of every command and experiment that fills tables (tests hold them to it). */
export const DEFAULT_FILL: TableFill = 'balanced';

export function tables(poolSize: number, players: number, selfPlay: boolean, fill: TableFill = DEFAULT_FILL): number[][] {
  if (poolSize < players && !selfPlay && fill !== 'multisets') return fillTables(poolSize, players, fill);
  return combinations(poolSize, players, selfPlay || poolSize < players);
}

/** Every combination of `size` pool indices in increasing order (multisets when `repeat`). */
function combinations(poolSize: number, size: number, repeat: boolean): number[][] {
  const out: number[][] = [];
  const pick = (start: number, chosen: number[]): void => {
    if (chosen.length === size) {
      out.push([...chosen]);
      return;
    }
    for (let i = start; i < poolSize; i++) {
      chosen.push(i);
      pick(repeat ? i : i + 1, chosen);
      chosen.pop();
    }
  };
  pick(0, []);
  return out;
}

/** The tables of a pool smaller than the table under `balanced` or `cycle` (see TableFill). */
function fillTables(poolSize: number, players: number, fill: 'balanced' | 'cycle'): number[][] {
  const cycle = Array.from({ length: players }, (_, i) => i % poolSize);
  if (fill === 'cycle') return [cycle];
  const whole = cycle.slice(0, players - (players % poolSize)).sort((a, b) => a - b);
  const extra = combinations(poolSize, players % poolSize, false);
  return extra.map((e) => [...whole, ...e].sort((a, b) => a - b));
}

/**
 * How a run's tables were filled, in one line for the terminal, summary.json and the report.
 */
export function fillNote(poolSize: number, players: number, o: { selfPlay?: boolean; fill?: TableFill; givenTables?: number }): string {
  if (o.givenTables !== undefined) return `tables as given (${o.givenTables} table${o.givenTables === 1 ? '' : 's'}, pool indices per seat)`;
  const fill = o.fill ?? DEFAULT_FILL;
  const count = tables(poolSize, players, o.selfPlay ?? false, fill).length;
  if (o.selfPlay) return `self-play: every multiset of ${players} of the ${poolSize} bots (${count} tables)`;
  if (poolSize >= players) return `every combination of ${players} of the ${poolSize} bots (${count} table${count === 1 ? '' : 's'}: no seat to fill)`;
  const times = Math.floor(players / poolSize);
  const left = players % poolSize;
  // When the pool divides the table (2 bots at 4 seats) no seat is left over to fill in turn.
  const how =
    fill === 'balanced'
      ? `every bot ${times === 1 ? 'once' : `${times} times`}${left === 0 ? '' : `, the ${left} seat${left === 1 ? '' : 's'} left to each ${left}-bot subset in turn`}`
      : fill === 'multisets'
        ? `every multiset of ${players} of the ${poolSize} bots`
        : `the pool repeated in its order`;
  return `fill ${fill}: ${poolSize} bot${poolSize === 1 ? '' : 's'} for ${players} seats, ${how} (${count} table${count === 1 ? '' : 's'})`;
}

export function seatingsOf(table: readonly number[], mode: SeatingMode): number[][] {
  const all = mode === 'rotations' ? table.map((_, r) => table.map((_, seat) => table[(seat + r) % table.length]!)) : permutations(table);
  const seen = new Set<string>();
  return all.filter((s) => {
    const key = s.join(',');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function permutations(items: readonly number[]): number[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((first, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [first, ...rest]));
}

/** Every seating of every table, in a fixed order: the order games and records come out in. */
export function schedule(poolSize: number, players: number, selfPlay: boolean, mode: SeatingMode, fill: TableFill = DEFAULT_FILL): number[][] {
  return tables(poolSize, players, selfPlay, fill).flatMap((t) => seatingsOf(t, mode));
}
