/**
 * Which tables a pool of bots plays and under which seatings. Tables are every combination of
 * `players` bots from the pool (multisets when self-play is on, or when the pool is too small to
 * fill a table); each table is played under every cyclic rotation of its seats, or every
 * permutation. Seatings that coincide (a table of one bot) are played once.
 */
export type SeatingMode = 'rotations' | 'all';

export function tables(poolSize: number, players: number, selfPlay: boolean): number[][] {
  const repeat = selfPlay || poolSize < players;
  const out: number[][] = [];
  const pick = (start: number, chosen: number[]): void => {
    if (chosen.length === players) {
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
export function schedule(poolSize: number, players: number, selfPlay: boolean, mode: SeatingMode): number[][] {
  return tables(poolSize, players, selfPlay).flatMap((t) => seatingsOf(t, mode));
}
