import { describe, expect, it } from 'vitest';
import type { AgentDefinition } from '../../../game/agent.js';
import type { GameEvent, Observation, SixNimmtAgent } from '../agent.js';
import { BULLHEADS, makeRules } from '../rules.js';
import { Table } from '../table.js';
import { CardCosts } from './card-costs.js';
import heuristic, { HeuristicAgent } from './heuristic.js';
import mc from './mc.js';
import { McModel } from './mc-model.js';
import random from './random.js';
import { SeatEvidence } from './seat-evidence.js';

const NOISE = 0.35;

function withDefaults(def: AgentDefinition): SixNimmtAgent {
  return def.create(Object.fromEntries(Object.entries(def.params).map(([k, p]) => [k, p.default]))) as SixNimmtAgent;
}

/** A model of mc and the heuristic prepared for `rules`, and evidence over them. */
function evidenceFor(rules: ReturnType<typeof makeRules>): { evidence: SeatEvidence; model: McModel; judge: HeuristicAgent } {
  const costs = new CardCosts();
  costs.prepare(rules);
  const model = new McModel(costs);
  model.prepare(rules);
  const judge = new HeuristicAgent({ lowPenalty: 1, caution: 3, dump: 1, draft: 'high' });
  judge.prepare(rules);
  const bullheads = Array.from({ length: rules.maxCard + 1 }, (_, c) => BULLHEADS[c] ?? 0);
  return { evidence: new SeatEvidence(model, judge, NOISE, bullheads), model, judge };
}

/**
 * Seat 0 plays the heuristic and hears the table's events into a SeatEvidence; seats 1.. play by
 * `bots`, each adding at its own decisions, from its own hand and rows (what the evidence must
 * rebuild from the public record), the log-odds of its card: the truth to compare with.
 */
function table(players: number, bots: AgentDefinition[], check: (evidence: SeatEvidence, truth: Float64Array, round: number) => void): Table {
  const rules = makeRules({ players });
  // judge plays seat 0 and names the heuristic's card for the truth (its decide(), not the cheapestOf() the evidence calls).
  const { evidence, model, judge } = evidenceFor(rules);
  const truth = new Float64Array(players);
  const probs = new Float64Array(16);
  const rowEnd = new Int32Array(4);
  const rowLen = new Int32Array(4);
  const rowBull = new Int32Array(4);
  const listener: SixNimmtAgent = {
    newGame() {
      evidence.reset();
      truth.fill(0);
    },
    decide: (obs) => judge.decide(obs),
    onEvent(e: Readonly<GameEvent>, obs: Observation) {
      evidence.hear(e, obs);
      if (e.type === 'reveal' && e.turn === rules.handSize - 1) check(evidence, truth, e.round);
    },
  };
  const seats = bots.map((def): SixNimmtAgent => {
    const bot = withDefaults(def);
    return {
      newGame: (g) => bot.newGame?.(g),
      decide(obs) {
        const card = bot.decide(obs);
        const hand = obs.handOf();
        // The last card of a round is no choice; row answers are not scored.
        if (obs.phase === 'play' && hand.length > 1) {
          for (let r = 0; r < 4; r++) {
            rowEnd[r] = obs.rowEnd(r);
            rowLen[r] = obs.rowLength(r);
            rowBull[r] = obs.rowBullheads(r);
          }
          model.probabilities(hand, 0, hand.length, rowEnd, rowLen, rowBull, probs);
          const byHeuristic = (card === judge.decide(obs) ? 1 - NOISE : 0) + NOISE / hand.length;
          truth[obs.seat] = truth[obs.seat]! + Math.log(probs[hand.indexOf(card)]!) - Math.log(byHeuristic);
        }
        return card;
      },
    };
  });
  const all = [listener, ...seats];
  return new Table(
    rules,
    all,
    all.map((_, i) => `s${i}`),
    false,
  );
}

describe('the evidence of search:others=adapt', () => {
  it("scores each round at its last reveal as each seat's own hand and rows score its plays", () => {
    let rounds = 0;
    for (const players of [2, 4, 6]) {
      const bots = [mc, heuristic, random, mc, heuristic].slice(0, players - 1);
      const t = table(players, bots, (evidence, truth) => {
        rounds++;
        for (let p = 1; p < players; p++) expect(evidence.logOdds[p]).toBeCloseTo(truth[p]!, 9);
        // Seat 0 is the listener: its own plays are never scored.
        expect(evidence.logOdds[0]).toBe(0);
      });
      for (let g = 0; g < 2; g++) t.play({ hi: g, lo: players });
    }
    expect(rounds).toBeGreaterThan(10);
  });

  it('tells mc from the heuristic: after one round from an even prior, surely by the end of a game', () => {
    const first: number[][] = [];
    const last: number[][] = [];
    const t = table(4, [mc, heuristic, mc], (evidence, _truth, round) => {
      const weights = [1, 2, 3].map((p) => evidence.weight(p, 0.5));
      if (round === 0) first.push(weights);
      else last[first.length - 1] = weights;
    });
    for (let g = 0; g < 12; g++) t.play({ hi: 50 + g, lo: 4 });
    expect(first.length).toBe(12);
    expect(last.length).toBe(12);
    // One round is 9 plays with a choice a seat: the heuristic's rule is ruled out, mc's leans the model's way.
    for (const [mc1, heuristic2, mc3] of first) {
      expect(mc1).toBeGreaterThan(0.5);
      expect(heuristic2).toBeLessThan(0.01);
      expect(mc3).toBeGreaterThan(0.5);
    }
    for (const [mc1, heuristic2, mc3] of last) {
      expect(mc1).toBeGreaterThan(0.99);
      expect(heuristic2).toBeLessThan(1e-4);
      expect(mc3).toBeGreaterThan(0.99);
    }
  });

  it('leaves a prior of 0 or 1 where it is, and starts every game from the prior', () => {
    const { evidence } = evidenceFor(makeRules({ players: 4 }));
    evidence.logOdds[1] = 30;
    evidence.logOdds[2] = -30;
    expect([evidence.weight(1, 0), evidence.weight(2, 1)]).toEqual([0, 1]);
    expect(evidence.weight(1, 0.5)).toBeGreaterThan(0.999);
    expect(evidence.weight(2, 0.5)).toBeLessThan(0.001);
    evidence.reset();
    expect(evidence.weight(1, 0.3)).toBeCloseTo(0.3, 12);
  });
});
