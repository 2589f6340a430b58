import { describe, expect, it } from 'vitest';
import { loadAgent } from '../../../agents/registry.js';
import { dealKeyInto, masterKey, Sfc32 } from '../../../game/seed.js';
import { isSpecial, type SpecialsAgent } from '../agent.js';
import { Table } from '../table.js';
import { BID, SeatView, SIT_OUT, SpecialsForwardModel, TAKE, toAction } from '../kit.js';
import { makeRules } from '../rules.js';
import { mcBidChance, McModelPolicy, mcTakeChance, ModelEvidence } from './mc-model.js';
import type { ContractDomain } from '../../../search/contract.js';
import type { FlatSearch } from '../../../search/flat.js';
import { TEN_MS_MOVES, SeatPolicies, tunedPolicy, ValuePolicy } from './search.js';
import { VALUE_PARAMS, valueDecide, worth, type ValueParams } from './value.js';

const defaults = Object.fromEntries(Object.entries(VALUE_PARAMS).map(([k, spec]) => [k, spec.default])) as ValueParams;

describe("the special-card search's playout policies", () => {
  it("play value's defaults in every seat unless told otherwise, and the tuned setting only where asked", () => {
    const rules = makeRules({ players: 4 });
    const s = new SpecialsForwardModel(rules);
    const views = Array.from({ length: 4 }, (_, p) => new SeatView(s, p));
    const plain = new ValuePolicy();
    plain.views = views;
    const same = new SeatPolicies(defaults, defaults);
    same.views = views;
    const own = new SeatPolicies(tunedPolicy, defaults);
    own.views = views;
    own.me = 2;
    const seats = new Int32Array(8);
    let decisions = 0;
    let ownDiffers = 0;
    for (let g = 0; g < 40; g++) {
      s.deal({ hi: g, lo: 5 });
      while (!s.isOver()) {
        const n = s.actingSeats(seats);
        expect(n).toBe(1);
        const seat = seats[0]!;
        const a = plain.act(s, seat);
        same.me = seat;
        expect(same.act(s, seat)).toBe(a);
        const b = own.act(s, seat);
        if (seat !== 2) expect(b).toBe(a);
        else if (b !== a) ownDiffers++;
        decisions++;
        s.apply(seat, a);
      }
    }
    expect(decisions).toBeGreaterThan(2000);
    // The tuned setting is a different player: its own seat answers otherwise now and then.
    expect(ownDiffers).toBeGreaterThan(10);
  });
});

describe("the special-card search's model of mc", () => {
  it('plays value in its own seat, legal answers everywhere, and takes / bids at the rates the model gives in the others', () => {
    const rules = makeRules({ players: 4 });
    const s = new SpecialsForwardModel(rules);
    const views = Array.from({ length: 4 }, (_, p) => new SeatView(s, p));
    const policy = new McModelPolicy(defaults, defaults);
    policy.views = views;
    policy.me = 1;
    const stream = new Sfc32();
    stream.reset({ hi: 9, lo: 27 });
    policy.beginSample(() => stream.next());
    policy.beginPlayout();
    const seats = new Int32Array(8);
    const legal = new Int32Array(512);
    let takes = 0;
    let takeChance = 0;
    let takeDecisions = 0;
    let bids = 0;
    let bidChance = 0;
    let bidDecisions = 0;
    let offValue = 0;
    for (let g = 0; g < 60; g++) {
      s.deal({ hi: g, lo: 11 });
      while (!s.isOver()) {
        s.actingSeats(seats);
        const seat = seats[0]!;
        const view = views[seat]!;
        const a = policy.act(s, seat);
        const n = s.legalActions(seat, legal);
        expect(Array.from(legal.subarray(0, n))).toContain(a);
        const v = toAction(s.phase, valueDecide(defaults, view));
        if (seat === 1) expect(a).toBe(v);
        else if (view.myChips > 0 && (view.phase === 'take' || view.phase === 'bid') && a !== SIT_OUT) {
          const w = worth(defaults, view, seat, view.card);
          if (view.phase === 'take') {
            takeChance += mcTakeChance(-w, view.pot, view.myChips, view.cardsLeft, isSpecial(view.card));
            takes += a === TAKE ? 1 : 0;
            takeDecisions++;
          } else {
            bidChance += mcBidChance(w, view.pot, view.myChips, view.cardsLeft);
            bids += a === BID ? 1 : 0;
            bidDecisions++;
          }
          if (a !== v) offValue++;
        }
        s.apply(seat, a);
      }
    }
    expect(takeDecisions).toBeGreaterThan(1000);
    expect(bidDecisions).toBeGreaterThan(200);
    // The coins follow the model: counts within 4 standard deviations of the chances' sum.
    expect(Math.abs(takes - takeChance)).toBeLessThan(4 * Math.sqrt(takeDecisions / 4));
    expect(Math.abs(bids - bidChance)).toBeLessThan(4 * Math.sqrt(bidDecisions / 4));
    // And it is not value: the others answer otherwise in a good share of their decisions.
    expect(offValue).toBeGreaterThan((takeDecisions + bidDecisions) / 10);
  });

  it('replays the same answers from the same sample key (common random numbers across candidates)', () => {
    const rules = makeRules({ players: 4 });
    const s = new SpecialsForwardModel(rules);
    const policy = new McModelPolicy(defaults, defaults);
    policy.views = Array.from({ length: 4 }, (_, p) => new SeatView(s, p));
    const stream = new Sfc32();
    stream.reset({ hi: 3, lo: 4 });
    policy.beginSample(() => stream.next());
    const seats = new Int32Array(8);
    const play = (): number[] => {
      policy.beginPlayout();
      s.deal({ hi: 5, lo: 6 });
      const out: number[] = [];
      while (!s.isOver()) {
        s.actingSeats(seats);
        const a = policy.act(s, seats[0]!);
        out.push(a);
        s.apply(seats[0]!, a);
      }
      return out;
    };
    const first = play();
    expect(play()).toEqual(first);
  });
});

describe("the special-card search's evidence for the mc model", () => {
  it("leans to value's rule for value bots and to the mc model for mc bots, from their public answers", async () => {
    const rules = makeRules({ players: 4 });
    const master = masterKey('no-thanks', 'evidence-test');
    const key = { hi: 0, lo: 0 };
    const odds = async (opponent: string): Promise<number[]> => {
      const evidence = new ModelEvidence(4, defaults, 0.1);
      const listener: SpecialsAgent = {
        newGame: () => evidence.reset(),
        decide: (obs) => valueDecide(defaults, obs),
        onEvent: (e, obs) => evidence.hear(e, obs),
      };
      const def = await loadAgent(opponent, 'no-thanks-specials');
      const table = new Table(rules, [listener, ...[1, 2, 3].map(() => def.create() as SpecialsAgent)], ['value', opponent, opponent, opponent]);
      const out: number[] = [];
      for (let g = 0; g < 4; g++) {
        table.play(dealKeyInto(master, g, key));
        out.push(evidence.logOdds[0]!, evidence.logOdds[1]! + evidence.logOdds[2]! + evidence.logOdds[3]!);
      }
      return out;
    };
    const vs = await odds('value');
    const mc = await odds('mc:rollouts=30');
    for (let g = 0; g < 4; g++) {
      // Its own answers are never scored; the others' point the right way in every game.
      expect(vs[2 * g]).toBe(0);
      expect(mc[2 * g]).toBe(0);
      expect(vs[2 * g + 1]).toBeLessThan(-5);
      expect(mc[2 * g + 1]).toBeGreaterThan(1);
    }
  });
});

describe("the special-card search's work cap (maxMoves)", () => {
  /** One decision: its phase, candidates, moves played, samples, and the moves played when its last sample began. */
  interface Row {
    phase: string;
    candidates: number;
    work: number;
    samples: number;
    lastStart: number;
  }
  type Inside = { domain: ContractDomain<SpecialsForwardModel>; search: FlatSearch };
  /** A bot of `spec` whose every decision adds a Row (its domain's sample() patched to note the work when a sample begins). */
  const probe = async (spec: string): Promise<{ bot: SpecialsAgent; rows: Row[] }> => {
    const bot = (await loadAgent(spec, 'no-thanks-specials')).create() as SpecialsAgent;
    const inside = bot as unknown as Inside;
    let patched: ContractDomain<SpecialsForwardModel> | undefined;
    let lastStart = -1;
    const rows: Row[] = [];
    const actions = new Int32Array(64);
    const probed: SpecialsAgent = {
      newGame(start) {
        bot.newGame!(start);
        const domain = inside.domain;
        if (patched !== domain) {
          const sample = domain.sample.bind(domain);
          domain.sample = (random) => {
            lastStart = domain.work();
            sample(random);
          };
          patched = domain;
        }
      },
      onEvent: bot.onEvent,
      decide(obs) {
        lastStart = -1;
        const answer = bot.decide(obs);
        const candidates = inside.domain.root.legalActions(obs.seat, actions);
        rows.push({ phase: obs.phase, candidates, work: inside.domain.work(), samples: inside.search.lastSamples, lastStart });
        return answer;
      },
    };
    return { bot: probed, rows };
  };

  it('starts no sample once a decision has played maxMoves moves, on the slow positions (early takes and bids, a remove from 7 cards)', async () => {
    // The uncapped search plays seat 0 against 3 value bots on the bench's deal 1,000,002, which
    // holds the slowest decision scripts/search-timing.mjs found (a remove from a display of 7
    // cards: about 196,000 moves) besides the usual slow ones (early takes and bids at the full 200
    // samples). The capped search answers every one of its positions too (its answer unused, its
    // own stream), so both are measured on the same positions.
    const free = await probe('search');
    const capped = await probe(`search:maxMoves=${TEN_MS_MOVES}`);
    const stream = new Sfc32();
    const seat0: SpecialsAgent = {
      newGame(start) {
        free.bot.newGame!(start);
        stream.reset({ hi: 27, lo: 10 });
        capped.bot.newGame!({ ...start, random: () => stream.next() });
      },
      onEvent(e, obs) {
        free.bot.onEvent!(e, obs);
        capped.bot.onEvent!(e, obs);
      },
      decide(obs) {
        capped.bot.decide(obs);
        return free.bot.decide(obs);
      },
    };
    const value = await loadAgent('value', 'no-thanks-specials');
    const table = new Table(makeRules({ players: 4 }), [seat0, ...[1, 2, 3].map(() => value.create() as SpecialsAgent)], ['search', 'value', 'value', 'value']);
    table.play(dealKeyInto(masterKey('no-thanks', 'bench-specials'), 1_000_002, { hi: 0, lo: 0 }));
    expect(capped.rows.length).toBe(free.rows.length);
    const remove = free.rows.findIndex((r) => r.phase === 'remove' && r.candidates === 7);
    expect(remove).toBeGreaterThanOrEqual(0);
    const early = free.rows.flatMap((r, i) => ((r.phase === 'take' || r.phase === 'bid') && r.work > TEN_MS_MOVES ? [i] : []));
    // Uncapped, the remove plays about 5 caps' worth, and several takes and bids more than one.
    expect(free.rows[remove]!.work).toBeGreaterThan(4 * TEN_MS_MOVES);
    expect(early.length).toBeGreaterThan(5);
    // Capped: no decision begins a sample at or past the cap, so each stops within one sample's
    // playouts of it (a sample plays each live candidate once: at most candidates x a whole game's moves).
    for (const r of capped.rows) {
      expect(r.lastStart).toBeLessThan(TEN_MS_MOVES);
      expect(r.work).toBeLessThan(TEN_MS_MOVES + r.candidates * 400);
    }
    // And the cap is what stopped the slow ones (the twin's own stream may prune a close one sooner).
    expect(capped.rows[remove]!.work).toBeGreaterThanOrEqual(TEN_MS_MOVES);
    expect(capped.rows[remove]!.samples).toBeLessThan(free.rows[remove]!.samples);
    expect(early.filter((i) => capped.rows[i]!.work >= TEN_MS_MOVES && capped.rows[i]!.samples < 200).length).toBeGreaterThan(early.length / 2);
  });
});
