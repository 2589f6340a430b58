import type { JsonObject } from '../../game/contract.js';
import { replayOnForwardModel } from '../../game/replay.js';
import { formatRuns } from './format.js';
import { type NoThanksState, recordedGame } from './forward-model.js';
import type { GameRecord } from './record.js';
import { PASS } from './state.js';

/** One replayed decision, for printing an account of the game. */
export interface ReplayStep {
  index: number;
  seat: number;
  action: 'take' | 'pass';
  card: number;
  /** Chips on the card before the decision. */
  pot: number;
  state: NoThanksState;
}

/**
 * Replays a record on the forward model (src/game/replay.ts): its form and deal checked, every
 * decision legal, and the final cards, chips, scores and winners as recorded. Throws a one-line
 * UserError naming the first problem.
 */
export function replayRecord(record: unknown, onStep?: (step: ReplayStep) => void): NoThanksState {
  const recorded = recordedGame(record as JsonObject);
  const state = recorded.state as NoThanksState;
  let card = 0;
  let pot = 0;
  replayOnForwardModel(recorded, record as GameRecord, {
    before: () => {
      card = state.card;
      pot = state.pot;
    },
    after: (index, seat, action) => onStep?.({ index, seat, action: action === PASS ? 'pass' : 'take', card, pot, state }),
  });
  return state;
}

/**
 * Checks a record move by move (see replayRecord); with `explain`, returns the game decision by
 * decision with the running scores, then the final table.
 */
export function replayLines(record: unknown, explain: boolean): string[] {
  const steps: string[] = [];
  const r = record as GameRecord;
  replayRecord(
    record,
    explain
      ? (st) => {
          const who = `seat ${st.seat} (${r.agents[st.seat]})`;
          const running = r.agents.map((_, p) => st.state.score(p)).join(' ');
          const what =
            st.action === 'take'
              ? `takes ${st.card}${st.pot ? ` and ${st.pot} chip${st.pot > 1 ? 's' : ''}` : ''}`
              : `pays a chip on ${st.card} (${st.pot + 1} on it now)`;
          steps.push(`${String(st.index + 1).padStart(4)}. ${who} ${what}`.padEnd(58) + `scores: ${running}`);
        }
      : undefined,
  );
  if (!explain) return [];
  const out = [
    `seed ${r.seed} · ${r.players} players · ${r.rules.startChips} chips each${r.rules.custom ? ' (custom rules)' : ''}`,
    `Removed unseen: ${[...r.removed].sort((a, b) => a - b).join(' ')}`,
    `Seat ${r.starter} (${r.agents[r.starter]}) starts.`,
    '',
    ...steps,
    '',
    'Final table:',
  ];
  r.agents.forEach((agent, p) => {
    const won = r.winners.includes(p) ? (r.winners.length > 1 ? '  shared win' : '  WINNER') : '';
    out.push(
      `  seat ${p} ${agent.padEnd(16)} cards ${formatRuns(r.cards[p]!).padEnd(36)} chips ${String(r.chips[p]).padStart(3)}  score ${String(r.scores[p]).padStart(4)}${won}`,
    );
  });
  return out;
}
