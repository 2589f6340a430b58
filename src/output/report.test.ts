import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';
import { runExperiment } from '../experiments/run-experiment.js';
import { validateExperiment } from '../experiments/experiment.js';
import { describeBrowser, launchChromium } from '../testing/browser.js';

// The page must work offline, as a file: headless Chromium (.ci/run installs Debian's and requires it).
describeBrowser('report.html', () => {
  it.each([
    [
      { kind: 'strategies', title: 'Report test', agents: ['random', 'greedy', 'threshold'], players: [3, 4], games: 4, seed: 'report', seatings: 'rotations' },
      4,
      4,
    ],
    [
      {
        kind: 'compare',
        title: 'Compare <script>alert(1)</script>',
        arms: [
          { name: 'base <img src=x onerror=alert(1)>', game: 'no-thanks', agents: ['random', 'threshold'] },
          { name: 'specials', game: 'no-thanks-specials', agents: ['random', 'value'] },
        ],
        players: [3],
        games: 3,
        seed: 'report',
      },
      4,
      3,
    ],
  ])('renders every chart in headless Chromium with no console errors, no network and no injected markup (%#)', async (raw, chartCount, tableCount) => {
    const dir = mkdtempSync(join(tmpdir(), 'nothanks-report-'));
    const exp = validateExperiment(raw);
    const run = await runExperiment(exp, { out: dir, quiet: true, threads: 1 });
    const html = readFileSync(run.report, 'utf8');
    expect(html).not.toMatch(/<img src=x|<script>alert/);
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href="http/);

    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      const requests: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('request', (r) => !r.url().startsWith('file:') && requests.push(r.url()));
      await page.goto(pathToFileURL(run.report).href);
      const charts = page.locator('.chart');
      expect(await charts.count()).toBe(chartCount);
      // A string runs in the page (the type check has no DOM library, on purpose: the lab is for Node).
      await page.waitForFunction("[...document.querySelectorAll('.chart')].every((c) => c.getAttribute('data-rendered') === 'true')", null, {
        timeout: 20_000,
      });
      for (const chart of await charts.all()) {
        expect(await chart.locator('svg path, svg line, svg rect').count()).toBeGreaterThan(5);
      }
      expect(await page.locator('table').count()).toBeGreaterThanOrEqual(tableCount);
      expect(await page.locator('img').count()).toBe(0);
      expect(errors).toEqual([]);
      expect(requests).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

// Every page the lab writes, fed hostile text everywhere a user's words reach it: titles,
// descriptions, seeds, arm names and a bot file whose own name is markup (labels are bot names).
it('escapes hostile titles, seeds, arm names and bot names in every kind of report', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'nothanks-hostile-'));
  const evil = '</script><script>alert(1)</script><img src=x onerror=alert(2)>';
  const bot = join(dir, 'evil.mjs');
  writeFileSync(
    bot,
    `export default { name: ${JSON.stringify(`evil${evil}`)}, params: {}, create: () => ({ decide: (o) => (o.myChips === 0 || o.card < 12 ? 'take' : 'pass') }) };`,
  );
  const common = { title: `T ${evil}`, description: `D ${evil}`, seed: `S ${evil}`, games: 3 };
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
  for (const raw of experiments) {
    const run = await runExperiment(validateExperiment({ ...common, ...raw }), { out: join(dir, raw.kind), quiet: true, threads: 1 });
    const html = readFileSync(run.report, 'utf8');
    expect(html, raw.kind).not.toMatch(/<img src=x|<script>alert|<\/script><script>/);
    expect(html, raw.kind).toMatch(/&#60;img src=x|\\u003cimg src=x/);
  }
});
