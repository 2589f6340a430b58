import { readLine } from '../../../game/terminal.js';
import { defineAgent, type GameEvent, type GameStart, type Observation } from '../agent.js';

/**
 * You, at the terminal: shows the prize, your hand and the points before each bid and reads one
 * line, the card to bid; anything else asks again. Reads lines, so it also works from a pipe.
 * Used by `nothanks play --game template`.
 */
export default defineAgent({
  name: 'human',
  interactive: true,
  description: 'You, at the terminal: type the card to bid (used by `nothanks play`).',
  params: {},
  create: () => new HumanAgent(),
});

const write = (s: string): void => void process.stdout.write(s);

class HumanAgent {
  private start!: GameStart;

  newGame(start: GameStart): void {
    this.start = start;
    const seats = start.agents.map((a, s) => `seat ${s}: ${s === start.seat ? 'you' : a}`).join(', ');
    write(`\nNew game of Goofspiel (cards 1-${start.rules.cards})  ${seats}\n`);
  }

  onEvent(e: Readonly<GameEvent>, obs: Observation): void {
    const bids = Array.from({ length: obs.players }, (_, p) => `${p === this.start.seat ? 'you' : `seat ${p}`} ${obs.bidAt(e.turn, p)}`);
    const who = e.winner < 0 ? 'a tie: the prize is discarded' : e.winner === this.start.seat ? 'you win it' : `seat ${e.winner} wins it`;
    write(`Prize ${e.prize}: ${bids.join(', ')} · ${who}\n`);
  }

  decide(obs: Observation): number {
    const hand = Array.from({ length: obs.handSize }, (_, i) => obs.handCard(i));
    const points = Array.from({ length: obs.players }, (_, p) => `${p === obs.seat ? 'you' : `seat ${p}`} ${obs.points(p)}`);
    write(`\nTurn ${obs.turn + 1} · prize ${obs.prize} · points: ${points.join(', ')}\nYour hand: ${hand.join(' ')}\n`);
    for (;;) {
      write('Bid which card? ');
      const card = Number(readLine());
      if (hand.includes(card)) return card;
      write(`Type one of your cards: ${hand.join(' ')}\n`);
    }
  }
}
