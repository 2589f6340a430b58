import { defineAgent, type Action, type NoThanksAgent, type GameStart, type Observation, type Random } from '../agent.js';

/** Takes or passes with equal probability when both are legal; takes when out of chips. */
export default defineAgent({
  name: 'random',
  description: 'Uniform: takes or passes with probability 1/2 when both are legal (the floor every bot must beat).',
  params: {},
  create: () => new RandomAgent(),
});

class RandomAgent implements NoThanksAgent {
  private random: Random = Math.random;

  newGame(start: GameStart): void {
    this.random = start.random;
  }

  decide(obs: Observation): Action {
    return obs.myChips === 0 || this.random() < 0.5 ? 'take' : 'pass';
  }
}
