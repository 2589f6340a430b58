import { defineAgent, type GameEvent, type GameStart, type Observation } from '../agent.js';
import { formatRuns } from '../kit.js';
import { readKey } from '../../../game/terminal.js';

/**
 * You, at the terminal: shows the table before each of your decisions and reads one key,
 * t (take) or p (pass); anything else asks again. Used by `nothanks play`.
 */
export default defineAgent({
  name: 'human',
  interactive: true,
  description: 'You, at the terminal: t takes, p passes (used by `nothanks play`).',
  params: {},
  create() {
    return new HumanAgent();
  },
});

const bold = (s: string): string => (process.stdout.isTTY ? `\x1b[1m${s}\x1b[0m` : s);

class HumanAgent {
  private start!: GameStart;
  private recent: string[] = [];

  newGame(start: GameStart): void {
    this.start = start;
    this.recent = [];
    const others = start.agents.map((a, s) => `seat ${s}: ${s === start.seat ? 'you' : a}`).join(', ');
    write(`\n${bold('New game of No Thanks!')}  ${others}\n`);
  }

  onEvent(e: Readonly<GameEvent>, obs: Observation): void {
    const who = e.seat === this.start.seat ? 'You' : `${this.start.agents[e.seat]} (seat ${e.seat})`;
    if (e.type === 'pass') this.recent.push(`${who} paid a chip on ${e.card}`);
    else this.recent.push(`${who} took ${e.card}${e.pot ? ` with ${e.pot} chip${e.pot > 1 ? 's' : ''}` : ''}`);
    if (e.type === 'take' && obs.card === 0) this.recent.push('The last card is gone.');
  }

  decide(obs: Observation): 'take' | 'pass' {
    write(this.render(obs));
    if (obs.myChips === 0) {
      write(`You have no chips: you must take ${obs.card}. Press any key. `);
      readKey();
      write('\n');
      return 'take';
    }
    for (;;) {
      write(`${bold(`Take ${obs.card}`)} [t] or ${bold('pay a chip')} [p]? `);
      const key = readKey().toLowerCase();
      write(`${key.trim()}\n`);
      if (key === 't') return 'take';
      if (key === 'p') return 'pass';
      write('Press t to take the card or p to pass.\n');
    }
  }

  private render(obs: Observation): string {
    const lines: string[] = [''];
    if (this.recent.length) lines.push(...this.recent.map((l) => `  ${l}`));
    this.recent = [];
    lines.push(bold(`Card ${obs.card} with ${obs.pot} chip${obs.pot === 1 ? '' : 's'} on it · ${obs.cardsLeft} cards left in the deck`));
    for (let seat = 0; seat < obs.players; seat++) {
      const me = seat === obs.seat;
      const name = (me ? 'You' : this.start.agents[seat]!).padEnd(14);
      const chips = me || obs.rules.openChips ? obs.chips(seat) : undefined;
      const points = obs.cardPoints(seat);
      const score = chips === undefined ? `points ${points}` : `score ${points - chips}`;
      lines.push(`  ${me ? '>' : ' '} seat ${seat} ${name} chips ${chips ?? '?'}  ${score.padEnd(10)} ${formatRuns(obs.displayOf(seat))}`);
    }
    const cost = obs.marginalCost();
    lines.push(`  Taking adds ${cost} points and ${obs.pot} chips: net ${cost - obs.pot}. You have ${obs.myChips} chips.`);
    return lines.join('\n') + '\n';
  }
}

function write(s: string): void {
  process.stdout.write(s);
}
