// The cheapest possible program bot (for the benchmark): takes every card, reads nothing.
import { Bot, run } from '../nothanks-bot.mjs';

class Taker extends Bot {
  static botName = 'taker-node';

  decide() {
    return 'take';
  }
}

run(Taker);
