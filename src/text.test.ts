import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { distModule, PROJECT_ROOT } from './paths.js';
import { describeError, hasControlCharacters, intervalText, printable } from './text.js';

const ESC = '\u001b';

describe('text from outside the lab, on a terminal', () => {
  it('shows control characters as escapes and keeps newlines and ordinary text', () => {
    expect(printable(`${ESC}]0;owned\u0007 ${ESC}[2J x\r\ny\u009b`)).toBe('\\u{1b}]0;owned\\u{7} \\u{1b}[2J x\\u{d}\ny\\u{9b}');
    expect(printable('mc:rollouts=30 · 6 nimmt! é')).toBe('mc:rollouts=30 · 6 nimmt! é');
    expect(hasControlCharacters(`a${ESC}b`)).toBe(true);
    expect(hasControlCharacters('a b')).toBe(false);
    // Bidirectional overrides and isolates reorder what a terminal or a spreadsheet shows.
    expect(printable('mc\u202egnp.exe\u2066x')).toBe('mc\\u{202e}gnp.exe\\u{2066}x');
    expect(hasControlCharacters('bot\u202e')).toBe(true);
  });

  it('replay refuses a record whose bot names hold escape sequences, naming them without sending them; a bot file named so is refused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nothanks-text-'));
    const record = JSON.parse(readFileSync(join(PROJECT_ROOT, 'src', 'games', 'no-thanks', 'golden-bots.jsonl'), 'utf8').split('\n')[0]!);
    record.agents[0] = `${ESC}]0;owned${ESC}\\${ESC}[2J`;
    writeFileSync(join(dir, 'evil.jsonl'), `${JSON.stringify(record)}\n`);
    const cli = (args: string[]) => spawnSync(process.execPath, [distModule('cli/main.js'), ...args], { cwd: dir, encoding: 'utf8' });
    const shown = cli(['replay', 'evil.jsonl', '--show', '1']);
    expect(shown.status).toBe(1);
    expect(shown.stderr).toMatch(/^nothanks: evil\.jsonl: game 1: "agents" must be bot names without control characters, got \["\\u001b\]0;owned/);
    expect(shown.stderr + shown.stdout).not.toContain(ESC);

    writeFileSync(join(dir, 'evil.mjs'), `export default { name: '\\u001b[2Jevil', params: {}, create: () => ({ decide: () => 'take' }) };`);
    const run = cli(['tournament', '--agents', './evil.mjs,greedy', '--players', '3', '--games', '5', '--out', 'out']);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^nothanks: agent file .*evil\.mjs: "name" must not hold control characters, got "\\u001b\[2Jevil"\n$/);
    expect(run.stderr).not.toContain(ESC);
  });
});

describe('describeError', () => {
  it('gives every thrown value a line of text, and never throws itself', () => {
    expect(describeError(new Error('boom'))).toBe('boom');
    expect(describeError(new TypeError(''))).toBe('TypeError (with no message)');
    expect(describeError('plain')).toBe('plain');
    expect(describeError(undefined)).toBe('undefined');
    expect(describeError('')).toBe('an empty value was thrown');
    const hostile = {
      toString() {
        throw new Error('no');
      },
    };
    expect(describeError(hostile)).toBe('a value whose text cannot be read was thrown');
    const sneaky = new Error('x');
    Object.defineProperty(sneaky, 'message', {
      get() {
        throw new Error('no');
      },
    });
    expect(describeError(sneaky)).toBe('a value whose text cannot be read was thrown');
  });
});

describe('intervalText', () => {
  it('never prints -0.0, and gives tiny intervals the decimals that tell their ends apart (before, [-0.0, 0.0])', () => {
    expect(intervalText(-0.003, 0.002, 1)).toBe('[-0.003, 0.002]');
    expect(intervalText(-0.01, 0.04, 1)).toBe('[-0.01, 0.04]');
    expect(intervalText(-0.0, 0, 1)).toBe('[0.0, 0.0]');
    expect(intervalText(-0.04, 2.5, 1)).toBe('[0.0, 2.5]');
    expect(intervalText(-1.25, 3.5, 2)).toBe('[-1.25, 3.50]');
    expect(intervalText(Number.NaN, 1, 2)).toBe('n/a');
  });
});
