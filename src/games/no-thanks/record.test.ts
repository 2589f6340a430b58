import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import greedy from './bots/greedy.js';
import random from './bots/random.js';
import threshold from './bots/threshold.js';
import { makeRecord, type GameRecord } from './record.js';
import { replayRecord } from './replay.js';
import { makeRules } from './rules.js';
import { deal } from './deal.js';
import { dealSeed, parseSeedHex } from '../../game/seed.js';
import { Table } from './table.js';

const lineup = ['random', 'greedy', 'threshold', 'random'];
const defs = { random, greedy, threshold } as const;

function playRecords(master: string, games: number, labels = lineup): string[] {
  const rules = makeRules({ players: labels.length });
  const agents = labels.map((l) =>
    defs[l as keyof typeof defs].create(Object.fromEntries(Object.entries(defs[l as keyof typeof defs].params).map(([k, p]) => [k, p.default])) as never),
  );
  const table = new Table(rules, agents, labels);
  const out: string[] = [];
  for (let g = 0; g < games; g++) {
    const seed = dealSeed('no-thanks', master, g);
    table.play(parseSeedHex(seed));
    out.push(JSON.stringify(makeRecord(table.state, seed, labels)));
  }
  return out;
}

describe('game records', () => {
  it('have exactly the fields of the design, in order', () => {
    const rec = JSON.parse(playRecords('fields', 1)[0]!) as GameRecord;
    expect(Object.keys(rec)).toEqual([
      'game',
      'seed',
      'players',
      'agents',
      'rules',
      'starter',
      'removed',
      'deck',
      'actions',
      'cards',
      'chips',
      'scores',
      'winners',
    ]);
    expect(rec.rules).toEqual({ startChips: 11, removed: 9, minCard: 3, maxCard: 35, openChips: false, knownRemoved: false, custom: false });
    expect(rec.deck).toHaveLength(24);
    expect(rec.removed).toHaveLength(9);
    expect(rec.actions).toMatch(/^[TP]+$/);
    expect(rec.actions.replace(/P/g, '')).toHaveLength(24);
  });

  it('are byte-identical for the same seed and differ between seeds', () => {
    expect(playRecords('same', 50)).toEqual(playRecords('same', 50));
    const a = playRecords('one', 20);
    const b = playRecords('two', 20);
    expect(a.filter((line, i) => line === b[i])).toHaveLength(0);
  });

  it('deal k depends only on (master seed, k)', () => {
    const rules = makeRules({ players: 4 });
    expect(deal(rules, dealSeed('no-thanks', 7, 3))).toEqual(deal(rules, dealSeed('no-thanks', 7, 3)));
    expect(deal(rules, dealSeed('no-thanks', 7, 3)).deck).not.toEqual(deal(rules, dealSeed('no-thanks', 7, 4)).deck);
  });

  it("replay rejects cards that are not the deal of the record's seed, and a seed that is not one", () => {
    const rec = JSON.parse(playRecords('tamper', 1)[0]!) as GameRecord;
    const swapped = { ...rec, deck: [rec.deck[1]!, rec.deck[0]!, ...rec.deck.slice(2)] };
    expect(() => replayRecord(swapped)).toThrow(`removed and deck are not the deal of seed ${rec.seed}`);
    expect(() => replayRecord({ ...rec, seed: 'zz' })).toThrow('game seed "zz" is not 16 hex digits');
    expect(() => replayRecord({ ...rec, rules: { ...rec.rules, custom: true } })).toThrow('rules.custom is true, but these rules are not custom');
  });

  it('replay rejects an illegal decision and names it', () => {
    const rec = JSON.parse(playRecords('illegal', 1)[0]!) as GameRecord;
    const broke = { ...rec, rules: { ...rec.rules, startChips: 0, custom: true }, actions: 'P' + rec.actions.slice(1) };
    expect(() => replayRecord(broke)).toThrow(/^decision 1: seat \d may not pass \(it may take\)$/);
    expect(() => replayRecord({ ...rec, actions: rec.actions + 'T' })).toThrow("the record goes on after the game's end");
    expect(() => replayRecord({ ...rec, actions: rec.actions.slice(0, -1) })).toThrow(/^decision \d+: the record ends before the game does$/);
    expect(() => replayRecord({ ...rec, actions: 'X' + rec.actions.slice(1) })).toThrow(/decision 1 is "X"/);
    expect(() => replayRecord({ ...rec, scores: rec.scores.map((s) => s + 1) })).toThrow(/scores .* do not match/);
    expect(() => replayRecord({ ...rec, deck: [...rec.deck.slice(1), rec.deck[1]] })).toThrow(/appears twice/);
    const { winners: _w, ...noWinners } = rec;
    expect(() => replayRecord(noWinners)).toThrow(/missing field "winners"/);
  });

  // After a deliberate change to the engine, dealing or the built-in bots:
  // UPDATE_GOLDEN=1 npx vitest run src/games/no-thanks/record.test.ts, then review the diff of golden.jsonl.
  it('golden records replay to their committed scores and are reproduced exactly from their seeds', () => {
    const file = new URL('./golden.jsonl', import.meta.url);
    if (process.env.UPDATE_GOLDEN) writeFileSync(file, playRecords('golden', 4).join('\n') + '\n');
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines) {
      const rec = JSON.parse(line) as GameRecord;
      const state = replayRecord(rec);
      expect(Array.from({ length: rec.players }, (_, p) => state.score(p))).toEqual(rec.scores);
    }
    expect(playRecords('golden', lines.length)).toEqual(lines);
  });
});
