import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runExperiment } from '../experiments/run-experiment.js';
import { validateExperiment } from '../experiments/experiment.js';
import { launchChromium } from '../testing/browser.js';

// The page must work offline, as a file: headless Chromium (.ci/run installs Debian's and requires it).
describe('report.html', () => {
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
