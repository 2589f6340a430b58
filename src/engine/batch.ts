import { loadAgent } from '../agents/registry.js';
import { makeRecord } from './record.js';
import { makeRules, type RulesInput } from './rules.js';
import { dealInto } from './deal.js';
import { dealKeyInto, masterKey, seedHex, type SeedKey } from './seed.js';
import { Table } from './table.js';

/**
 * The game boundary the tournament uses: "play these deals (rules, lineups, seeds) and give back
 * per-seat scores, and on request game records". Everything No Thanks!-specific stays behind it.
 */
export interface Batch {
  rules: RulesInput;
  /** Agent specs of the pool. */
  pool: string[];
  /** Pool index per seat, one lineup per seating. */
  seatings: number[][];
  master: string;
  /** Deals [from, to). */
  from: number;
  to: number;
  /**
   * Circuit format: games per match (0 = single games). Game j of a match starts from the seat
   * after the previous game's starter; the first starter is dealt from the match's first seed.
   */
  matchLength: number;
  records: boolean;
}

/**
 * Results packed in one Int32Array (one transferable buffer):
 * [scores: deals x seatings x players | chips: same | starters: deals | decisions: 1].
 */
export interface BatchResult {
  data: Int32Array;
  records?: string[];
}

export function batchLayout(deals: number, seatings: number, players: number) {
  const games = deals * seatings * players;
  return { scores: 0, chips: games, starters: 2 * games, decisions: 2 * games + deals, length: 2 * games + deals + 1 };
}

const tableCache = new Map<string, Table[]>();

async function tablesFor(batch: Batch): Promise<Table[]> {
  const key = JSON.stringify([batch.rules, batch.pool, batch.seatings]);
  let tables = tableCache.get(key);
  if (!tables) {
    const rules = makeRules(batch.rules);
    const loaded = await Promise.all(batch.pool.map(loadAgent));
    tables = batch.seatings.map(
      (lineup) => new Table(rules, lineup.map((a) => loaded[a]!.create()), lineup.map((a) => loaded[a]!.spec.text)),
    );
    tableCache.set(key, tables);
  }
  return tables;
}

/** Plays the batch; `data` (batchLayout(...).length values) may be given to write the numbers into. */
export async function playBatch(batch: Batch, data?: Int32Array): Promise<BatchResult> {
  const tables = await tablesFor(batch);
  const rules = tables[0]!.rules;
  const P = rules.players;
  const deals = batch.to - batch.from;
  const layout = batchLayout(deals, tables.length, P);
  data ??= new Int32Array(layout.length);
  const records: string[] | undefined = batch.records ? [] : undefined;
  const scratch = new Uint8Array(64);
  const master = masterKey(batch.master);
  const key: SeedKey = { hi: 0, lo: 0 };
  let decisions = 0;
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
      table.play(key, starter);
      const state = table.state;
      const at = (d * tables.length + s) * P;
      for (let p = 0; p < P; p++) {
        data[layout.scores + at + p] = state.score(p);
        data[layout.chips + at + p] = state.chips[p]!;
      }
      data[layout.starters + d] = state.starter;
      decisions += state.decisions;
      if (records) records.push(JSON.stringify(makeRecord(state, seedHex(key), table.labels)));
    }
  }
  data[layout.decisions] = decisions;
  return { data, records };
}
