import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRecord, replayRecord } from '../games/no-thanks/record.js';
import { makeRules } from '../games/no-thanks/rules.js';
import { hashString, seedHex } from '../game/seed.js';
import { Table } from '../games/no-thanks/table.js';
import { PROJECT_ROOT } from '../paths.js';
import { loadAgent } from './registry.js';
import { parseSpec, splitLineup } from './spec.js';

const dir = mkdtempSync(join(tmpdir(), 'nothanks-bots-'));
function botFile(name: string, body: string): string {
  const path = join(dir, name);
  writeFileSync(path, body);
  return path;
}

describe('agent specs', () => {
  it('parse names, parameters and file paths', () => {
    expect(parseSpec('threshold:margin=3,reserve=2')).toMatchObject({ source: 'threshold', isFile: false, params: { margin: '3', reserve: '2' } });
    expect(parseSpec('./bots/mine.ts:k=1')).toMatchObject({ source: './bots/mine.ts', isFile: true, params: { k: '1' } });
  });

  it('split a lineup whose parameters also use commas', () => {
    expect(splitLineup('random,threshold:margin=3,reserve=2,greedy')).toEqual(['random', 'threshold:margin=3,reserve=2', 'greedy']);
    expect(() => splitLineup('margin=3,greedy')).toThrow(/starts with a parameter/);
  });
});

describe('loading built-in bots', () => {
  it('fills defaults and validates parameters', async () => {
    expect((await loadAgent('threshold:margin=7')).params).toMatchObject({ margin: 7, potWeight: 2, cost: 'marginal' });
    await expect(loadAgent('grumpy')).rejects.toThrow('unknown agent "grumpy" for no-thanks (known: random, greedy, threshold, mc, search, human');
    await expect(loadAgent('threshold:colour=3')).rejects.toThrow('unknown parameter "colour" (known: cost, margin, potWeight, reserve, bonus, late)');
    await expect(loadAgent('threshold:margin=99')).rejects.toThrow('margin must be a number from -40 to 40, got "99"');
    await expect(loadAgent('mc:rollouts=2.5')).rejects.toThrow('rollouts must be an integer from 1 to 100000');
    await expect(loadAgent('mc:objective=fun')).rejects.toThrow('objective must be one of score, margin, win');
    await expect(loadAgent('random:x=1')).rejects.toThrow('random takes no parameters');
  });
});

describe("loading a user's bot file", () => {
  it('bundles a TypeScript bot with parameters and plays it', async () => {
    const path = botFile(
      'picky.ts',
      `import { defineAgent } from '${join(PROJECT_ROOT, 'src', 'games', 'no-thanks', 'agent.js')}';
       const limit: number = 0;
       export default defineAgent({
         name: 'picky', description: 'takes cards at most max', params: { max: { description: 'max card', default: 10, min: 3, max: 35, integer: true } },
         create: (p) => ({ decide: (obs) => (obs.myChips === 0 || obs.card <= (p.max as number) + limit ? 'take' : 'pass') }),
       });`,
    );
    const agent = await loadAgent(`${path}:max=20`);
    expect(agent.definition.name).toBe('picky');
    expect(agent.params).toEqual({ max: 20 });
    const table = new Table(makeRules({ players: 3 }), [agent.create(), agent.create(), agent.create()], ['p', 'p', 'p']);
    table.play(hashString('user-bot'));
    const seed = seedHex(hashString('user-bot'));
    // Every card above 20 was taken only by a seat out of chips.
    const record = makeRecord(table.state, seed, ['p', 'p', 'p']);
    let forced = 0;
    replayRecord(record, (st) => {
      if (st.action !== 'take' || st.card <= 20) return;
      expect(st.state.chips[st.seat]! - st.pot).toBe(0);
      forced++;
    });
    expect(forced).toBeGreaterThan(0);
    await expect(loadAgent(`${path}:max=50`)).rejects.toThrow('max must be an integer from 3 to 35, got "50"');
  });

  it('loads plain JavaScript too', async () => {
    const path = botFile('taker.mjs', `export default { name: 'taker', description: '', params: {}, create: () => ({ decide: () => 'take' }) };`);
    expect((await loadAgent(path)).definition.name).toBe('taker');
  });

  it('rejects a file that does not export a bot, does not compile or does not exist', async () => {
    await expect(loadAgent(botFile('nothing.mjs', 'export const x = 1;'))).rejects.toThrow(/does not export a bot/);
    await expect(loadAgent(botFile('broken.ts', 'export default {{{'))).rejects.toThrow(/does not compile/);
    await expect(loadAgent(join(dir, 'missing.ts'))).rejects.toThrow(/does not exist/);
  });
});

describe('misbehaving bots', () => {
  async function play(decide: string): Promise<void> {
    const path = botFile(`bad-${Math.random().toString(36).slice(2)}.mjs`, `export default { name: 'bad', params: {}, create: () => ({ decide: ${decide} }) };`);
    const bad = await loadAgent(path);
    const greedy = await loadAgent('greedy');
    const table = new Table(makeRules({ players: 3 }), [greedy.create(), bad.create(), greedy.create()], ['greedy', 'bad', 'greedy']);
    for (let g = 0; g < 20; g++) table.play(hashString(`bad${g}`));
  }

  it('are stopped with a message naming the bot, the seat and the game seed', async () => {
    await expect(play(`() => { throw new Error('boom'); }`)).rejects.toThrow(/^bot "bad" in seat 1 \(game seed [0-9a-f]{16}\) threw boom$/);
    await expect(play(`() => 'maybe'`)).rejects.toThrow(/bot "bad" in seat 1 \(game seed [0-9a-f]{16}\) answered "maybe" \(expected "take" or "pass"\)/);
    await expect(play(`() => 'pass'`)).rejects.toThrow(/bot "bad" in seat 1 \(game seed [0-9a-f]{16}\) passed on card \d+ with no chips/);
  });
});
