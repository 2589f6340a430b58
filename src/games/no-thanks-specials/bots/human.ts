import { cardName, defineAgent, KINDS, SPECIAL_BASE, type Action, type GameEvent, type GameStart, type Observation, type SpecialsAgent } from '../agent.js';
import { readLine } from '../../../game/terminal.js';

/**
 * You, at the terminal, with special cards: t take, p pass, b bid, d decline, s sit out, or a
 * card (17, joker) to give or remove; anything else asks again. Used by `nothanks play`.
 */
export default defineAgent({
  name: 'human',
  interactive: true,
  description: 'You, at the terminal: t/p/b/d/s, or the card to give or remove (used by `nothanks play`).',
  params: {},
  create: () => new HumanAgent(),
});

const out = (s: string): void => void process.stdout.write(s);

class HumanAgent implements SpecialsAgent {
  private start!: GameStart;
  private recent: string[] = [];

  newGame(start: GameStart): void {
    this.start = start;
    this.recent = [];
    out(`\nNew game of No Thanks! with special cards  ${start.agents.map((a, s) => `seat ${s}: ${s === start.seat ? 'you' : a}`).join(', ')}\n`);
  }

  onEvent(e: Readonly<GameEvent>): void {
    const who = e.seat === this.start.seat ? 'You' : `${this.start.agents[e.seat]} (seat ${e.seat})`;
    this.recent.push(`${who}: ${e.type} ${cardName(e.card)}${e.pot && e.type !== 'fetch' ? ` (${e.pot} chips on it)` : ''}`);
  }

  decide(obs: Observation): Action {
    const lines = ['', ...this.recent.map((l) => `  ${l}`)];
    this.recent = [];
    lines.push(
      `${obs.phase === 'give' ? 'Give a card to your left' : obs.phase === 'remove' ? 'Remove a card from your display' : `Card ${cardName(obs.card)} with ${obs.pot} chips`} · ${obs.cardsLeft} cards left`,
    );
    for (let seat = 0; seat < obs.players; seat++) {
      const specials = KINDS.flatMap((k, i) => Array<string>(obs.held(seat, SPECIAL_BASE + i)).fill(k.name)).join(' ');
      const chips = seat === obs.seat || obs.rules.openChips ? obs.chips(seat) : obs.countedChips(seat);
      lines.push(
        `  ${seat === obs.seat ? '>' : ' '} seat ${seat} ${(seat === obs.seat ? 'You' : this.start.agents[seat]!).padEnd(12)} chips ${chips}  score now ${obs.scoreNow(seat)}  ${obs.displayOf(seat).join(' ') || '—'} ${specials}${obs.sittingOut(seat) ? ' (sitting out)' : ''}`,
      );
    }
    if (obs.seesRemoved) lines.push(`  Set aside: ${obs.removedCards().join(' ')}`);
    out(lines.join('\n') + '\n');
    for (;;) {
      const sit = obs.canSitOut ? ', s sit out' : '';
      if (obs.phase === 'take') out(`t take${obs.myChips ? ', p pay a chip' : ''}${sit}? `);
      else if (obs.phase === 'bid') out(`b bid a chip${obs.myChips ? '' : ' (you have none)'}, d decline and take the chips${sit}? `);
      else out('which card? ');
      const key = readLine().toLowerCase();
      if (obs.phase === 'take' && (key === 't' || (key === 'p' && obs.myChips > 0))) return key === 't' ? 'take' : 'pass';
      if (obs.phase === 'bid' && (key === 'd' || (key === 'b' && obs.myChips > 0))) return key === 'd' ? 'decline' : 'bid';
      if (key === 's' && obs.canSitOut) return 'sit-out';
      if (obs.phase === 'give' || obs.phase === 'remove') {
        const code = /^\d+$/.test(key) ? Number(key) : SPECIAL_BASE + KINDS.findIndex((k) => k.name === key);
        if (code >= SPECIAL_BASE ? obs.held(obs.seat, code) > 0 : obs.has(obs.seat, code)) return code;
      }
      out('That is not a move you can make now.\n');
    }
  }
}
