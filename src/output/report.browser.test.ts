import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'vitest';
import { runExperiment } from '../experiments/run-experiment.js';
import { validateExperiment } from '../experiments/experiment.js';
import { launchChromium } from '../testing/browser.js';

// The page must work offline, as a file: headless Chromium (.ci/run installs Debian's and requires it).
describe('report.html', () => {
  // The two experiments and their pages at once, a Chromium each.
  it.concurrent.for<[Record<string, unknown>, number, number, string[]]>([
    [
      // Four bots at three table sizes: the pairwise heat map's widest common case.
      {
        kind: 'strategies',
        title: 'Report test',
        agents: ['random', 'greedy', 'threshold', 'mc'],
        players: [3, 4, 5],
        games: 2,
        seed: 'report',
        seatings: 'rotations',
      },
      4,
      4,
      ['players at the table', 'row - column (points per game)'],
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
      ['arm'],
    ],
  ])(
    'renders every chart in headless Chromium with no console errors, no network and no injected markup (%#)',
    async ([raw, chartCount, tableCount, legendTitles], { expect }) => {
      const dir = mkdtempSync(join(tmpdir(), 'nothanks-report-'));
      const exp = validateExperiment(raw);
      const run = await runExperiment(exp, { out: dir, quiet: true, threads: 1 });
      const html = readFileSync(run.report, 'utf8');
      expect(html).not.toMatch(/<img src=x|<script>alert/);
      expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href="http/);

      const browser = await launchChromium();
      try {
        // A laptop's window: the page must fit it (the heat map once pushed it to 1346 px).
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
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
        // No horizontal scrolling of the page, and no chart leaning on its own scroll box either.
        expect(await page.evaluate('[document.documentElement.scrollWidth, innerWidth]')).toEqual([1280, 1280]);
        const tooWide = await page.evaluate(
          "[...document.querySelectorAll('.chart')].filter((c) => c.querySelector('svg').getBoundingClientRect().width > c.clientWidth).map((c) => c.dataset.chart)",
        );
        expect(tooWide).toEqual([]);
        // Vega cuts a text that outruns its limit with an ellipsis; every legend title shows whole, inside the window.
        expect(await page.evaluate("[...document.querySelectorAll('svg text')].map((t) => t.textContent).filter((t) => t.includes('\u2026'))")).toEqual([]);
        const titles = (await page.evaluate(
          "[...document.querySelectorAll('.role-legend-title text')].map((t) => ({ text: t.textContent, right: t.getBoundingClientRect().right }))",
        )) as { text: string; right: number }[];
        for (const title of legendTitles) expect(titles.map((t) => t.text)).toContain(title);
        for (const title of titles) expect(title.right, title.text).toBeLessThanOrEqual(1280);
        expect(await page.locator('img').count()).toBe(0);
        expect(errors).toEqual([]);
        expect(requests).toEqual([]);
      } finally {
        await browser.close();
      }
    },
  );
});
