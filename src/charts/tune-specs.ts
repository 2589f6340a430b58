import type { TopLevelSpec } from 'vega-lite';

/**
 * Charts of a tuning run (src/tournament/tune.ts) beside its progress chart in specs.ts: the path of
 * each parameter of the method's answer as games are spent, and NTBEA's landscape (what its model
 * learnt of every level of every parameter).
 */

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';

/** Where a value lies in its tuned range, 0..1 (a choice: its position in the list), so parameters share an axis. */
export interface ParamPathPoint {
  games: number;
  name: string;
  position: number;
  value: string;
}

export function tunePathsChart(points: readonly ParamPathPoint[], title: string): TopLevelSpec {
  return {
    $schema: SCHEMA,
    title: { text: `The answer's parameters: ${title}`, subtitle: "each parameter's place in its tuned range (0: low end, 1: high end) as games are spent" },
    data: { values: [...points] },
    width: 420,
    height: 240,
    mark: { type: 'line', interpolate: 'step-after', point: { size: 12 } },
    encoding: {
      x: { field: 'games', type: 'quantitative', title: 'games spent' },
      y: { field: 'position', type: 'quantitative', title: 'place in the tuned range', scale: { domain: [0, 1] } },
      color: { field: 'name', type: 'nominal', title: 'parameter' },
      strokeDash: { field: 'name', type: 'nominal', title: 'parameter' },
      tooltip: [{ field: 'name' }, { field: 'value' }, { field: 'games' }],
    },
  };
}

/** NTBEA's 1-tuple statistics: each level's mean paired gain over the start (points per game), one panel per parameter. */
export function tuneLandscapeChart(
  levels: readonly { name: string; level: number | string; n: number; meanGain: number | null }[],
  title: string,
): TopLevelSpec {
  return {
    $schema: SCHEMA,
    title: {
      text: `What NTBEA learnt: ${title}`,
      subtitle: "each level's mean paired gain over the start (points per game, positive is better) in the evaluations that played it; size: how many",
    },
    data: { values: levels.filter((l) => l.meanGain !== null).map((l) => ({ ...l, level: String(l.level) })) },
    facet: { field: 'name', type: 'nominal', title: null },
    columns: 3,
    spec: {
      width: 180,
      height: 140,
      layer: [
        { mark: { type: 'rule', color: '#999' }, encoding: { y: { datum: 0 } } },
        {
          mark: { type: 'point', filled: true },
          encoding: {
            x: { field: 'level', type: 'ordinal', sort: null, title: 'level' },
            y: { field: 'meanGain', type: 'quantitative', title: 'mean gain (points per game)' },
            size: { field: 'n', type: 'quantitative', title: 'evaluations' },
          },
        },
      ],
    },
    resolve: { scale: { x: 'independent' } },
  };
}
