import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runExperiment } from '../experiments/run-experiment.js';
import { validateExperiment } from '../experiments/experiment.js';

// The page must work offline, as a file: headless Chromium (.ci/run installs Debian's and requires it).
// Every page the lab writes, fed hostile text everywhere a user's words reach it: titles,
// descriptions, seeds, arm names and a bot file whose own name is markup (labels are bot names).
const dir = mkdtempSync(join(tmpdir(), 'nothanks-hostile-'));
const evil = '</script><script>alert(1)</script><img src=x onerror=alert(2)>';
const bot = join(dir, 'evil.mjs');
// Bot names are at most 64 characters: the markup that fits.
writeFileSync(
  bot,
  `export default { name: ${JSON.stringify('</script><script>alert(1)</script><img src=x>')}, params: {}, create: () => ({ decide: (o) => (o.myChips === 0 || o.card < 12 ? 'take' : 'pass') }) };`,
);
// No PNGs: hostile text reaches the pages, never a PNG (the charts' own tests render those).
const common = { title: `T ${evil}`, description: `D ${evil}`, seed: `S ${evil}`, games: 3, png: false };
const experiments = [
  { kind: 'strategies', agents: [bot, 'random', 'greedy'], players: [3], seatings: 'rotations' },
  { kind: 'player-count', agents: [bot, 'greedy', 'random'], players: [3, 4] },
  { kind: 'thresholds', agent: 'threshold', grid: { margin: '1..2' }, field: [bot, 'greedy'], players: 3, rounds: 1 },
  {
    kind: 'compare',
    arms: [
      { name: `A ${evil}`, game: 'no-thanks', agents: [bot, 'random'] },
      { name: 'B', game: 'no-thanks', agents: ['greedy', 'random'] },
    ],
    players: [3],
  },
  { kind: 'ladder', agents: [bot, 'random', 'greedy'], players: [3], seatings: 'rotations' },
];
// One test a kind, each with its own time limit (the five in one test outran 60 s on a busy machine).
it.each(experiments.map((raw) => [raw.kind, raw] as const))('escapes hostile titles, seeds, arm names and bot names in a %s report', async (kind, raw) => {
  const run = await runExperiment(validateExperiment({ ...common, ...raw }), { out: join(dir, kind), quiet: true, threads: 1 });
  const html = readFileSync(run.report, 'utf8');
  expect(html, kind).not.toMatch(/<img src=x|<script>alert|<\/script><script>/);
  expect(html, kind).toMatch(/&#60;img src=x|\\u003cimg src=x/);
});
