import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Agent } from '../game/agent.js';
import { dealKeyInto, masterKey, type SeedKey } from '../game/seed.js';
import type { GameManifest } from '../games/manifest.js';
import { onnxMlp, randomMlp } from '../net/onnx-write.js';
import type { Ratio } from './ratios.js';

/** What the net workload measured: one game's net bot in every seat on a 2-layer MLP. */
export interface NetFigures {
  workload: string;
  /** The model's layer sizes, input to logits (plus a value head, as a trained model has). */
  layers: number[];
  games: number;
  decisions: number;
  seconds: number;
  /** Wall time per decision through the game loop: encoding, the model, the mask, the engine. */
  usPerDecision: number;
  /** The process's CPU time per decision: what a busy machine's waiting leaves out (onnxruntime computes in this thread). */
  cpuUsPerDecision: number;
}

/** The hidden layers of the benchmark's model: about the size a policy for these games needs. */
export const NET_HIDDEN = [128, 128] as const;

/**
 * `net` in every seat at `players` seats, on a model of random weights (its speed, not its play,
 * is measured) written to a temporary file: deals through the game's own table in this thread,
 * after a warm-up, until `decisions` decisions are timed. The time per decision is everything a
 * decision costs in play, the engine's share included (a few percent: its games take microseconds).
 */
export async function netWorkload(game: GameManifest, players: number, decisions: number): Promise<NetFigures> {
  const rules = game.makeRules({ players });
  const layers = [game.tensor.size(rules), ...NET_HIDDEN, game.actions.size(rules)];
  const dir = mkdtempSync(join(tmpdir(), 'nothanks-bench-net-'));
  try {
    const model = join(dir, 'mlp.onnx');
    let s = 12345;
    writeFileSync(model, onnxMlp(randomMlp(layers, () => (s = (s * 16807) % 2147483647) / 2147483647)));
    const net = game.agents.find((d) => d.name === 'net')!;
    const labels = Array.from({ length: players }, () => 'net');
    const bots = labels.map(() => net.create({ model, temperature: 0 }) as Agent<never, unknown, never, unknown>);
    const table = game.batch.table(rules, bots, labels, false);
    const master = masterKey(game.id, 'bench net');
    const key: SeedKey = { hi: 0, lo: 0 };
    let warm = 0;
    for (let g = 0; warm < Math.min(decisions, 20_000); g++) {
      table.play(dealKeyInto(master, 1_000_000 + g, key));
      warm += table.state.decisions;
    }
    let done = 0;
    let games = 0;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    while (done < decisions) {
      table.play(dealKeyInto(master, games++, key));
      done += table.state.decisions;
    }
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    return {
      workload: `net x${players} (${layers.join('-')} MLP)`,
      layers,
      games,
      decisions: done,
      seconds,
      usPerDecision: (seconds * 1e6) / done,
      cpuUsPerDecision: (cpu.user + cpu.system) / done,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The workload's line in a game's table and its target (at most 50 us a decision). */
export function netText(w: NetFigures): string {
  return `${w.workload.padEnd(28)} ${w.usPerDecision.toFixed(1)} us/decision (CPU ${w.cpuUsPerDecision.toFixed(1)} us) over ${w.decisions.toLocaleString('en-US')} decisions (${w.games.toLocaleString('en-US')} games)`;
}

export function netRatio(gameName: string, w: NetFigures): Ratio {
  return {
    what: `${gameName} net decision, ${w.layers.join('-')} MLP`,
    value: w.usPerDecision,
    unit: 'us',
    target: { atMost: 50 },
    note: `wall time through the game loop, one onnxruntime thread (CPU ${w.cpuUsPerDecision.toFixed(1)} us): discount a busy machine`,
  };
}
