import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Agent, AgentDefinition, ParamValues } from '../game/agent.js';
import type { GameDefinition } from '../game/contract.js';
import { hashString } from '../game/seed.js';
import type { GameManifest } from '../games/manifest.js';
import { distModule, PROJECT_ROOT } from '../paths.js';
import { GAMES } from '../registry.js';
import { sized as tier } from '../testing/tier.js';
import { type Dense, onnxMlp, randomDense } from './onnx-write.js';

/*
 * search with a model as its guide (src/net/net-guide.ts; each game's bots/search.ts): models
 * written here whose answers the test knows (a constant value, logits that always prefer one id),
 * so each option is seen doing what it says; legal moves and seeded determinism over whole games;
 * the same results at 1 and 2 threads with the committed models; the refusals, in one line.
 */

const dir = mkdtempSync(join(tmpdir(), 'nothanks-guide-'));
const cli = distModule('cli/main.js');
const noThanks = GAMES.get('no-thanks')!;
const sixNimmt = GAMES.get('6-nimmt')!;

type Bot = Agent<object, unknown, never, unknown>;

function stream(seed: number): () => number {
  let s = seed % 2147483647 || 1;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
}

const rulesOf = (game: GameManifest) => game.makeRules({ players: 4 }) as { players: number };
const searchOf = (game: GameManifest): AgentDefinition => game.agents.find((d) => d.name === 'search')!;

function filled(inputs: number, outputs: number, bias: ArrayLike<number>): Dense {
  return { inputs, outputs, weights: new Float32Array(inputs * outputs), bias: Float32Array.from(bias) };
}

/** A model file of `game` at 4 players: one dense layer (random, or all-zero weights with `bias`), a value head that answers `value` if given. */
function model(game: GameManifest, name: string, opts: { bias?: (ids: number) => number[]; value?: number; seed?: number } = {}): string {
  const r = rulesOf(game);
  const inputs = game.tensor.size(r);
  const ids = game.actions.size(r);
  const layer = opts.bias ? filled(inputs, ids, opts.bias(ids)) : randomDense(inputs, ids, stream(opts.seed ?? 3), 4);
  const path = join(dir, name);
  writeFileSync(path, onnxMlp({ layers: [layer], ...(opts.value === undefined ? {} : { value: filled(inputs, 1, [opts.value]) }) }));
  return path;
}

function bot(game: GameManifest, params: ParamValues, seat: number, seed: number): Bot {
  const def = searchOf(game);
  const full = Object.fromEntries(Object.entries(def.params).map(([k, spec]) => [k, spec.default])) as ParamValues;
  const b = def.create({ ...full, ...params }) as Bot;
  b.newGame?.({ seat, rules: rulesOf(game), agents: [], random: stream(seed * 10 + seat + 1) });
  return b;
}

/**
 * Plays `deals` 4-player games of `game` on the forward model with search (params) in seat 0 and the
 * default search elsewhere; every answer must be legal. Returns seat 0's action ids in order.
 */
function play(game: GameManifest, params: ParamValues, deals: number, firstOnly = false): number[] {
  const rules = rulesOf(game);
  const acting = new Int32Array(rules.players);
  const legal = new Int32Array(game.actions.size(rules));
  const chosen = new Int32Array(rules.players);
  const moves: number[] = [];
  for (let g = 0; g < deals; g++) {
    const bots = [bot(game, params, 0, g), ...[1, 2, 3].map((seat) => bot(game, { samples: 8 }, seat, g))];
    const state = (game as unknown as GameDefinition).newState(rules);
    state.deal(hashString(`guide test ${g}`));
    let done = false;
    while (!state.isOver() && !done) {
      const n = state.actingSeats(acting);
      for (let k = 0; k < n; k++) {
        const seat = acting[k]!;
        const obs = state.observation(seat);
        const answer = bots[seat]!.decide(obs);
        const id = game.actions.encode(obs, answer);
        const ids = Array.from(legal.subarray(0, state.legalActions(seat, legal)));
        expect(ids, `${game.id}: seat ${seat} answered ${String(answer)}`).toContain(id);
        if (seat === 0) {
          moves.push(id);
          if (firstOnly) done = true;
        }
        chosen[k] = id;
      }
      for (let k = 0; k < n; k++) state.apply(acting[k]!, chosen[k]!);
    }
  }
  return moves;
}

describe('search guided by a model', () => {
  const deals = tier(2, 6);

  it.each([
    ['no-thanks', { netPrior: 0.05, netLeaf: 6, samples: 60 }],
    ['no-thanks', { netPlayout: 'all', samples: 8 }],
    ['6-nimmt', { netPrior: 0.02, netTop: 3, samples: 20 }],
    ['6-nimmt', { netPlayout: 'opponents', netLeaf: 2, samples: 4 }],
  ] as const)('%s %o: legal moves, and the same moves again for the same seeds', (id, options) => {
    const game = GAMES.get(id)!;
    const params = { model: model(game, `${game.id}-random.onnx`, { value: 0.3 }), ...options };
    const first = play(game, params, deals);
    expect(first.length).toBeGreaterThan(deals * 10);
    expect(play(game, params, deals)).toEqual(first);
  });

  it('No Thanks! netPrior: a model sure of "take" decides every decision the pruning leaves open', () => {
    // Logits pass 0, take 40: log-probability of pass -40, so netPrior 1 puts 40 utility on take.
    const sure = model(noThanks, 'nt-take.onnx', { bias: () => [0, 40] });
    // Without pruning (z 0) both candidates stay to the pick, where the prior outweighs any playout difference.
    expect(new Set(play(noThanks, { model: sure, netPrior: 1, samples: 40, z: 0 }, deals))).toEqual(new Set([1]));
    // The prior weighs only among the candidates the playouts leave: with pruning, and without the prior, the seat passes some cards.
    expect(play(noThanks, { model: sure, netPrior: 1, samples: 40 }, deals)).toContain(0);
    expect(play(noThanks, { samples: 40, z: 0 }, deals)).toContain(0);
  });

  it('No Thanks! netLeaf: a value head that says the same of every position ties the candidates, and the tie goes to take (candidate 0)', () => {
    const flat = model(noThanks, 'nt-flat.onnx', { value: 0.5 });
    // A first decision is early in the deck: every playout reaches the seat's next turn and stops there.
    const first = Array.from({ length: tier(6, 20) }, () => play(noThanks, { model: flat, netLeaf: 1, samples: 30 }, 1, true)[0]);
    expect(new Set(first)).toEqual(new Set([1]));
  });

  it('6 nimmt! netTop=1: the search plays the card the model ranks first, as the net bot does', () => {
    // Logits rise with the id: the highest legal card, the highest row.
    const rising = model(sixNimmt, '6n-rising.onnx', { bias: (ids) => Array.from({ length: ids }, (_, i) => i / 10) });
    const rules = rulesOf(sixNimmt);
    const net = sixNimmt.agents.find((d) => d.name === 'net')!.create({ model: rising, temperature: 0 }) as Bot;
    net.newGame?.({ seat: 0, rules, agents: [], random: stream(1) });
    const guided = bot(sixNimmt, { model: rising, netTop: 1 }, 0, 1);
    const state = (sixNimmt as unknown as GameDefinition).newState(rules);
    state.deal(hashString('top one'));
    const obs = state.observation(0);
    expect(guided.decide(obs)).toBe(net.decide(obs));
    const hand = obs as unknown as { handSize: number; handCard: (i: number) => number };
    expect(guided.decide(obs)).toBe(hand.handCard(hand.handSize - 1));
  });
});

describe('search guided by a model: tournaments and refusals (the built CLI)', () => {
  const root = PROJECT_ROOT;
  const ntModel = join(root, 'models', 'no-thanks-4p.onnx');
  const snModel = join(root, 'models', '6-nimmt-4p.onnx');
  const run = (args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: dir });
  const tournament = (out: string, game: string, agents: string, threads: string) =>
    run([
      'tournament',
      '--game',
      game,
      '--agents',
      agents,
      '--table',
      '0,1,1,1',
      '--players',
      '4',
      '--games',
      '1',
      '--seed',
      '3',
      '--threads',
      threads,
      '--chunk',
      '1',
      '--out',
      join(dir, out),
      '-q',
    ]);
  /** What a run computed, without its timings. */
  const results = (out: string): string[] =>
    ['seats.csv', 'pairwise.csv', 'summary.csv'].map((f) => {
      const text = readFileSync(join(dir, out, f), 'utf8');
      return f === 'summary.csv' ? text.replace(/^((?:[^,\n]*,){11})[^\n]*$/gm, '$1') : text;
    });

  it.each([
    ['no-thanks', `search:model=${ntModel},netPrior=0.05,netLeaf=8,samples=40,greedy`],
    ['6-nimmt', `search:model=${snModel},netTop=2,netPlayout=opponents,samples=4,heuristic`],
  ])('%s with the committed model: the same results at 1 and 2 threads', { timeout: 180_000 }, (game, agents) => {
    const one = tournament(`${game}-t1`, game, agents, '1');
    const two = tournament(`${game}-t2`, game, agents, '2');
    expect(one.stderr).toBe('');
    expect(two.stderr).toBe('');
    expect(results(`${game}-t2`)).toEqual(results(`${game}-t1`));
  });

  it('refuses a bad model, no model, a model with nothing to guide and a model without the value head netLeaf reads, each in one line before any game', () => {
    const bad = join(dir, 'bad.onnx');
    writeFileSync(bad, 'no');
    const policyOnly = join(dir, 'policy-only.onnx');
    const r = rulesOf(noThanks);
    writeFileSync(policyOnly, onnxMlp({ layers: [randomDense(noThanks.tensor.size(r), 2, stream(4))] }));
    const cases: [string, RegExp][] = [
      [`search:model=${bad},netPrior=1`, /failed to start: model \S+bad.onnx is not an ONNX model onnxruntime can load \(.+\)$/],
      ['search:netLeaf=5', /failed to start: search's net options need a model: give one as search:model=PATH.onnx/],
      [`search:model=${ntModel}`, /failed to start: search:model=\S+ guides nothing: add netPrior, netPlayout or netLeaf/],
      [`search:model=${policyOnly},netLeaf=5`, /failed to start: model \S+policy-only.onnx has no float32 output \[batch\] named value, which netLeaf reads/],
      [`search:model=${snModel},netPrior=1`, /failed to start: model \S+6-nimmt-4p.onnx takes 247 floats per observation, but No Thanks! at 4 players has 246/],
    ];
    for (const [agent, message] of cases) {
      const out = run(['tournament', '--agents', `${agent},random`, '--players', '4', '--games', '2', '-q']);
      expect(out.status, agent).toBe(1);
      const lines = out.stderr.trim().split('\n');
      expect(lines, agent).toHaveLength(1);
      expect(lines[0], agent).toMatch(message);
    }
  });
});
