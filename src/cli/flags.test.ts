import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { distModule } from '../paths.js';
import { runCli } from './program.js';

const dir = mkdtempSync(join(tmpdir(), 'nothanks-flags-'));
// What a command refuses and writes: the CLI in this process (no Node start per case).
const inProcess = (args: string[]) => runCli(args, dir);
const play = ['tournament', '--agents', 'greedy,random', '--players', '3', '--games', '5'];

// Flags that used to be taken silently (the last of two values, an empty path meaning "here", a
// switch reading "maybe" as false): each is one line and exit 1 now, before anything is written.
describe('flag values', () => {
  it.each([
    [[...play, '--out', ''], /^nothanks: --out must not be empty$/],
    [[...play, '--log', ' '], /^nothanks: --log must not be empty$/],
    [[...play, '--per-game', ''], /^nothanks: --per-game must not be empty$/],
    [['web', '--out', ''], /^nothanks: --out must not be empty$/],
    [['web', '--host', ''], /^nothanks: --host must not be empty$/],
    [[...play, '--agents', 'mc'], /^nothanks: --agents is given more than once$/],
    [[...play, '--seed', '1', '--seed', '2'], /^nothanks: --seed is given more than once$/],
    [[...play, '--seatings', 'all', '--seatings', 'rotations'], /^nothanks: --seatings is given more than once$/],
    [['web', '--results', 'a', '--results', 'b'], /^nothanks: --results is given more than once$/],
    [['sweep', '--agent', 'threshold', '--agent', 'greedy', '--grid', 'margin=0..2', '--field', 'greedy'], /^nothanks: --agent is given more than once$/],
    [[...play, '--open-chips=maybe'], /^nothanks: --open-chips is a switch: give it alone, or =true \/ =false, not "maybe"$/],
  ])('%j', async (args, message) => {
    const r = await inProcess(args);
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('never renames over what is not a regular file the lab could own: a device, a folder, a link', async () => {
    const other = mkdtempSync(join(tmpdir(), 'nothanks-devices-'));
    writeFileSync(join(other, 'mine.jsonl'), 'my own notes\n');
    symlinkSync(join(other, 'mine.jsonl'), join(other, 'link.jsonl'));
    for (const [target, kind] of [
      ['/dev/null', 'a device or special file'],
      [other, 'a folder'],
      [join(other, 'link.jsonl'), 'a symbolic link'],
    ] as const) {
      const r = await inProcess([...play, '--log', target, '--force', '--out', join(other, 'out')]);
      expect(r.status).toBe(1);
      expect(r.stderr.trim()).toBe(`nothanks: ${target} is ${kind}, not a regular file: the lab writes only regular files (choose a file path)`);
    }
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
    expect(lstatSync(join(other, 'link.jsonl')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(other, 'mine.jsonl'), 'utf8')).toBe('my own notes\n');
    const same = await inProcess([...play, '--log', 'x.txt', '--per-game', './x.txt']);
    expect(same.stderr.trim()).toBe('nothanks: --log and --per-game name the same file: give each its own');
  });

  it('still takes a switch with =true and a list flag given several values', async () => {
    expect((await inProcess([...play, '--open-chips=true', '--out', 'ok', '-q'])).status).toBe(0);
    expect(existsSync(join(dir, 'ok', 'summary.json'))).toBe(true);
  });
});

describe('replay input', () => {
  it('refuses a device or a folder as a records file instead of reading forever', () => {
    for (const path of ['/dev/zero', dir]) {
      const r = spawnSync(process.execPath, [distModule('cli/main.js'), 'replay', path], { encoding: 'utf8', timeout: 20_000 });
      expect(r.error).toBeUndefined();
      expect(r.status).toBe(1);
      expect(r.stderr.trim()).toBe(`nothanks: cannot read ${path}: not a file of game records`);
    }
  });
});
