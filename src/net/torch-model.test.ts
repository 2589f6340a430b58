import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Agent } from '../game/agent.js';
import { hashString } from '../game/seed.js';
import { GAMES } from '../registry.js';
import { PROJECT_ROOT } from '../paths.js';
import { runChild } from '../testing/child.js';
import { openModel } from './onnx-session.js';

/*
 * A model as training makes one: a torch MLP with a policy and a value head, exported by
 * torch.onnx.export (the other tests' models are written by src/net/onnx-write.ts). Its logits in
 * the lab must be torch's own on the same tensors. Needs python3 with torch and onnx: skipped with
 * one line without them, unless REQUIRE_TORCH=1 (CI) makes their absence a failure.
 */

const hasTorch = spawnSync('python3', ['-c', 'import torch, onnx'], { encoding: 'utf8' }).status === 0;
const required = process.env.REQUIRE_TORCH === '1';
if (!hasTorch && !required) process.stderr.write('torch model tests skipped: python3 cannot import torch and onnx; CI requires them (REQUIRE_TORCH=1)\n');

/**
 * Makes the model for D inputs and A logits, and writes torch's logits for the observations in
 * `obs` (rows of D floats). With a sixth argument (the tensor's fields as JSON), the model is
 * training's card network for 6 nimmt! (clients/python/nothanks_lab/card_net.py) instead.
 */
const PYTHON = `
import json, sys, numpy as np, torch
torch.manual_seed(3); torch.set_num_threads(1)
path, d, a, obs_file, out_file = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.body = torch.nn.Sequential(torch.nn.Linear(d, 64), torch.nn.ReLU(), torch.nn.Linear(64, 64), torch.nn.ReLU())
        self.policy = torch.nn.Linear(64, a)
        self.value = torch.nn.Linear(64, 1)
    def forward(self, obs):
        h = self.body(obs)
        return self.policy(h), self.value(h)
if len(sys.argv) > 6:
    from nothanks_lab.card_net import make_card_net
    model = make_card_net(json.loads(sys.argv[6]), d, a, 64).eval()
else:
    model = Net().eval()
torch.onnx.export(model, torch.zeros(1, d), path, input_names=['obs'], output_names=['logits', 'value'],
                  dynamic_axes={'obs': {0: 'batch'}, 'logits': {0: 'batch'}, 'value': {0: 'batch'}}, dynamo=False)
x = torch.from_numpy(np.fromfile(obs_file, dtype='<f4').reshape(-1, d))
with torch.no_grad():
    model(x)[0].numpy().astype('<f4').tofile(out_file)
`;

describe.runIf(hasTorch || required)('a torch-exported model', () => {
  const dir = mkdtempSync(join(tmpdir(), 'nothanks-torch-'));

  it.each([
    ['no-thanks', 'mlp'],
    ['6-nimmt', 'mlp'],
    ['6-nimmt', 'cards'],
  ])('plays in %s with the logits torch computes on the same tensors (%s network)', (id, kind) => {
    const game = GAMES.get(id)!;
    const rules = game.makeRules({ players: 4 });
    const [d, a] = [game.tensor.size(rules), game.actions.size(rules)];
    // Tensors of the positions of a random game, every seat's.
    const state = game.newState(rules);
    state.deal(hashString(`torch ${id}`));
    const rows: Float32Array[] = [];
    const acting = new Int32Array(4);
    const legal = new Int32Array(a);
    let k = 0;
    while (!state.isOver()) {
      const n = state.actingSeats(acting);
      for (let i = 0; i < 4; i++) {
        const row = new Float32Array(d);
        game.tensor.encode(state.observation(i), row);
        rows.push(row);
      }
      for (let i = 0; i < n; i++) state.apply(acting[i]!, legal[k++ % state.legalActions(acting[i]!, legal)]!);
    }
    const obs = new Float32Array(rows.length * d);
    rows.forEach((r, i) => obs.set(r, i * d));
    const [model, obsFile, outFile] = ['model.onnx', 'obs.bin', 'logits.bin'].map((f) => join(dir, `${id}-${kind}-${f}`)) as [string, string, string];
    writeFileSync(obsFile, obs);
    const cards = kind === 'cards' ? [JSON.stringify(game.tensor.fields(rules))] : [];
    const py = spawnSync('python3', ['-c', PYTHON, model, String(d), String(a), obsFile, outFile, ...cards], {
      encoding: 'utf8',
      cwd: join(PROJECT_ROOT, 'clients', 'python'),
    });
    expect(py.status, py.stderr).toBe(0);
    // A small file's Buffer is a view into a shared pool: its own bytes copied out.
    const bytes = readFileSync(outFile);
    const expected = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
    const x = new Float32Array(d);
    const logits = new Float32Array(a);
    const run = openModel(model).runner(x, 'logits', logits);
    rows.forEach((r, i) => {
      x.set(r);
      run();
      for (let j = 0; j < a; j++) expect(Math.abs(logits[j]! - expected[i * a + j]!)).toBeLessThan(1e-4);
    });
    // And the bot plays it, legally (the table checks every answer), in a whole game.
    const net = game.agents.find((b) => b.name === 'net')!;
    const bots = [0, 1, 2, 3].map(() => net.create({ model, temperature: 0 }) as Agent<never, unknown, never, unknown>);
    const table = game.batch.table(rules, bots, ['net', 'net', 'net', 'net'], false);
    table.play(hashString(`torch game ${id}`));
    expect(table.state.decisions).toBeGreaterThan(0);
  });

  it("the card network's features follow the rules (python3 -m unittest tests.test_card_net)", async () => {
    const r = await runChild('python3', ['-m', 'unittest', 'tests.test_card_net'], {
      cwd: join(PROJECT_ROOT, 'clients', 'python'),
      env: { ...process.env, NOTHANKS_LAB: PROJECT_ROOT, REQUIRE_TORCH: '1', PYTHONDONTWRITEBYTECODE: '1' },
      timeout: 240_000,
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^Ran 2 tests in /m);
    expect(r.stderr).not.toMatch(/skipped/);
  }, 300_000);
});
