import { protect } from '../../../game/protect.js';
import type { NetGuide } from '../../../net/net-guide.js';
import type { Observation, Rules } from '../agent.js';
import { PLAY, type SixNimmtState } from '../kit.js';
import type { HeuristicAgent } from './heuristic.js';
import type { McModel } from './mc-model.js';
import { OthersPolicy } from './opponent-model.js';

/**
 * search's netPlayout: the opponent model (opponent-model.ts) with a model's cards in place of its
 * own for the chosen seats (the searching seat's later cards, the others', or both): the legal card
 * with the highest logit for that seat's view of the playout. Rows, and the seats the model does
 * not play, stay OthersPolicy's. It plays through the game state and the seats' views (the bare
 * board has no observation to encode), so the domain's round playouts are off with it.
 */
export class NetOthersPolicy extends OthersPolicy {
  constructor(
    heuristic: HeuristicAgent,
    noise: number,
    model: McModel | undefined,
    private readonly guide: NetGuide<Rules, Observation>,
    private readonly netSelf: boolean,
    private readonly netOthers: boolean,
  ) {
    super(heuristic, noise, model);
  }

  override act(s: SixNimmtState, seat: number): number {
    if (s.phase === PLAY && (seat === this.me ? this.netSelf : this.netOthers)) return this.guide.best(this.views[seat]!);
    return super.act(s, seat);
  }
}

// Frozen before a bot file loads (src/game/protect.ts): made only once a bot plays, so not reached through the built-in bots' fields.
protect(NetOthersPolicy);
