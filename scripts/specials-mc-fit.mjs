// The special-card search's model of mc (src/games/no-thanks-specials/bots/mc-model.ts): plays GAMES games
// of 4 x mc (master key no-thanks/diag, deals 0..GAMES-1), records every take / pass answer with
// chips left and every bid / decline answer with chips left, and fits the two logistic models
// (Newton, ridge 0.01) on the model's features; prints their weights, how many answers each
// predicts and how many value's defaults predict. The weights in mc-model.ts are this at 80 games.
// Usage: node scripts/specials-mc-fit.mjs [GAMES]
import { loadAgent } from '../dist/src/agents/registry.js';
import { dealKeyInto, masterKey } from '../dist/src/game/seed.js';
import { isSpecial } from '../dist/src/games/no-thanks-specials/cards.js';
import { makeRules } from '../dist/src/games/no-thanks-specials/rules.js';
import { Table } from '../dist/src/games/no-thanks-specials/table.js';
import { VALUE_PARAMS, valueDecide, worth } from '../dist/src/games/no-thanks-specials/bots/value.js';

const games = Number(process.argv[2] ?? 80);
if (!(Number.isInteger(games) && games > 0)) {
  console.error('usage: node scripts/specials-mc-fit.mjs [GAMES] (a positive whole number)');
  process.exit(1);
}
const defaults = Object.fromEntries(Object.entries(VALUE_PARAMS).map(([k, s]) => [k, s.default]));
const mc = await loadAgent('mc', 'no-thanks-specials');
const take = { x: [], y: [], value: 0 };
const bid = { x: [], y: [], value: 0 };
const agents = [0, 1, 2, 3].map(() => {
  const bot = mc.create();
  return {
    newGame: (start) => bot.newGame(start),
    decide(obs) {
      const a = bot.decide(obs);
      if (obs.myChips > 0 && a !== 'sit-out' && (obs.phase === 'take' || obs.phase === 'bid')) {
        const w = worth(defaults, obs, obs.seat, obs.card);
        const chips = obs.myChips;
        const common = [obs.pot / 10, chips <= 2 ? 1 : 0, obs.cardsLeft / 10, chips / 10];
        const v = valueDecide(defaults, obs);
        if (obs.phase === 'take') {
          const s = isSpecial(obs.card) ? 1 : 0;
          take.x.push([1, -w / 10, ...common, s, (s * -w) / 10]);
          take.y.push(a === 'take' ? 1 : 0);
          take.value += v === a ? 1 : 0;
        } else {
          bid.x.push([1, w / 10, ...common]);
          bid.y.push(a === 'bid' ? 1 : 0);
          bid.value += v === a ? 1 : 0;
        }
      }
      return a;
    },
  };
});
const table = new Table(makeRules({ players: 4 }), agents, ['mc', 'mc', 'mc', 'mc']);
const master = masterKey('no-thanks', 'diag');
const key = { hi: 0, lo: 0 };
for (let g = 0; g < games; g++) table.play(dealKeyInto(master, g, key));

/** Ridge logistic regression by Newton's method: weights, mean log-likelihood, share predicted. */
function logisticFit(X, y, ridge = 0.01, iterations = 30) {
  const d = X[0].length;
  const w = new Array(d).fill(0);
  const prob = (x) => 1 / (1 + Math.exp(-x.reduce((z, xi, j) => z + w[j] * xi, 0)));
  for (let it = 0; it < iterations; it++) {
    const A = Array.from({ length: d }, (_, j) => [...new Array(d).fill(0), -ridge * w[j]]);
    for (let j = 0; j < d; j++) A[j][j] += ridge;
    for (let i = 0; i < X.length; i++) {
      const p = prob(X[i]);
      for (let j = 0; j < d; j++) {
        A[j][d] += (y[i] - p) * X[i][j];
        for (let k = 0; k < d; k++) A[j][k] += p * (1 - p) * X[i][j] * X[i][k];
      }
    }
    for (let c = 0; c < d; c++) {
      let pivot = c;
      for (let r = c + 1; r < d; r++) if (Math.abs(A[r][c]) > Math.abs(A[pivot][c])) pivot = r;
      [A[c], A[pivot]] = [A[pivot], A[c]];
      for (let r = 0; r < d; r++) {
        if (r === c) continue;
        const f = A[r][c] / A[c][c];
        for (let k = c; k <= d; k++) A[r][k] -= f * A[c][k];
      }
    }
    for (let j = 0; j < d; j++) w[j] += A[j][d] / A[j][j];
  }
  let ll = 0;
  let right = 0;
  for (let i = 0; i < X.length; i++) {
    const p = prob(X[i]);
    ll += Math.log(y[i] ? p : 1 - p);
    right += p > 0.5 === (y[i] === 1) ? 1 : 0;
  }
  return { weights: w.map((v) => Number(v.toFixed(4))), logLikelihood: ll / X.length, predicted: right / X.length };
}

for (const [name, data] of [
  ['take / pass', take],
  ['bid / decline', bid],
]) {
  console.log(JSON.stringify({ answers: name, n: data.y.length, ...logisticFit(data.x, data.y), valuePredicted: data.value / data.y.length }));
}
