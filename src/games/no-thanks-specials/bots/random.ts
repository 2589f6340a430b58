import { defineAgent, type Action, type Observation, type Random, type GameStart, type SpecialsAgent, SPECIAL_BASE, KINDS } from '../agent.js';

/** Uniform over the legal answers of each decision (the floor every bot must beat). */
export default defineAgent({
  name: 'random',
  description: 'Uniform over the legal answers: take/pass/sit out, bid/decline/sit out, or a card of its display to give or remove.',
  params: {},
  create: () => new RandomAgent(),
});

class RandomAgent implements SpecialsAgent {
  private random: Random = Math.random;
  private readonly choices = new Int32Array(256);

  newGame(start: GameStart): void {
    this.random = start.random;
  }

  decide(obs: Observation): Action {
    const r = this.random;
    const phase = obs.phase;
    if (phase === 'take' || phase === 'bid') {
      const options = 1 + (obs.myChips > 0 ? 1 : 0) + (obs.canSitOut ? 1 : 0);
      const pick = Math.floor(r() * options);
      if (pick === 0) return phase === 'take' ? 'take' : 'decline';
      if (pick === 1 && obs.myChips > 0) return phase === 'take' ? 'pass' : 'bid';
      return 'sit-out';
    }
    let n = 0;
    for (let c = obs.rules.minCard; c <= 40; c++) if (obs.has(obs.seat, c)) this.choices[n++] = c;
    for (let k = 0; k < KINDS.length; k++) if (obs.held(obs.seat, SPECIAL_BASE + k) > 0) this.choices[n++] = SPECIAL_BASE + k;
    return this.choices[Math.floor(r() * n)]!;
  }
}
