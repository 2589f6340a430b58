import { defineAgent, type GameEvent, type GameStart, type Observation } from '../agent.js';
import { readLine } from '../../../game/terminal.js';

/**
 * You, at the terminal: shows the rows, your hand and the scores before each of your decisions and
 * reads one line: a card number to play (or to pick in the pro draft), or a row number 1-4 to take
 * when your card is lower than every row. Anything else asks again. Reads lines, so it also works
 * from a pipe (tests). Used by `nothanks play --game 6-nimmt`.
 */
export default defineAgent({
  name: 'human',
  interactive: true,
  description: 'You, at the terminal: type a card number to play or pick, or a row number 1-4 to take (used by `nothanks play`).',
  params: {},
  create() {
    return new HumanAgent();
  },
});

const bold = (s: string): string => (process.stdout.isTTY ? `\x1b[1m${s}\x1b[0m` : s);
const heads = (b: number): string => (b > 1 ? `(${b})` : '');

class HumanAgent {
  private start!: GameStart;
  private recent: string[] = [];

  newGame(start: GameStart): void {
    this.start = start;
    this.recent = [];
    const others = start.agents.map((a, s) => `seat ${s}: ${s === start.seat ? 'you' : a}`).join(', ');
    const r = start.rules;
    write(
      `\n${bold('New game of 6 nimmt!')} (${r.variant === 'pro' ? `pro variant, cards 1-${r.maxCard} drafted face up` : 'base game'}; to ${r.endScore} bullheads)  ${others}\n`,
    );
  }

  private who(seat: number): string {
    return seat === this.start.seat ? 'You' : `${this.start.agents[seat]} (seat ${seat})`;
  }

  onEvent(e: Readonly<GameEvent>, obs: Observation): void {
    if (e.type === 'round') this.recent.push(`Round ${e.round + 1} begins; ${this.who(e.seat)} starts.`);
    else if (e.type === 'pick' && e.seat !== this.start.seat) this.recent.push(`${this.who(e.seat)} picked ${e.card}.`);
    else if (e.type === 'reveal') {
      const cards = Array.from({ length: obs.players }, (_, p) => `${this.who(p)} ${obs.revealedCard(p)}`);
      this.recent.push(`Turn ${e.turn + 1} revealed: ${cards.join(', ')}`);
    } else if (e.type === 'take') {
      this.recent.push(
        `${this.who(e.seat)} took row ${e.row + 1} (${e.bullheads} bullhead${e.bullheads === 1 ? '' : 's'})${e.chosen ? ' (card lower than every row)' : ' (sixth card)'}.`,
      );
    }
  }

  decide(obs: Observation): number {
    write(this.render(obs));
    const phase = obs.phase;
    for (;;) {
      if (phase === 'row') write(`${bold(`Your ${obs.revealedCard(obs.seat)} is lower than every row.`)} Take which row [1-4]? `);
      else if (phase === 'draft') write(`${bold('Pick an open card')} [number]? `);
      else write(`${bold('Play a card')} [number]? `);
      const line = readLine();
      const v = Number(line);
      if (phase === 'row') {
        if (Number.isInteger(v) && v >= 1 && v <= 4) return v - 1;
        write('Type a row number from 1 to 4.\n');
      } else if (phase === 'draft') {
        if (obs.isOpen(v)) return v;
        write(`${line || '(nothing)'} is not an open card.\n`);
      } else {
        if (Number.isInteger(v) && obs.holds(v)) return v;
        write(`You do not hold ${line || '(nothing)'}.\n`);
      }
    }
  }

  private render(obs: Observation): string {
    const lines: string[] = [''];
    if (this.recent.length) lines.push(...this.recent.map((l) => `  ${l}`));
    this.recent = [];
    lines.push(bold(`Round ${obs.round + 1}, turn ${obs.turn + 1} of ${obs.rules.handSize}`));
    for (let r = 0; r < 4; r++) {
      const cards = obs.rowCards(r).map((c) => `${c}${heads(obs.cardBullheads(c))}`);
      const b = obs.rowBullheads(r);
      lines.push(`  row ${r + 1}: ${cards.join(' ').padEnd(34)} ${obs.rowLength(r)}/${obs.rules.rowLimit} cards, ${b} bullhead${b === 1 ? '' : 's'}`);
    }
    for (let seat = 0; seat < obs.players; seat++) {
      const me = seat === obs.seat;
      const name = (me ? 'You' : this.start.agents[seat]!).padEnd(14);
      const hand = me || obs.rules.variant === 'pro' ? `  hand ${obs.handOf(seat).join(' ')}` : '';
      lines.push(
        `  ${me ? '>' : ' '} seat ${seat} ${name} bullheads ${String(obs.bullheads(seat)).padStart(3)} (this round ${obs.roundBullheads(seat)})${hand}`,
      );
    }
    if (obs.phase === 'draft') lines.push(`  Open cards: ${obs.openCards().join(' ')}`);
    else
      lines.push(
        `  Your hand: ${obs
          .handOf()
          .map((c) => `${c}${heads(obs.cardBullheads(c))}`)
          .join(' ')}   (bullheads in brackets when more than 1)`,
      );
    return lines.join('\n') + '\n';
  }
}

function write(s: string): void {
  process.stdout.write(s);
}
