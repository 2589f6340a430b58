import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { distModule, PROJECT_ROOT } from '../paths.js';

/**
 * The models in the repository (models/*.onnx, each with a card and a JSON of its game, seat
 * count and the simple bots it must beat) play as the `net` bot: each beats `random` and its
 * game's simple bot on fixed-seed duplicate deals, by a paired difference whose whole interval is
 * below zero (lower scores are better).
 */
interface ModelFacts {
  game: string;
  players: number;
  beats: string[];
}

const dir = join(PROJECT_ROOT, 'models');
const models = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.onnx')) : [];

describe('the models in the repository', () => {
  it('are there, each with its card and facts', () => {
    expect(models.length).toBeGreaterThan(0);
    for (const m of models) {
      expect(existsSync(join(dir, m.replace(/\.onnx$/, '.md'))), `${m}'s card`).toBe(true);
      expect(existsSync(join(dir, m.replace(/\.onnx$/, '.json'))), `${m}'s facts`).toBe(true);
    }
  });

  it.each(models)(
    '%s beats the bots its facts list (models/NAME.json) on 100 fixed deals',
    (m) => {
      const facts = JSON.parse(readFileSync(join(dir, m.replace(/\.onnx$/, '.json')), 'utf8')) as ModelFacts;
      const out = mkdtempSync(join(tmpdir(), 'models-'));
      const net = `net:model=${join(dir, m)}`;
      const args = [
        'tournament',
        '--game',
        facts.game,
        '--players',
        String(facts.players),
        '--agents',
        [net, ...facts.beats].join(','),
        '--games',
        '100',
        '--seed',
        'models',
      ];
      const run = spawnSync(process.execPath, [distModule('cli/main.js'), ...args, '--threads', '2', '--out', join(out, 'run'), '--quiet'], {
        encoding: 'utf8',
      });
      expect(run.status, run.stderr).toBe(0);
      const summary = JSON.parse(readFileSync(join(out, 'run', 'summary.json'), 'utf8')) as {
        pairwise: { a: string; b: string; ciSimultaneous: [number, number] }[];
      };
      for (const other of facts.beats) {
        const pair = summary.pairwise.find((p) => (p.a === net && p.b === other) || (p.a === other && p.b === net));
        expect(pair, `${net} against ${other}`).toBeDefined();
        // Oriented as net minus the other: below zero is better for net.
        const ci = pair!.ciSimultaneous;
        const [lo, hi] = pair!.a === net ? ci : [-ci[1], -ci[0]];
        expect(hi, `${m} against ${other}: paired score difference [${lo}, ${hi}]`).toBeLessThan(0);
      }
    },
    240_000,
  );
});
