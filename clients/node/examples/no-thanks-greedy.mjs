// No Thanks!: the built-in greedy bot as a Node program over the line protocol, move for move
// (tested). The run-aware cost is asked of the lab (obs.call('marginalCost')): the observation's own method.
import { Bot, run } from '../nothanks-bot.mjs';

class Greedy extends Bot {
  static botName = 'greedy-node';

  decide(obs) {
    return obs.myChips === 0 || obs.call('marginalCost') - obs.pot <= 1 ? 'take' : 'pass';
  }
}

run(Greedy);
