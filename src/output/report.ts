import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { RenderedChart } from '../charts/render.js';
import { writeFileAtomic } from '../files.js';

export interface ReportSection {
  heading: string;
  /** Trusted HTML built by the lab (tables, paragraphs). */
  html?: string;
  charts?: RenderedChart[];
}

/** Escapes text for HTML (element content and quoted attributes). */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An HTML table from rows of already formatted cells. */
export function htmlTable(header: string[], rows: (string | number)[][]): string {
  const cells = (r: (string | number)[], tag: string): string => r.map((c) => `<${tag}>${escapeHtml(String(c))}</${tag}>`).join('');
  return `<table><thead><tr>${cells(header, 'th')}</tr></thead><tbody>${rows.map((r) => `<tr>${cells(r, 'td')}</tr>`).join('')}</tbody></table>`;
}

/**
 * A link to the replay viewer (replay.html beside the report, src/web/) showing one game: the
 * record travels in the link's fragment, so it works from file:// and any server, offline.
 */
export function replayLink(record: string, text: string): string {
  return `<p class="replay"><a href="replay.html#record=${escapeHtml(encodeURIComponent(record))}">${escapeHtml(text)}</a></p>`;
}

/**
 * report.html: one self-contained page (Vega inlined, no network) with interactive charts, every
 * table, and links to the files of the run. Charts are the compiled Vega specs, rendered as SVG.
 */
export function writeReport(dir: string, title: string, intro: string, sections: ReportSection[], files: string[]): string {
  const vegaSource = readFileSync(join(createRequire(import.meta.url).resolve('vega'), '..', '..', 'build', 'vega.min.js'), 'utf8');
  const charts = sections.flatMap((s) => s.charts ?? []);
  const body = sections
    .map((s) => {
      const figures = (s.charts ?? [])
        .map((c) => {
          const png = existsSync(join(dir, `${c.name}.png`)) ? ` · <a href="${escapeHtml(c.name)}.png">PNG</a>` : '';
          return `<figure><div class="chart" id="chart-${escapeHtml(c.name)}" data-chart="${escapeHtml(c.name)}"></div><figcaption>${escapeHtml(c.title)} · <a href="${escapeHtml(c.name)}.svg">SVG</a>${png} · <a href="${escapeHtml(c.name)}.vl.json">Vega-Lite</a></figcaption></figure>`;
        })
        .join('\n');
      return `<section><h2>${escapeHtml(s.heading)}</h2>${s.html ?? ''}${figures}</section>`;
    })
    .join('\n');
  const specs = JSON.stringify(Object.fromEntries(charts.map((c) => [c.name, c.vega]))).replace(/</g, '\\u003c');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: 'DejaVu Sans', system-ui, sans-serif; margin: 2rem auto; max-width: 72rem; padding: 0 1rem; color: #222; }
table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; font-size: 0.9rem; }
th, td { border-bottom: 1px solid #ddd; padding: 0.25rem 0.6rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
figure { margin: 1rem 0 2rem; }
/* Nothing may widen the page past the window: a chart or table wider than the column scrolls in its own box. */
.chart, table { max-width: 100%; overflow-x: auto; }
table { display: block; }
figcaption { font-size: 0.8rem; color: #666; }
.files { font-size: 0.85rem; columns: 3; }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>${intro}</p>
${body}
<section><h2>Files of this run</h2><ul class="files">${files.map((f) => `<li><a href="${escapeHtml(f)}">${escapeHtml(f)}</a></li>`).join('')}</ul></section>
<script>${vegaSource}</script>
<script>
const specs = ${specs};
for (const el of document.querySelectorAll('.chart')) {
  const view = new vega.View(vega.parse(specs[el.dataset.chart]), { renderer: 'svg', container: el, hover: true });
  view.runAsync().then(() => el.setAttribute('data-rendered', 'true')).catch((e) => { el.textContent = 'chart failed: ' + e.message; console.error(e); });
}
</script>
</body>
</html>
`;
  const path = join(dir, 'report.html');
  writeFileAtomic(path, html);
  return path;
}
