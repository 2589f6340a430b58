import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentDefinition } from '../../../game/agent.js';
import { makeRandom } from '../../../game/seed.js';
import type { GameStart, SixNimmtAgent } from '../agent.js';
import { Observation } from '../observation.js';
import { BULLHEADS, makeRules, type RulesInput } from '../rules.js';
import { GameState } from '../state.js';
import { Table } from '../table.js';
import { PROJECT_ROOT } from '../../../paths.js';
import { runTournament } from '../../../tournament/run.js';
import heuristic, { cheapestRow, type HeuristicAgent } from './heuristic.js';
import mc from './mc.js';
import random from './random.js';
import search from './search.js';

/** Seat 0 to play (or choose a row after revealing `reveal`): these rows, these hands. */
function position(rows: number[][], hands: number[][], opts: { reveal?: number[]; rules?: Partial<RulesInput> } = {}): Observation {
  const r = makeRules({ players: hands.length, handSize: hands[0]!.length, ...opts.rules });
  const s = new GameState(r);
  s.startGame(0);
  const used = new Set([...hands.flat(), ...rows.flat()]);
  const filler = Array.from({ length: r.maxCard }, (_, i) => i + 1)
    .filter((c) => !used.has(c))
    .slice(0, 4);
  s.beginRound([...hands.flat(), ...filler]);
  s.seen.fill(0);
  s.seenCount = 0;
  rows.forEach((row, i) => {
    row.forEach((c, k) => {
      s.rows[i * r.rowLimit + k] = c;
      s.seen[c] = 1;
      s.seenCount++;
    });
    s.rowLen[i] = row.length;
    s.rowEnd[i] = row[row.length - 1]!;
    s.rowBull[i] = row.reduce((a, c) => a + BULLHEADS[c]!, 0);
  });
  if (opts.reveal) {
    opts.reveal.forEach((c, p) => s.choose(p, c));
    s.reveal();
    s.resolve();
  }
  return new Observation(s, 0);
}

function withDefaults(def: AgentDefinition, over: Record<string, number | string> = {}): SixNimmtAgent {
  const params = Object.fromEntries(Object.entries(def.params).map(([k, p]) => [k, p.default]));
  return def.create({ ...params, ...over }) as SixNimmtAgent;
}

function start(obs: Observation, seed = 'test'): GameStart {
  return {
    seat: 0,
    rules: obs.rules,
    agents: obs.rules.players === 2 ? ['a', 'b'] : ['a', 'b', 'c', 'd'].slice(0, obs.rules.players),
    random: makeRandom(seed),
  };
}

describe('random', () => {
  it('plays only legal moves in every phase (the table checks each), base and pro', () => {
    for (const input of [{ players: 4 }, { players: 2, variant: 'pro' as const }, { players: 10 }]) {
      const rules = makeRules(input);
      const table = new Table(
        rules,
        Array.from({ length: rules.players }, () => withDefaults(random)),
        Array(rules.players).fill('random'),
      );
      for (let g = 0; g < 50; g++) table.play({ hi: g, lo: 17 });
      expect(table.state.round).toBeGreaterThan(0);
    }
  });

  it('chooses rows and cards uniformly', () => {
    const obs = position(
      [[30], [40], [50], [60]],
      [
        [5, 6, 7, 8],
        [45, 46, 47, 48],
      ],
      { reveal: [5, 45] },
    );
    const bot = withDefaults(random);
    bot.newGame!(start(obs));
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i++) counts[bot.decide(obs)]!++;
    for (const n of counts) expect(n / 4000).toBeGreaterThan(0.22);
  });
});

describe('heuristic', () => {
  it('takes the cheapest row; ties go to the longer row, then the lower index', () => {
    expect(
      cheapestRow(
        position(
          [[30, 55], [40], [50, 51], [60]],
          [
            [5, 6],
            [45, 46],
          ],
          { reveal: [5, 45] },
        ),
      ),
    ).toBe(1);
    // Rows 1 and 3 both hold 2 bullheads: row 3 has two cards, row 1 one.
    expect(
      cheapestRow(
        position(
          [[30, 55], [45], [50, 60], [61, 62]],
          [
            [5, 6],
            [70, 71],
          ],
          { reveal: [5, 70] },
        ),
      ),
    ).toBe(3);
    expect(
      cheapestRow(
        position(
          [[30, 55], [61], [50, 60], [62]],
          [
            [5, 6],
            [70, 71],
          ],
          { reveal: [5, 70] },
        ),
      ),
    ).toBe(1);
    const bot = withDefaults(heuristic);
    const obs = position(
      [[30, 55], [40], [50, 51], [60]],
      [
        [5, 6],
        [45, 46],
      ],
      { reveal: [5, 45] },
    );
    bot.newGame!(start(obs));
    expect(bot.decide(obs)).toBe(1);
  });

  it('does not play the sixth card of a row when a safe card fits elsewhere', () => {
    const obs = position(
      [[20, 21, 22, 23, 24], [40], [60], [80]],
      [
        [25, 41],
        [90, 91],
      ],
    );
    const bot = withDefaults(heuristic);
    bot.newGame!(start(obs));
    expect(bot.decide(obs)).toBe(41);
  });

  it('prefers a card just above a short row to one far above a nearly full row', () => {
    const obs = position(
      [[10, 11, 12, 13], [40], [70], [99]],
      [
        [38, 42, 100],
        [1, 2, 3],
        [4, 6, 7],
        [8, 9, 14],
      ],
    );
    const bot = withDefaults(heuristic);
    bot.newGame!(start(obs));
    expect([42, 100]).toContain(bot.decide(obs));
  });

  it("picks the same card from the bare rows and hand (rowsOf, cheapestOf, cheapestIndexOf: the rollouts') as through the observation", () => {
    // Every decision with a choice of heuristic games at several player counts, rules and settings.
    const settings: Record<string, number>[] = [{}, { lowPenalty: 7, caution: 0.5, dump: -3 }, { caution: 9, dump: 6 }];
    const rulesList: RulesInput[] = [{ players: 2 }, { players: 4 }, { players: 7 }, { players: 10 }, { players: 5, rowLimit: 3, maxCard: 80 }];
    let checked = 0;
    let differ = 0;
    const board = new Int32Array(16);
    for (const [k, over] of settings.entries()) {
      for (const input of rulesList) {
        const rules = makeRules(input);
        const probe = withDefaults(heuristic, over) as HeuristicAgent;
        probe.prepare(rules);
        let table: Table | undefined;
        const checking = (): SixNimmtAgent => {
          const bot = withDefaults(heuristic, over);
          return {
            newGame: (g) => bot.newGame!(g),
            decide(obs) {
              const answer = bot.decide(obs);
              const s = table!.state;
              if (obs.phase === 'play' && obs.handSize > 1) {
                probe.rowsOf(s.rowEnd, s.rowLen, s.rowBull);
                if (probe.cheapestOf(s.hands, obs.seat * s.handSize, obs.handSize) !== answer) differ++;
                // The playout board's copy of the loop: the index of that card in the hand (here at an offset).
                const at = 3;
                for (let i = 0; i < obs.handSize; i++) board[at + i] = obs.handCard(i);
                if (obs.handCard(probe.cheapestIndexOf(board, at, obs.handSize)) !== answer) differ++;
                checked++;
              }
              return answer;
            },
          };
        };
        table = new Table(rules, Array.from({ length: rules.players }, checking), Array(rules.players).fill('heuristic'), false);
        for (let g = 0; g < 15; g++) table.play({ hi: 1000 * k + g, lo: rules.players });
      }
    }
    expect(checked).toBeGreaterThan(5000);
    expect(differ).toBe(0);
  });

  it('drafts the highest open card by default (pro)', () => {
    const rules = makeRules({ players: 2, variant: 'pro' });
    const s = new GameState(rules);
    s.newGame({ hi: 1, lo: 1 }, 0);
    const obs = new Observation(s, 0);
    const bot = withDefaults(heuristic);
    bot.newGame!(start(obs));
    expect(bot.decide(obs)).toBe(24);
    s.pick(24);
    s.pick(23);
    expect(bot.decide(obs)).toBe(22);
    expect(withDefaults(heuristic, { draft: 'low' }).decide(obs)).toBe(1);
  });
});

describe('mc', () => {
  it('takes the cheaper of two rows when its card is lowest', () => {
    // Row 1 holds 3 bullheads, the others 10, 4 and 4.
    const obs = position(
      [[30, 55], [40], [50, 51], [60, 61]],
      [
        [5, 70, 71],
        [45, 46, 47],
      ],
      { reveal: [5, 45] },
    );
    const bot = withDefaults(mc, { rollouts: 30 });
    bot.newGame!(start(obs));
    expect(bot.decide(obs)).toBe(1);
  });

  it('decides the same from the same stream, and carries nothing from one decision to the next', () => {
    const obs = position(
      [[10], [30], [50], [70]],
      [
        [12, 33, 52, 90, 100],
        [1, 2, 3, 4, 6],
      ],
    );
    const other = position(
      [[20, 21, 22], [44], [66], [88]],
      [
        [23, 45, 67, 89, 99],
        [7, 8, 9, 13, 14],
      ],
    );
    const decide = (warm: boolean): number[] => {
      const bot = withDefaults(mc, { rollouts: 40 });
      bot.newGame!(start(other, 'same'));
      if (warm) for (let i = 0; i < 3; i++) bot.decide(other);
      bot.newGame!(start(obs, 'same'));
      return [bot.decide(obs), bot.decide(obs)];
    };
    expect(decide(true)).toEqual(decide(false));
  });

  it('rolls out on the bare board as on the scratch state: same choice and candidate sums on every decision', () => {
    // Seat 0 is mc with board rollouts in real games; at each decision a twin rolling out on the
    // scratch state (the earlier path) decides on the same observation from its own copy of the
    // same stream. Play and row decisions; several rules and options.
    type Inside = { useBoard: boolean; lastTotals: number; totals: Float64Array };
    const settings: Record<string, number | string>[] = [
      { rollouts: 20 },
      { rollouts: 20, noise: 0 },
      { rollouts: 20, noise: 1 },
      { rollouts: 20, objective: 'margin' },
    ];
    const rulesList: RulesInput[] = [{ players: 2 }, { players: 4 }, { players: 7 }, { players: 5, rowLimit: 3, maxCard: 80 }];
    let checked = 0;
    let rows = 0;
    let differ = 0;
    for (const [k, over] of settings.entries()) {
      for (const input of rulesList) {
        const rules = makeRules(input);
        const checking = (): SixNimmtAgent => {
          const board = withDefaults(mc, over);
          const twin = withDefaults(mc, over);
          (twin as unknown as Inside).useBoard = false;
          return {
            newGame(g) {
              board.newGame!({ ...g, random: makeRandom(`mc${g.seat}${k}`) });
              twin.newGame!({ ...g, random: makeRandom(`mc${g.seat}${k}`) });
            },
            decide(obs) {
              const a = board as unknown as Inside;
              const b = twin as unknown as Inside;
              a.lastTotals = b.lastTotals = 0;
              const answer = board.decide(obs);
              let same = answer === twin.decide(obs) && a.lastTotals === b.lastTotals;
              for (let c = 0; c < a.lastTotals; c++) if (a.totals[c] !== b.totals[c]) same = false;
              if (!same) differ++;
              checked++;
              if (obs.phase === 'row') rows++;
              return answer;
            },
          };
        };
        const seats = [checking(), ...Array.from({ length: rules.players - 1 }, () => withDefaults(heuristic))];
        const table = new Table(
          rules,
          seats,
          seats.map((_, i) => `s${i}`),
          false,
        );
        for (let g = 0; g < 2; g++) table.play({ hi: 100 * k + g, lo: rules.players });
      }
    }
    expect(checked).toBeGreaterThan(300);
    expect(rows).toBeGreaterThan(5);
    expect(differ).toBe(0);
  });

  it('beats random in a small seeded tournament (2 and 4 players)', async () => {
    for (const players of [2, 4]) {
      const r = await runTournament({
        game: '6-nimmt',
        pool: ['mc:rollouts=10', 'random'],
        rules: { players },
        games: 12,
        seed: 'mc-vs-random',
        threads: 1,
        selfPlay: true,
      });
      const agents = r.stats.agents();
      const mcScore = agents.find((a) => a.agent === 'mc:rollouts=10')!.meanScore;
      const randomScore = agents.find((a) => a.agent === 'random')!.meanScore;
      expect(mcScore).toBeLessThan(randomScore - 10);
    }
  });
});

describe('search', () => {
  it('takes the cheaper of two rows when its card is lowest', () => {
    const obs = position(
      [[30, 55], [40], [50, 51], [60, 61]],
      [
        [5, 70, 71],
        [45, 46, 47],
      ],
      { reveal: [5, 45] },
    );
    const bot = withDefaults(search, { samples: 30 });
    bot.newGame!(start(obs));
    expect(bot.decide(obs)).toBe(1);
  });

  it('plays a card it holds, decides the same from the same stream, and carries nothing from one decision to the next', () => {
    const obs = position(
      [[10], [30], [50], [70]],
      [
        [12, 33, 52, 90, 100],
        [1, 2, 3, 4, 6],
      ],
    );
    const other = position(
      [[20, 21, 22], [44], [66], [88]],
      [
        [23, 45, 67, 89, 99],
        [7, 8, 9, 13, 14],
      ],
    );
    const decide = (warm: boolean): number[] => {
      const bot = withDefaults(search, { samples: 40 });
      bot.newGame!(start(other, 'same'));
      if (warm) for (let i = 0; i < 3; i++) bot.decide(other);
      bot.newGame!(start(obs, 'same'));
      return [bot.decide(obs), bot.decide(obs)];
    };
    const first = decide(true);
    expect(first).toEqual(decide(false));
    for (const card of first) expect([12, 33, 52, 90, 100]).toContain(card);
  });

  it('beats random in a small seeded tournament (2 and 4 players, base and pro)', async () => {
    for (const rules of [{ players: 2 }, { players: 4 }, { players: 3, variant: 'pro' }]) {
      const table = [0, 1, 1, 1].slice(0, rules.players);
      const r = await runTournament({
        game: '6-nimmt',
        pool: ['search:samples=10,draft=search', 'random'],
        tables: [table],
        rules,
        games: 2,
        seed: 'search-vs-random',
        threads: 1,
      });
      const agents = r.stats.agents();
      const searchScore = agents.find((a) => a.agent === 'search:samples=10,draft=search')!.meanScore;
      const randomScore = agents.find((a) => a.agent === 'random')!.meanScore;
      expect(searchScore).toBeLessThan(randomScore - 5);
    }
  });
});

describe('the information model', () => {
  it('gives a bot no path to other hands (base), the set-aside cards or pending choices', () => {
    const obs = position(
      [[10], [30], [50], [70]],
      [
        [12, 33],
        [1, 2],
      ],
    );
    expect(Object.keys(obs).sort()).toEqual(['rules', 'seat']);
    expect(Object.getOwnPropertyNames(Object.getPrototypeOf(obs)).sort()).toEqual([
      'bullheads',
      'cardBullheads',
      'constructor',
      'draftPick',
      'handCard',
      'handCardOf',
      'handCountOf',
      'handOf',
      'handSize',
      'holds',
      'holdsOf',
      'isOpen',
      'isSeen',
      'isUnseen',
      'myChoice',
      'openCards',
      'openCount',
      'phase',
      'picker',
      'picks',
      'playedCard',
      'players',
      'revealedCard',
      'revealedThisTurn',
      'round',
      'roundBullheads',
      'roundStarter',
      'rowBullheads',
      'rowCard',
      'rowCards',
      'rowChoice',
      'rowChooser',
      'rowEnd',
      'rowLength',
      'rowsTaken',
      'startRow',
      'starter',
      'targetRow',
      'turn',
      'unseenCount',
    ]);
    expect(JSON.stringify(obs)).not.toMatch(/hands|deck/);
    expect(Object.isFrozen(obs.rules)).toBe(true);
    expect(() => obs.handOf(1)).toThrow(/hidden in the base game/);
    expect(() => obs.holdsOf(1, 1)).toThrow(/hidden/);
    expect(obs.handOf(0)).toEqual([12, 33]);
    expect(obs.isUnseen(1)).toBe(true); // the other hand
    expect(obs.isUnseen(12)).toBe(false); // its own
    expect(obs.isUnseen(10)).toBe(false); // a row
    expect(obs.unseenCount).toBe(104 - 4 - 2);
    expect(obs.revealedCard(1)).toBe(0);
    expect(obs.playedCard(0, 1)).toBe(0);
  });

  it('opens every hand in the pro variant', () => {
    const rules = makeRules({ players: 2, variant: 'pro' });
    const s = new GameState(rules);
    s.newGame({ hi: 1, lo: 1 }, 0);
    for (let c = 24; s.phase === 0; c--) s.pick(c);
    const obs = new Observation(s, 0);
    expect(obs.handOf(1)).toEqual([...s.handOf(1)]);
    expect(obs.unseenCount).toBe(0);
  });
});

describe('human', () => {
  it('plays a game from a pipe, asking again after a card it does not hold', () => {
    // Every number from 1 to 104, over and over: each decision takes the first line it accepts.
    const cycle = Array.from({ length: 104 }, (_, i) => String(i + 1));
    const input = [...Array.from({ length: 200 }, () => cycle).flat(), ''].join('\n');
    const main = join(PROJECT_ROOT, 'dist', 'src', 'cli', 'main.js');
    const run = spawnSync(process.execPath, [main, 'play', '--game', '6-nimmt', '--agents', 'heuristic', '--seed', '3'], { input, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('New game of 6 nimmt!');
    expect(run.stdout).toMatch(/You do not hold 1\./);
    expect(run.stdout).toMatch(/Game over after \d+ rounds?\. Final table/);
  });
});
