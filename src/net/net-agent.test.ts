import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent, AgentDefinition, ParamValues } from '../game/agent.js';
import type { GameDefinition } from '../game/contract.js';
import { hashString } from '../game/seed.js';
import type { GameManifest } from '../games/manifest.js';
import template from '../games/template/manifest.js';
import { distModule } from '../paths.js';
import { GAMES } from '../registry.js';
import { checkModel, openModel } from './onnx-session.js';
import { type Dense, onnxMlp, randomDense } from './onnx-write.js';

/*
 * The net bot on models written here (src/net/onnx-write.ts: no torch, no binary files): linear
 * maps whose logits the test computes by hand from the game's own tensor, so a bot that encoded
 * anything else, or masked or decoded ids wrongly, plays other moves.
 */

const dir = mkdtempSync(join(tmpdir(), 'nothanks-net-'));
const cli = distModule('cli/main.js');
const games: GameManifest[] = [...GAMES.values(), template as unknown as GameManifest];

/** A seeded stream in [0, 1) (Park-Miller): the tests' weights and the bots' seat streams. */
function stream(seed: number): () => number {
  let s = seed % 2147483647 || 1;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
}

interface Sized {
  game: GameManifest;
  rules: { players: number };
  inputs: number;
  ids: number;
}

const sized = (game: GameManifest): Sized => {
  const rules = game.makeRules({ players: game.defaultPlayers }) as { players: number };
  return { game, rules, inputs: game.tensor.size(rules), ids: game.actions.size(rules) };
};

const write = (name: string, layer: Dense): string => {
  const path = join(dir, name);
  writeFileSync(path, onnxMlp({ layers: [layer] }));
  return path;
};

/** The logits of a linear layer in float64. */
function linear(layer: Dense, x: Float32Array, out: Float64Array): void {
  for (let j = 0; j < layer.outputs; j++) {
    let s = layer.bias[j]!;
    for (let i = 0; i < layer.inputs; i++) s += layer.weights[j * layer.inputs + i]! * x[i]!;
    out[j] = s;
  }
}

type Bot = Agent<object, unknown, never, unknown>;

const netOf = (game: GameManifest): AgentDefinition => game.agents.find((d) => d.name === 'net')!;

function netBot(game: GameManifest, params: ParamValues, seat: number, rules: { players: number }, seed = 1): Bot {
  const def = netOf(game);
  const bot = def.create({ temperature: 0, ...params }) as Bot;
  bot.newGame?.({ seat, rules, agents: [], random: stream(seed + seat) });
  return bot;
}

/**
 * Plays `deals` games on the forward model with a bot per seat; `each` sees every decision: the
 * seat, its observation, the id the bot answered (checked legal here) and the legal ids.
 */
function play(s: Sized, bots: readonly Bot[], deals: number, each: (seat: number, obs: object, id: number, legal: readonly number[]) => void): number {
  const { game, rules } = s;
  const acting = new Int32Array(rules.players);
  const legal = new Int32Array(s.ids);
  const chosen = new Int32Array(rules.players);
  let decisions = 0;
  for (let g = 0; g < deals; g++) {
    const state = (game as unknown as GameDefinition).newState(rules);
    state.deal(hashString(`net test ${g}`));
    while (!state.isOver()) {
      const n = state.actingSeats(acting);
      // Every acting seat chooses before any choice is applied (a simultaneous turn hides them).
      for (let k = 0; k < n; k++) {
        const seat = acting[k]!;
        const obs = state.observation(seat);
        const id = game.actions.encode(obs, bots[seat]!.decide(obs));
        const ids = Array.from(legal.subarray(0, state.legalActions(seat, legal)));
        expect(ids, `${game.id}: seat ${seat} played id ${id}`).toContain(id);
        each(seat, obs, id, ids);
        chosen[k] = id;
        decisions++;
      }
      for (let k = 0; k < n; k++) state.apply(acting[k]!, chosen[k]!);
    }
  }
  return decisions;
}

describe.each(games.map((g) => [g.id, g] as const))('net in %s', (_id, game) => {
  const s = sized(game);
  let linearModel: string;
  let layer: Dense;

  beforeAll(() => {
    layer = randomDense(s.inputs, s.ids, stream(7), 4);
    linearModel = write(`${game.id}-linear.onnx`, layer);
  });

  it("runs the model on the game's own tensor: the logits are the linear map of game.tensor, computed by hand", () => {
    const model = openModel(linearModel);
    const x = new Float32Array(s.inputs);
    const logits = new Float32Array(s.ids);
    const run = model.runner(x, 'logits', logits);
    const expected = new Float64Array(s.ids);
    const bots = Array.from({ length: s.rules.players }, (_, seat) => netBot(game, { model: linearModel }, seat, s.rules));
    let checked = 0;
    let close = 0;
    const decisions = play(s, bots, 4, (_seat, obs, id, legal) => {
      game.tensor.encode(obs, x);
      run();
      linear(layer, x, expected);
      for (let j = 0; j < s.ids; j++) expect(Math.abs(logits[j]! - expected[j]!)).toBeLessThan(1e-4);
      // The bot's move is the best legal id of those logits (unless two are too close to call in float32).
      const ranked = [...legal].sort((a, b) => expected[b]! - expected[a]!);
      if (ranked.length > 1 && expected[ranked[0]!]! - expected[ranked[1]!]! < 1e-4) close++;
      else {
        expect(id).toBe(ranked[0]);
        checked++;
      }
    });
    expect(checked).toBeGreaterThan(decisions * 0.9);
    expect(close).toBeLessThan(decisions * 0.1);
  });

  it('plays an id it prefers whenever that id is legal, else the lowest legal id (the other logits tie)', () => {
    // The id to prefer: the one legal most often in a first pass (a card dealt in every game is rarer than "take").
    const counts = new Int32Array(s.ids);
    const zero = write(`${game.id}-zero.onnx`, {
      inputs: s.inputs,
      outputs: s.ids,
      weights: new Float32Array(s.inputs * s.ids),
      bias: new Float32Array(s.ids),
    });
    const lowest = Array.from({ length: s.rules.players }, (_, seat) => netBot(game, { model: zero }, seat, s.rules));
    play(s, lowest, 2, (_seat, _obs, id, legal) => {
      expect(id).toBe(Math.min(...legal));
      for (const l of legal) counts[l]!++;
    });
    const favourite = counts.indexOf(Math.max(...counts));
    const bias = new Float32Array(s.ids);
    bias[favourite] = 10;
    const prefers = write(`${game.id}-prefers.onnx`, { inputs: s.inputs, outputs: s.ids, weights: new Float32Array(s.inputs * s.ids), bias });
    const bots = Array.from({ length: s.rules.players }, (_, seat) => netBot(game, { model: prefers }, seat, s.rules));
    let played = 0;
    play(s, bots, 3, (_seat, _obs, id, legal) => {
      expect(id).toBe(legal.includes(favourite) ? favourite : Math.min(...legal));
      if (id === favourite) played++;
    });
    expect(played).toBeGreaterThan(0);
  });

  it("draws legal ids at a temperature from the seat's own stream: the same stream, the same moves", () => {
    const moves = (seed: number): number[] => {
      const bots = Array.from({ length: s.rules.players }, (_, seat) => netBot(game, { model: linearModel, temperature: 2 }, seat, s.rules, seed));
      const out: number[] = [];
      play(s, bots, 2, (_seat, _obs, id) => out.push(id));
      return out;
    };
    const a = moves(11);
    expect(moves(11)).toEqual(a);
    // Some other stream plays some other game (2 deals of drawn moves).
    expect([moves(12), moves(13), moves(14)].some((b) => b.join() !== a.join())).toBe(true);
  });

  it('refuses a model of the wrong input or output size in one line, when it starts and in the check before a run', async () => {
    const under = `${game.name} at ${s.rules.players} players`;
    const wide = write(`${game.id}-wide.onnx`, randomDense(s.inputs + 1, s.ids, stream(1)));
    const many = write(`${game.id}-many.onnx`, randomDense(s.inputs, s.ids + 3, stream(1)));
    const inputs = `model ${wide} takes ${s.inputs + 1} floats per observation, but ${under} has ${s.inputs} (the model was made for other rules?)`;
    const outputs = `model ${many} gives ${s.ids + 3} logits, but ${under} has ${s.ids} action ids (the model was made for other rules?)`;
    expect(() => netBot(game, { model: wide }, 0, s.rules)).toThrow(inputs);
    expect(() => netBot(game, { model: many }, 0, s.rules)).toThrow(outputs);
    const def = netOf(game);
    await expect(def.check!({ model: wide, temperature: 0 }, s.rules)).rejects.toThrow(inputs);
    await expect(def.check!({ model: many, temperature: 0 }, s.rules)).rejects.toThrow(outputs);
    await expect(def.check!({ model: linearModel, temperature: 0 }, s.rules)).resolves.toBeUndefined();
  });
});

describe('net model files', () => {
  const game = GAMES.get('no-thanks')!;
  const s = sized(game);
  const def = netOf(game);

  it('refuses a missing file, a file that is not ONNX, and no model at all, each in one line', async () => {
    const missing = join(dir, 'missing.onnx');
    const text = join(dir, 'text.onnx');
    writeFileSync(text, 'not a model\n');
    expect(() => def.create({ model: missing, temperature: 0 })).toThrow(`model ${missing}: no such file`);
    expect(() => def.create({ model: text, temperature: 0 })).toThrow(`model ${text} is not an ONNX model onnxruntime can load`);
    // The check before a run says why, in onnxruntime's words.
    await expect(checkModel(text)).rejects.toThrow(/^model .*text\.onnx is not an ONNX model onnxruntime can load \(.*\)$/);
    await expect(def.check!({ model: missing, temperature: 0 }, s.rules)).rejects.toThrow(`model ${missing}: no such file`);
    const none = 'net needs a model: give one as net:model=PATH.onnx (docs/learning.md, "Models in the lab")';
    await expect(def.check!({ model: '', temperature: 0 }, s.rules)).rejects.toThrow(none);
    // Without a model the bot is made (the lab makes every built-in to freeze its class) and refuses its first game.
    const bot = def.create({ model: '', temperature: 0 }) as Bot;
    expect(() => bot.newGame?.({ seat: 0, rules: s.rules, agents: [], random: Math.random })).toThrow(none);
  });

  it('refuses a model without a logits output in one line, naming the outputs it has', () => {
    const path = join(dir, 'policy.onnx');
    writeFileSync(path, onnxMlp({ layers: [randomDense(s.inputs, s.ids, stream(2))], output: 'policy' }));
    expect(() => netBot(game, { model: path }, 0, s.rules)).toThrow(`model ${path} has no float32 output [batch, 2] named logits (its outputs: policy)`);
  });

  it('loads a file once per thread, however many seats play it', () => {
    const path = write('once.onnx', randomDense(s.inputs, s.ids, stream(3)));
    expect(openModel(path)).toBe(openModel(path));
  });
});

describe('net in tournaments (the built CLI)', () => {
  let model: string;
  const tournament = (out: string, ...extra: string[]) =>
    spawnSync(
      process.execPath,
      [
        cli,
        'tournament',
        '--agents',
        `net:model=${model},temperature=1,random,greedy`,
        '--players',
        '4',
        '--games',
        '12',
        '--seed',
        '5',
        '--out',
        join(dir, out),
        '-q',
        ...extra,
      ],
      { encoding: 'utf8', cwd: dir },
    );
  /** What a run computed, without its timings. */
  const results = (out: string): string[] =>
    ['seats.csv', 'pairwise.csv', 'summary.csv'].map((f) => {
      const text = readFileSync(join(dir, out, f), 'utf8');
      // summary.csv's columns from decisionTimeMeanUs on are timings.
      return f === 'summary.csv' ? text.replace(/^((?:[^,\n]*,){11})[^\n]*$/gm, '$1') : text;
    });

  beforeAll(() => {
    const s = sized(GAMES.get('no-thanks')!);
    model = write('tournament.onnx', randomDense(s.inputs, s.ids, stream(5), 4));
  });

  it('computes the same results at 1 and 2 threads, and under --isolate', () => {
    const runs = [tournament('t1', '--threads', '1'), tournament('t2', '--threads', '2', '--chunk', '1'), tournament('iso', '--threads', '2', '--isolate')];
    for (const r of runs) expect(r.stderr).toBe('');
    expect(results('t2')).toEqual(results('t1'));
    // --isolate sandboxes bot files and programs; a built-in (net with it) plays in the worker threads as always.
    expect(results('iso')).toEqual(results('t1'));
  });

  it('stops a run with a bad model before any game, in one line', () => {
    const bad = join(dir, 'bad.onnx');
    writeFileSync(bad, 'no');
    const r = spawnSync(process.execPath, [cli, 'tournament', '--agents', `net:model=${bad},random,greedy`, '--players', '4', '--games', '2', '-q'], {
      encoding: 'utf8',
      cwd: dir,
    });
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(
      new RegExp(`^nothanks: bot "net:model=${bad}" failed to start: model ${bad} is not an ONNX model onnxruntime can load \\(.+\\)\\n$`),
    );
  });
});
