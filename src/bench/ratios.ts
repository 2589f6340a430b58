import { describeLoad, type MachineLoad } from './reference.js';

/**
 * One line of the benchmark's target table: a figure measured in this run (a ratio where one can
 * be taken in the same run, since the machine is noisy), its target and whether it is met; null
 * when it could not be measured (a C reference missing), with the reason in `note`.
 */
export interface Ratio {
  what: string;
  value: number | null;
  /** How the value is printed: a ratio (0.42), a speed-up (1.85x), a percentage, ms, us or MB. */
  unit: 'ratio' | 'x' | '%' | 'ms' | 'us' | 'MB';
  /** The target: at least (>=) or at most (<=) this value; none for a figure shown for context. */
  target?: { atLeast: number } | { atMost: number };
  note?: string;
}

function show(value: number, unit: Ratio['unit']): string {
  if (unit === 'x') return `${value.toFixed(2)}x`;
  if (unit === '%') return `${(value * 100).toFixed(1)}%`;
  if (unit === 'ms') return `${value.toFixed(2)} ms`;
  if (unit === 'us') return `${value.toFixed(1)} us`;
  if (unit === 'MB') return `${value.toFixed(0)} MB`;
  return value.toFixed(2);
}

/** Whether a ratio meets its target: true, false, or null (no target, or not measured). */
export function met(r: Ratio): boolean | null {
  if (r.value === null || !r.target) return null;
  return 'atLeast' in r.target ? r.value >= r.target.atLeast : r.value <= r.target.atMost;
}

/** Every ratio of the run in one table, with the machine's load before and after. */
export function ratioTable(rows: readonly Ratio[], before: MachineLoad, after: MachineLoad): string {
  const width = Math.max(...rows.map((r) => r.what.length));
  const lines = rows.map((r) => {
    const target = r.target ? ('atLeast' in r.target ? `>= ${show(r.target.atLeast, r.unit)}` : `<= ${show(r.target.atMost, r.unit)}`) : '';
    const verdict = met(r) === null ? '' : met(r) ? 'met' : 'NOT met';
    const value = r.value === null ? 'n/a' : show(r.value, r.unit);
    return `  ${r.what.padEnd(width)}  ${value.padStart(9)}  ${target.padEnd(10)} ${verdict.padEnd(7)}${r.note ? `  ${r.note}` : ''}`.trimEnd();
  });
  return ['ratios and targets (this run):', ...lines, `machine: before, ${describeLoad(before)}`, `         after,  ${describeLoad(after)}`].join('\n');
}
