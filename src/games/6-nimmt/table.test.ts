import { describe, expect, it } from 'vitest';
import type { GameEvent, Observation, SixNimmtAgent } from './agent.js';
import { makeRules } from './rules.js';
import { Table } from './table.js';

const lowest: SixNimmtAgent = { decide: (obs) => (obs.phase === 'play' ? obs.handCard(0) : obs.phase === 'row' ? 0 : obs.openCards()[0]!) };
const key = { hi: 0x12345678, lo: 0x9abcdef0 };

function play(agents: SixNimmtAgent[], input: { players: number; variant?: 'pro' } = { players: agents.length }): Table {
  const table = new Table(
    makeRules(input),
    agents,
    agents.map((_, p) => (p === 0 ? 'bad-bot' : 'lowest')),
  );
  table.play(key);
  return table;
}

describe('the table checks every answer', () => {
  it('names bot, seat and game seed when a bot plays a card it does not hold', () => {
    const bad: SixNimmtAgent = { decide: (obs) => (obs.phase === 'play' ? 105 : 0) };
    expect(() => play([bad, lowest])).toThrow(/^bot "bad-bot" in seat 0 \(game seed 123456789abcdef0\) played 105, which it does not hold \(hand: [\d ]+\)$/);
    // A card as text (a program bot's "17") is named as such, not as a card it does not hold.
    const text: SixNimmtAgent = { decide: (obs) => String(obs.handCard(0)) as unknown as number };
    expect(() => play([text, lowest])).toThrow(/^bot "bad-bot" in seat 0 \(game seed [0-9a-f]{16}\) played "(\d+)", not a card number \(hand: \1 [\d ]+\)$/);
  });

  it('rejects a row index outside 0..3', () => {
    const bad: SixNimmtAgent = { decide: (obs) => (obs.phase === 'row' ? 4 : obs.handCard(0)) };
    expect(() => play([bad, lowest])).toThrow(/^bot "bad-bot" in seat 0 \(game seed [0-9a-f]{16}\) chose row 4 to take \(expected a row index 0\.\.3\)$/);
  });

  it('rejects a draft pick that is not open', () => {
    const bad: SixNimmtAgent = { decide: (obs) => (obs.phase === 'draft' ? 99 : lowest.decide(obs)) };
    expect(() => play([bad, lowest], { players: 2, variant: 'pro' })).toThrow(/in seat 0 .* picked 99 in the draft, which is not an open card$/);
    const text: SixNimmtAgent = { decide: (obs) => (obs.phase === 'draft' ? (String(obs.openCards()[0]) as unknown as number) : lowest.decide(obs)) };
    expect(() => play([text, lowest], { players: 2, variant: 'pro' })).toThrow(/in seat 0 .* picked "\d+" in the draft, not a card number$/);
  });

  it('reports a crash in one line', () => {
    const crash: SixNimmtAgent = {
      decide: () => {
        throw new Error('boom');
      },
    };
    expect(() => play([crash, lowest])).toThrow(/^bot "bad-bot" in seat 0 \(game seed [0-9a-f]{16}\) threw boom$/);
  });

  it('tells every seat the public events: rounds, reveals and takes, with the rows as they are after the turn', () => {
    const seen: string[] = [];
    const listener: SixNimmtAgent = {
      decide: lowest.decide,
      onEvent(e: Readonly<GameEvent>, obs: Observation) {
        if (e.type === 'reveal') seen.push(`reveal ${e.round}.${e.turn} ${obs.revealedCard(0)},${obs.revealedCard(1)}`);
        else if (e.type === 'take') seen.push(`take ${e.seat} row ${e.row} ${e.bullheads} ${e.chosen} ${obs.rowCard(e.row, 0) === e.card}`);
        else seen.push(`${e.type} ${e.round} ${e.seat}`);
      },
    };
    const table = play([listener, lowest]);
    expect(seen[0]).toBe(`round 0 ${table.state.starter}`);
    const reveals = seen.filter((l) => l.startsWith('reveal'));
    expect(reveals).toHaveLength(10 * table.state.round);
    expect(seen.filter((l) => l.startsWith('take')).every((l) => l.endsWith('true'))).toBe(true);
    const taken = seen.filter((l) => l.startsWith('take')).reduce((a, l) => a + Number(l.split(' ')[4]), 0);
    expect(taken).toBe(table.state.total[0]! + table.state.total[1]!);
  });

  it("hides another seat's choice: a seat deciding after it sees nothing of it", () => {
    const views: string[] = [];
    const spy = (seat: number): SixNimmtAgent => ({
      decide(obs) {
        if (obs.phase === 'play') views.push(`${seat}:${obs.handCountOf(0)},${obs.handCountOf(1)},${obs.revealedThisTurn},${obs.myChoice},${obs.unseenCount}`);
        return lowest.decide(obs);
      },
    });
    play([spy(0), spy(1)]);
    for (let i = 0; i < views.length; i += 2) {
      const [a, b] = [views[i]!.split(':')[1]!.split(','), views[i + 1]!.split(':')[1]!.split(',')];
      expect(b.slice(0, 4)).toEqual(a.slice(0, 4));
    }
  });
});
