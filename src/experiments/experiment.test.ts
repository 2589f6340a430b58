import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { experimentRules, loadExperiment, validateExperiment } from './experiment.js';
import { DEFAULT_FILL } from '../tournament/schedule.js';
import { runExperiment } from './run-experiment.js';

describe('experiment files', () => {
  it('the committed experiments are valid', () => {
    for (const name of ['strategies', 'player-count', 'thresholds']) {
      const exp = loadExperiment(join(import.meta.dirname, '..', '..', 'experiments', `${name}.json`));
      expect(exp.kind).toBe(name);
    }
    expect(loadExperiment(join(import.meta.dirname, '..', '..', 'experiments', 'tune-threshold.json')).kind).toBe('tune');
  });

  it('fill defaults', () => {
    const exp = validateExperiment({ kind: 'strategies', title: 't', agents: ['random'], players: [3], games: 5, seed: 1 });
    expect(exp).toMatchObject({ seatings: 'all', png: true, seed: '1' });
  });

  it.each([
    [{ kind: 'tournament' }, 'field "kind" must be one of "strategies", "player-count", "thresholds"'],
    [{ kind: 'strategies', title: 't', agents: ['random'], players: [3], games: 5 }, 'missing field "seed"'],
    [
      { kind: 'strategies', title: 't', agents: ['random'], players: [9], games: 5, seed: 1 },
      'field "players" must be a non-empty array of player counts 2..7, got [9]',
    ],
    [{ kind: 'strategies', title: 't', agents: [], players: [3], games: 5, seed: 1 }, 'field "agents" must be a non-empty array of agent specs'],
    [{ kind: 'strategies', title: 't', agents: ['random'], players: [3], games: 0, seed: 1 }, 'field "games" must be an integer from 1 to 100000000, got 0'],
    [{ kind: 'strategies', title: 't', agents: ['random'], players: [3], games: 5, seed: 1, colour: 'red' }, 'unknown field "colour"'],
    [
      { kind: 'thresholds', title: 't', agent: 'threshold', grid: { margin: 3 }, field: ['greedy'], players: 4, games: 5, seed: 1 },
      'field "grid" must be an object of parameter: "lo..hi" strings',
    ],
    [
      { kind: 'player-count', title: 't', agents: ['random'], players: [3], games: 5, seed: 1, seatings: 'some' },
      'field "seatings" must be one of "rotations", "all"',
    ],
    [{ kind: 'strategies', game: 'chess', title: 't', agents: ['random'], players: [3], games: 5, seed: 1 }, 'field "game" must be one of "no-thanks"'],
    [{ kind: 'strategies', title: 't', agents: ['random'], players: [2], games: 5, seed: 1 }, 'rules at 2 players: 2 players is outside the official rules'],
    [{ kind: 'strategies', title: 't', agents: ['random'], players: [3, 3], games: 5, seed: 1 }, 'field "players" lists a player count twice'],
    [{ kind: 'strategies', title: 't', agents: ['random'], players: [3], games: 5, seed: 1, rules: { players: 5 } }, 'field "rules" must not set players'],
    [
      { kind: 'strategies', title: 't', agents: ['random'], players: [3], games: 5, seed: 1, rulesByPlayers: { 2: { startChips: 11 } } },
      'field "rulesByPlayers" names "2", which is not one of the experiment\'s player counts (3)',
    ],
    [
      { kind: 'strategies', title: 't', agents: ['random'], players: [3], games: 5, seed: 1, rules: { chips: 3 } },
      'rules at 3 players: unknown rule setting "chips"',
    ],
    [{ kind: 'strategies', title: 't', agents: ['random'], players: [3], games: 5, seed: 1, constructor: 1 }, 'unknown field "constructor"'],
  ])('rejects %j naming the field', (raw, message) => {
    expect(() => validateExperiment(raw, 'x.json')).toThrow(`x.json: ${message}`);
  });

  it('takes rules for every table and per player count (2-player No Thanks! needs chips)', () => {
    const exp = validateExperiment({
      kind: 'player-count',
      title: 't',
      agents: ['random'],
      players: [2, 3],
      games: 5,
      seed: 1,
      rules: { openChips: true },
      rulesByPlayers: { 2: { startChips: 9 } },
    });
    expect(experimentRules(exp, 2)).toEqual({ openChips: true, startChips: 9, players: 2 });
    expect(experimentRules(exp, 3)).toEqual({ openChips: true, players: 3 });
  });

  it('reports a file that is not JSON in one line', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'nothanks-exp-')), 'bad.json');
    writeFileSync(path, '{ "kind": ');
    expect(() => loadExperiment(path)).toThrow(/bad\.json: not valid JSON/);
    expect(readFileSync(path, 'utf8')).toBe('{ "kind": ');
  });

  it('fills tables as every command does by default, or as its "fill" field says', () => {
    const base = { title: 't', agents: ['random', 'greedy'], players: [3], games: 5, seed: 's' };
    for (const kind of ['strategies', 'player-count', 'ladder'] as const) expect(validateExperiment({ ...base, kind })).toMatchObject({ fill: DEFAULT_FILL });
    const arms = [{ name: 'a', agents: ['random', 'greedy'] }];
    expect(validateExperiment({ kind: 'compare', title: 't', arms, players: [3], games: 5, seed: 's' })).toMatchObject({ fill: DEFAULT_FILL });
    expect(validateExperiment({ ...base, kind: 'strategies', fill: 'cycle' })).toMatchObject({ fill: 'cycle' });
    expect(() => validateExperiment({ ...base, kind: 'strategies', fill: 'repeat' })).toThrow(/field "fill" must be one of "balanced", "multisets", "cycle"/);
  });
});

describe('run folders', () => {
  it('the experiment copy records the games played and the override, and runs again as it is', async () => {
    const raw = { kind: 'strategies', title: 't', agents: ['random', 'greedy'], players: [3], games: 5, seed: 'copy', png: false };
    const dir = join(mkdtempSync(join(tmpdir(), 'nothanks-copy-')), 'run');
    const run = await runExperiment(validateExperiment(raw), { out: dir, quiet: true, threads: 1, games: 2 });
    const copy = JSON.parse(readFileSync(join(dir, 'experiment.json'), 'utf8'));
    expect(copy).toMatchObject({ games: 2, overridden: { games: 5 } });
    expect(JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8'))).toMatchObject({ games: 2, overridden: { games: 5 } });
    expect(readFileSync(run.report, 'utf8')).toContain('2 deals per seating (--games 2; the experiment file says 5)');
    const summary = JSON.parse(readFileSync(join(dir, 'players-3', 'summary.json'), 'utf8'));
    expect(summary.dealsPerSeating).toBe(2);
    // The copy is a valid experiment: run again without --games, it plays its 2 and notes nothing.
    const again = join(mkdtempSync(join(tmpdir(), 'nothanks-copy-')), 'run');
    await runExperiment(loadExperiment(join(dir, 'experiment.json')), { out: again, quiet: true, threads: 1 });
    expect(JSON.parse(readFileSync(join(again, 'experiment.json'), 'utf8'))).toMatchObject({ games: 2, overridden: {} });
  });

  it('the thresholds experiment leaves its headlines to the caller (printed once)', async () => {
    const exp = validateExperiment({
      kind: 'thresholds',
      title: 't',
      agent: 'threshold',
      grid: { margin: '0|4' },
      field: ['greedy'],
      players: 3,
      games: 2,
      rounds: 1,
      seed: 'once',
      png: false,
    });
    const logged: string[] = [];
    const run = await runExperiment(exp, {
      out: join(mkdtempSync(join(tmpdir(), 'nothanks-once-')), 'run'),
      quiet: true,
      threads: 1,
      log: (l) => logged.push(l),
    });
    expect(run.headlines[0]).toMatch(/^Best threshold/);
    expect(logged.join('\n')).not.toContain('Best threshold');
  });
});

describe('tune experiments', () => {
  const raw = {
    kind: 'tune',
    title: 't',
    agent: 'threshold:margin=10',
    params: { margin: '-8..12', cost: 'marginal|face' },
    field: ['greedy'],
    players: 3,
    games: 480,
    deals: 20,
    holdout: 40,
    seed: 'tune-exp',
    png: false,
  };

  it('runs nothanks tune inside the experiment folder, with games as the budget', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'nothanks-tune-')), 'run');
    const run = await runExperiment(validateExperiment(raw), { out: dir, quiet: true, threads: 1 });
    const tune = JSON.parse(readFileSync(join(dir, 'tune.json'), 'utf8'));
    expect(tune).toMatchObject({ budget: 480, method: 'spsa', players: 3, start: { margin: 10, cost: 'marginal' } });
    expect(tune.gamesUsed).toBeLessThanOrEqual(480);
    expect(readFileSync(join(dir, 'trace.csv'), 'utf8').split('\n')[0]).toBe('step,games,margin,cost,meanScore,gain,best_margin,best_cost,bestGain,partial');
    expect(run.headlines.at(-1)).toMatch(/^Winning spec: --agents 'threshold:margin=/);
    expect(readFileSync(run.report, 'utf8')).toContain('Held-out check');
  });

  it('refuses a bad range before making the folder', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'nothanks-tune-')), 'run');
    await expect(runExperiment(validateExperiment({ ...raw, params: { margin: '-90..0' } }), { out: dir, quiet: true })).rejects.toThrow(/limits -40..40/);
    expect(existsSync(dir)).toBe(false);
    expect(() => validateExperiment({ ...raw, method: 'cma' })).toThrow(/field "method" must be one of "spsa", "ntbea"/);
  });
});

describe('compare experiments', () => {
  const arms = [
    { name: 'base', game: 'no-thanks', agents: ['greedy', 'threshold'] },
    { name: 'specials', game: 'no-thanks-specials', agents: ['value', 'random'] },
  ];

  it.each([
    [{ arms: [] }, 'field "arms" must be a non-empty array'],
    [{ arms: [arms[0], { ...arms[0] }] }, 'with distinct names'],
    [{ arms: [{ ...arms[0], colour: 'red' }] }, 'unknown arm field "colour"'],
    [
      {
        arms: [
          { ...arms[0], name: 'base!' },
          { ...arms[0], name: 'base?' },
        ],
      },
      'arms "base!" and "base?" would write to the same folder (base-players-N)',
    ],
    [{ arms: [{ ...arms[0], game: 'chess' }] }, 'unknown game "chess"'],
    [{ arms, players: [2] }, 'arm "base", rules at 2 players: 2 players is outside the official rules'],
  ])('rejects %j naming the arm', (over, message) => {
    const base = { kind: 'compare', title: 't', arms, players: [3], games: 5, seed: 1 };
    expect(() => validateExperiment({ ...base, ...over }, 'c.json')).toThrow(message);
  });

  it('plays every arm on duplicate deals and reports the paired difference and what each card is worth', async () => {
    const exp = validateExperiment({ kind: 'compare', title: 't', arms, players: [3], games: 4, seed: 1, png: false });
    const dir = join(mkdtempSync(join(tmpdir(), 'nothanks-compare-')), 'run');
    const run = await runExperiment(exp, { out: dir, quiet: true, threads: 1 });
    expect(run.headlines.join('\n')).toMatch(
      /specials vs base at 3 players: the table's mean score differs by -?\d+\.\d+ \[.*\] points per seat \(paired over 4 duplicate deals/,
    );
    expect(run.headlines.join('\n')).toMatch(/Worth to its holder at the end/);
    const holdings = readFileSync(join(dir, 'holdings.csv'), 'utf8');
    // A bonus card is worth exactly its points (or one less with a per-card card beside it).
    expect(holdings).toMatch(/^3,specials,bonus20,\d+,(19|20)\.\d+/m);
  });
});

describe('interrupting an experiment', () => {
  it('a Ctrl-C between two player counts ends the run partial, without playing the next one', async () => {
    const exp = validateExperiment({ kind: 'player-count', title: 't', agents: ['random', 'greedy'], players: [3, 4], games: 6, seed: 1, png: false });
    const controller = new AbortController();
    const dir = join(mkdtempSync(join(tmpdir(), 'nothanks-stop-')), 'run');
    // The leaderboard of 3 players is logged once that tournament is over: interrupt right then.
    const run = await runExperiment(exp, { out: dir, quiet: true, threads: 1, signal: controller.signal, log: () => controller.abort() });
    expect(run.partial).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')).partial).toBe(true);
    expect(existsSync(join(dir, 'players-3', 'summary.json'))).toBe(true);
    expect(existsSync(join(dir, 'players-4'))).toBe(false);
  });
});

describe('a player-count report', () => {
  it('leaves a far-off bot out of the score chart and says so, states where each bot scores lowest, and names an untimed bot "not timed"', async () => {
    const agents = ['random', 'greedy', 'threshold', 'threshold:margin=0'];
    const exp = validateExperiment({ kind: 'player-count', title: 't', agents, players: [3, 4], games: 8, seed: 1, png: false });
    const dir = join(mkdtempSync(join(tmpdir(), 'nothanks-pc-')), 'run');
    const run = await runExperiment(exp, { out: dir, quiet: true, threads: 1 });
    const score = JSON.parse(readFileSync(join(dir, 'score-by-players.vl.json'), 'utf8'));
    expect(score.data.values.map((r: { agent: string }) => r.agent)).not.toContain('random');
    expect(score.title.subtitle.join(' ')).toMatch(/left out, far above the others: random \(\d+-\d+\) points/);
    // Before: "N of 3 bots score lowest at P players, the table with the most ...", a leftover hypothesis.
    expect(run.headlines.join('\n')).not.toMatch(/bots score lowest at/);
    expect(run.headlines.join('\n')).toMatch(/^Lowest mean score by bot: .* players\. Chips per played card by player count: .* \(most at \d players\)\.$/m);
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).not.toMatch(/<td><\/td>/);
  });
});
