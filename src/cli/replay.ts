import { readFileSync } from 'node:fs';
import { formatRuns } from '../../agents/human.js';
import { replayRecord, type GameRecord } from '../engine/record.js';
import { UserError } from '../errors.js';

/** Validates every record in a JSON Lines file; prints a decision-by-decision account of one of them. */
export function replayCommand(file: string, game: number | undefined): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new UserError(`cannot read ${file}`);
  }
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  if (lines.length === 0) throw new UserError(`${file} holds no game records`);
  if (game !== undefined && (!Number.isInteger(game) || game < 1 || game > lines.length)) {
    throw new UserError(`--game must be from 1 to ${lines.length} (the file holds ${lines.length} records)`);
  }
  const out: string[] = [];
  lines.forEach((line, i) => {
    let record: GameRecord;
    try {
      record = JSON.parse(line) as GameRecord;
    } catch {
      throw new UserError(`${file}:${i + 1}: not valid JSON`);
    }
    const show = game === i + 1;
    const steps: string[] = [];
    try {
      replayRecord(record, show ? (st) => {
        const who = `seat ${st.seat} (${record.agents[st.seat]})`;
        const running = record.agents.map((_, p) => st.state.score(p)).join(' ');
        const what = st.action === 'take' ? `takes ${st.card}${st.pot ? ` and ${st.pot} chip${st.pot > 1 ? 's' : ''}` : ''}` : `pays a chip on ${st.card} (${st.pot + 1} on it now)`;
        steps.push(`${String(st.index + 1).padStart(4)}. ${who} ${what}`.padEnd(58) + `scores: ${running}`);
      } : undefined);
    } catch (err) {
      if (err instanceof UserError) throw new UserError(`${file}: game ${i + 1}: ${err.message}`);
      throw err;
    }
    if (!show) return;
    out.push(`Game ${i + 1} of ${lines.length} · seed ${record.seed} · ${record.players} players · ${record.rules.startChips} chips each${record.rules.custom ? ' (custom rules)' : ''}`);
    out.push(`Removed unseen: ${[...record.removed].sort((a, b) => a - b).join(' ')}`);
    out.push(`Seat ${record.starter} (${record.agents[record.starter]}) starts.`, '');
    out.push(...steps, '', 'Final table:');
    record.agents.forEach((agent, p) => {
      const won = record.winners.includes(p) ? (record.winners.length > 1 ? '  shared win' : '  WINNER') : '';
      out.push(`  seat ${p} ${agent.padEnd(16)} cards ${formatRuns(record.cards[p]!).padEnd(36)} chips ${String(record.chips[p]).padStart(3)}  score ${String(record.scores[p]).padStart(4)}${won}`);
    });
  });
  out.push(`${lines.length} record${lines.length === 1 ? '' : 's'} in ${file} replayed: all legal, all results match.`);
  return out.join('\n');
}
