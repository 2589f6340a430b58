import { runBatch } from '../../tournament/batch.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { BatchLayout, type RulesInput } from '../../game/contract.js';
import { GAMES, gameById } from '../../registry.js';
import { importGameModule } from '../../game-loader.js';
import { GAME_MODULES } from '../../games/manifest.js';
import type { GameView } from './types.js';
import { recordsOf } from '../testing.js';
import { registerViews, webGame } from './games.js';
import { defaultParams, PlaySession } from './session.js';
import { sixNimmtView } from '../../games/6-nimmt/web/view.js';

// The bundle's entry hands the page every game's view (src/web/build.ts); here the test does.
beforeAll(async () => {
  const views = await Promise.all(
    [...GAMES.keys()].map(async (id) => [id, ((await importGameModule(id, GAME_MODULES.webView)) as { default: GameView }).default] as const),
  );
  registerViews(Object.fromEntries(views));
});

describe('replay frames', () => {
  it.each([
    ['no-thanks', ['random', 'threshold', 'greedy']],
    ['6-nimmt', ['random', 'heuristic', 'heuristic', 'random']],
    ['no-thanks-specials', ['random', 'value', 'value']],
  ])('%s: one frame for the start and one per decision (turn for 6 nimmt!), in order', (id, bots) => {
    for (const line of recordsOf(id, bots, 'frames', 3)) {
      const record = JSON.parse(line);
      const frames = webGame(id)!.view.frames(record);
      const decisions = id === '6-nimmt' ? record.rounds.length * record.rules.handSize : record.actions.length;
      expect(frames[0]!.decision).toBe(0);
      expect(frames[frames.length - 1]!.decision).toBe(decisions);
      expect(frames.map((f) => f.decision)).toEqual([...frames.map((f) => f.decision)].sort((a, b) => a - b));
      if (id !== '6-nimmt') expect(frames).toHaveLength(decisions + 1);
      else expect(frames).toHaveLength(decisions + 2 * record.rounds.length + 1); // + each round's start and end, + game over
    }
  });

  it('6 nimmt! pro variant: frames of a drafted game, and a game played through the session with drafting', () => {
    const game = gameById('6-nimmt');
    const def = game.agents.find((d) => d.name === 'heuristic')!;
    const pool = [0, 1, 2].map(() => ({ label: 'heuristic', create: () => def.create(defaultParams(def.params)) }));
    const data = new Int32Array(new BatchLayout(1, 1, 3, 1).length);
    const res = runBatch(
      game,
      {
        game: '6-nimmt',
        rules: { players: 3, variant: 'pro' } as RulesInput,
        pool: pool.map((p) => p.label),
        seatings: [[0, 1, 2]],
        master: 'pro',
        from: 0,
        to: 1,
        matchLength: 0,
        records: true,
      },
      pool,
      data,
    );
    const record = JSON.parse(res.records![0]!);
    const frames = sixNimmtView.frames(record);
    expect(frames[0]!.caption).toMatch(/drafted face up/);

    const session = new PlaySession(game, { players: 3, variant: 'pro' }, ['heuristic', 'heuristic', 'heuristic'], 2, 'pro', sixNimmtView.human);
    let o = session.run();
    let drafts = 0;
    while (o.kind === 'ask') {
      const v = o.view as { phase: string; open: number[]; hand: number[]; hands: number[][] | null };
      expect(v.hands).not.toBeNull(); // pro: every hand is open
      if (v.phase === 'draft') drafts++;
      o = session.answer(v.phase === 'draft' ? v.open[0] : v.phase === 'row' ? 0 : v.hand[v.hand.length - 1]);
    }
    expect(o.kind).toBe('over');
    expect(drafts).toBeGreaterThanOrEqual(10);
  });
});
