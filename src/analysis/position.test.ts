import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { runCaptured } from '../cli/captured-run.js';
import { adviseCommand } from '../cli/eval.js';
import { runCli } from '../cli/program.js';
import { UserError } from '../errors.js';
import type { JsonObject, State } from '../game/contract.js';
import { dealKeyInto, makeRandom, masterKey, seedHex, type SeedKey } from '../game/seed.js';
import { GAMES, gameById } from '../registry.js';
import { sized } from '../testing/tier.js';
import { AdvisorSession } from './advisor.js';
import { evaluatePosition, notationOf, positionFromRecord, positionStream } from './position.js';
import { analyseRecord } from './walk.js';

const dir = mkdtempSync(join(tmpdir(), 'eval-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const withNotation = [...GAMES.values()].filter((g) => g.position !== undefined);
const json = (x: unknown): string => JSON.stringify(x);

/** A game of random legal moves from deal k, with the position of every decision (before it) and the public events typed to a relay. */
function randomGame(id: string, players: number, k: number) {
  const game = gameById(id);
  const rules = game.makeRules({ players });
  const state = game.newState(rules);
  const key: SeedKey = dealKeyInto(masterKey(game.seedNamespace ?? game.id, 'position-test'), k, { hi: 0, lo: 0 });
  state.deal(key);
  const random = makeRandom(`moves/${id}/${k}`);
  const seats = new Int32Array(64);
  const actions = new Int32Array(512);
  const decisions: { state: State; seat: number }[] = [];
  while (!state.isOver()) {
    const n = state.actingSeats(seats);
    for (const seat of Array.from(seats.subarray(0, n))) {
      decisions.push({ state: state.clone(), seat });
      state.apply(seat, actions[Math.floor(random() * state.legalActions(seat, actions))]!);
    }
  }
  const record = JSON.parse(
    json(
      state.record(
        seedHex(key),
        Array.from({ length: players }, () => 'random'),
      ),
    ),
  ) as JsonObject;
  return { game, rules, decisions, record };
}

/** A view without what the notations drop (No Thanks!: the order of past moves; who started the game and, in 6 nimmt!, the round). */
function seen(state: State, seat: number): unknown {
  const { history: _h, starter: _s, roundStarter: _r, ...rest } = state.view(seat) as Record<string, unknown>;
  return rest;
}

describe('position notation', () => {
  for (const game of withNotation) {
    const notation = notationOf(game);
    it(`${game.id}: every decision of random games prints a position that parses back to the seat's view and prints the same`, () => {
      for (let k = 0; k < sized(3, 10); k++) {
        const { decisions } = randomGame(game.id, 3 + (k % 3), k);
        for (const { state, seat } of decisions) {
          const text = notation.format(state, seat);
          const parsed = notation.parse(text, (players) => ({ players }));
          expect(parsed.seat).toBe(seat);
          expect(notation.format(parsed.state, parsed.seat)).toBe(text);
          expect(json(seen(parsed.state, seat))).toBe(json(seen(state, seat)));
        }
      }
    });
    it(`${game.id}: the documented examples parse`, () => {
      for (const [text] of notation.examples) expect(() => notation.parse(text, (players) => ({ players }))).not.toThrow();
    });
  }

  it('no-thanks: positions that cannot happen are refused in one line naming the problem', () => {
    const notation = notationOf(gameById('no-thanks'));
    const cases: [string, RegExp][] = [
      [
        '17+3 | *3-5 10 c7 | 20-22 c14 | c9 | 33 c12',
        /chips do not add up: 7\+14\+9\+12 on the seats \+ 3 on the card = 45, but 4 seats start with 11 each \(44\)/,
      ],
      ['17+3 | *3-5 10 c7 | 20-22 c14 | c9 | 3 c11', /card 3 is in two places: seat 0 and seat 3/],
      ['17+3 | *3-5 17 c7 | 20-22 c14 | c9 | 33 c11', /card 17 is in two places: seat 0 and face up/],
      ['17+3 | *3-5 10 c7 | 20-22 c14 | c9 | 36 c11', /seat 3: card 36 is outside the deck 3\.\.35/],
      ['17+3 | 3-5 10 c7 | 20-22 c14 | c9 | 33 c11', /no seat is marked \*/],
      ['17+3 | *3-5 10 c7 | *20-22 c14 | c9 | 33 c11', /two seats \(0 and 1\) are marked \*/],
      ['17+3 left 9 | *3-5 10 c7 | 20-22 c14 | c9 | 33 c11', /8 cards held \+ the face-up card \+ 9 left = 18, but 24 cards are played/],
      ['17+3 | *3-5 10 | 20-22 c14 | c9 | 33 c11', /seat 0: give its chips once/],
      ['17+2 | *3-5 c7 | c12 | c9 | c14', /seat 1 has 12 chips but no card/],
      ['17+3 | *5-3 c7 | c11 | c12 | c11', /seat 0: the run 5-3 goes downwards/],
      // Refused before a run is spelt out: 1e20 + 1 is 1e20, and a long run would fill the memory.
      ['30 | *99999999999999999999 c11 | c11 | c11', /seat 0: 99999999999999999999 cannot be in a deck \(a deck holds at most 64 cards\)/],
      ['30 | *1-4000000000 c11 | c11 | c11', /seat 0: 1-4000000000 cannot be in a deck/],
      ['17+3 removed 4 | *3 c8 | c11 | c11 | c11', /removed cards are unseen in this game/],
      ['x | *c11 | c11 | c11', /starts with the face-up card/],
      ['17', /no seats/],
      ['', /no position given/],
      ['17 | *c11', /players must be an integer from 2 to 7/],
      ['3-10 11-20 21-35 | *c11 | c11 | c11', /starts with the face-up card/],
    ];
    for (const [text, why] of cases) {
      let message = '';
      try {
        notation.parse(text, (players) => ({ players }));
      } catch (err) {
        expect(err).toBeInstanceOf(UserError);
        message = (err as Error).message;
      }
      expect(message, text).toMatch(why);
      expect(message).not.toContain('\n');
    }
  });

  it('no-thanks: more cards held than the deck plays, and known removed cards, are checked against the rules', () => {
    const notation = notationOf(gameById('no-thanks'));
    const all = '3-25 26 | *c11 | c11 | c11';
    expect(() => notation.parse(`27 | *3-26 c44 | c0 | c0`, (players) => ({ players }))).toThrow(/24 cards held and one face up, but only 24 are played/);
    expect(() => notation.parse(all, (players) => ({ players }))).toThrow(UserError);
    const known = (players: number) => ({ players, knownRemoved: true });
    expect(() => notation.parse('17 | *c11 | c11 | c11', known)).toThrow(/the removed cards are public in this variant: list them/);
    expect(() => notation.parse('17 removed 3-10 | *c11 | c11 | c11', known)).toThrow(/8 removed cards listed, the rules set 9 aside/);
    const ok = notation.parse('17 removed 3-11 | *c11 | c11 | c11', known);
    expect(notation.format(ok.state, ok.seat)).toBe('17+0 left 23 removed 3-11 | *c11 | c11 | c11');
  });
});

describe('eval equals analyse', () => {
  for (const game of withNotation) {
    it(`${game.id}: a recorded decision through the notation gets exactly analyse's numbers (same seed, same samples)`, () => {
      const records = [
        randomGame(game.id, 4, 1).record,
        ...readFileSync(new URL(`../games/${game.id}/golden.jsonl`, import.meta.url), 'utf8')
          .split('\n')
          .filter((l) => l.trim() !== '')
          .slice(0, 1)
          .map((l) => JSON.parse(l) as JsonObject),
      ];
      const file = join(dir, `${game.id}.jsonl`);
      writeFileSync(file, records.map((r) => json(r)).join('\n') + '\n');
      const settings = { samples: sized(20, 100), seed: '7' };
      records.forEach((record, i) => {
        const entries = analyseRecord(record, i + 1, settings);
        const step = Math.max(1, Math.floor(entries.length / sized(4, 12)));
        for (let d = 1; d <= entries.length; d += step) {
          const entry = entries[d - 1]!;
          const at = positionFromRecord(file, i + 1, d);
          expect(at.played).toBe(entry.played);
          const text = notationOf(game).format(at.parsed.state, at.parsed.seat);
          // Random and golden records play the default rules.
          const parsed = notationOf(game).parse(text, (players) => ({ players }));
          const ev = evaluatePosition(game, parsed, { kind: 'rollouts', ...settings }, at.stream(settings.seed));
          const real = evaluatePosition(game, at.parsed, { kind: 'rollouts', ...settings }, at.stream(settings.seed));
          expect(json(ev.actions)).toBe(json(real.actions));
          expect(
            ev.actions.map((a) => [a.name, Number(a.win.toFixed(4)), Number(a.winSe.toFixed(4)), Number(a.score.toFixed(3)), Number(a.scoreSe.toFixed(3))]),
          ).toEqual(entry.actions.map((a) => [a.name, a.win, a.winSe, a.score, a.scoreSe]));
          expect(ev.best).toBe(entry.best);
        }
      });
    });
  }

  it('nothanks eval --record --decision prints the position and analyse.jsonl numbers; bad input is one line', async () => {
    const file = join(dir, 'no-thanks.jsonl');
    writeFileSync(file, `${json(randomGame('no-thanks', 4, 3).record)}\n`);
    const r = await runCli(['eval', '--record', file, '--decision', '1:5', '--with', 'rollouts:samples=20', '--seed', '7', '--json']);
    expect(r.status).toBe(0);
    const ev = JSON.parse(r.stdout) as { actions: { name: string; win: number }[]; position: string };
    const entry = analyseRecord(JSON.parse(readFileSync(file, 'utf8')) as JsonObject, 1, { samples: 20, seed: '7' })[4]!;
    expect(ev.actions.map((a) => Number(a.win.toFixed(4)))).toEqual(entry.actions.map((a) => a.win));
    const typed = await runCli(['eval', ev.position, '--with', 'rollouts:samples=20', '--seed', '7', '--json']);
    expect(JSON.parse(typed.stdout).position).toBe(ev.position);
    for (const [args, why] of [
      [['eval', '17+3 | *3-5 10 c7 | 20-22 c14 | c9 | 33 c12'], /chips do not add up/],
      [['eval', '17+3 | *3-5 10 c7 | 20-22 c14 | c9 | 33 c11', '--players', '3'], /--players 3, but the position has 4 seats/],
      [['eval', '--record', file, '--decision', '1:999'], /game 1 has \d+ decisions, not 999/],
      [['eval', '--record', file, '--decision', 'x'], /write GAME:N/],
      [['eval', '--record', file, '--decision', '1:0'], /decisions are numbered from 1, not 0/],
      [['eval'], /give a position/],
      [['eval', ' '], /^nothanks: the position must not be empty$/m],
      [['eval', '17 | *c11 | c11 | c11', '--with', 'rollouts:samples=1'], /samples must be a whole number/],
    ] as [string[], RegExp][]) {
      const bad = await runCli(args);
      expect(bad.status, args.join(' ')).toBe(1);
      expect(bad.stderr).toMatch(why);
      expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});

describe('the advisor', () => {
  /** What a player at seat `seat` types to relay a No Thanks! game from its start to decision `upTo`. */
  function script(decisions: { state: State; seat: number }[], upTo: number): string[] {
    const lines: string[] = [String(decisions[0]!.state.starter)];
    let face = 0;
    for (let d = 0; d <= upTo; d++) {
      const v = decisions[d]!.state.view(decisions[d]!.seat) as { card: number; history: { type: string }[] };
      if (v.card !== face) lines.push(String((face = v.card)));
      if (d < upTo) {
        const next = decisions[d + 1]!.state.view(0) as { history: { type: string }[] };
        lines.push(next.history[next.history.length - 1]!.type === 'take' ? 't' : 'p');
        if (lines[lines.length - 1] === 't') face = 0;
      }
    }
    return lines;
  }

  it('no-thanks: two hidden states the seat cannot tell apart give the same advice, the one eval gives on the position it prints', () => {
    const game = gameById('no-thanks');
    const { decisions, rules } = randomGame('no-thanks', 4, 5);
    const settings = { kind: 'rollouts' as const, samples: sized(20, 100), seed: '3' };
    let checked = 0;
    for (let d = 4; d < decisions.length && checked < sized(3, 10); d += 7) {
      const { state, seat } = decisions[d]!;
      // Another game the seat cannot tell from this one: the deck and the removed cards re-dealt.
      const other = state.clone();
      other.resample(seat, makeRandom(`other/${d}`));
      expect(json(other.view(seat))).toBe(json(state.view(seat)));
      expect(json(other.record('0', []))).not.toBe(json(state.record('0', [])));
      const advice = [state, other].map((s) => {
        const session = new AdvisorSession(game, { ...rules }, seat, settings);
        session.start();
        let last = session.start();
        for (const line of script(decisions, d)) last = session.enter(line);
        expect(last.error).toBeNull();
        expect(session.notation()).toBe(notationOf(game).format(s, seat));
        return last.advice;
      });
      expect(advice[0]).not.toBeNull();
      expect(json(advice[1])).toBe(json(advice[0]));
      const direct = evaluatePosition(game, { state, seat, rules }, settings);
      expect(json(advice[0])).toBe(json(direct));
      expect(json(evaluatePosition(game, { state: other, seat, rules }, settings))).toBe(json(direct));
      expect(json(direct.actions)).toBe(
        json(evaluatePosition(game, { state, seat, rules }, settings, positionStream(settings.seed, game.id, direct.position)).actions),
      );
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('no-thanks with known removed cards: the relay asks for them, refuses a removed card turned up, and the position lists them', () => {
    const game = gameById('no-thanks');
    const session = new AdvisorSession(game, { players: 3, knownRemoved: true }, 0, { kind: 'rollouts', samples: 4, seed: '1' });
    expect(session.start().prompt).toMatch(/who starts/);
    expect(session.enter('0').prompt).toBe('the 9 removed cards?');
    expect(session.enter('3 4 5').error).toBe('3 removed cards listed, the rules set 9 aside');
    expect(session.enter('3-11').error).toBeNull();
    expect(session.enter('7').error).toBe('card 7 is in two places: face up and removed');
    const step = session.enter('20');
    expect(step.error).toBeNull();
    expect(step.advice!.position).toBe('20+0 left 23 removed 3-11 | *c11 | c11 | c11');
    expect(session.enter('p p p t 20').error).toMatch(/card 20 is in two places: seat 0 and face up/);
    expect(session.enter('p p p t 21').advice!.position).toBe('21+0 left 22 removed 3-11 | *20 c13 | c10 | c10');
  });

  it('no-thanks: nothanks advise driven by scripted stdin: advice at its turns, bad lines one line each, the prompt goes on', async () => {
    const input = Readable.from([
      '1\n',
      '30\n',
      'p\n',
      'q2\n',
      'p\n',
      '12\n',
      'pass\n',
      'p\n',
      'p\n',
      'p\n',
      'p\n',
      'p\n',
      'pos\n',
      'undo\n',
      'undo\n',
      'undo\n',
      'x y\n',
    ]);
    const r = await runCaptured(() => adviseCommand({ game: 'no-thanks', players: 3, seat: 2, with: 'rollouts:samples=20', seed: '1' }, input));
    expect(r.status).toBe(0);
    const out = r.stdout;
    expect(out).toContain('No Thanks!, seat 2 to decide: 30+1 left 23 | c11 | c10 | *c11');
    expect(out).toMatch(/! "q2": seat 2 is to decide on 30: t \(take\) or p \(pass\)/);
    expect(out).toMatch(/! "12": seat 0 is to decide on 30/);
    expect(out).toContain('30+8 left 23 | *c9 | c8 | c8');
    expect(out).toMatch(/! "x": seat 0 is to decide/);
    // Every advice table lists both actions with intervals: seat 2 decided at 30+1, 30+4 and 30+7, and again at 30+7 after the first undo.
    expect(out.match(/seat 2 to decide/g)).toHaveLength(4);
    expect(out).toMatch(/take +\d+\.\d% \[\d+\.\d, \d+\.\d\] +-?\d+\.\d \[/);
  });
});

describe('6 nimmt! notation and advisor', () => {
  const game = gameById('6-nimmt');
  const notation = notationOf(game);
  const players = (n: number) => ({ players: n });

  it('positions that cannot happen are refused in one line naming the problem', () => {
    const ok = 'round 2 | bulls 12 5 0 8 | rows 3 17 40 88 | seat 1 hand 5 23 44 61 70 95 99 100 | 10 22 35 41 | 90 2>0 60 7';
    expect(notation.format(notation.parse(ok, players).state, 1)).toBe(ok);
    const cases: [string, RegExp][] = [
      [ok.replace('hand 5 23', 'hand 5 10'), /card 10 is in two places: your hand and turn 1 \(seat 0\)/],
      [ok.replace('rows 3 17 40 88', 'rows 3 17 40 105'), /row 3: card 105 is outside the deck 1\.\.104/],
      [ok.replace('rows 3 17 40 88', 'rows 3 17 40'), /"rows" lists 3 cards: a round starts 4 rows/],
      [ok.replace(' 100 |', ' |'), /your hand \(7 cards\) and your 2 played cards make 9: a hand is dealt 10, so after 2 turns you hold 8/],
      [ok.replace('10 22 35 41', '10 22>1 35 41'), /turn 1: card 22 of seat 1 was not lower than every row: it took no row by choice/],
      [ok.replace('90 2>0 60 7', '90 2>0 60'), /turn 2 lists 3 cards: 4 seats play one each/],
      [ok.replace('bulls 12 5 0 8', 'bulls 12 5 66 8'), /seat 2 began the round with 66 bullheads: the game ended when a seat reached 66/],
      [ok.replace('seat 1 hand', 'seat 4 hand'), /seat 4 is not a seat of 4/],
      [ok.replace('bulls 12 5 0 8 | ', ''), /give each seat's bullheads when the round began/],
      [ok.replace('90 2>0 60 7', '90 2>5 60 7'), /turn 2: there is no row 5/],
      [
        'bulls 0 0 0 | rows 10 20 30 40 | seat 0 hand 3 4 5 6 7 8 9 11 | 1 12 13 | 2 50 51',
        /turn 1: card 1 of seat 0 is lower than every row: write the row it took \(1>0 to 1>3\)/,
      ],
      [
        'bulls 0 0 0 | rows 10 20 30 40 | seat 0 hand 2 3 4 5 6 7 8 9 11 | 12 1 13',
        /turn 1: seat 1 chooses a row for 1 now, not you: write its choice \(1>ROW\)/,
      ],
      ['bulls 0 0 | rows 10 20 30 40 | seat 0 hand 1 2 3', /players|--chips|hand/],
      ['hello', /"hello": a part is round, bulls, taken, rows, seat/],
    ];
    for (const [text, why] of cases) {
      let message = '';
      try {
        notation.parse(text, players);
      } catch (err) {
        expect(err, text).toBeInstanceOf(UserError);
        message = (err as Error).message;
      }
      expect(message, text).toMatch(why);
      expect(message).not.toContain('\n');
    }
    // Your own row choice is a decision: the last turn written whole, its lowest card yours.
    expect(notation.parse(ok.replace('90 2>0 60 7', '90 2 60 7'), players).seat).toBe(1);
    const row = notation.parse('bulls 0 0 0 | rows 10 20 30 40 | seat 1 hand 2 3 4 5 6 7 8 9 11 | 12 1 13', players);
    expect(row.seat).toBe(1);
    expect(evaluatePosition(game, row, { kind: 'rollouts', samples: 4, seed: '1' }).actions.map((a) => a.name)).toEqual([
      'take row 0',
      'take row 1',
      'take row 2',
      'take row 3',
    ]);
    expect(() => notation.parse(ok, (n) => ({ players: n, variant: 'pro' }))).toThrow(/pro variant/);
  });

  /** The lines a player at `seat` types to relay a recorded game up to (not including) its decision number `upTo`; with the state and seat there. */
  function relayOf(record: JsonObject, seat: number, upTo: number) {
    const { state, actionOf } = game.recordedGame(record);
    const seats = new Int32Array(64);
    const lines: string[] = [];
    let decisions = 0;
    let turnCards: number[] = [];
    for (;;) {
      const view = state.view(seat) as { turn: number; phase: string; startRows: number[]; hand: number[] };
      const n = state.actingSeats(seats);
      const acting = Array.from(seats.subarray(0, n));
      if (view.phase === 'play' && n === state.players && view.turn === 0) lines.push(`rows ${view.startRows.join(' ')}`, `hand ${view.hand.join(' ')}`);
      if (decisions + n >= upTo && acting.includes(seat)) return { lines, state: state.clone(), seat, decision: decisions + acting.indexOf(seat) + 1 };
      const chosen = acting.map((p) => actionOf(p));
      decisions += n;
      if (view.phase === 'play') {
        turnCards = chosen;
        acting.forEach((p, i) => state.apply(p, chosen[i]!));
        lines.push(turnCards.join(' '));
      } else {
        state.apply(acting[0]!, chosen[0]!);
        // Take row r is action rowAction + r.
        lines.push(`>${chosen[0]! - (state as unknown as { rowAction: number }).rowAction}`);
      }
      if (state.isOver()) throw new Error('no decision of that seat left');
    }
  }

  it('two hidden states the seat cannot tell apart give the same advice (the other hands re-dealt), and the advice is the one eval gives', () => {
    const { record } = randomGame('6-nimmt', 4, 2);
    const settings = { kind: 'rollouts' as const, samples: sized(4, 20), seed: '5' };
    let checked = 0;
    for (const upTo of [1, 37, 90, 150].slice(0, sized(2, 4))) {
      const seat = upTo % 4;
      const at = relayOf(record, seat, upTo);
      const other = at.state.clone();
      other.resample(seat, makeRandom(`other/${upTo}`));
      expect(json(other.view(seat))).toBe(json(at.state.view(seat)));
      const session = new AdvisorSession(game, { players: 4 }, seat, settings);
      let step = session.start();
      for (const line of at.lines) {
        step = session.enter(line, false);
        expect(step.error, line).toBeNull();
      }
      step = session.enter('', true);
      expect(step.advice, `decision ${at.decision}`).not.toBeNull();
      expect(session.notation()).toBe(notation.format(at.state, seat));
      expect(session.notation()).toBe(notation.format(other, seat));
      const direct = evaluatePosition(game, { state: at.state, seat, rules: game.makeRules({ players: 4 }) }, settings);
      expect(json(step.advice)).toBe(json(direct));
      expect(json(evaluatePosition(game, { state: other, seat, rules: game.makeRules({ players: 4 }) }, settings))).toBe(json(direct));
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('nothanks advise --game 6-nimmt from scripted stdin: a round, a row choice on its own line, bad lines one line each', async () => {
    const input = Readable.from([
      'hand 1 2 3 4 5 6 7 8 9 11\n',
      'rows 10 20 30 40\n',
      '1 12 13\n',
      'x\n',
      '>2\n',
      '2 50 51\n',
      '11 15 16\n',
      'pos\n',
      '3 17 18\n',
      'hand 1\n',
    ]);
    const r = await runCaptured(() => adviseCommand({ game: '6-nimmt', players: 3, seat: 0, with: 'rollouts:samples=4', seed: '1' }, input));
    expect(r.status).toBe(0);
    const out = r.stdout;
    // Advice at the first turn (after rows and hand), at the row choice for 1, and at each later turn.
    expect(out).toContain('6 nimmt!, seat 0 to decide: round 1 | bulls 0 0 0 | rows 10 20 30 40 | seat 0 hand 1 2 3 4 5 6 7 8 9 11');
    expect(out).toMatch(/take row 2 +\d/);
    expect(out).toMatch(/! "x" is not a card/);
    expect(out).toContain('round 1 | bulls 0 0 0 | rows 10 20 30 40 | seat 0 hand 3 4 5 6 7 8 9 | 1>2 12 13 | 2 50 51 | 11 15 16');
    expect(out).toMatch(/! round 1's hand is given already/);
    // Turns 1-4 and the two row choices (for 1 and for 3).
    expect(out.match(/6 nimmt!, seat 0 to decide/g)!.length).toBe(6);
  });

  it("the relay asks for another seat's row choice as that seat's, never as the advised seat's", async () => {
    const input = Readable.from(['rows 3 17 40 88\n', 'hand 5 23 44 61 70 95 99 100 12 14\n', '2 23 35 41\n', '>0\n']);
    const r = await runCaptured(() => adviseCommand({ game: '6-nimmt', players: 4, seat: 1, with: 'rollouts:samples=4', seed: '1' }, input));
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('turn 1: the row seat 0 took for 2? (>0 to >3)');
    expect(r.stdout).not.toContain('your card');
  });
});
