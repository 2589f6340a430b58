import { batchLayout, type Batch, type BatchResult, type SeatableAgent } from '../../game/contract.js';
import { startGame } from '../../game/clock.js';
import { armTables, cachedTables } from '../../game/tables.js';
import { dealKeyInto, masterKey, seedHex, type SeedKey } from '../../game/seed.js';
import { dealInto } from '../no-thanks/deal.js';
import type { SpecialsAgent } from './agent.js';
import { makeRecord } from './record.js';
import { makeRules } from './rules.js';
import { Table } from './table.js';

/** The seed namespace of the base game: deal k's number cards are the base game's deal k. */
export const SEED_NAMESPACE = 'no-thanks';

const tableCache = new Map<string, Table[]>();

/** The tournament's fast path: every deal under every seating; metrics chips left and specials held. */
export function playBatch(batch: Batch, pool: readonly SeatableAgent[], data: Int32Array): BatchResult {
  let built: ReturnType<typeof makeRules> | undefined;
  const tables = cachedTables(tableCache, batch, pool, (bots, labels) => new Table((built ??= makeRules(batch.rules)), bots as SpecialsAgent[], labels));
  const rules = tables[0]!.rules;
  const P = rules.players;
  const deals = batch.to - batch.from;
  const layout = batchLayout(deals, tables.length, P, 2);
  const [chipsAt, specialsAt] = [layout.metric(0), layout.metric(1)];
  const records: string[] | undefined = batch.records ? [] : undefined;
  const scratch = new Uint8Array(256);
  const master = masterKey(SEED_NAMESPACE, batch.master);
  const k0: SeedKey = { hi: 0, lo: 0 };
  let decisions = 0;
  const clock = armTables(
    batch,
    tables.map((t) => t.seats),
  );
  for (let d = 0; d < deals; d++) {
    const k = batch.from + d;
    let starter: number | undefined;
    if (batch.matchLength) {
      const j = k % batch.matchLength;
      starter = (dealInto(rules, dealKeyInto(master, k - j, k0), scratch) + j) % P;
    }
    dealKeyInto(master, k, k0);
    for (let s = 0; s < tables.length; s++) {
      const table = tables[s]!;
      startGame(clock, k, s);
      table.play(k0, starter);
      const state = table.state;
      const at = (d * tables.length + s) * P;
      for (let p = 0; p < P; p++) {
        data[at + p] = state.score(p);
        data[chipsAt + at + p] = state.chips[p]!;
        data[specialsAt + at + p] = state.specialsHeld(p);
      }
      data[layout.starters + d] = state.starter;
      decisions += state.decisions;
      if (records) records.push(JSON.stringify(makeRecord(state, seedHex(k0), table.labels)));
    }
  }
  data[layout.decisions] = decisions;
  return { data, records };
}
