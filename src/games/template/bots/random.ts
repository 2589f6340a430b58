import { defineAgent, type Action, type GameStart, type GoofspielAgent, type Observation, type Random } from '../agent.js';

/** Uniform: a card of its hand at random. The floor every bot must beat. */
export default defineAgent({
  name: 'random',
  description: 'Uniform: bids a card of its hand at random (the floor every bot must beat).',
  params: {},
  create: () => new RandomAgent(),
});

class RandomAgent implements GoofspielAgent {
  /** Replaced by the seat's own seeded stream in newGame (the table always calls it): never Math.random in a game. */
  private random: Random = Math.random;

  newGame(start: GameStart): void {
    this.random = start.random;
  }

  decide(obs: Observation): Action {
    return obs.handCard(Math.floor(this.random() * obs.handSize));
  }
}
