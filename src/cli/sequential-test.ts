import { existsSync, readFileSync } from 'node:fs';
import { checkAgent, refuseRunInsideBotFolders } from '../tournament/sandbox/load.js';
import { join } from 'node:path';
import { splitLineup } from '../agents/spec.js';
import { renderChart } from '../charts/render.js';
import { llrPathChart } from '../charts/specs.js';
import { AgentError, UserError } from '../errors.js';
import { newResultsDir, prepareOutputDir, writeFileAtomic } from '../files.js';
import { listBotLogs, runBotLogs } from '../tournament/bot-logs.js';
import { csv } from '../output/tournament-outputs.js';
import { Progress } from '../output/progress.js';
import { escapeHtml, htmlTable, writeReport } from '../output/report.js';
import { gameById } from '../registry.js';
import { stateDigest } from '../tournament/checkpoint.js';
import { newManifest, openForResume, stateDir, writeManifest } from '../tournament/run-state.js';
import { bounds } from '../stats/sprt.js';
import { CI_METHOD, checkSequentialTest, runSequentialTest, type SequentialTestResult } from '../tournament/sequential.js';
import type { SeatingMode } from '../tournament/schedule.js';
import { interruptible } from './interrupt.js';
import { rulesFromArgs, type RuleArgs } from './options.js';
import { resumeHint } from './tournament.js';

export type TestArgs = RuleArgs & {
  candidate: string;
  baseline: string;
  field?: string;
  unit: 'win' | 'score';
  d0: number;
  d1?: number;
  alpha: number;
  beta: number;
  maxDeals: number;
  batch: number;
  seatings: SeatingMode;
  seed: string;
  threads?: number;
  decisionTimeout?: number;
  out?: string;
  force?: boolean;
  resume?: string;
  quiet: boolean;
};

/** The unit's words, for lines and axes. */
const unitText = (unit: 'win' | 'score'): string => (unit === 'win' ? 'points of win share' : 'points of score (baseline minus candidate)');
const DIFFS_FILE = 'sequential-test.json';

/** `nothanks test`: the sequential test of a candidate against a baseline, with its outputs (test.json, trace.csv, the LLR chart, report.html). */
export async function sequentialTestCommand(a: TestArgs): Promise<void> {
  const game = gameById(a.game);
  const players = a.players ?? game.defaultPlayers;
  const rules = rulesFromArgs(a, game, players);
  // A difference worth finding, in the unit's scale, when none is given.
  const d1 = a.d1 ?? (a.unit === 'win' ? 3 : 1);
  const field = a.field === undefined ? undefined : splitLineup(a.field);
  // The test's settings, once: what the manifest records (a resume must repeat them) and what is run.
  const test = {
    game: game.id,
    candidate: a.candidate,
    baseline: a.baseline,
    field,
    rules,
    unit: a.unit,
    d0: a.d0,
    d1,
    alpha: a.alpha,
    beta: a.beta,
    maxDeals: a.maxDeals,
    batchDeals: a.batch,
    seatings: a.seatings,
  };
  const settings = { ...test, field: field ?? null };
  // Mistakes fail before the folder is made: a typo leaves nothing behind.
  // The time limit is not a setting of the test (it changes no result): a resume may give another.
  checkSequentialTest({ ...test, decisionSeconds: a.decisionTimeout });
  // A program's greeting gets the run's decision limit, as in a tournament.
  for (const spec of [a.candidate, a.baseline, ...(field ?? [])]) await checkAgent(spec, game.id, { seconds: a.decisionTimeout });
  let dir: string;
  let done: number[] = [];
  if (a.resume !== undefined) {
    if (a.out !== undefined) throw new UserError('--resume DIR continues the test in DIR: leave out --out');
    dir = a.resume;
    openForResume(dir, newManifest('test', a.seed, settings));
    const saved = join(stateDir(dir), DIFFS_FILE);
    if (existsSync(saved)) done = readDiffs(saved);
  } else {
    dir = a.out ?? newResultsDir('test');
    refuseRunInsideBotFolders(dir, [a.candidate, a.baseline, ...(field ?? [])]);
    prepareOutputDir(dir, a.force);
    writeManifest(dir, newManifest('test', a.seed, settings));
  }
  const botLogs = runBotLogs(dir, [a.candidate, a.baseline, ...(field ?? [])]);
  const progress = new Progress('test', !a.quiet, 'deals');
  const b = bounds(test);
  const stop = interruptible();
  let lastSave = 0;
  const save = (diffs: readonly number[], force = false): void => {
    if (!force && performance.now() - lastSave < 2000) return;
    lastSave = performance.now();
    const content = { diffs: [...diffs] };
    writeFileAtomic(join(stateDir(dir), DIFFS_FILE), JSON.stringify({ ...content, digest: stateDigest(content) }) + '\n');
  };
  let result: SequentialTestResult;
  try {
    result = await runSequentialTest({
      ...test,
      seed: a.seed,
      threads: a.threads,
      decisionSeconds: a.decisionTimeout,
      botLogs,
      signal: stop.signal,
      done,
      onDeals: (diffs) => save(diffs),
      onLook: (l) => {
        progress.label = `test: LLR ${l.llr.toFixed(2)} in [${b.lower.toFixed(2)}, ${b.upper.toFixed(2)}], ${sign(l.mean)} [${sign(l.ci[0])}, ${sign(l.ci[1])}]`;
      },
      onProgress: (deals, max) => progress.update(deals, max),
    });
  } finally {
    stop.release();
    listBotLogs(botLogs);
  }
  progress.done();
  // A finished test resumed: its outputs (games, labels, time) stay as they were; rewriting them
  // from the saved deals alone would record 0 games.
  if (result.finishedBefore) {
    // Stopped while writing them (the deals are saved as finished first): say so, do not claim them.
    if (!existsSync(join(dir, 'test.json')))
      throw new UserError(
        `the test in ${dir} had finished, but its outputs were not written (it was stopped while writing them): ${testHeadlines(result)[0]}; run it again with --out for them`,
      );
    console.log(`The test in ${dir} had already finished; its results are left as they are: ${testHeadlines(result)[0]}`);
    return;
  }
  // The deals that count (a stop inside a batch leaves the rest out): saved for a resume.
  save(result.diffs, true);
  await writeTestOutputs(dir, result);
  for (const line of testHeadlines(result)) console.log(line);
  console.log(`Outputs: ${join(dir, 'report.html')}`);
  if (result.stopped !== undefined) throw new AgentError(`${result.stopped}; what finished before is in ${dir}`);
  if (result.partial) {
    console.log(resumeHint(dir));
    process.exitCode = 130;
  }
}

/** The saved deals of an interrupted test, refused when damaged or edited (its digest, finite numbers). */
function readDiffs(path: string): number[] {
  let saved: { diffs?: unknown; digest?: string };
  try {
    saved = JSON.parse(readFileSync(path, 'utf8')) as { diffs?: unknown; digest?: string };
  } catch (err) {
    throw new UserError(`cannot read ${path}: ${(err as Error).message}`);
  }
  if (!saved || !Array.isArray(saved.diffs) || saved.digest !== stateDigest(saved))
    throw new UserError(`${path} was edited or damaged: the test cannot be resumed`);
  return saved.diffs as number[];
}

const sign = (x: number): string => (x >= 0 ? `+${x.toFixed(2)}` : x.toFixed(2));

/** The verdict and the numbers, one line each. */
export function testHeadlines(r: SequentialTestResult): string[] {
  const h = r.hypotheses;
  const what = `${r.labels.candidate} against ${r.labels.baseline} (field ${r.field.join(', ')}, ${r.players} players, ${r.game})`;
  const verdict =
    r.verdict === 'H1'
      ? `H1 accepted: ${r.labels.candidate} is better by at least ${h.d1} ${unitText(r.unit)} (error rate at most ${h.alpha} if it were ${h.d0} or less)`
      : r.verdict === 'H0'
        ? `H0 accepted: ${r.labels.candidate} is better by at most ${h.d0} ${unitText(r.unit)} (error rate at most ${h.beta} if it were ${h.d1} or more)`
        : r.verdict === 'truncated'
          ? `truncated at the cap of ${r.deals} deals with no verdict; the LLR leans to ${r.leaning} (error rates are not those asked for)`
          : `PARTIAL: ${r.stopped ?? 'interrupted'} after ${r.deals} deals, before a verdict`;
  return [
    `${what}: ${verdict}.`,
    `LLR ${r.llr.toFixed(3)} against bounds [${r.bounds.lower.toFixed(3)}, ${r.bounds.upper.toFixed(3)}] after ${r.deals} deals (${r.games} games); estimate ${sign(r.estimate.mean)} ${unitText(r.unit)}, 95% [${sign(r.estimate.ci[0])}, ${sign(r.estimate.ci[1])}] (anytime-valid; the fixed-n interval would be [${sign(r.estimate.fixedCi[0])}, ${sign(r.estimate.fixedCi[1])}]).`,
    r.estimate.sd > 0
      ? `A fixed-size test with the same error rates would need about ${r.fixedSizeDeals} deals for this spread (sd ${r.estimate.sd.toFixed(2)} per deal); this one used ${r.deals}.`
      : `Every deal gave the same difference (the two bots played alike on these deals): the first look was certain.`,
  ];
}

async function writeTestOutputs(dir: string, r: SequentialTestResult): Promise<void> {
  writeFileAtomic(join(dir, 'test.json'), JSON.stringify(r, null, 2) + '\n');
  writeFileAtomic(
    join(dir, 'trace.csv'),
    csv(
      r.trace.map((l) => ({
        deals: l.deals,
        llr: l.llr,
        lower: r.bounds.lower,
        upper: r.bounds.upper,
        mean: l.mean,
        ciLo: l.ci[0],
        ciHi: l.ci[1],
        partial: String(r.partial),
      })),
      ['deals', 'llr', 'lower', 'upper', 'mean', 'ciLo', 'ciHi', 'partial'],
    ),
  );
  const chart = await renderChart(dir, 'llr-path', llrPathChart(r.trace, r.bounds, `${r.labels.candidate} vs ${r.labels.baseline}`));
  const lines = testHeadlines(r);
  writeReport(
    dir,
    `Sequential test: ${r.labels.candidate} vs ${r.labels.baseline}`,
    escapeHtml(
      `${gameById(r.game).name}, ${r.players} players, field ${r.field.join(', ')}; H0: difference <= ${r.hypotheses.d0}, H1: difference >= ${r.hypotheses.d1} ${unitText(r.unit)}; alpha ${r.hypotheses.alpha}, beta ${r.hypotheses.beta}.`,
    ),
    [
      { heading: 'Verdict', html: `<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul><p>${escapeHtml(`Interval: ${CI_METHOD}.`)}</p>` },
      {
        heading: 'The evidence at each look',
        html: htmlTable(
          ['deals', 'LLR', 'estimate', '95% (anytime)'],
          r.trace.slice(-15).map((l) => [l.deals, l.llr.toFixed(3), sign(l.mean), `[${sign(l.ci[0])}, ${sign(l.ci[1])}]`]),
        ),
        charts: [chart],
      },
    ],
    ['test.json', 'trace.csv', 'llr-path.svg'],
  );
}
