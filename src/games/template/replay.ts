import type { JsonObject } from '../../game/contract.js';
import { replayOnForwardModel } from '../../game/replay.js';
import { type ForwardModel, recordedGame } from './forward-model.js';
import type { GameRecord } from './record.js';

/** One resolved turn, for an account of the game (replay --explain, the web view's frames). */
export interface ReplayStep {
  turn: number;
  prize: number;
  bids: readonly number[];
  /** The seat that won the prize, -1 when tied bids discarded it. */
  winner: number;
  /** The state after the turn. */
  state: ForwardModel;
}

/**
 * Replays a record on the forward model (src/game/replay.ts, the one implementation of the rules):
 * its form and deal checked, every bid a card its seat holds, the game ending with the record, and
 * the re-made record (won, scores, winners) equal to the given one. Throws a one-line UserError
 * naming the first problem. `onStep` hears each turn once it has resolved.
 */
export function replayRecord(record: unknown, onStep?: (step: ReplayStep) => void): ForwardModel {
  const recorded = recordedGame(record as JsonObject);
  const state = recorded.state as ForwardModel;
  const r = record as GameRecord;
  replayOnForwardModel(recorded, r, {
    // A turn resolves on its last bid: the turn counter has just moved on.
    after: () => {
      if (!onStep || state.pending !== 0) return;
      const t = state.turn - 1;
      onStep({ turn: t, prize: state.prizes[t]!, bids: r.bids[t]!, winner: state.takenBy[t]!, state });
    },
  });
  return state;
}

/** Checks a record move by move (see replayRecord); with `explain`, returns the game turn by turn, then the final table. */
export function replayLines(record: unknown, explain: boolean): string[] {
  const r = record as GameRecord;
  const turns: string[] = [];
  replayRecord(
    record,
    explain
      ? (st) => {
          const who = st.winner < 0 ? 'tied: discarded' : `seat ${st.winner} (${r.agents[st.winner]}) wins it`;
          const points = r.agents.map((_, p) => st.state.points[p]).join(' ');
          turns.push(
            `  turn ${String(st.turn + 1).padStart(2)}: prize ${String(st.prize).padStart(2)} · bids ${st.bids.map((c) => String(c).padStart(2)).join(' ')} · ${who}`.padEnd(
              72,
            ) + `points: ${points}`,
          );
        }
      : undefined,
  );
  if (!explain) return [];
  const out = [
    `seed ${r.seed} · ${r.players} players · cards 1..${r.rules.cards}${r.rules.custom ? ' (custom rules)' : ''}`,
    '',
    ...turns,
    '',
    'Final table (score = minus the prize points won; lower is better):',
  ];
  r.agents.forEach((agent, p) => {
    const won = r.winners.includes(p) ? (r.winners.length > 1 ? '  shared win' : '  WINNER') : '';
    out.push(`  seat ${p} ${agent.padEnd(16)} prizes ${String(r.won[p]).padStart(2)}  score ${String(r.scores[p]).padStart(4)}${won}`);
  });
  return out;
}
