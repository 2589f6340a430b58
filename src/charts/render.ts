import { join } from 'node:path';
import type * as vega from 'vega';
import type { TopLevelSpec } from 'vega-lite';
import { writeFileAtomic } from '../files.js';

/**
 * Vega, Vega-Lite and resvg load on the first chart: they are hundreds of modules, most of every
 * command's start-up time, and most commands (and every failing one) draw nothing.
 */
let drawing: Promise<[typeof import('vega'), typeof import('vega-lite'), typeof import('@resvg/resvg-js')]> | undefined;
const loadDrawing = () => (drawing ??= Promise.all([import('vega'), import('vega-lite'), import('@resvg/resvg-js')]));

export interface RenderedChart {
  name: string;
  title: string;
  /** The compiled Vega spec: what report.html renders interactively. */
  vega: vega.Spec;
}

/** Writes NAME.vl.json, NAME.svg and (unless png is false) NAME.png; returns the compiled spec. */
export async function renderChart(dir: string, name: string, spec: TopLevelSpec, png = true): Promise<RenderedChart> {
  const [vega, { compile }, { Resvg }] = await loadDrawing();
  const compiled = compile(spec, { logger: vega.logger(vega.None) }).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  const svg = await view.toSVG();
  view.finalize();
  writeFileAtomic(join(dir, `${name}.vl.json`), JSON.stringify(spec, null, 2) + '\n');
  writeFileAtomic(join(dir, `${name}.svg`), svg);
  if (png) {
    const image = new Resvg(svg, {
      background: 'white',
      fitTo: { mode: 'zoom', value: 2 },
      font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
    }).render();
    writeFileAtomic(join(dir, `${name}.png`), image.asPng());
  }
  const title =
    typeof spec.title === 'string'
      ? spec.title
      : Array.isArray(spec.title)
        ? spec.title.join(' ')
        : String((spec.title as { text?: unknown } | undefined)?.text ?? name);
  return { name, title, vega: compiled };
}
