import { probit } from 'simple-statistics';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/program.js';
import type { State } from '../game/contract.js';
import { dealKeyInto, makeRandom, masterKey, type SeedKey } from '../game/seed.js';
import type { NoThanksState } from '../games/no-thanks/kit.js';
import { gameById } from '../registry.js';
import { sized } from '../testing/tier.js';
import { DecisionEvaluator } from './evaluate.js';
import { ExactEvaluator } from './exact.js';
import { evaluatePosition, evaluatorSettings, notationOf } from './position.js';

const game = gameById('no-thanks');
/** A small deck: late positions have a few thousand nodes. */
const SMALL = { minCard: 3, maxCard: 12, removed: 2, startChips: 3 };
const Z99 = 2.5758293035489;

/** Positions of random-move games of the small setting from `left` face-down cards on, each with its seat. */
function latePositions(players: number, games: number, left: number, rules = SMALL): { state: State; seat: number }[] {
  const r = game.makeRules({ players, ...rules });
  const out: { state: State; seat: number }[] = [];
  const seats = new Int32Array(8);
  const actions = new Int32Array(8);
  for (let k = 0; k < games; k++) {
    const state = game.newState(r);
    const key: SeedKey = dealKeyInto(masterKey('no-thanks', 'exact-test'), k, { hi: 0, lo: 0 });
    state.deal(key);
    const random = makeRandom(`exact-test/moves/${k}`);
    while (!state.isOver()) {
      state.actingSeats(seats);
      const seat = seats[0]!;
      const n = state.legalActions(seat, actions);
      if ((state as NoThanksState).cardsLeft <= left && n > 1) out.push({ state: state.clone(), seat });
      state.apply(seat, actions[Math.floor(random() * n)]!);
    }
  }
  return out;
}

/**
 * The definition, walked the slow way: every order of the unseen cards in the hidden slots (each
 * equally likely), and for each the policy's law at every later move, with no memo and no chance kit.
 */
function bruteForce(state: NoThanksState, seat: number, action: number): { win: number; score: number } {
  const policy = game.rollout.make(state.rules as never).policy;
  policy.evaluating?.(seat);
  const slots: number[] = [];
  for (let i = state.next + 1; i < state.deckEnd; i++) slots.push(i);
  if (!state.rules.knownRemoved) for (let i = 0; i < state.deckStart; i++) slots.push(i);
  const pool = slots.map((i) => state.cards[i]!);
  const orders: number[][] = [];
  const permute = (prefix: number[], rest: number[]): void => {
    if (rest.length === 0) orders.push(prefix);
    rest.forEach((c, i) => permute([...prefix, c], [...rest.slice(0, i), ...rest.slice(i + 1)]));
  };
  permute([], pool);
  const walk = (s: NoThanksState): { win: number; score: number } => {
    if (s.isOver()) {
      const mine = s.score(seat);
      const others = Array.from({ length: s.players }, (_, p) => p)
        .filter((p) => p !== seat)
        .map((p) => s.score(p));
      const best = Math.min(...others);
      const tied = 1 + others.filter((v) => v === mine).length;
      return { win: mine < best ? 1 : mine === best ? 1 / tied : 0, score: mine };
    }
    const acts = new Int32Array(4);
    const probs = new Float64Array(4);
    const n = policy.distribution!(s, s.current, acts, probs);
    let win = 0;
    let score = 0;
    for (let i = 0; i < n; i++) {
      if (probs[i] === 0) continue;
      const child = s.clone();
      child.apply(s.current, acts[i]!);
      const v = walk(child);
      win += probs[i]! * v.win;
      score += probs[i]! * v.score;
    }
    return { win, score };
  };
  let win = 0;
  let score = 0;
  for (const order of orders) {
    const s = state.clone();
    slots.forEach((slot, i) => {
      s.cards[slot] = order[i]!;
    });
    s.apply(seat, action);
    const v = walk(s);
    win += v.win / orders.length;
    score += v.score / orders.length;
  }
  return { win, score };
}

describe('exact evaluator (No Thanks!)', () => {
  it("the rollout policy's distribution is the law of its act: frequencies of many playouts' draws match it", () => {
    const positions = latePositions(3, 3, 6);
    const random = makeRandom('exact-test/law');
    const draws = sized(4000, 20000);
    for (const { state, seat } of positions.slice(0, 12)) {
      const { policy } = game.rollout.make((state as NoThanksState).rules);
      // Seat 0 evaluates: another seat's moves carry the noise, seat 0's own do not.
      policy.evaluating?.(0);
      const acts = new Int32Array(4);
      const probs = new Float64Array(4);
      const n = policy.distribution!(state, seat, acts, probs);
      const takeP = acts.subarray(0, n).reduce((p, a, i) => p + (a === 1 ? probs[i]! : 0), 0);
      let takes = 0;
      for (let k = 0; k < draws; k++) {
        policy.beginSample?.(random);
        policy.beginPlayout?.();
        if (policy.act(state, seat) === 1) takes++;
      }
      const se = Math.sqrt(Math.max(takeP * (1 - takeP), 1e-9) / draws);
      expect(Math.abs(takes / draws - takeP)).toBeLessThanOrEqual(4 * se + 1e-12);
    }
  });

  it('equals a brute-force walk over every order of the unseen cards without memo or chance kit (tiny deck)', () => {
    const tiny = { minCard: 3, maxCard: 10, removed: 1, startChips: 2 };
    const positions = latePositions(3, sized(3, 8), 3, tiny);
    expect(positions.length).toBeGreaterThan(3);
    for (const { state, seat } of positions) {
      const exact = new ExactEvaluator(game, (state as NoThanksState).rules).evaluate(state, seat);
      for (const a of exact.actions) {
        const brute = bruteForce(state as NoThanksState, seat, a.action);
        expect(a.win).toBeCloseTo(brute.win, 12);
        expect(a.score).toBeCloseTo(brute.score, 12);
      }
    }
  });

  it("the best response's value is at least the policy's, and more somewhere", () => {
    let strict = 0;
    for (const { state, seat } of latePositions(3, sized(3, 8), 4)) {
      const s = state as NoThanksState;
      for (const a of new ExactEvaluator(game, s.rules).evaluate(s, seat).actions) {
        expect(a.responseWin).toBeGreaterThanOrEqual(a.win - 1e-12);
        if (a.responseWin > a.win + 1e-9) strict++;
      }
    }
    // The rollout rule is no best response: somewhere the seat gains.
    expect(strict).toBeGreaterThan(0);
  });

  it('two hidden completions the seat cannot tell apart get the same values to the last bit', () => {
    for (const { state, seat } of latePositions(3, 2, 4).slice(0, 6)) {
      const s = state as NoThanksState;
      const other = s.clone();
      // Reverse the hidden slots: the face-down deck after the face-up card, then the removed cards.
      const slots = [...Array.from({ length: s.deckEnd - s.next - 1 }, (_, i) => s.next + 1 + i), ...Array.from({ length: s.deckStart }, (_, i) => i)];
      const cards = slots.map((i) => s.cards[i]!).reverse();
      slots.forEach((slot, i) => {
        other.cards[slot] = cards[i]!;
      });
      expect(Array.from(other.cards)).not.toEqual(Array.from(s.cards));
      const exact = new ExactEvaluator(game, s.rules);
      const a = exact.evaluate(s, seat).actions;
      expect(exact.evaluate(other, seat).actions).toEqual(a);
    }
  });

  it("each action's exact value lies in the rollout evaluator's 99% interval at late positions of random 3-player games", () => {
    const positions = latePositions(3, sized(2, 6), 3).filter((_, i) => i % 2 === 0);
    expect(positions.length).toBeGreaterThan(3);
    const samples = sized(3000, 10000);
    // Each check: |exact - rollout mean| in standard errors of the rollouts.
    const zs: number[] = [];
    positions.forEach(({ state, seat }, i) => {
      const rules = (state as NoThanksState).rules;
      const exact = new ExactEvaluator(game, rules).evaluate(state, seat);
      const rollouts = new DecisionEvaluator(game, rules, samples).evaluate(state, seat, null, makeRandom(`exact-test/rollouts/${i}`));
      exact.actions.forEach((a, c) => {
        const r = rollouts.actions[c]!;
        expect(r.name).toBe(a.name);
        // A win share the rollouts never saw vary (se 0) gets the standard error of a count of about 4.6 in `samples` (a zero count's one-sided 99% bound).
        zs.push(Math.abs(a.win - r.win) / Math.max(r.winSe, 4.6 / samples / Z99));
        zs.push(Math.abs(a.score - r.score) / Math.max(r.scoreSe, 1e-9));
      });
    });
    expect(zs.length).toBeGreaterThan(12);
    // Every check at 99% would fail by chance once the checks are many (the full tier has ~200):
    // each lies in its 99% interval but for at most the misses a 1% rate makes likely (below a 1e-3 tail),
    // and every one lies in its Bonferroni-corrected 99% interval (the family's).
    const n = zs.length;
    const misses = zs.filter((z) => z > Z99).length;
    expect(misses).toBeLessThanOrEqual(Math.max(1, Math.ceil(n * 0.01 + 3.1 * Math.sqrt(n * 0.01 * 0.99))));
    const zFamily = probit(1 - 0.005 / n);
    for (const z of zs) expect(z).toBeLessThanOrEqual(zFamily);
  });

  it('is chosen when the position is small, reported as the evaluator, and refused in one line when forced on a large one', () => {
    const notation = notationOf(game);
    const parse = (text: string) => notation.parse(text, (players) => game.makeRules({ players, ...SMALL }));
    const small = parse('9+1 | *3-4 c2 | 11 c3 | 7 c3');
    const auto = evaluatePosition(game, small, evaluatorSettings(game, undefined, '1'));
    expect(auto.evaluator.kind).toBe('exact');
    expect(auto.evaluator.samples).toBe(0);
    expect(auto.evaluator.positions).toBeGreaterThan(0);
    for (const a of auto.actions) expect([a.winLow, a.winHigh, a.scoreLow, a.scoreHigh]).toEqual([a.win, a.win, a.score, a.score]);
    const forcedRollouts = evaluatePosition(game, small, evaluatorSettings(game, 'rollouts:samples=50', '1'));
    expect(forcedRollouts.evaluator.kind).toBe('rollouts');
    // The first card of a game: far beyond the automatic choice, so rollouts.
    const large = parse('10 | *c3 | c3 | c3');
    expect(evaluatePosition(game, large, evaluatorSettings(game, 'rollouts:samples=20', '1')).evaluator.kind).toBe('rollouts');
    expect(() => evaluatePosition(game, large, evaluatorSettings(game, 'exact', '1'))).toThrow(/tree is about [0-9.e+]+ nodes, beyond/);
    // Games without the exact evaluator refuse it in one line.
    expect(() => evaluatorSettings(gameById('6-nimmt'), 'exact', '1')).toThrow(/has no exact evaluator/);
  });

  it('eval --with exact --json names the evaluator; a refusal is one line and a non-zero exit', async () => {
    const R = ['--min-card', '3', '--max-card', '12', '--removed', '2', '--chips', '3'];
    const ok = await runCli(['eval', '9+1 | *3-4 c2 | 11 c3 | 7 c3', ...R, '--with', 'exact', '--json']);
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout).evaluator.kind).toBe('exact');
    const text = await runCli(['eval', '9+1 | *3-4 c2 | 11 c3 | 7 c3', ...R]);
    expect(text.stdout).toMatch(/Evaluator: exact: .* positions \(tree estimated at \d+ nodes\); exact values/);
    const bad = await runCli(['eval', '10 | *c3 | c3 | c3', ...R, '--with', 'exact']);
    expect(bad.status).toBe(1);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
  });
});
