import type { JsonObject } from '../../game/contract.js';
import { replayOnForwardModel } from '../../game/replay.js';
import { cardName, KINDS, SPECIAL_BASE } from './cards.js';
import { recordedGame, type SpecialsForwardModel } from './forward-model.js';
import type { GameRecord } from './record.js';

/**
 * Replays a record on the forward model (src/game/replay.ts): its form and deal checked, every
 * decision legal, and every field the game ends with as recorded. Throws a one-line UserError
 * naming the first problem. `onStep` hears each decision after it is applied, with its token and
 * the card and chips on it before.
 */
export function replayRecord(
  record: unknown,
  onStep?: (index: number, seat: number, token: string, state: SpecialsForwardModel, before: { card: number; pot: number }) => void,
): SpecialsForwardModel {
  const recorded = recordedGame(record as JsonObject);
  const state = recorded.state as SpecialsForwardModel;
  const r = record as GameRecord;
  const before = { card: 0, pot: 0 };
  replayOnForwardModel(recorded, r, {
    before: () => {
      before.card = state.card;
      before.pot = state.pot;
    },
    after: (index, seat) => onStep?.(index, seat, String(r.actions[index]), state, { ...before }),
  });
  return state;
}

/** Replay with an account: each decision, then the final table. */
export function replayLines(record: unknown, explain: boolean): string[] {
  const steps: string[] = [];
  const r = record as GameRecord;
  const words: Record<string, string> = { T: 'takes', P: 'pays a chip on', S: 'sits out', B: 'bids a chip on', D: 'declines' };
  replayRecord(
    record,
    explain
      ? (i, seat, token, state, { card: code, pot }) => {
          const card = cardName(code);
          const what = words[token] ? `${words[token]} ${card}${pot ? ` (${pot} chips on it)` : ''}` : `${token.replace(':', 's ')} (after receiving ${card})`;
          steps.push(
            `${String(i + 1).padStart(4)}. seat ${seat} (${r.agents[seat]}) ${what}`.padEnd(64) + `scores: ${r.agents.map((_, p) => state.score(p)).join(' ')}`,
          );
        }
      : undefined,
  );
  if (!explain) return [];
  const specials = Object.entries(r.rules.specials)
    .map(([k, n]) => `${k}${n > 1 ? ` x${n}` : ''}`)
    .join(', ');
  const out = [
    `seed ${r.seed} · ${r.players} players · ${r.rules.startChips} chips each · specials: ${specials || 'none'}${r.rules.custom ? ' (custom rules)' : ''}`,
    `Set aside: ${[...r.removed].sort((a, b) => a - b).join(' ')}`,
    `Deck: ${r.deck.join(' ')}`,
    `Seat ${r.starter} (${r.agents[r.starter]}) starts.`,
    '',
    ...steps,
    '',
    'Events: ' + r.events.map(([t, s, c, pot]) => `${t}(${s}${c === 0 ? '' : `, ${c}`}${pot ? `, ${pot}` : ''})`).join(' '),
    '',
    'Final table:',
  ];
  r.agents.forEach((agent, p) => {
    const won = r.winners.includes(p) ? (r.winners.length > 1 ? '  shared win' : '  WINNER') : '';
    const jokers = r.jokers[p]!.length ? ` jokers as ${r.jokers[p]!.join(', ')}` : '';
    out.push(
      `  seat ${p} ${agent.padEnd(16)} cards ${r.cards[p]!.join(' ') || '—'} · ${r.specials[p]!.join(' ') || 'no specials'}${jokers} · chips ${r.chips[p]} · score ${r.scores[p]}${won}`,
    );
  });
  return out;
}

/**
 * What every special (and the forty) a seat ends with is worth to it, exactly, at the end: its
 * final score without one copy minus its final score. Static: it does not replay how holding the
 * card changed the rest of the game.
 */
export function holdingWorth(record: unknown): { item: string; seat: number; worth: number }[] {
  const state = replayRecord(record);
  const out: { item: string; seat: number; worth: number }[] = [];
  for (let seat = 0; seat < state.players; seat++) {
    const score = state.score(seat);
    KINDS.forEach((kind, k) => {
      const code = kind.name === 'forty' ? 40 : SPECIAL_BASE + k;
      const copies = kind.name === 'forty' ? (state.has(seat, 40) ? 1 : 0) : state.heldCount(seat, k);
      for (let i = 0; i < copies; i++) out.push({ item: kind.name, seat, worth: state.scoreWith(seat, code, false) - score });
    });
  }
  return out;
}
