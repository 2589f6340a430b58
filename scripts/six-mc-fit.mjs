// The 6 nimmt! search's model of mc (src/games/6-nimmt/bots/mc-model.ts, `search:others=mc`): plays GAMES
// games of 4 x mc (master key 6-nimmt/mc-fit, deals 0..GAMES-1), records every card mc plays from a
// hand of two or more with the model's features of each hand card, fits the conditional logit by
// Newton's method (ridge 0.01) on the plays of the first three quarters of the games and scores it
// on the last quarter: top-1 agreement and log-likelihood a play, against the heuristic's card,
// the search's default model of the others (the heuristic's card, a random one with chance 0.35)
// and uniform. Prints the weights (mc-model.ts pins them at 400 games).
// Usage: node scripts/six-mc-fit.mjs [GAMES]
import { loadAgent } from '../dist/src/agents/registry.js';
import { dealKeyInto, masterKey } from '../dist/src/game/seed.js';
import { makeRules } from '../dist/src/games/6-nimmt/rules.js';
import { Table } from '../dist/src/games/6-nimmt/table.js';
import { CardCosts } from '../dist/src/games/6-nimmt/bots/card-costs.js';
import heuristic, { HeuristicAgent } from '../dist/src/games/6-nimmt/bots/heuristic.js';
import { MC_FEATURES, McModel } from '../dist/src/games/6-nimmt/bots/mc-model.js';

const games = Number(process.argv[2] ?? 400);
if (!(Number.isInteger(games) && games >= 4)) {
  console.error('usage: node scripts/six-mc-fit.mjs [GAMES] (a whole number, at least 4)');
  process.exit(1);
}
const rules = makeRules({ players: 4 });
const costs = new CardCosts();
costs.prepare(rules);
const model = new McModel(costs);
model.prepare(rules);
const ref = new HeuristicAgent(Object.fromEntries(Object.entries(heuristic.params).map(([k, s]) => [k, s.default])));
ref.prepare(rules);
const D = MC_FEATURES;
/** One play: its game, hand size, chosen index, the heuristic's index and the features (n x D). */
const plays = [];
let game = 0;
const hand = new Int32Array(16);
const rowEnd = new Int32Array(4);
const rowLen = new Int32Array(4);
const rowBull = new Int32Array(4);
const mc = await loadAgent('mc', '6-nimmt');
const agents = [0, 1, 2, 3].map(() => {
  const bot = mc.create();
  return {
    newGame: (start) => bot.newGame(start),
    decide(obs) {
      const card = bot.decide(obs);
      const n = obs.handSize;
      if (obs.phase === 'play' && n > 1) {
        for (let i = 0; i < n; i++) hand[i] = obs.handCard(i);
        for (let r = 0; r < 4; r++) {
          rowEnd[r] = obs.rowEnd(r);
          rowLen[r] = obs.rowLength(r);
          rowBull[r] = obs.rowBullheads(r);
        }
        const x = new Float64Array(n * D);
        model.features(hand, 0, n, rowEnd, rowLen, rowBull, x);
        const h = ref.decide(obs);
        plays.push({ game, n, y: hand.subarray(0, n).indexOf(card), h: hand.subarray(0, n).indexOf(h), x });
      }
      return card;
    },
  };
});
const table = new Table(rules, agents, ['mc', 'mc', 'mc', 'mc'], false);
const master = masterKey('6-nimmt', 'mc-fit');
const key = { hi: 0, lo: 0 };
for (; game < games; game++) table.play(dealKeyInto(master, game, key));

const trainGames = Math.round((games * 3) / 4);
const train = plays.filter((p) => p.game < trainGames);
const test = plays.filter((p) => p.game >= trainGames);

/** The model's probabilities of a play's cards under w. */
function probs(play, w) {
  const z = new Float64Array(play.n);
  let high = -Infinity;
  for (let i = 0; i < play.n; i++) {
    let s = 0;
    for (let j = 0; j < D; j++) s += w[j] * play.x[i * D + j];
    z[i] = s;
    if (s > high) high = s;
  }
  let sum = 0;
  for (let i = 0; i < play.n; i++) sum += z[i] = Math.exp(z[i] - high);
  for (let i = 0; i < play.n; i++) z[i] /= sum;
  return z;
}

/** Conditional logit by Newton's method with a ridge penalty: the weights. */
function fitLogit(data, ridge = 0.01, iterations = 25) {
  const w = new Array(D).fill(0);
  for (let it = 0; it < iterations; it++) {
    // A: the Hessian of the penalized log-likelihood's negative, with the gradient as column D.
    const A = Array.from({ length: D }, (_, j) => [...new Array(D).fill(0), -ridge * w[j]]);
    for (let j = 0; j < D; j++) A[j][j] += ridge;
    const mean = new Float64Array(D);
    for (const play of data) {
      const p = probs(play, w);
      mean.fill(0);
      for (let i = 0; i < play.n; i++) for (let j = 0; j < D; j++) mean[j] += p[i] * play.x[i * D + j];
      for (let j = 0; j < D; j++) A[j][D] += play.x[play.y * D + j] - mean[j];
      for (let i = 0; i < play.n; i++)
        for (let j = 0; j < D; j++) {
          const dj = p[i] * (play.x[i * D + j] - mean[j]);
          for (let k = 0; k < D; k++) A[j][k] += dj * (play.x[i * D + k] - mean[k]);
        }
    }
    for (let c = 0; c < D; c++) {
      let pivot = c;
      for (let r = c + 1; r < D; r++) if (Math.abs(A[r][c]) > Math.abs(A[pivot][c])) pivot = r;
      [A[c], A[pivot]] = [A[pivot], A[c]];
      for (let r = 0; r < D; r++) {
        if (r === c) continue;
        const f = A[r][c] / A[c][c];
        for (let k = c; k <= D; k++) A[r][k] -= f * A[c][k];
      }
    }
    for (let j = 0; j < D; j++) w[j] += A[j][D] / A[j][j];
  }
  return w;
}

/** Top-1 agreement and mean log-likelihood a play of the model, the heuristic and uniform. */
function score(data, w) {
  let top = 0;
  let ll = 0;
  let heur = 0;
  let noisy = 0;
  let uniform = 0;
  for (const play of data) {
    const p = probs(play, w);
    let best = 0;
    for (let i = 1; i < play.n; i++) if (p[i] > p[best]) best = i;
    top += best === play.y ? 1 : 0;
    ll += Math.log(p[play.y]);
    heur += play.h === play.y ? 1 : 0;
    noisy += Math.log((play.h === play.y ? 0.65 : 0) + 0.35 / play.n);
    uniform -= Math.log(play.n);
  }
  const k = data.length;
  return { plays: k, top1: top / k, logLikelihood: ll / k, heuristicTop1: heur / k, searchDefaultLogLikelihood: noisy / k, uniformLogLikelihood: uniform / k };
}

const w = fitLogit(train);
console.log(JSON.stringify({ games, trainGames, train: score(train, w), heldOut: score(test, w) }));
console.log(`weights: [${w.map((v) => Number(v.toFixed(4))).join(', ')}]`);
