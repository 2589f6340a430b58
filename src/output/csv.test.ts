import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTournament } from '../tournament/run.js';
import { spreadsheetSafe, summaryJson, writeTournamentOutputs } from './tournament-outputs.js';

describe('CSV outputs', () => {
  it('never start a text cell like a formula, and leave numbers written as text alone', () => {
    expect(spreadsheetSafe('=HYPERLINK("http://x","y")')).toBe('\'=HYPERLINK("http://x","y")');
    for (const s of ['+1+1', '-cmd', '@SUM(A1)', '\tx', '\rx']) expect(spreadsheetSafe(s)).toBe(`'${s}`);
    for (const s of ['-3.2500', '+2', 'greedy', 'mc:rollouts=30', '']) expect(spreadsheetSafe(s)).toBe(s);
  });

  it('hold numbers a spreadsheet loads as numbers (p-values too), and a hostile bot name as text', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nothanks-csv-'));
    const bot = join(dir, 'evil.mjs');
    writeFileSync(
      bot,
      `export default { name: '=HYPERLINK("http://evil")', params: {}, create: () => ({ decide: (o) => (o.myChips === 0 || o.card < 15 ? 'take' : 'pass') }) };`,
    );
    const r = await runTournament({ pool: [bot, 'greedy', 'random'], rules: { players: 3 }, games: 60, seed: 'csv', threads: 1 });
    writeTournamentOutputs(dir, summaryJson(r, { seed: 'csv', games: 60, format: 'single', seatingMode: 'rotations', selfPlay: false }));
    // No cell of pairwise.csv holds a comma here (the bot's name has none), so a split reads it.
    const [header, ...lines] = readFileSync(join(dir, 'pairwise.csv'), 'utf8').trim().split('\n');
    const rows = lines.map((line) => Object.fromEntries(line.split(',').map((cell, i) => [header!.split(',')[i]!, cell])));
    expect(rows.length).toBe(3);
    for (const row of rows) {
      for (const column of ['p', 'pHolm', 'pAdjusted', 'winSharePAdjusted', 'meanDiff']) {
        expect(row[column], `${column} = ${row[column]}`).toMatch(/^-?\d+(\.\d+)?(e-?\d+)?$/);
        expect(Number(row[column])).toBeGreaterThanOrEqual(column === 'meanDiff' ? -Infinity : 0);
      }
    }
    const summary = readFileSync(join(dir, 'summary.csv'), 'utf8');
    expect(summary).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(summary).not.toMatch(/^"?=HYPERLINK/m);
  });
});
