import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AtomicLineWriter, makeDirs, newResultsDir, prepareOutputDir, releaseRunFolders, removeStaleTmp, writeFileAtomic } from './files.js';

describe('result folders and files', () => {
  it('gives every run its own default folder, also runs started in the same second', () => {
    const root = mkdtempSync(join(tmpdir(), 'nothanks-dirs-'));
    // Before, the name was only checked for existence: two runs that had not yet written their
    // folder (cluster array tasks starting together) got the same one.
    const dirs = Array.from({ length: 5 }, () => newResultsDir('tournament', root));
    expect(new Set(dirs).size).toBe(5);
    for (const d of dirs) expect(existsSync(d)).toBe(true);
  });

  it('removes the temporary files of dead processes, not of live ones or of other hosts beside a file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nothanks-tmp-'));
    const host = hostname().replace(/[^A-Za-z0-9-]/g, '-');
    const dead = `g.jsonl.${host}.999999.tmp`;
    const live = `g.jsonl.${host}.${process.ppid}.tmp`;
    const elsewhere = 'g.jsonl.other-host.5.tmp';
    for (const f of [dead, live, elsewhere, 'h.jsonl.x.1.tmp']) writeFileSync(join(dir, f), '');
    expect(removeStaleTmp(join(dir, 'g.jsonl'))).toEqual([dead]);
    // A run folder being resumed belongs to the resuming run: everything temporary in it goes.
    expect(removeStaleTmp(dir, true).sort()).toEqual([elsewhere, 'h.jsonl.x.1.tmp', live].sort());
    writeFileAtomic(join(dir, 'summary.json'), '{}');
    expect(readdirSync(dir)).toEqual(['summary.json']);
  });

  it('makes nested folders, and fails at once with one line where no folder can be made (under /proc, where Node 20 hung)', () => {
    const root = mkdtempSync(join(tmpdir(), 'nothanks-mkdir-'));
    makeDirs(join(root, 'a', 'b', 'c'));
    makeDirs(join(root, 'a', 'b', 'c')); // already there: nothing to do
    expect(existsSync(join(root, 'a', 'b', 'c'))).toBe(true);
    writeFileSync(join(root, 'file'), '');
    expect(() => prepareOutputDir(join(root, 'file', 'run'))).toThrow(/^cannot write to .*file\/run/);
    if (existsSync('/proc/self')) expect(() => prepareOutputDir('/proc/nothanks-run')).toThrow(/^cannot write to \/proc\/nothanks-run/);
  });

  it('--force removes only the files the lab wrote, also inside its folders, and refuses to write over a file of the user', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'nothanks-force-')), 'run');
    prepareOutputDir(dir);
    writeFileAtomic(join(dir, 'players-3', 'summary.json'), '{}');
    writeFileAtomic(join(dir, 'state', 'run.json'), '{}');
    writeFileAtomic(join(dir, 'report.html'), '');
    releaseRunFolders();
    // Before, the list named only players-3 and state, and --force removed them whole.
    writeFileSync(join(dir, 'players-3', 'my-analysis.ipynb'), 'mine');
    prepareOutputDir(dir, true);
    expect(readdirSync(dir).sort()).toEqual(['.nothanks-lock', 'players-3']);
    expect(readdirSync(join(dir, 'players-3'))).toEqual(['my-analysis.ipynb']);
    // The new run writes beside the user's file, never over it.
    writeFileAtomic(join(dir, 'players-3', 'summary.json'), '{}');
    expect(() => writeFileAtomic(join(dir, 'players-3', 'my-analysis.ipynb'), '')).toThrow(
      /^cannot write .*my-analysis\.ipynb: a file the lab did not write is in the way/,
    );
    expect(readFileSync(join(dir, 'players-3', 'my-analysis.ipynb'), 'utf8')).toBe('mine');
    releaseRunFolders();
  });

  it("--force leaves a link the user put in place of one of the lab's folders, and what is behind it", () => {
    const base = mkdtempSync(join(tmpdir(), 'nothanks-force-link-'));
    const dir = join(base, 'run');
    prepareOutputDir(dir);
    writeFileAtomic(join(dir, 'state', 'run.json'), '{}');
    writeFileAtomic(join(dir, 'report.html'), '');
    releaseRunFolders();
    const elsewhere = join(base, 'elsewhere');
    mkdirSync(elsewhere);
    writeFileSync(join(elsewhere, 'keep.txt'), 'mine');
    rmSync(join(dir, 'state'), { recursive: true });
    symlinkSync(elsewhere, join(dir, 'state'));
    // It threw ENOTDIR at the link, after removing the other files, and every later --force did the same.
    prepareOutputDir(dir, true);
    expect(readdirSync(dir).sort()).toEqual(['.nothanks-lock', 'state']);
    expect(readdirSync(elsewhere)).toEqual(['keep.txt']);
    releaseRunFolders();
  });

  it.runIf(existsSync('/dev/full'))('names the file and the cause when a line cannot be written (a full disk), and leaves no cut-off file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nothanks-full-'));
    const path = join(dir, 'g.jsonl');
    // The writer's temporary file is /dev/full, where every write fails with ENOSPC.
    symlinkSync('/dev/full', `${path}.${hostname().replace(/[^A-Za-z0-9-]/g, '-')}.${process.pid}.tmp`);
    const w = new AtomicLineWriter(path);
    // Before, the write threw Node's ENOSPC with a stack, and close() put the cut-off file in place.
    expect(() => w.write('{"a":1}\n')).toThrow(/^cannot write .*g\.jsonl: no space left$/);
    w.write('{"a":2}\n'); // nothing more after a failure
    w.close();
    expect(readdirSync(dir)).toEqual([]);
  });
});
