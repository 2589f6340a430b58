import { join } from 'node:path';
import { renderChart, type RenderedChart } from '../charts/render.js';
import { tuneProgressChart } from '../charts/specs.js';
import { tuneLandscapeChart, tunePathsChart, type ParamPathPoint } from '../charts/tune-specs.js';
import { writeFileAtomic } from '../files.js';
import type { TuneDimension, TuneResult } from '../tournament/tune.js';
import { escapeHtml, htmlTable, type ReportSection } from './report.js';
import { csv } from './tournament-outputs.js';

/** A setting as `name=value ...`. */
const show = (p: Record<string, unknown>): string =>
  Object.entries(p)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');

const signed = (x: number): string => `${x >= 0 ? '+' : ''}${x.toFixed(2)}`;
const interval = (c: [number, number]): string => `[${signed(c[0])}, ${signed(c[1])}]`;

/** What a tuning run found, one line each: the answer, the held-out check against the start and each compared setting, the spec. */
export function tuneHeadlines(r: TuneResult): string[] {
  const h = r.holdout;
  return [
    `${r.partial ? `PARTIAL (${r.stopped === undefined ? 'interrupted' : 'stopped by a bot'}): ` : ''}${r.method} tuned ${r.agent} (${r.dimensions.map((d) => d.name).join(', ')}) against ${r.fieldLabels.join(', ')} at ${r.players} players in ${r.gamesUsed} of ${r.budget} games: ${show(r.tuned)} (started from ${show(r.start)}).`,
    h.planned === 0
      ? r.partial
        ? `${r.stopped === undefined ? 'Interrupted' : 'Stopped'} before the held-out check: the setting above is the best so far, unconfirmed.`
        : 'The tuned setting is the starting one: nothing to confirm.'
      : `Held out (${h.deals}${h.deals < h.planned ? ` of ${h.planned} planned (interrupted)` : ''} deals of seed ${h.seed}, not used to tune): gain over the start ${signed(h.meanGain)} ${interval(h.ci)} points per game (its score below the start's, paired 95%); ${h.holds ? 'the gain holds' : h.ci[1] < 0 ? 'the tuned setting is worse: keep the start' : 'the gain is not confirmed'}.`,
    ...h.against.map(
      (c) =>
        `Against ${c.spec} on the same held-out deals: gain ${signed(c.meanGain)} ${interval(c.ci)} points per game (p = ${c.p.toPrecision(2)}); ${c.ci[0] > 0 ? 'tuned is better' : c.ci[1] < 0 ? 'tuned is worse' : 'no difference shown'}.`,
    ),
    // An interrupted run has only the best setting so far: it won nothing.
    `${r.partial ? 'Leading spec so far (partial, unconfirmed)' : 'Winning spec'}: --agents '${r.spec}'`,
  ];
}

/** A value's place in its tuned range, 0..1. */
function position(d: TuneDimension, v: number | string): number {
  const n = d.choices ? d.choices.indexOf(String(v)) : Number(v);
  return (n - d.lo) / (d.hi - d.lo);
}

/**
 * Writes a tuning run's files into dir: tune.json (every evaluation), trace.csv, the charts
 * (progress, the answer's parameter paths, NTBEA's landscape); returns the report's sections and the files.
 */
export async function writeTuneOutputs(dir: string, r: TuneResult, png = true): Promise<{ headlines: string[]; sections: ReportSection[]; files: string[] }> {
  writeFileAtomic(join(dir, 'tune.json'), JSON.stringify(r, null, 2) + '\n');
  const names = r.dimensions.map((d) => d.name);
  writeFileAtomic(
    join(dir, 'trace.csv'),
    csv(
      r.evaluations.map((e) => ({
        step: e.step,
        games: e.games,
        ...Object.fromEntries(names.map((n) => [n, e.params[n]])),
        meanScore: e.meanScore,
        gain: e.gain,
        ...Object.fromEntries(names.map((n) => [`best_${n}`, e.best[n]])),
        bestGain: e.bestGain ?? '',
        partial: String(r.partial),
      })),
      ['step', 'games', ...names, 'meanScore', 'gain', ...names.map((n) => `best_${n}`), 'bestGain', 'partial'],
    ),
  );
  const title = `${r.method}: ${r.agent}`;
  // SPSA's evaluations compare its two perturbed settings with each other (a gradient signal
  // around 0), NTBEA's each candidate with the start: the chart says which it shows.
  const shows =
    r.method === 'spsa'
      ? 'each step: theta+ against theta- on the same deals (a gradient signal, not a gain over the start)'
      : 'each evaluation: the candidate against the start on the same deals';
  const charts: RenderedChart[] = [await renderChart(dir, 'tune-progress', tuneProgressChart(r.evaluations, title, shows), png)];
  const path: ParamPathPoint[] = r.evaluations.flatMap((e) =>
    r.dimensions.map((d) => ({ games: e.games, name: d.name, position: position(d, e.best[d.name]!), value: String(e.best[d.name]) })),
  );
  if (path.length > 0) charts.push(await renderChart(dir, 'tune-paths', tunePathsChart(path, title), png));
  if (r.landscape.some((l) => l.meanGain !== null)) charts.push(await renderChart(dir, 'tune-landscape', tuneLandscapeChart(r.landscape, title), png));
  const headlines = tuneHeadlines(r);
  const h = r.holdout;
  const sections: ReportSection[] = [
    {
      heading: 'Result',
      html: `<ul>${headlines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
      charts,
    },
    {
      heading: 'Held-out check',
      html:
        h.deals === 0
          ? '<p>No held-out check was played.</p>'
          : `<p>${escapeHtml(`${h.deals}${h.deals < h.planned ? ` of ${h.planned} planned (PARTIAL: interrupted)` : ''} deals of seed ${h.seed}, every setting on each: points per game the tuned setting (${r.spec}) scores below each (positive: tuned is better).`)}</p>${htmlTable(
              ['', 'spec', 'tuned better by', '95% CI', 'p'],
              [
                ['start', r.startSpec, h.meanGain.toFixed(2), interval(h.ci), h.p.toPrecision(2)],
                ...h.against.map((c) => ['compared', c.spec, c.meanGain.toFixed(2), interval(c.ci), c.p.toPrecision(2)]),
              ],
            )}`,
    },
    {
      heading: 'The last evaluations',
      html: htmlTable(
        ['step', 'games', ...names, 'gain'],
        r.evaluations.slice(-15).map((e) => [e.step, e.games, ...names.map((n) => String(e.params[n])), e.gain.toFixed(2)]),
      ),
    },
  ];
  const files = ['tune.json', 'trace.csv', ...charts.map((c) => `${c.name}.svg`)];
  return { headlines, sections, files };
}
