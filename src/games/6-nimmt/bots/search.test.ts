import { describe, expect, it } from 'vitest';
import type { AgentDefinition } from '../../../game/agent.js';
import { makeRandom } from '../../../game/seed.js';
import type { SixNimmtAgent } from '../agent.js';
import { SixNimmtState } from '../forward-model.js';
import { Observation } from '../observation.js';
import { BULLHEADS, makeRules, type Rules, type RulesInput } from '../rules.js';
import { HiddenSampler } from '../sampler.js';
import { GameState, OVER, PLAY } from '../state.js';
import { Table } from '../table.js';
import type { FlatSearch } from '../../../search/flat.js';
import { FULL, sized } from '../../../testing/tier.js';
import { CardCosts, cheapestRowOf } from './card-costs.js';
import heuristic, { cheapestRow, HeuristicAgent } from './heuristic.js';
import mcDef from './mc.js';
import { OthersPolicy } from './opponent-model.js';
import { PlayoutState, SixNimmtDomain } from './playout.js';
import search from './search.js';

const heuristicDefaults = { lowPenalty: 1, caution: 3, dump: 1, draft: 'high' };

/** A base game with the heuristic in every seat, stopped before seat 0's play in round 0, turn `turns`. */
function midRound(rules: Rules, seed: number, turns: number): GameState {
  const s = new GameState(rules, false);
  const views = Array.from({ length: rules.players }, (_, p) => new Observation(s, p));
  const bot = new HeuristicAgent(heuristicDefaults);
  bot.prepare(rules);
  s.newGame({ hi: seed, lo: 7 });
  while (s.turn < turns) {
    for (let p = 0; p < rules.players; p++) s.choose(p, bot.decide(views[p]!));
    s.reveal();
    while (!s.resolve()) s.chooseRow(bot.decide(views[s.rowSeat]!));
    s.endTurn();
  }
  return s;
}

/** A bot of `def` at its defaults, with `over` on top. */
function withDefaults(def: AgentDefinition, over: Record<string, number | string> = {}): SixNimmtAgent {
  const params = Object.fromEntries(Object.entries(def.params).map(([k, p]) => [k, p.default]));
  return def.create({ ...params, ...over }) as SixNimmtAgent;
}

function searchBot(over: Record<string, number | string>): SixNimmtAgent {
  return withDefaults(search, over);
}

describe('the card costs of the search', () => {
  it("rank a hand's cards as the heuristic does (its card is the cheapest), and pick its row", () => {
    const costs = new CardCosts();
    let checked = 0;
    for (const players of [2, 4, 6]) {
      const rules = makeRules({ players });
      costs.prepare(rules);
      const bot = new HeuristicAgent(heuristicDefaults);
      bot.prepare(rules);
      const s = new GameState(rules, false);
      const views = Array.from({ length: players }, (_, p) => new Observation(s, p));
      for (let g = 0; g < 30; g++) {
        s.newGame({ hi: g, lo: players });
        while (s.phase !== OVER) {
          for (let p = 0; p < players; p++) {
            const hand = s.handOf(p);
            let best = hand[0]!;
            for (const c of hand) if (costs.cost(c, s.rowEnd, s.rowLen, s.rowBull) < costs.cost(best, s.rowEnd, s.rowLen, s.rowBull)) best = c;
            expect(best).toBe(bot.decide(views[p]!));
            checked++;
            s.choose(p, best);
          }
          s.reveal();
          while (!s.resolve()) {
            expect(cheapestRowOf(s.rowLen, s.rowBull)).toBe(cheapestRow(views[s.rowSeat]!));
            s.chooseRow(cheapestRowOf(s.rowLen, s.rowBull));
          }
          s.endTurn();
        }
      }
    }
    expect(checked).toBeGreaterThan(3000);
  });
});

describe("the search's re-dealt hands", () => {
  it('keeps only deals consistent with what the seat saw, the same for the same stream, and never reads the real hands', () => {
    const rules = makeRules({ players: 4 });
    const make = (real: GameState) => {
      const sampler = new HiddenSampler(rules);
      const root = new PlayoutState(rules);
      const scratch = new PlayoutState(rules);
      const h = new HeuristicAgent(heuristicDefaults);
      h.prepare(rules);
      const policy = new OthersPolicy(h, 0.1);
      policy.views = Array.from({ length: 4 }, (_, p) => new Observation(scratch, p));
      const domain = new SixNimmtDomain(root, scratch, sampler, policy);
      const obs = new Observation(real, 0);
      sampler.observe(obs);
      domain.candidates(0);
      return { domain, obs, root };
    };
    const real = midRound(rules, 3, 4);
    const { domain, obs, root } = make(real);
    // The same observation over other hidden cards: an opponent's card swapped with a set-aside one.
    const twin = new GameState(rules, false);
    twin.copyFrom(real);
    const x = twin.handOf(2)[0]!;
    const y = Array.from(twin.deck.subarray(4 * 10 + 4)).find((c) => twin.seen[c] === 0)!;
    twin.remove(2, x);
    twin.insert(2, y);
    const other = make(twin);
    const a = makeRandom('deals');
    const b = makeRandom('deals');
    for (let k = 0; k < 200; k++) {
      domain.sample(a);
      other.domain.sample(b);
      for (let p = 0; p < 4; p++) expect(root.handOf(p)).toEqual(other.root.handOf(p));
      expect(root.handOf(0)).toEqual(obs.handOf(0));
      const cards = new Set<number>();
      for (let p = 1; p < 4; p++) {
        expect(root.handLen[p]).toBe(obs.handCountOf(p));
        for (const c of root.handOf(p)) {
          expect(obs.isUnseen(c)).toBe(true);
          cards.add(c);
        }
      }
      expect(cards.size).toBe(3 * obs.handCountOf(1));
      for (let r = 0; r < 4; r++) expect(root.rowOf(r)).toEqual(obs.rowCards(r));
    }
  });
});

/**
 * Never peeking: three decisions of seat 0 from one stream are the same when another seat holds a
 * set-aside card instead of one of its own (a twin position), and are cards seat 0 holds.
 */
function sameWhateverHidden(options: Record<string, number | string>): void {
  const rules = makeRules({ players: 4 });
  const real = midRound(rules, 11, 5);
  const twin = new GameState(rules, false);
  twin.copyFrom(real);
  const x = twin.handOf(1)[2]!;
  const y = Array.from(twin.deck.subarray(44)).find((c) => twin.seen[c] === 0)!;
  twin.remove(1, x);
  twin.insert(1, y);
  const decide = (s: GameState): number[] => {
    const bot = searchBot(options);
    const obs = new Observation(s, 0);
    bot.newGame!({ seat: 0, rules: obs.rules, agents: ['a', 'b', 'c', 'd'], random: makeRandom('same') });
    return [bot.decide(obs), bot.decide(obs), bot.decide(obs)];
  };
  const first = decide(real);
  expect(decide(twin)).toEqual(first);
  expect(decide(real)).toEqual(first);
  for (const c of first) expect(real.holds(0, c)).toBe(true);
}

describe('the search bot', () => {
  const options = { noise: 0.1, samples: 30 };

  it('decides the same from the same stream, whatever the hidden cards it cannot see', () => {
    sameWhateverHidden(options);
  });

  it('finds the safe card where every other card takes a full row', () => {
    // Row 0 is full (five cards ending at 50, 8 bullheads); 51 would be its sixth card, 85 lies
    // just above the one-card row at 80.
    const rules = makeRules({ players: 3, handSize: 2 });
    const s = new SixNimmtState(rules);
    s.startGame(0);
    s.beginRound([51, 85, 1, 2, 3, 4, 60, 70, 80, 99]);
    s.seen.fill(0);
    s.seenCount = 0;
    const rows = [[10, 20, 30, 40, 50], [60], [70], [80]];
    rows.forEach((row, r) => {
      row.forEach((c, i) => {
        s.rows[r * 5 + i] = c;
        s.seen[c] = 1;
        s.seenCount++;
      });
      s.rowLen[r] = row.length;
      s.rowEnd[r] = row[row.length - 1]!;
      s.rowBull[r] = row.reduce((t, c) => t + BULLHEADS[c]!, 0);
    });
    expect(s.phase).toBe(PLAY);
    const obs = new Observation(s, 0);
    const bot = searchBot(options);
    bot.newGame!({ seat: 0, rules: obs.rules, agents: ['a', 'b', 'c'], random: makeRandom('safe') });
    expect(bot.decide(obs)).toBe(85);
  });

  it('weighs the lead by duelMargin at 2 players and by marginWeight at more', () => {
    const decisions = (players: number, over: Record<string, number>): number[] => {
      const rules = makeRules({ players });
      const out: number[] = [];
      for (let seed = 1; seed <= 12; seed++) {
        const obs = new Observation(midRound(rules, seed, 4), 0);
        const bot = searchBot({ samples: 40, ...over });
        bot.newGame!({ seat: 0, rules: obs.rules, agents: Array.from({ length: players }, (_, i) => `p${i}`), random: makeRandom(`duel${seed}`) });
        out.push(bot.decide(obs));
      }
      return out;
    };
    // 2 players: duelMargin is the weight (marginWeight is not read there) and it changes play.
    const duelLow = decisions(2, { duelMargin: 0, marginWeight: 0.5 });
    expect(decisions(2, { duelMargin: 0, marginWeight: 0 })).toEqual(duelLow);
    expect(decisions(2, { duelMargin: 1, marginWeight: 0 })).not.toEqual(duelLow);
    // 4 players: duelMargin is not read.
    expect(decisions(4, { duelMargin: 1 })).toEqual(decisions(4, { duelMargin: 0 }));
  });
});

describe('the search with a model of mc for the other seats (others=mc)', () => {
  const options = { others: 'mc', samples: 30 };

  it('decides the same from the same stream, whatever the hidden cards it cannot see', () => {
    sameWhateverHidden(options);
  });

  it("plays the others by the model, not the heuristic's noisy card, with every sample (noise unused)", () => {
    type Inside = { domain: SixNimmtDomain; search: FlatSearch };
    const rules = makeRules({ players: 4 });
    const means = (over: Record<string, number | string>, seed: number): number[] => {
      const obs = new Observation(midRound(rules, seed, 2), 0);
      const bot = searchBot({ samples: 40, z: 0, ...over });
      bot.newGame!({ seat: 0, rules: obs.rules, agents: ['a', 'b', 'c', 'd'], random: makeRandom(`model${seed}`) });
      bot.decide(obs);
      const { search } = bot as unknown as Inside;
      expect(search.lastSamples).toBe(40);
      return Array.from({ length: 8 }, (_, c) => search.mean(c));
    };
    for (let seed = 1; seed <= 4; seed++) {
      const model = means({ others: 'mc' }, seed);
      expect(means({ others: 'mc', noise: 0 }, seed)).toEqual(model);
      expect(means({ others: 'mc', noise: 1 }, seed)).toEqual(model);
      expect(means({ others: 'heuristic' }, seed)).not.toEqual(model);
    }
  });
});

describe('the search choosing per seat between the model of mc and the heuristic (others=adapt)', () => {
  type Inside = { search: FlatSearch; policy: OthersPolicy };
  type Decision = { game: number; round: number; card: number; means: number[]; modelled: number[] };
  /** Seat 0's decisions (card and candidate means) over the games of these keys against mc, heuristic, mc. */
  const decisions = (over: Record<string, number | string>, games = [7, 8]): Decision[] => {
    const rules = makeRules({ players: 4 });
    const bot = searchBot({ samples: 20, ...over });
    const out: Decision[] = [];
    let game = 0;
    const seat0: SixNimmtAgent = {
      newGame: (g) => bot.newGame!({ ...g, random: makeRandom(`adapt${g.seat}`) }),
      decide(obs) {
        const card = bot.decide(obs);
        const { search, policy } = bot as unknown as Inside;
        if (obs.phase === 'play' && obs.handOf().length > 1)
          out.push({
            game,
            round: obs.round,
            card,
            means: Array.from({ length: 10 }, (_, c) => search.mean(c)),
            modelled: Array.from(policy.modelled.subarray(0, 4)),
          });
        return card;
      },
      onEvent: bot.onEvent ? (e, obs) => bot.onEvent!(e, obs) : undefined,
    };
    const seats = [seat0, withDefaults(mcDef), withDefaults(heuristic), withDefaults(mcDef)];
    const table = new Table(rules, seats, ['search', 'mc', 'heuristic', 'mc'], false);
    for (game of games) table.play({ hi: game, lo: 4 });
    return out;
  };

  it('starts every game from its prior: after a game at this table it decides the next as a fresh bot does', () => {
    // Evidence kept from one game to the next would make results depend on which games a worker played before.
    const second = decisions({}, [7, 8]).filter((d) => d.game === 8);
    expect(second.length).toBeGreaterThan(20);
    expect(second).toEqual(decisions({}, [8]));
  });

  it('with a prior of 1 is the model of mc, with a prior of 0 the default, decision for decision on the same stream', () => {
    const strip = (d: { card: number; means: number[] }[]) => d.map(({ card, means }) => ({ card, means }));
    expect(strip(decisions({ others: 'adapt', mcPrior: 1 }))).toEqual(strip(decisions({ others: 'mc' })));
    expect(strip(decisions({ others: 'adapt', mcPrior: 0 }))).toEqual(strip(decisions({ others: 'heuristic' })));
  });

  it("models the mc seats by mc and the heuristic's seat by the heuristic once a round has been played", () => {
    const seen = decisions({ others: 'adapt' });
    // Decisions after each game's first round: seats 1 and 3 mostly by the model, seat 2 never.
    const later = seen.filter((d) => d.round > 0);
    expect(later.length).toBeGreaterThan(40);
    const share = (seat: number) => later.filter((d) => d.modelled[seat] === 1).length / later.length;
    expect(share(1)).toBeGreaterThan(0.9);
    expect(share(3)).toBeGreaterThan(0.9);
    expect(share(2)).toBeLessThan(0.02);
    expect(later.every((d) => d.modelled[0] === 0)).toBe(true);
  });
});

describe("the search's work cap (maxTurns)", () => {
  it('stops drawing samples once a decision has played maxTurns turns in its playouts (counted; checked between samples)', () => {
    // A round's first card at 4 players with pruning off: 10 candidates, each playout 10 turns.
    const rules = makeRules({ players: 4 });
    const obs = new Observation(midRound(rules, 3, 0), 0);
    const run = (maxTurns?: number): { work: number; samples: number; card: number } => {
      const bot = searchBot({ samples: 400, z: 0, ...(maxTurns === undefined ? {} : { maxTurns }) });
      bot.newGame!({ seat: 0, rules: obs.rules, agents: ['a', 'b', 'c', 'd'], random: makeRandom('cap') });
      const card = bot.decide(obs) as number;
      const inside = bot as unknown as { search: FlatSearch; domain: SixNimmtDomain };
      return { work: inside.domain.work(), samples: inside.search.lastSamples, card };
    };
    const free = run(0);
    expect(free.samples).toBe(400);
    // A round playout plays the round's 10 turns: every candidate on every sample.
    expect(free.work).toBe(400 * 10 * 10);
    // The default is no cap: the same work and card.
    expect(run()).toEqual(free);
    const capped = run(10_000);
    // Stopped at the first sample that reached the cap: 100 turns a sample.
    expect(capped.samples).toBe(100);
    expect(capped.work).toBe(10_000);
    expect(run(10_001).samples).toBe(101);
  });
});

describe("the search's playouts on the bare board", () => {
  it('play the same cards as through the policy and the seat views: same choice, samples and candidate means on every decision', () => {
    // Seat 0 searches (board playouts) in real games; at each of its decisions a twin with the
    // policy's playouts (the earlier path) decides on the same observation from its own copy of
    // the same stream. Play, row and (at 2 players) lone-candidate decisions; several rules and options.
    type Inside = { domain: SixNimmtDomain; search: FlatSearch };
    // The fast tier plays one game per setting and rules instead of two, with a third of the samples.
    const games = sized(1, 2);
    const fewer = (over: Record<string, number | string>): Record<string, number | string> =>
      FULL ? over : { ...over, samples: Math.max(4, Math.round(Number(over.samples) / 3)) };
    const options: Record<string, number | string>[] = [
      { samples: 30 },
      { samples: 30, noise: 0 },
      { samples: 30, noise: 1 },
      { samples: 20, others: 'heuristic' },
      { samples: 20, others: 'heuristic', noise: 0.1 },
      { samples: 20, others: 'mc' },
      { samples: 20, others: 'adapt' },
    ];
    const settings = options.map(fewer);
    const rulesList: RulesInput[] = [{ players: 2 }, { players: 4 }, { players: 7 }, { players: 5, rowLimit: 3, maxCard: 80 }];
    let checked = 0;
    let rows = 0;
    let differ = 0;
    for (const [k, over] of settings.entries()) {
      for (const input of rulesList) {
        const rules = makeRules(input);
        const checking = (): SixNimmtAgent => {
          const board = searchBot(over);
          const policy = searchBot(over);
          return {
            newGame(g) {
              board.newGame!({ ...g, random: makeRandom(`board${g.seat}${g.agents.length}`) });
              policy.newGame!({ ...g, random: makeRandom(`board${g.seat}${g.agents.length}`) });
              const a = board as unknown as Inside;
              const b = policy as unknown as Inside;
              // The base game's playouts are on the PlayoutBoard (roundPlayout).
              expect(a.domain.round).toBe(true);
              b.domain.round = false;
            },
            // others=adapt: both hear the table's plays.
            onEvent(e, obs) {
              board.onEvent?.(e, obs);
              policy.onEvent?.(e, obs);
            },
            decide(obs) {
              const answer = board.decide(obs);
              const twin = policy.decide(obs);
              const a = (board as unknown as Inside).search;
              const b = (policy as unknown as Inside).search;
              let same = answer === twin && a.lastSamples === b.lastSamples;
              for (let c = 0; c < 10; c++) if (a.mean(c) !== b.mean(c)) same = false;
              if (!same) differ++;
              checked++;
              if (obs.phase === 'row') rows++;
              return answer;
            },
          };
        };
        const seats = [checking(), ...Array.from({ length: rules.players - 1 }, () => searchBot({ samples: 4 }))];
        const table = new Table(
          rules,
          seats,
          seats.map((_, i) => `s${i}`),
          false,
        );
        for (let g = 0; g < games; g++) table.play({ hi: 100 * k + g, lo: rules.players });
      }
    }
    expect(checked).toBeGreaterThan(800);
    expect(rows).toBeGreaterThan(10);
    expect(differ).toBe(0);
  }, 180_000); // full tier: about 30 s idle; the VM is shared
});

describe('the heuristic stays the reference of the costs', () => {
  it('has the defaults the costs copy', () => {
    expect(Object.fromEntries(Object.entries(heuristic.params).map(([k, p]) => [k, p.default]))).toEqual(heuristicDefaults);
    const c = new CardCosts();
    expect([c.lowPenalty, c.caution, c.dump]).toEqual([1, 3, 1]);
  });
});
