import type { JsonObject } from '../../game/contract.js';
import { replayOnForwardModel } from '../../game/replay.js';
import { recordedGame, type SixNimmtState } from './forward-model.js';
import type { GameRecord } from './record.js';
import { PLAY, type GameState } from './state.js';

/** What replay reports as it goes, for an account of the game. */
export type ReplayStep =
  | { type: 'round'; round: number; state: GameState }
  | { type: 'trick'; round: number; turn: number; cards: readonly number[]; state: GameState }
  | { type: 'end'; round: number; state: GameState };

/**
 * Replays a record on the forward model (src/game/replay.ts): its form and deals checked, every
 * card played held, every draft pick open, a row named exactly when a card is lower than every
 * row, the starters moving one seat a round, the game ending with the last round, and bullheads,
 * scores and winners as recorded. Throws a one-line UserError naming the first problem (its
 * round and turn). `onStep` hears each round's start, each turn once resolved (rows and takes as
 * the turn left them) and each round's end.
 */
export function replayRecord(record: unknown, onStep?: (step: ReplayStep) => void): SixNimmtState {
  const recorded = recordedGame(record as JsonObject);
  const state = recorded.state as SixNimmtState;
  const r = record as GameRecord;
  let round = -1;
  if (onStep)
    state.onTurnResolved = () => {
      const k = state.round;
      const turn = state.turn;
      onStep({ type: 'trick', round: k, turn, cards: r.rounds[k]!.tricks[turn]!.cards, state });
      if (turn === state.handSize - 1) onStep({ type: 'end', round: k, state });
    };
  try {
    replayOnForwardModel(recorded, r, {
      // A round starts at its first play (in the pro variant: once its draft has laid the rows).
      before: () => {
        if (state.round === round || state.phase !== PLAY) return;
        round = state.round;
        onStep?.({ type: 'round', round, state });
      },
    });
  } finally {
    state.onTurnResolved = undefined;
  }
  return state;
}

/**
 * Checks a record move by move (see replayRecord); with `explain`, returns the game round by round
 * and turn by turn with the rows after each turn, then the final table.
 */
export function replayLines(record: unknown, explain: boolean): string[] {
  const lines: string[] = [];
  const r = record as GameRecord;
  // Rows numbered 1-4, as `play` and the web app show them (records keep the indexes 0-3).
  const rowsText = (s: GameState): string => [0, 1, 2, 3].map((i) => `${i + 1}: ${s.rowOf(i).join(' ')}`).join(' | ');
  replayRecord(
    record,
    explain
      ? (st) => {
          const s = st.state;
          if (st.type === 'round') {
            lines.push('', `Round ${st.round + 1} · seat ${s.roundStarter} (${r.agents[s.roundStarter]}) starts · rows ${rowsText(s)}`);
            const round = r.rounds[st.round]!;
            if (round.draft) lines.push(`  draft, in pick order: ${round.draft.join(' ')}`);
            round.hands.forEach((h, p) => lines.push(`  seat ${p} ${r.agents[p]!.padEnd(16)} hand ${h.join(' ')}`));
          } else if (st.type === 'trick') {
            const takes: string[] = [];
            for (let k = 0; k < s.turnTakes; k++) {
              const seat = s.turnTakeSeat[k]!;
              const chose = s.takes[st.turn * s.players + seat] === s.turnTakeRow[k];
              const b = s.turnTakeBull[k]!;
              takes.push(
                `seat ${seat} takes row ${s.turnTakeRow[k]! + 1} (${b} bullhead${b === 1 ? '' : 's'}${chose ? ', chosen: its card was lower than every row' : ''})`,
              );
            }
            lines.push(
              `  turn ${String(st.turn + 1).padStart(2)}: ${st.cards.map((c) => String(c).padStart(3)).join(' ')}${takes.length ? ` · ${takes.join('; ')}` : ''}`,
            );
            lines.push(`           rows ${rowsText(s)}`);
          } else {
            lines.push(`  bullheads this round: ${Array.from(s.roundBull).join(' ')} · totals: ${Array.from(s.total).join(' ')}`);
          }
        }
      : undefined,
  );
  if (!explain) return [];
  const rr = r.rules;
  const variant = rr.variant === 'pro' ? `pro variant (cards 1..${rr.maxCard}, drafted)` : `base game (cards 1..${rr.maxCard})`;
  const out = [
    `seed ${r.seed} · ${r.players} players · ${variant} · hands of ${rr.handSize}, rows of ${rr.rowLimit}, to ${rr.endScore} bullheads${rr.custom ? ' (custom rules)' : ''}`,
    `Seat ${r.rounds[0]!.starter} (${r.agents[r.rounds[0]!.starter]}) starts the first round; ${r.rounds.length} round${r.rounds.length === 1 ? '' : 's'}.`,
    ...lines,
    '',
    'Final table (bullheads, lower is better):',
  ];
  r.agents.forEach((agent, p) => {
    const won = r.winners.includes(p) ? (r.winners.length > 1 ? '  shared win' : '  WINNER') : '';
    out.push(
      `  seat ${p} ${agent.padEnd(16)} bullheads ${String(r.scores[p]).padStart(4)}  by round ${r.rounds.map((round) => round.bullheads[p]).join(' ')}${won}`,
    );
  });
  return out;
}
