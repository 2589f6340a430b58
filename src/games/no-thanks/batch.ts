import { batchLayout, type Batch, type BatchResult, type SeatableAgent } from '../../game/contract.js';
import { startGame } from '../../game/clock.js';
import { armTables, cachedTables } from '../../game/tables.js';
import { dealKeyInto, masterKey, seedHex, type SeedKey } from '../../game/seed.js';
import { GAME_ID, type NoThanksAgent } from './agent.js';
import { dealInto } from './deal.js';
import { makeRecord } from './record.js';
import { makeRules } from './rules.js';
import { Table } from './table.js';

/** Tables of a worker, kept across its batches of one run. */
const tableCache = new Map<string, Table[]>();

/**
 * The tournament's fast path for No Thanks!: every deal of the batch under every seating, in one
 * loop over reused tables, writing scores, chips left (metric 0) and starters into `data`
 * (batchLayout with one metric).
 */
export function playBatch(batch: Batch, pool: readonly SeatableAgent[], data: Int32Array): BatchResult {
  let built: ReturnType<typeof makeRules> | undefined;
  const tables = cachedTables(tableCache, batch, pool, (bots, labels) => new Table((built ??= makeRules(batch.rules)), bots as NoThanksAgent[], labels));
  const rules = tables[0]!.rules;
  const P = rules.players;
  const deals = batch.to - batch.from;
  const layout = batchLayout(deals, tables.length, P, 1);
  const chipsAt = layout.metric(0);
  const records: string[] | undefined = batch.records ? [] : undefined;
  const scratch = new Uint8Array(64);
  const master = masterKey(GAME_ID, batch.master);
  const key: SeedKey = { hi: 0, lo: 0 };
  let decisions = 0;
  const clock = armTables(batch, tables);
  for (let d = 0; d < deals; d++) {
    const k = batch.from + d;
    let starter: number | undefined;
    if (batch.matchLength) {
      const j = k % batch.matchLength;
      starter = (dealInto(rules, dealKeyInto(master, k - j, key), scratch) + j) % P;
    }
    dealKeyInto(master, k, key);
    for (let s = 0; s < tables.length; s++) {
      const table = tables[s]!;
      startGame(clock, k, s);
      table.play(key, starter);
      const state = table.state;
      const at = (d * tables.length + s) * P;
      for (let p = 0; p < P; p++) {
        data[at + p] = state.score(p);
        data[chipsAt + at + p] = state.chips[p]!;
      }
      data[layout.starters + d] = state.starter;
      decisions += state.decisions;
      if (records) records.push(JSON.stringify(makeRecord(state, seedHex(key), table.labels)));
    }
  }
  data[layout.decisions] = decisions;
  return { data, records };
}
