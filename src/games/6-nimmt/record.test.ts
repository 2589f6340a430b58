import { parseRecordLine } from '../../game/json.js';
import { describe, expect, it } from 'vitest';
import { dealKeyInto, masterKey, seedHex } from '../../game/seed.js';
import heuristic from './bots/heuristic.js';
import random from './bots/random.js';
import type { SixNimmtAgent } from './agent.js';
import sixNimmt from './manifest.js';
import { makeRecord, type GameRecord } from './record.js';
import { replayRecord } from './replay.js';
import { makeRules, type RulesInput } from './rules.js';
import { Table } from './table.js';

const defaults = (def: typeof heuristic | typeof random): SixNimmtAgent =>
  def.create(Object.fromEntries(Object.entries(def.params).map(([k, p]) => [k, p.default])) as never);

function game(input: RulesInput, k = 0): GameRecord {
  const rules = makeRules(input);
  const agents = Array.from({ length: rules.players }, (_, p) => (p % 2 ? defaults(random) : defaults(heuristic)));
  const labels = agents.map((_, p) => (p % 2 ? 'random' : 'heuristic'));
  const table = new Table(rules, agents, labels);
  const key = dealKeyInto(masterKey('6-nimmt', 'record-test'), k, { hi: 0, lo: 0 });
  table.play(key);
  return JSON.parse(JSON.stringify(makeRecord(table.state, seedHex(key), labels))) as GameRecord;
}

/** The first (round, turn) where `pred` holds for some seat. */
function find(r: GameRecord, pred: (card: number, take: number | null, seat: number) => boolean): [number, number, number] {
  for (let k = 0; k < r.rounds.length; k++) {
    for (let t = 0; t < r.rounds[k]!.tricks.length; t++) {
      const trick = r.rounds[k]!.tricks[t]!;
      for (let p = 0; p < r.players; p++) if (pred(trick.cards[p]!, trick.takes[p]!, p)) return [k, t, p];
    }
  }
  throw new Error('no such trick');
}

const oneLine = (f: () => unknown): string => {
  try {
    f();
  } catch (err) {
    const message = (err as Error).message;
    expect(message).not.toContain('\n');
    expect((err as Error).name).toBe('UserError');
    return message;
  }
  throw new Error('expected a UserError');
};

describe('game records', () => {
  it("have the issue's fields and replay, base and pro", () => {
    const r = game({ players: 4 });
    expect(Object.keys(r)).toEqual(['game', 'seed', 'players', 'agents', 'rules', 'rounds', 'scores', 'winners']);
    expect(r.rules).toEqual({ variant: 'base', maxCard: 104, handSize: 10, rowLimit: 5, endScore: 66, custom: false });
    expect(Object.keys(r.rounds[0]!)).toEqual(['starter', 'hands', 'rows', 'tricks', 'bullheads']);
    expect(r.rounds[0]!.rows.every((row) => row.length === 1)).toBe(true);
    expect(r.rounds[1]!.starter).toBe((r.rounds[0]!.starter + 1) % 4);
    expect(Math.max(...r.scores)).toBeGreaterThanOrEqual(66);
    expect(r.scores).toEqual([0, 1, 2, 3].map((p) => r.rounds.reduce((a, round) => a + round.bullheads[p]!, 0)));
    replayRecord(r);
    const pro = game({ players: 2, variant: 'pro' });
    expect(Object.keys(pro.rounds[0]!)).toEqual(['starter', 'hands', 'draft', 'rows', 'tricks', 'bullheads']);
    expect(pro.rounds[0]!.draft).toHaveLength(20);
    const starts = pro.rounds[0]!.rows.map((row) => row[0]!);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    replayRecord(pro);
  });

  it('explains a game: the header line as No Thanks! has it, every turn, the final table', () => {
    const r = game({ players: 3 });
    const lines = sixNimmt.replay(parseRecordLine(JSON.stringify(r)), true);
    expect(lines[0]).toMatch(/^seed [0-9a-f]{16} · 3 players · base game \(cards 1\.\.104\) · hands of 10, rows of 5, to 66 bullheads$/);
    expect(lines.filter((l) => /^ {2}turn +\d+:/.test(l))).toHaveLength(10 * r.rounds.length);
    expect(lines.some((l) => l.includes('WINNER') || l.includes('shared win'))).toBe(true);
    // Rows are numbered 1-4 as `play` and the web app number them.
    const takes = lines.join('\n').match(/takes row \d/g) ?? [];
    expect(takes.length).toBeGreaterThan(0);
    expect(takes.every((m) => /takes row [1-4]/.test(m))).toBe(true);
    expect(lines.find((l) => l.includes(' rows 1: '))).toMatch(/rows 1: \d+.* \| 2: .* \| 3: .* \| 4: /);
    expect(sixNimmt.replay(parseRecordLine(JSON.stringify(r)), false)).toEqual([]);
  });

  it('reject a card the seat does not hold, naming the round and turn (played on the forward model)', () => {
    const r = game({ players: 4 });
    const other = r.rounds[1]!.hands[0]![0]!;
    const trick = r.rounds[1]!.tricks[2]!;
    const held = r.rounds[1]!.hands[1]!.includes(other);
    expect(held).toBe(false);
    trick.cards[1] = other;
    expect(oneLine(() => replayRecord(r))).toMatch(new RegExp(`^round 2 turn 3: seat 1 may not play ${other} \\(it may play \\d+`));
  });

  it('reject a missing row choice, and a row choice where the card did not go under every row', () => {
    const r = game({ players: 4 });
    const [k, t, p] = find(r, (_c, take) => take !== null);
    r.rounds[k]!.tricks[t]!.takes[p] = null;
    expect(oneLine(() => replayRecord(r))).toMatch(
      new RegExp(`^round ${k + 1} turn ${t + 1}: seat ${p}'s card is lower than every row, but takes\\[${p}\\] is null`),
    );
    const s = game({ players: 4 });
    const [k2, t2, p2] = find(s, (_c, take) => take === null);
    s.rounds[k2]!.tricks[t2]!.takes[p2] = 2;
    expect(oneLine(() => replayRecord(s))).toMatch(new RegExp(`^rounds\\[${k2}\\]\\.tricks\\[${t2}\\]\\.takes \\[.*\\] do not match the replay's \\[.*\\]$`));
    const u = game({ players: 4 });
    const [k3, t3, p3] = find(u, (_c, take) => take !== null);
    u.rounds[k3]!.tricks[t3]!.takes[p3] = 4;
    expect(oneLine(() => replayRecord(u))).toBe(`round ${k3 + 1} turn ${t3 + 1}: takes[${p3}] is 4, not a row index 0..3`);
  });

  it('reject wrong bullheads, scores, winners and starters', () => {
    const r = game({ players: 4 });
    r.rounds[0]!.bullheads[2]! += 1;
    expect(oneLine(() => replayRecord(r))).toMatch(/^rounds\[0\]\.bullheads \[.*\] do not match the replay's \[.*\]$/);
    const s = game({ players: 4 });
    s.scores[0]! += 1;
    expect(oneLine(() => replayRecord(s))).toMatch(/^scores \[.*\] do not match the replay's/);
    const w = game({ players: 4 });
    w.winners = [9];
    expect(oneLine(() => replayRecord(w))).toMatch(/^winners \[9\] do not match/);
    const st = game({ players: 4 });
    st.rounds[1]!.starter = st.rounds[0]!.starter;
    expect(oneLine(() => replayRecord(st))).toMatch(/^rounds\[1\]\.starter \d do not match the replay's \d$/);
  });

  it('reject broken deals and a game that ends too early or too late', () => {
    const r = game({ players: 4 });
    r.rounds[0]!.rows[0] = [r.rounds[0]!.hands[0]![0]!];
    expect(oneLine(() => replayRecord(r))).toMatch(/^round 1: card \d+ is dealt twice$/);
    const u = game({ players: 4 });
    u.rounds[0]!.hands[1]!.reverse();
    expect(oneLine(() => replayRecord(u))).toBe("round 1: seat 1's hand is not sorted ascending");
    const v = game({ players: 4 });
    v.rounds.pop();
    expect(oneLine(() => replayRecord(v))).toMatch(/^round \d+ turn 1: the record ends before the game does$/);
    const x = game({ players: 4 });
    // A round after the game's end is refused before play: it is not the seed's deal for that round.
    x.rounds.push(x.rounds[0]!);
    expect(oneLine(() => replayRecord(x))).toBe(`round ${x.rounds.length}: the hands and rows are not the deal of seed ${x.seed}`);
    const y = game({ players: 4 });
    y.rounds[0]!.tricks.pop();
    expect(oneLine(() => replayRecord(y))).toBe("round 1: tricks must list the round's 10 turns");
    expect(oneLine(() => replayRecord({ ...game({ players: 4 }), players: 11 }))).toBe('players must be an integer from 2 to 10, got 11');
    expect(oneLine(() => replayRecord({ ...game({ players: 4 }), game: 'no-thanks' }))).toBe('game is "no-thanks", expected "6-nimmt"');
  });

  it("reject hands that are not the deal of the record's seed, even when consistent", () => {
    const r = game({ players: 2 });
    // Swap the two seats' round-1 hands and, turn by turn, their plays: a legal game, but not this seed's deal.
    const t = structuredClone(r);
    const round = t.rounds[0]!;
    round.hands = [round.hands[1]!, round.hands[0]!];
    for (const trick of round.tricks) trick.cards = [trick.cards[1]!, trick.cards[0]!];
    expect(oneLine(() => replayRecord(t))).toBe(`round 1: the hands and rows are not the deal of seed ${r.seed}`);
  });

  it('reject a pro draft whose hands are not what is played, rows not laid ascending, and a pick that is not open', () => {
    const r = game({ players: 2, variant: 'pro' });
    const d = r.rounds[0]!.draft!;
    [d[0], d[1]] = [d[1]!, d[0]!];
    expect(oneLine(() => replayRecord(r))).toMatch(/^round 1 turn \d+: seat \d may not play \d+ \(it may play /);
    const s = game({ players: 2, variant: 'pro' });
    s.rounds[0]!.rows.reverse();
    expect(oneLine(() => replayRecord(s))).toMatch(/^rounds\[0\]\.rows\[0\] \[\d+\] do not match the replay's \[\d+\]$/);
    const t = game({ players: 2, variant: 'pro' });
    t.rounds[0]!.draft![3] = t.rounds[0]!.draft![0]!;
    expect(oneLine(() => replayRecord(t))).toMatch(/^round 1 draft pick 4: seat \d may not pick \d+ \(it may pick /);
  });
});
