import type { RulesInput } from '../game/contract.js';
import { Progress } from '../output/progress.js';
import { summaryJson, type Summary } from '../output/tournament-outputs.js';
import { runTournament, untilStopped } from '../tournament/run.js';

/** One measurement of a rule bot: a tournament of the rule against one opponent. */
export interface Measurement {
  opponent: string;
  summary: Summary;
}

/**
 * The rule bot against each opponent on duplicate deals: a pool of two at the game's table,
 * filled evenly (balanced: at 4 players two seats each), every permutation of the seats.
 */
export async function measureRule(o: {
  game: string;
  rules: RulesInput;
  ruleSpec: string;
  opponents: readonly string[];
  deals: number;
  seed: string;
  threads?: number;
  quiet?: boolean;
  signal?: AbortSignal;
}): Promise<{ measurements: Measurement[]; partial: boolean }> {
  const measurements: Measurement[] = [];
  for (const opponent of o.opponents) {
    const progress = new Progress(`rule against ${opponent}`, !o.quiet);
    const result = await untilStopped(
      runTournament({
        game: o.game,
        pool: [o.ruleSpec, opponent],
        rules: o.rules,
        games: o.deals,
        seed: o.seed,
        seatings: 'all',
        ...(o.threads === undefined ? {} : { threads: o.threads }),
        ...(o.signal ? { signal: o.signal } : {}),
        onProgress: (done, total) => progress.update(done, total),
      }),
    );
    progress.done();
    measurements.push({ opponent, summary: summaryJson(result, { seed: o.seed, games: o.deals, format: 'single', seatingMode: 'all', selfPlay: false }) });
    if (result.partial) return { measurements, partial: true };
  }
  return { measurements, partial: false };
}
