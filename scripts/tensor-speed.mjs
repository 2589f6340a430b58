#!/usr/bin/env node
// Nanoseconds per observation-tensor encode (src/game/tensor.ts), per game under its default
// rules at its default seat count (and any extra configurations below): positions of random games
// on the forward model, every seat's observation encoded again and again into one buffer. Beside
// it, as a yardstick measured under the same load, ns per decision of random games on the forward
// model (legalActions + apply, the state's own generic path).
//   npm run build && node scripts/tensor-speed.mjs [ROUNDS]
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');
const dist = (p) => import(pathToFileURL(resolve(ROOT, 'dist/src', p)).href);
const [{ GAMES }, { makeRandom, masterKey, dealKeyInto }] = await Promise.all([dist('registry.js'), dist('game/seed.js')]);
const template = (await dist('games/template/manifest.js')).default;
const rounds = Number(process.argv[2] ?? 5);
const CONFIGS = [
  ...[...GAMES.values(), template].map((game) => [game, { players: game.defaultPlayers }]),
  [GAMES.get('6-nimmt'), { players: 4, variant: 'pro' }],
  [GAMES.get('no-thanks'), { players: 7 }],
];

/** Positions of a few random games (clones), for every seat. */
function positions(game, rules, count) {
  const master = masterKey(game.seedNamespace ?? game.id, 'tensor-speed');
  const seats = new Int32Array(512);
  const actions = new Int32Array(512);
  const random = makeRandom('tensor-speed');
  const out = [];
  for (let g = 0; out.length < count; g++) {
    const state = game.newState(rules);
    state.deal(dealKeyInto(master, g, { hi: 0, lo: 0 }));
    while (!state.isOver() && out.length < count) {
      const n = state.actingSeats(seats);
      // Every few decisions: positions spread over whole games.
      if (random() < 0.3) out.push(state.clone());
      for (let i = 0; i < n; i++) {
        const seat = seats[i];
        state.apply(seat, actions[Math.floor(random() * state.legalActions(seat, actions))]);
      }
    }
  }
  return out;
}

for (const [game, input] of CONFIGS) {
  const rules = game.makeRules(input);
  const size = game.tensor.size(rules);
  const out = new Float32Array(size);
  const states = positions(game, rules, 200);
  const observations = states.flatMap((s) => Array.from({ length: rules.players }, (_, p) => s.observation(p)));
  // Held observations (a bot's: the table keeps one per seat), then fresh ones (a learner's
  // environment asking the state for each step's observation: the encode plus making it).
  const held = timeNs(() => {
    for (const obs of observations) game.tensor.encode(obs, out);
  }, observations.length);
  const fresh = timeNs(() => {
    for (const s of states) for (let p = 0; p < rules.players; p++) game.tensor.encode(s.observation(p), out);
  }, observations.length);
  const label = `${game.id} ${JSON.stringify(input)}`;
  const step = decisionNs(game, rules);
  console.log(
    `${label.padEnd(42)} ${String(size).padStart(4)} floats ${held.toFixed(0).padStart(6)} ns/encode (fresh observation: ${fresh.toFixed(0)}); a forward-model decision ${step.toFixed(0)} ns`,
  );
}

/** ns per call of `run` (which makes `calls` calls): the least of `rounds` runs of about 100 ms, after a warm-up. */
function timeNs(run, calls) {
  let reps = 1;
  for (;;) {
    const t0 = process.hrtime.bigint();
    for (let r = 0; r < reps; r++) run();
    if (Number(process.hrtime.bigint() - t0) > 1e8) break;
    reps *= 2;
  }
  let best = Infinity;
  for (let k = 0; k < rounds; k++) {
    const t0 = process.hrtime.bigint();
    for (let r = 0; r < reps; r++) run();
    best = Math.min(best, Number(process.hrtime.bigint() - t0) / (reps * calls));
  }
  return best;
}
/** ns per decision of random games on the forward model (the least of a few runs of about 100 ms). */
function decisionNs(game, rules) {
  const master = masterKey(game.seedNamespace ?? game.id, 'tensor-speed');
  const seats = new Int32Array(512);
  const actions = new Int32Array(512);
  const random = makeRandom('decisions');
  const state = game.newState(rules);
  let best = Infinity;
  for (let k = 0; k < rounds + 1; k++) {
    let decisions = 0;
    const t0 = process.hrtime.bigint();
    for (let g = 0; Number(process.hrtime.bigint() - t0) < 1e8; g++) {
      state.deal(dealKeyInto(master, g, { hi: 0, lo: 0 }));
      while (!state.isOver()) {
        const n = state.actingSeats(seats);
        for (let i = 0; i < n; i++) {
          const seat = seats[i];
          state.apply(seat, actions[Math.floor(random() * state.legalActions(seat, actions))]);
          decisions++;
        }
      }
    }
    if (k > 0) best = Math.min(best, Number(process.hrtime.bigint() - t0) / decisions);
  }
  return best;
}
