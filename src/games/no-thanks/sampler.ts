import { protect } from '../../game/protect.js';
import type { Random, SeatStream } from '../../game/seed.js';
import type { Observation } from './observation.js';
import { cardCount, type Rules } from './rules.js';
import { GameState } from './state.js';

/**
 * Re-sampling of what one seat cannot see (the deck order and the removed cards; opponents' chips
 * are counted from the public history when counters are hidden), built from that seat's
 * Observation only, so a search bot never reads or writes another engine's fields.
 *
 * observe() loads the public position into `position` once per decision; each sample() then deals
 * the unseen cards at random into the face-down deck (and the rest into the removed pile), in
 * place: a rollout copies `position` into its own scratch state and plays on. No allocation.
 */
export class HiddenSampler {
  /** The position as the seat sees it, with the last sample's hidden cards. */
  readonly position: GameState;
  private readonly pool = new Uint8Array(64);
  /** Cards known to be set aside (known-missing-cards variant), marked by value. */
  private readonly knownRemoved: Uint8Array;
  private unseen = 0;

  constructor(readonly rules: Rules) {
    this.position = new GameState(rules, false);
    this.knownRemoved = new Uint8Array(rules.maxCard + 1);
  }

  observe(obs: Observation): void {
    const s = this.position;
    const rules = this.rules;
    s.clearDisplays();
    let unseen = 0;
    const known = this.knownRemoved;
    if (rules.knownRemoved) {
      known.fill(0);
      for (let i = 0; i < rules.removed; i++) known[(s.cards[i] = obs.removedAt(i))] = 1;
    }
    for (let c = rules.minCard; c <= rules.maxCard; c++) {
      let held = false;
      for (let seat = 0; seat < rules.players; seat++) {
        if (obs.has(seat, c)) {
          s.addCard(seat, c);
          held = true;
        }
      }
      if (!held && c !== obs.card && known[c] === 0) this.pool[unseen++] = c;
    }
    this.unseen = unseen;
    for (let seat = 0; seat < rules.players; seat++) {
      s.chips[seat] = seat === obs.seat ? obs.myChips : rules.openChips ? obs.chips(seat) : obs.countedChips(seat);
    }
    s.next = s.deckEnd - obs.cardsLeft - 1;
    s.cards[s.next] = obs.card;
    s.card = obs.card;
    s.pot = obs.pot;
    s.current = obs.current;
    s.starter = obs.starter;
  }

  /**
   * Draws the face-down deck as a uniform ordered sample of the unseen cards (one draw per card
   * left), then lays the rest aside as the removed cards (no draws: the pool is already shuffled).
   * `stream`: the SeatStream behind `random` when the lab made it (seatStreamOf); its next() gives
   * the same draws as a method V8 inlines, where a call through one of the seats' `random`
   * closures is not inlined and boxes every draw on the heap.
   */
  sample(random: Random, stream?: SeatStream): void {
    const { pool, unseen } = this;
    const s = this.position;
    const first = s.next + 1;
    const left = s.deckEnd - first;
    const cards = s.cards;
    for (let i = 0; i < left; i++) {
      const j = i + Math.floor((stream !== undefined ? stream.next() : random()) * (unseen - i));
      const t = pool[j]!;
      pool[j] = pool[i]!;
      pool[i] = t;
      cards[first + i] = t;
    }
    if (!this.rules.knownRemoved) for (let i = left; i < unseen; i++) cards[i - left] = pool[i]!;
  }

  /** Cards in the played deck (for progress measures). */
  get deckCards(): number {
    return cardCount(this.rules) - this.rules.removed;
  }
}

// Frozen before a bot file loads (src/game/protect.ts): made only once a bot plays, so not reached through the built-in bots' fields.
protect(HiddenSampler);
