import { intervalText } from '../text.js';
import { join } from 'node:path';
import { renderChart, type RenderedChart } from '../charts/render.js';
import { armSeatChart, distributionChart, holdingChart, leaderboardChart } from '../charts/specs.js';
import { gameById } from '../registry.js';
import { escapeHtml, htmlTable, type ReportSection } from '../output/report.js';
import { Progress } from '../output/progress.js';
import { csv, leaderboard, summaryJson, writeTournamentOutputs, type Summary } from '../output/tournament-outputs.js';
import { writeFileAtomic } from '../files.js';
import { formatP, isSignificant, meanCI, Moments } from '../stats/moments.js';
import { runTournament, untilStopped } from '../tournament/run.js';
import { sampleGameLink, writeReplayViewer } from '../output/sample-game.js';
import { armSlug, experimentRules, type CompareExperiment, type RunOptions } from './experiment.js';

const ci = (c: [number, number], d = 2): string => intervalText(c[0], c[1], d);

interface ArmRun {
  arm: string;
  players: number;
  summary: Summary;
  /** Mean score of all seats per deal (the table's mean), for paired differences between arms. */
  tableMeans: Float64Array;
  /** Standard deviation of final scores over every seat-game. */
  sd: number;
  /** Worth to its holder per item, if the game reports it. */
  holdings: Map<string, Moments>;
  namespace: string;
}

/** Standard deviation of seat scores from score distributions (pooled over the ones given). */
function scoreSpread(dists: [number, number][][]): number {
  let n = 0;
  let sum = 0;
  let squares = 0;
  for (const dist of dists) {
    for (const [score, count] of dist) {
      n += count;
      sum += score * count;
      squares += score * score * count;
    }
  }
  return Math.sqrt((squares - (sum * sum) / n) / (n - 1));
}

/** The compare experiment: every arm on the same deals at every player count. */
export async function runCompare(
  exp: CompareExperiment,
  games: number,
  dir: string,
  o: RunOptions,
): Promise<{ headlines: string[]; sections: ReportSection[]; partial: boolean; stopped?: string }> {
  const runs: ArmRun[] = [];
  let partial = false;
  let stopped: string | undefined;
  outer: for (const players of exp.players) {
    for (const arm of exp.arms) {
      const game = gameById(arm.game);
      const tableMeans = new Float64Array(games);
      const holdings = new Map<string, Moments>();
      const wantHoldings = exp.holdings && game.holdingWorth !== undefined;
      const progress = new Progress(`${arm.name}, ${players} players`, !o.quiet);
      const result = await untilStopped(
        runTournament({
          game: arm.game,
          pool: arm.agents,
          fill: exp.fill,
          rules: experimentRules(arm, players),
          games,
          seed: exp.seed,
          seatings: exp.seatings,
          threads: o.threads,
          decisionSeconds: o.decisionSeconds,
          botLogs: o.botLogs,
          signal: o.signal,
          records: wantHoldings,
          onProgress: (done, total) => progress.update(done, total),
          onBatch(batch, res, seatings) {
            const P = players;
            const perDeal = seatings.length * P;
            for (let k = batch.from; k < batch.to; k++) {
              let sum = 0;
              for (let i = 0; i < perDeal; i++) sum += res.data[(k - batch.from) * perDeal + i]!; // scores come first
              tableMeans[k] = sum / perDeal;
            }
            for (const line of res.records ?? []) {
              for (const h of game.holdingWorth!(JSON.parse(line))) {
                if (!holdings.has(h.item)) holdings.set(h.item, new Moments());
                holdings.get(h.item)!.add(h.worth);
              }
            }
          },
        }),
      );
      progress.done();
      const summary = summaryJson(result, { seed: exp.seed, games, format: 'single', seatingMode: exp.seatings, selfPlay: false, fill: exp.fill });
      if (summary.gamesPlayed > 0) {
        writeTournamentOutputs(join(dir, `${armSlug(arm.name)}-players-${players}`), summary);
        o.log?.(`${arm.name}:\n${leaderboard(summary)}\n`);
        runs.push({
          arm: arm.name,
          players,
          summary,
          tableMeans: tableMeans.subarray(0, result.dealsPlayed),
          sd: scoreSpread(Object.values(summary.distributions)),
          holdings,
          namespace: game.seedNamespace ?? game.id,
        });
      }
      if (result.partial) {
        partial = true;
        stopped = result.stopped;
        break outer;
      }
    }
  }
  if (runs.length === 0)
    return {
      headlines: [`${stopped === undefined ? 'Interrupted' : 'Stopped by a bot'} before any deal finished: nothing to report.`],
      sections: [],
      partial,
      stopped,
    };

  // Paired differences of the table's mean score, each arm against the first, on the deals both played.
  const baseline = exp.arms[0]!.name;
  const pairs = runs
    .filter((r) => r.arm !== baseline)
    .flatMap((r) => {
      const base = runs.find((b) => b.arm === baseline && b.players === r.players);
      if (!base) return [];
      const duplicate = base.namespace === r.namespace;
      const n = Math.min(base.tableMeans.length, r.tableMeans.length);
      const m = new Moments();
      for (let k = 0; k < n; k++) m.add(r.tableMeans[k]! - base.tableMeans[k]!);
      return [
        {
          players: r.players,
          arm: r.arm,
          duplicate,
          deals: n,
          diff: m.mean,
          ci: duplicate ? m.ci() : ([NaN, NaN] as [number, number]),
          p: duplicate ? m.pValue() : NaN,
        },
      ];
    });
  const holdingRows = runs.flatMap((r) =>
    [...r.holdings.entries()].map(([item, m]) => ({ players: r.players, arm: r.arm, item, n: m.n, mean: m.mean, ci: meanCI(m.mean, m.variance, m.n) })),
  );
  writeFileAtomic(
    join(dir, 'compare.csv'),
    csv(
      runs.map((r) => ({
        arm: r.arm,
        players: r.players,
        games: r.summary.gamesPlayed,
        tableMean: r.summary.agents.reduce((a, b) => a + b.meanScore * b.games, 0) / r.summary.agents.reduce((a, b) => a + b.games, 0),
        scoreSd: r.sd.toFixed(3),
      })),
      ['arm', 'players', 'games', 'tableMean', 'scoreSd'],
    ),
  );
  if (holdingRows.length) {
    writeFileAtomic(
      join(dir, 'holdings.csv'),
      csv(
        holdingRows.map((h) => ({ ...h, mean: h.mean.toFixed(3), ciLo: h.ci[0].toFixed(3), ciHi: h.ci[1].toFixed(3), ci: undefined })),
        ['players', 'arm', 'item', 'n', 'mean', 'ciLo', 'ciHi'],
      ),
    );
  }

  const charts: RenderedChart[] = [
    await renderChart(
      dir,
      'arm-scores',
      leaderboardChart(
        runs.flatMap((r) =>
          r.summary.agents.map((a) => ({
            panel: `${r.arm}, ${r.players} players`,
            players: r.players,
            agent: a.agent,
            mean: a.meanScore,
            lo: a.meanScoreCI[0],
            hi: a.meanScoreCI[1],
          })),
        ),
        true,
      ),
      exp.png,
    ),
    await renderChart(
      dir,
      'arm-distributions',
      distributionChart(
        runs.flatMap((r) => {
          const total = r.summary.agents.reduce((a, b) => a + b.games, 0);
          const byScore = new Map<number, number>();
          for (const dist of Object.values(r.summary.distributions)) for (const [score, count] of dist) byScore.set(score, (byScore.get(score) ?? 0) + count);
          return [...byScore].map(([score, count]) => ({ arm: r.arm, players: r.players, score, share: count / total }));
        }),
        'arm',
      ),
      exp.png,
    ),
    await renderChart(
      dir,
      'arm-seats',
      armSeatChart(
        runs.flatMap((r) =>
          r.summary.seats
            .filter((s) => s.agent === 'all')
            .map((s) => ({
              arm: r.arm,
              players: r.players,
              position: s.position,
              mean: s.meanScore,
              lo: s.meanScoreCI[0],
              hi: s.meanScoreCI[1],
              winShare: s.winShare,
            })),
        ),
      ),
      exp.png,
    ),
  ];
  if (holdingRows.length)
    charts.push(
      await renderChart(
        dir,
        'holdings',
        holdingChart(holdingRows.map((h) => ({ players: h.players, item: h.item, mean: h.mean, lo: h.ci[0], hi: h.ci[1] }))),
        exp.png,
      ),
    );

  const headlines = runs.map((r) => {
    const ranked = [...r.summary.agents].sort((a, b) => a.meanScore - b.meanScore);
    const seats = r.summary.seats.filter((s) => s.agent === 'all');
    const first = seats.find((s) => s.position === 0);
    const last = seats.find((s) => s.position === r.players - 1);
    const seat = first && last ? `; the starter wins ${(first.winShare * 100).toFixed(1)}% against ${(last.winShare * 100).toFixed(1)}% for the last seat` : '';
    const bestSd = scoreSpread([r.summary.distributions[ranked[0]!.agent] ?? []]);
    const [lead, next] = ranked;
    const pair = next && r.summary.pairwise.find((p) => [p.a, p.b].includes(lead!.agent) && [p.a, p.b].includes(next.agent));
    const ahead = pair
      ? `, ${isSignificant(pair) ? 'significantly' : 'not significantly'} below ${next!.agent}'s ${next!.meanScore.toFixed(2)} (adjusted p ${formatP(pair.pAdjusted, 1)})`
      : '';
    return `${r.arm}, ${r.players} players: lowest mean score ${lead!.agent} ${lead!.meanScore.toFixed(2)} ${ci(lead!.meanScoreCI)}${ahead}, its scores spread with SD ${bestSd.toFixed(1)} (all bots ${r.sd.toFixed(1)})${seat}.`;
  });
  for (const p of pairs) {
    headlines.push(
      p.duplicate
        ? `${p.arm} vs ${baseline} at ${p.players} players: the table's mean score differs by ${p.diff.toFixed(2)} ${ci(p.ci)} points per seat (paired over ${p.deals} duplicate deals, p ${formatP(p.p, 1)}).`
        : `${p.arm} vs ${baseline} at ${p.players} players: the table's mean score differs by ${p.diff.toFixed(2)} points per seat (different deals: not paired).`,
    );
  }
  const top = [...holdingRows].sort((a, b) => b.mean - a.mean);
  if (top.length) {
    const fmt = (h: (typeof holdingRows)[number]): string => `${h.item} ${h.mean.toFixed(1)} ${ci(h.ci, 1)}`;
    headlines.push(
      `Worth to its holder at the end (points saved; negative: points cost): best ${top.slice(0, 3).map(fmt).join(', ')}; worst ${top.slice(-3).reverse().map(fmt).join(', ')}.`,
    );
  }
  // Each leaderboard links to its tournament's first game in the replay viewer.
  const samples = await Promise.all(runs.map((r) => sampleGameLink(r.summary, `${armSlug(r.arm)}-players-${r.players}`, dir)));
  await writeReplayViewer(dir);
  const tables = runs
    .map(
      (r, i) =>
        `<h3>${escapeHtml(r.arm)}, ${r.players} players</h3>` +
        htmlTable(
          ['bot', 'seat-games', 'mean score', '95% CI', 'win share'],
          [...r.summary.agents]
            .sort((a, b) => a.meanScore - b.meanScore)
            .map((a) => [a.agent, a.games, a.meanScore.toFixed(2), ci(a.meanScoreCI), `${(a.winShare * 100).toFixed(1)}%`]),
        ) +
        samples[i]!,
    )
    .join('');
  const pairHtml = htmlTable(
    ['players', 'arm', `minus ${baseline}`, '95% CI', 'p', 'deals'],
    pairs.map((p) => [p.players, p.arm, p.diff.toFixed(2), ci(p.ci), formatP(p.p), `${p.deals}${p.duplicate ? ' duplicate' : ' unpaired'}`]),
  );
  const holdHtml = holdingRows.length
    ? htmlTable(
        ['players', 'arm', 'card', 'held at the end', 'worth', '95% CI'],
        top.map((h) => [h.players, h.arm, h.item, h.n, h.mean.toFixed(2), ci(h.ci)]),
      )
    : '';
  return {
    headlines,
    partial,
    stopped,
    sections: [
      { heading: 'Scores by arm', html: tables, charts: charts.slice(0, 1) },
      { heading: 'Differences, spread and seats', html: pairHtml, charts: charts.slice(1, 3) },
      ...(holdingRows.length ? [{ heading: 'What each card is worth to its holder', html: holdHtml, charts: charts.slice(3) }] : []),
    ],
  };
}
