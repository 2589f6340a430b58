import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRecord } from '../games/no-thanks/record.js';
import { replayRecord } from '../games/no-thanks/replay.js';
import { makeRules } from '../games/no-thanks/rules.js';
import { hashString, seedHex } from '../game/seed.js';
import type { NoThanksAgent } from '../games/no-thanks/agent.js';
import { Table } from '../games/no-thanks/table.js';
import { PROJECT_ROOT } from '../paths.js';
import { loadAgent, loadBot, loadPool } from './registry.js';
import { parseSpec, splitLineup } from './spec.js';

const dir = mkdtempSync(join(tmpdir(), 'nothanks-bots-'));
const CLI = join(PROJECT_ROOT, 'dist', 'src', 'cli', 'main.js');
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
    await expect(loadAgent('grumpy')).rejects.toThrow('unknown agent "grumpy" for no-thanks (known: random, greedy, threshold, mc, search, net, rule, human');
    await expect(loadAgent('threshold:colour=3')).rejects.toThrow('unknown parameter "colour" (known: cost, margin, potWeight, reserve, bonus, late)');
    await expect(loadAgent('threshold:margin=99')).rejects.toThrow('margin must be a number from -40 to 40, got "99"');
    await expect(loadAgent('mc:rollouts=2.5')).rejects.toThrow('rollouts must be an integer from 1 to 100000');
    // Decimal notation only (Number() alone reads hex, binary and padded text).
    await expect(loadAgent('mc:rollouts=0x10')).rejects.toThrow('rollouts must be an integer from 1 to 100000, got "0x10"');
    await expect(loadAgent('mc:rollouts=0b11')).rejects.toThrow('got "0b11"');
    expect((await loadAgent('mc:rollouts=1e2')).params).toMatchObject({ rollouts: 100 });
    expect((await loadAgent('threshold:margin=-.5')).params).toMatchObject({ margin: -0.5 });
    await expect(loadAgent('mc:objective=fun')).rejects.toThrow('objective must be one of score, margin, win');
    await expect(loadAgent('random:x=1')).rejects.toThrow('random takes no parameters');
    // A text parameter takes the text as written; the bot checks it when it starts.
    expect((await loadAgent('net:model=models/a b.onnx,temperature=0.5')).params).toEqual({ model: 'models/a b.onnx', temperature: 0.5 });
    expect((await loadAgent('net')).params).toEqual({ model: '', temperature: 0 });
  });

  it("looks parameters up on the bot's own list, never on Object.prototype", async () => {
    for (const key of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      await expect(loadAgent(`threshold:${key}=1`)).rejects.toThrow(`unknown parameter "${key}" (known: cost, margin`);
    }
    expect(Object.getPrototypeOf(parseSpec('threshold:__proto__=1').params)).toBeNull();
  });

  it('refuses a parameter given twice', async () => {
    await expect(loadAgent('threshold:margin=1,margin=2')).rejects.toThrow('agent "threshold:margin=1,margin=2": parameter "margin" is given twice');
  });

  it('keeps the human bot out of tournaments, sweeps and experiments', async () => {
    expect((await loadAgent('human')).definition.interactive).toBe(true);
    await expect(loadBot('human')).rejects.toThrow(/^agent "human" waits for a person at the terminal: play against it with `nothanks play`/);
    await expect(loadBot('human', '6-nimmt')).rejects.toThrow(/waits for a person/);
    expect((await loadBot('greedy')).label).toBe('greedy');
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
    const table = new Table(makeRules({ players: 3 }), [agent.create(), agent.create(), agent.create()] as NoThanksAgent[], ['p', 'p', 'p']);
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

  it('runs the edited code when a helper the bot imports changes (the bundle cache is keyed on every input)', () => {
    const sub = mkdtempSync(join(dir, 'helper-'));
    const helper = join(sub, 'choice.ts');
    const bot = join(sub, 'bot.ts');
    writeFileSync(
      bot,
      `import { choice } from './choice.js';
      export default { name: 'follows-helper', description: '', params: {}, create: () => ({ decide: (o: { myChips: number }) => (o.myChips === 0 ? 'take' : choice) }) };`,
    );
    // Each run is a fresh process, as a user's would be: only the on-disk bundle cache carries over.
    const meanChips = (): number => {
      const out = join(sub, `run-${Math.random().toString(36).slice(2)}`);
      execFileSync(process.execPath, [
        CLI,
        'tournament',
        '--agents',
        `${bot},greedy`,
        '--players',
        '2',
        '--chips',
        '11',
        '--games',
        '20',
        '--quiet',
        '--threads',
        '1',
        // The bot's choice shows in summary.json; the report's charts would only add CPU.
        '--no-report',
        '--out',
        out,
      ]);
      const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as { agents: { agent: string; meanChips: number }[] };
      return summary.agents.find((a) => a.agent === 'follows-helper')!.meanChips;
    };
    writeFileSync(helper, `export const choice: 'take' | 'pass' = 'take';`);
    const taking = meanChips();
    writeFileSync(helper, `export const choice: 'take' | 'pass' = 'pass';`);
    // A bot that always takes never pays a chip (11 or more at the end); one that passes pays.
    expect(taking).toBeGreaterThanOrEqual(11);
    expect(meanChips()).toBeLessThan(11);
  });

  it("resolves a bot's imports of the package name to this lab, from any folder", async () => {
    const path = botFile(
      'low.ts',
      `import { defineAgent } from 'nothanks-lab/6-nimmt';
       import { GAMES } from 'nothanks-lab';
       export default defineAgent({ name: 'low', description: GAMES.get('6-nimmt')!.name, params: {}, create: () => ({ decide: (obs) => obs.handCard(0) }) });`,
    );
    const agent = await loadAgent(path, '6-nimmt');
    expect(agent.definition).toMatchObject({ name: 'low', game: '6-nimmt', description: '6 nimmt!' });
    await expect(loadAgent(botFile('nope.ts', `import { x } from 'nothanks-lab/nope'; export default x;`))).rejects.toThrow(
      /"nothanks-lab\/nope" is not an entry of the lab \(nothanks-lab, nothanks-lab\/no-thanks, /,
    );
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

describe('labels', () => {
  it("name a file bot by its own name and parameters, keep built-ins' specs, and tell equal names apart", async () => {
    const one = botFile(
      'one.mjs',
      `export default { name: 'copycat', description: '', params: { k: { description: '', default: 1, min: 0, max: 9 } }, create: () => ({ decide: () => 'take' }) };`,
    );
    const two = botFile('two.mjs', `export default { name: 'copycat', description: '', params: {}, create: () => ({ decide: () => 'take' }) };`);
    const greedy = botFile('greedy-file.mjs', `export default { name: 'greedy', description: '', params: {}, create: () => ({ decide: () => 'take' }) };`);
    const unnamed = botFile('nameless.mjs', `export default { description: '', params: {}, create: () => ({ decide: () => 'take' }) };`);
    expect((await loadAgent(`${one}:k=3`)).label).toBe('copycat:k=3');
    const pool = await loadPool([`${one}`, 'threshold:margin=3', two, greedy, 'greedy', unnamed, `${one}:k=2`]);
    expect(pool.map((a) => a.label)).toEqual(['copycat', 'threshold:margin=3', 'copycat#2', 'greedy#2', 'greedy', 'nameless', 'copycat:k=2']);
    expect(pool.map((a) => a.file)).toEqual([one, undefined, two, greedy, undefined, unnamed, one]);
    await expect(loadAgent(botFile('blank.mjs', `export default { name: ' ', params: {}, create: () => ({ decide: () => 'take' }) };`))).rejects.toThrow(
      /"name" must be a non-empty string/,
    );
  });
});

describe('misbehaving bots', () => {
  async function play(decide: string): Promise<void> {
    const path = botFile(
      `bad-${Math.random().toString(36).slice(2)}.mjs`,
      `export default { name: 'bad', params: {}, create: () => ({ decide: ${decide} }) };`,
    );
    const bad = await loadAgent(path);
    const greedy = await loadAgent('greedy');
    const table = new Table(makeRules({ players: 3 }), [greedy.create(), bad.create(), greedy.create()] as NoThanksAgent[], ['greedy', 'bad', 'greedy']);
    for (let g = 0; g < 20; g++) table.play(hashString(`bad${g}`));
  }

  it('are stopped with a message naming the bot, the seat and the game seed', async () => {
    await expect(play(`() => { throw new Error('boom'); }`)).rejects.toThrow(/^bot "bad" in seat 1 \(game seed [0-9a-f]{16}\) threw boom$/);
    await expect(play(`() => 'maybe'`)).rejects.toThrow(/bot "bad" in seat 1 \(game seed [0-9a-f]{16}\) answered "maybe" \(expected "take" or "pass"\)/);
    await expect(play(`() => 'pass'`)).rejects.toThrow(/bot "bad" in seat 1 \(game seed [0-9a-f]{16}\) passed on card \d+ with no chips/);
  });
});
