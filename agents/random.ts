import { defineAgent, type Random } from '../src/agent.js';

/** Takes or passes with equal probability when both are legal; takes when out of chips. */
export default defineAgent({
  name: 'random',
  description: 'Uniform: takes or passes with probability 1/2 when both are legal (the floor every bot must beat).',
  params: {},
  create() {
    let random: Random;
    return {
      newGame(start) {
        random = start.random;
      },
      decide(obs) {
        return obs.myChips === 0 || random() < 0.5 ? 'take' : 'pass';
      },
    };
  },
});
