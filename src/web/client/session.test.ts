import { describe, expect, it } from 'vitest';
import { gameById } from '../../registry.js';
import { sixNimmtView } from '../../games/6-nimmt/web/view.js';
import { noThanksView } from '../../games/no-thanks/web/view.js';
import { HumanBridge, PlaySession } from './session.js';

describe('play session', () => {
  it("plays 6 nimmt! to the end through the game's own table; the human never sees a card hidden from its seat", () => {
    const game = gameById('6-nimmt');
    const session = new PlaySession(game, { players: 3 }, ['heuristic', 'heuristic', 'random'], 1, 'session', sixNimmtView.human);
    const views: { round: number; turn: number; phase: string; hand: number[]; rows: number[][]; hands: unknown; revealed: number[] | null }[] = [];
    let o = session.run();
    while (o.kind === 'ask') {
      const v = o.view as (typeof views)[number];
      views.push(v);
      o = session.answer(v.phase === 'row' ? 0 : v.hand[0]);
    }
    expect(o.kind).toBe('over');
    if (o.kind !== 'over') return;
    const record = o.record as unknown as { agents: string[]; rounds: { hands: number[][]; tricks: { cards: number[] }[] }[] };
    expect(record.agents).toEqual(['heuristic', 'you', 'random']);
    expect(() => game.replay(record, false)).not.toThrow();
    expect(views.length).toBeGreaterThanOrEqual(10);
    for (const v of views) {
      expect(v.hands).toBeNull(); // base game: other hands are not in the view at all
      const round = record.rounds[v.round]!;
      // The cards the other seats still hold (not yet revealed) at this decision.
      const played = round.tricks.slice(0, v.turn + (v.revealed ? 1 : 0)).flatMap((t) => t.cards);
      const hidden = [0, 2].flatMap((p) => round.hands[p]!.filter((c) => !played.includes(c)));
      const shown = [...v.hand, ...v.rows.flat(), ...(v.revealed ?? [])];
      expect(shown.filter((c) => hidden.includes(c))).toEqual([]);
      expect(v.hand).toEqual(round.hands[1]!.filter((c) => !played.includes(c))); // its own hand, exactly
    }
  });

  it('seats no bot that runs only under Node (net: a native library, files on disk)', () => {
    expect(gameById('no-thanks').agents.find((d) => d.name === 'net')?.nodeOnly).toBe(true);
    expect(() => new PlaySession(gameById('no-thanks'), { players: 3 }, ['net', 'threshold', 'threshold'], 1, 's', noThanksView.human)).toThrow(
      'unknown bot "net" for No Thanks!',
    );
  });

  it('a bad setting is one line before anything is played', () => {
    expect(() => new PlaySession(gameById('no-thanks'), { players: 2 }, ['threshold', 'threshold'], 0, 's', noThanksView.human)).toThrow(/chips/);
  });

  it('the bridge refuses a game that does not repeat itself (a bot that is not deterministic)', () => {
    const bridge = new HumanBridge();
    bridge.begin();
    expect(() => bridge.ask({ card: 10 })).toThrow('waiting for a click');
    bridge.answer('take');
    bridge.begin();
    expect(bridge.ask({ card: 10 })).toBe('take');
    bridge.begin();
    expect(() => bridge.ask({ card: 11 })).toThrow('did not repeat itself at your decision 1');
  });
});
