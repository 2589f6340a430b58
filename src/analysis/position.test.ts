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

/** A view without what the notation drops (the order of past moves; who started). */
function seen(state: State, seat: number): unknown {
  const { history: _h, starter: _s, ...rest } = state.view(seat) as Record<string, unknown>;
  return rest;
}

describe('position notation', () => {
  for (const game of withNotation) {
    const notation = notationOf(game);
    it(`${game.id}: every decision of random games prints a position that parses back to the seat's view and prints the same`, () => {
      for (let k = 0; k < sized(3, 20); k++) {
        const { decisions } = randomGame(game.id, 3 + (k % 3), k);
        for (const { state, seat } of decisions) {
          const text = notation.format(state, seat);
          const parsed = notation.parse(text, (players) => ({ players }));
          expect(parsed.seat).toBe(seat);
          expect(notation.format(parsed.state, parsed.seat)).toBe(text);
          expect(json(seen(parsed.state, seat))).toBe(json(seen(state, seat)));
          parsed.state.checkInvariants();
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
      [['eval'], /give a position/],
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
