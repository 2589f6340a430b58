import { makeRandom, seatStreamOf, type SeatStream } from '../../../game/seed.js';
import { defineAgent, type Action, type GameStart, type Observation, type Random, type SixNimmtAgent } from '../agent.js';

/**
 * Uniform: a hand card at random when playing, a row at random (of the 4) when it must take one,
 * an open card at random when drafting (pro). The floor every bot must beat.
 */
export default defineAgent({
  name: 'random',
  description: 'Uniform: a random hand card, a random row of the 4 when it must take one, a random open card in the pro draft.',
  params: {},
  create: () => new RandomAgent(),
});

class RandomAgent implements SixNimmtAgent {
  /** Replaced by the seat's own stream in newGame (the table always calls it). */
  private random: Random = makeRandom('6-nimmt/random');
  /** The seat's stream behind `random` when the lab made it: its next() is inlined, random() returns a boxed double. */
  private stream: SeatStream | null = null;

  newGame(start: GameStart): void {
    this.random = start.random;
    this.stream = seatStreamOf(start.random) ?? null;
  }

  decide(obs: Observation): Action {
    const phase = obs.phase;
    if (phase === 'play') return obs.handCard(Math.floor((this.stream !== null ? this.stream.next() : this.random()) * obs.handSize));
    if (phase === 'row') return Math.floor(this.random() * 4);
    let k = Math.floor(this.random() * obs.openCount);
    const max = obs.rules.maxCard;
    for (let c = 1; c <= max; c++) if (obs.isOpen(c) && k-- === 0) return c;
    return 0;
  }
}
