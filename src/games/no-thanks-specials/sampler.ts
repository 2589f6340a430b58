import { protectData, protect } from '../../game/protect.js';
import type { Random } from '../../game/seed.js';
import { isSpecial, KIND_COUNT, SPECIAL_BASE } from './cards.js';
import type { Observation } from './observation.js';
import type { Rules } from './rules.js';
import { PHASE_BID, PHASE_GIVE, PHASE_OVER, PHASE_REMOVE, PHASE_TAKE, SpecialsState } from './state.js';

const PHASE_OF = protectData('special-card phase ids', { take: PHASE_TAKE, bid: PHASE_BID, give: PHASE_GIVE, remove: PHASE_REMOVE, over: PHASE_OVER } as const);

/**
 * Re-sampling of what one seat cannot see, from its Observation only: the order of the face-down
 * deck and, unless the seat has seen them, which number cards are set aside. Specials are never
 * set aside, so every unseen special is in the deck; the set-aside pile gets number cards only.
 *
 * observe() loads the public position into `position` once per decision; sample() deals the unseen
 * cards anew in place (no allocation), for a rollout to copy and play on.
 */
export class HiddenSampler {
  readonly position: SpecialsState;
  private readonly unseen = new Uint8Array(256);
  private readonly counts = new Int32Array(256);
  private numbers = 0;
  private total = 0;
  private hiddenRemoved = 0;

  constructor(readonly rules: Rules) {
    this.position = new SpecialsState(rules);
  }

  observe(obs: Observation): void {
    const s = this.position;
    const rules = this.rules;
    const P = rules.players;
    s.display.fill(0);
    s.owner.fill(0);
    s.cardPoints.fill(0);
    s.held.fill(0);
    for (let seat = 0; seat < P; seat++) {
      for (let c = rules.minCard; c <= s.topCard; c++) if (obs.has(seat, c)) s.addCard(seat, c);
      for (let k = 0; k < KIND_COUNT; k++) s.held[seat * KIND_COUNT + k] = obs.held(seat, SPECIAL_BASE + k);
      s.chips[seat] = seat === obs.seat ? obs.myChips : rules.openChips ? obs.chips(seat) : obs.countedChips(seat);
      s.sawRemoved[seat] = obs.hasSeenRemoved(seat) ? 1 : 0;
      s.sitting[seat] = obs.sittingOut(seat) ? 1 : 0;
    }
    // Unseen cards: numbers first (ascending codes), then specials.
    this.total = obs.unseenInto(this.unseen, this.counts);
    let numbers = 0;
    while (numbers < this.total && !isSpecial(this.unseen[numbers]!)) numbers++;
    this.numbers = numbers;
    s.removedLeft = obs.removedLeft;
    this.hiddenRemoved = obs.seesRemoved ? 0 : obs.removedLeft;
    if (obs.seesRemoved) for (let i = 0; i < obs.removedLeft; i++) s.cards[i] = obs.removedAt(i);
    const over = obs.phase === 'over';
    s.next = s.deckStart;
    s.deckEnd = over ? s.deckStart : s.deckStart + 1 + obs.cardsLeft;
    s.cards[s.next] = obs.card;
    s.card = obs.card;
    s.pot = obs.pot;
    s.phase = PHASE_OF[obs.phase];
    s.current = obs.current;
    s.starter = obs.starter;
    s.lastBidder = obs.lastBidder;
    s.resumeSeat = obs.nextDecider;
    s.events = 0;
  }

  /**
   * Deals the unseen cards: the hidden set-aside cards as a uniform sample of the unseen numbers,
   * then the face-down deck as a uniform order of the rest (one draw per card).
   */
  sample(random: Random): void {
    const { unseen, numbers, total, hiddenRemoved } = this;
    const s = this.position;
    const cards = s.cards;
    for (let i = 0; i < hiddenRemoved; i++) {
      const j = i + Math.floor(random() * (numbers - i));
      const t = unseen[j]!;
      unseen[j] = unseen[i]!;
      unseen[i] = t;
      cards[i] = t;
    }
    const first = s.next + 1;
    for (let i = hiddenRemoved; i < total; i++) {
      const j = i + Math.floor(random() * (total - i));
      const t = unseen[j]!;
      unseen[j] = unseen[i]!;
      unseen[i] = t;
      cards[first + i - hiddenRemoved] = t;
    }
    // The pool is left shuffled; put the numbers back in front for the next sample's set-aside draw.
    this.regroup();
  }

  /** Numbers back in front of the pool (in their shuffled order), then the unseen specials by count. */
  private regroup(): void {
    const u = this.unseen;
    let w = 0;
    for (let i = 0; i < this.total; i++) if (!isSpecial(u[i]!)) u[w++] = u[i]!;
    for (let code = SPECIAL_BASE; code < SPECIAL_BASE + KIND_COUNT; code++) for (let j = this.counts[code]!; j > 0; j--) u[w++] = code;
  }
}

// Frozen before a bot file loads (src/game/protect.ts): made only once a bot plays, so not reached through the built-in bots' fields.
protect(HiddenSampler);
