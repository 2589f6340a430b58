import { describe, expect, it } from 'vitest';
import type { PairedComparison } from '../stats/moments.js';
import type { PairSummary } from '../stats/tournament-stats.js';
import { plainHeadline, rankingHeadline, type RankedTable } from './ranking-headline.js';

const agent = (name: string, meanScore: number, winShare: number) => ({
  agent: name,
  meanScore,
  meanScoreCI: [meanScore - 1, meanScore + 1] as [number, number],
  winShare,
  winShareCI: [winShare - 0.04, winShare + 0.04] as [number, number],
});
const comparison = (meanDiff: number, half: number, pAdjusted: number): PairedComparison => ({
  meanDiff,
  ci: [meanDiff - half / 2, meanDiff + half / 2],
  p: pAdjusted / 3,
  ciSimultaneous: [meanDiff - half, meanDiff + half],
  pAdjusted,
  pHolm: pAdjusted,
});
/** a - b on scores and win shares, with the simultaneous half-widths and adjusted p given. */
const pair = (a: string, b: string, score: [number, number, number], win: [number, number, number]): PairSummary => ({
  a,
  b,
  deals: 50,
  family: 3,
  ...comparison(...score),
  winShare: comparison(...win),
});

describe('ranking headlines', () => {
  it('claims a leader only when it is significantly ahead, on both measures', () => {
    const t: RankedTable = {
      players: 4,
      agents: [agent('mc', 21.03, 0.444), agent('threshold', 24.89, 0.407), agent('greedy', 39.5, 0.149)],
      pairwise: [
        pair('mc', 'threshold', [-3.86, 2.1, 1.2e-4], [0.037, 0.03, 0.01]),
        pair('mc', 'greedy', [-18.47, 3.5, 1e-16], [0.295, 0.05, 1e-16]),
        pair('threshold', 'greedy', [-14.61, 2.8, 1e-16], [0.258, 0.05, 1e-16]),
      ],
    };
    const h = rankingHeadline(t);
    expect(h).toContain(
      "4 players: mc has the lowest mean score, 21.03 [20.03, 22.03], significantly below threshold's 24.89 (mc - threshold -3.86 points [-5.96, -1.76], adjusted p 1.2e-4).",
    );
    expect(h).toContain(
      "mc also has the highest win share, 44.4% [40.4, 48.4], significantly above threshold's 40.7% (+3.7 percentage points [0.7, 6.7], adjusted p 0.01).",
    );
    expect(h).toContain('By mean score mc < threshold < greedy; by win share mc > threshold > greedy.');
    expect(h).not.toMatch(/no significant|not significantly|disagree/);
  });

  it('says "no significant difference" when the leader is not significantly ahead, whichever way the pair is stored', () => {
    const t: RankedTable = {
      players: 3,
      agents: [agent('threshold', 5.39, 0.3), agent('mc', 6.02, 0.29), agent('greedy', 9, 0.1)],
      pairwise: [
        pair('mc', 'threshold', [0.62, 0.85, 0.298], [-0.01, 0.05, 1]),
        pair('threshold', 'greedy', [-3.61, 1, 1e-5], [0.2, 0.05, 1e-5]),
        pair('mc', 'greedy', [-2.98, 1, 1e-4], [0.19, 0.05, 1e-5]),
      ],
    };
    const h = rankingHeadline(t);
    expect(h).toContain(
      '3 players: no significant difference in mean score between threshold (5.39) and mc (6.02): threshold - mc -0.62 points [-1.47, 0.23], adjusted p 0.30.',
    );
    expect(h).toContain(
      "threshold also has the highest win share, 30.0% [26.0, 34.0], not significantly above mc's 29.0% (+1.0 percentage points [-4.0, 6.0], adjusted p 1.00).",
    );
    expect(h).not.toMatch(/lowest mean score/);
  });

  it('lists every bot the leader is not significantly ahead of', () => {
    const t: RankedTable = {
      players: 5,
      agents: [agent('a', 5, 0.3), agent('b', 5.5, 0.3), agent('c', 6, 0.3)],
      pairwise: [pair('a', 'b', [-0.5, 1, 0.5], [0, 0.1, 1]), pair('a', 'c', [-1, 1.5, 0.4], [0, 0.1, 1]), pair('b', 'c', [-0.5, 1, 0.9], [0, 0.1, 1])],
    };
    expect(rankingHeadline(t)).toContain(
      'no significant difference in mean score between a (5.00), b (5.50) and c (6.00): a - b -0.50 points [-1.50, 0.50], adjusted p 0.50; a - c -1.00 points [-2.50, 0.50], adjusted p 0.40.',
    );
  });

  it('says so when mean score and win share rank different bots first, and compares the two leaders', () => {
    // The 5-player pattern of the strategies experiment: greedy wins most often but scores worse on average.
    const t: RankedTable = {
      players: 5,
      agents: [agent('threshold', 5.39, 0.26), agent('mc', 6.02, 0.273), agent('greedy', 7.41, 0.466), agent('random', 116.21, 0.0005)],
      pairwise: [
        pair('greedy', 'threshold', [2.02, 1.65, 0.009], [0.206, 0.09, 4.2e-7]),
        pair('greedy', 'mc', [1.4, 1.89, 0.28], [0.194, 0.09, 1.7e-6]),
        pair('threshold', 'mc', [-0.62, 0.85, 0.3], [-0.012, 0.056, 1]),
        pair('random', 'greedy', [108.8, 5.6, 0], [-0.466, 0.06, 0]),
        pair('random', 'threshold', [110.8, 5, 0], [-0.26, 0.04, 0]),
        pair('random', 'mc', [110.2, 5, 0], [-0.272, 0.04, 0]),
      ],
    };
    const h = rankingHeadline(t);
    expect(h).toContain('5 players: no significant difference in mean score between threshold (5.39) and mc (6.02)');
    expect(h).toContain(
      "The rankings disagree: greedy has the highest win share, 46.6% [42.6, 50.6], significantly above mc's 27.3% (+19.4 percentage points [10.4, 28.4], adjusted p 1.7e-6)",
    );
    expect(h).toContain("its mean score, 7.41, is significantly higher than threshold's (greedy - threshold +2.02 points [0.37, 3.67], adjusted p 9.0e-3).");
    expect(h).toContain('By mean score threshold < mc < greedy < random; by win share greedy > mc > threshold > random.');
  });

  it('reports a non-significant gap between the two leaders as such', () => {
    const t: RankedTable = {
      players: 4,
      agents: [agent('x', 10, 0.3), agent('y', 10.5, 0.35)],
      pairwise: [pair('x', 'y', [-0.5, 1, 0.6], [-0.05, 0.1, 0.4])],
    };
    const h = rankingHeadline(t);
    expect(h).toContain(
      "The rankings disagree: y has the highest win share, 35.0% [31.0, 39.0], not significantly above x's 30.0% (+5.0 percentage points [-5.0, 15.0], adjusted p 0.40); its mean score, 10.50, is not significantly higher than x's (y - x +0.50 points [-0.50, 1.50], adjusted p 0.60).",
    );
  });

  it('never claims a lead over a bot it was not compared with', () => {
    const h = rankingHeadline({ players: 3, agents: [agent('a', 1, 0.6), agent('b', 2, 0.4)], pairwise: [] });
    expect(h).toContain('no significant difference in mean score between a (1.00) and b (2.00): a - b not compared: no deals in common');
    expect(h).toContain("a also has the highest win share, 60.0% [56.0, 64.0], not significantly above b's 40.0% (not compared: no deals in common).");
  });
});

describe('the plain headline of a strategies experiment', () => {
  const lead = (players: number, fiveClear: boolean): RankedTable => ({
    players,
    agents: [agent('search', 20, 0.5), agent('mc', 25, 0.26), agent('threshold', 26, 0.24)],
    pairwise: [
      pair('search', 'mc', [-5, 2, 1e-4], fiveClear ? [0.24, 0.1, 1e-4] : [0.24, 0.3, 0.2]),
      pair('search', 'threshold', [-6, 2, 1e-4], fiveClear ? [0.26, 0.1, 1e-4] : [0.26, 0.3, 0.2]),
      pair('mc', 'threshold', [-1, 2, 0.6], [0.02, 0.1, 1]),
    ],
  });
  it('says who wins most where it is significant, where the leader is not, and which bots cannot be told apart, with the deals', () => {
    const h = plainHeadline([lead(3, true), lead(4, true), lead(5, false)]);
    expect(h).toBe(
      'search wins most at 3 and 4 players; at 5 players search wins most often, but not significantly more than mc and threshold; ' +
        'mc and threshold cannot be told apart at 3, 4 and 5 players (50 deals at each table size).',
    );
  });
});
