import { createInterface } from 'node:readline';
import { AdvisorSession, type AdviceStep } from '../analysis/advisor.js';
import { evaluatePosition, evaluatorSettings, notationOf, parsePosition, type PositionEvaluation, positionFromRecord } from '../analysis/position.js';
import { UserError } from '../errors.js';
import type { RegisteredGame } from '../registry.js';
import { gameById } from '../registry.js';
import { fixedNoNegativeZero, printable } from '../text.js';
import { rulesFromArgs, type RuleArgs } from './options.js';

export type EvalArgs = RuleArgs & {
  position?: string;
  record?: string;
  decision?: string;
  with?: string;
  seed: string;
  json: boolean;
};

const pct = (x: number): string => `${fixedNoNegativeZero(100 * x, 1)}%`;

/** An evaluation as a table for people: each action's win chance and expected score with 95% intervals, the best marked. */
export function evaluationLines(game: RegisteredGame, ev: PositionEvaluation, describe?: string): string[] {
  const e = ev.evaluator;
  const width = Math.max(6, ...ev.actions.map((a) => a.name.length));
  const rows = ev.actions.map((a) => {
    // The exact evaluator's numbers have no interval: two decimals instead.
    const win =
      e.kind === 'exact'
        ? `${fixedNoNegativeZero(100 * a.win, 2).padStart(6)}%`
        : `${pct(a.win).padStart(6)} [${fixedNoNegativeZero(100 * a.winLow, 1)}, ${fixedNoNegativeZero(100 * a.winHigh, 1)}]`;
    const score =
      e.kind === 'exact'
        ? fixedNoNegativeZero(a.score, 2).padStart(6)
        : `${fixedNoNegativeZero(a.score, 1).padStart(6)} [${fixedNoNegativeZero(a.scoreLow, 1)}, ${fixedNoNegativeZero(a.scoreHigh, 1)}]`;
    // The exact evaluator's extra column: the seat's best response to the rollout policy afterwards.
    const response =
      e.kind === 'exact' && a.responseWin !== undefined && a.responseScore !== undefined
        ? `${fixedNoNegativeZero(100 * a.responseWin, 2).padStart(6)}% ${fixedNoNegativeZero(a.responseScore, 2).padStart(6)}`.padEnd(22)
        : '';
    return `  ${a.name.padEnd(width)}  ${win.padEnd(22)}  ${score.padEnd(22)}${response}${a.name === ev.best ? '  best' : ''}`.trimEnd();
  });
  return [
    `${game.name}, seat ${ev.seat} to decide: ${ev.position}`,
    ...(describe === undefined ? [] : [`  (${describe})`]),
    e.kind === 'exact'
      ? `Evaluator: ${e.describe}; ${e.positions} positions (tree estimated at ${e.treeEstimate} nodes); exact values; lower scores are better.`
      : `Evaluator: ${e.describe}; ${e.samples} re-dealt samples, seed ${e.seed}; [95% intervals]; lower scores are better.`,
    `  ${'action'.padEnd(width)}  ${'win chance'.padEnd(22)}  ${e.kind === 'exact' ? `${'expected score'.padEnd(22)}then best response (win, score)` : 'expected score'}`,
    ...rows,
  ].map(printable);
}

/**
 * `nothanks eval`: one position, typed in its game's notation or taken from a recorded decision
 * (`--record FILE --decision GAME:N`: the position analyse evaluates there, printed in notation and
 * evaluated on the stream analyse uses, so the numbers are analysis.jsonl's at the same seed).
 */
export function evalCommand(a: EvalArgs): PositionEvaluation {
  const fromRecord = a.record !== undefined || a.decision !== undefined;
  if (fromRecord && a.position !== undefined) throw new UserError('give a position or --record with --decision, not both');
  let game: RegisteredGame;
  let ev: PositionEvaluation;
  let note: string | null = null;
  let described: string;
  if (fromRecord) {
    if (a.record === undefined || a.decision === undefined)
      throw new UserError('--record FILE and --decision GAME:N go together (e.g. --decision 1:12: game 1, decision 12)');
    const m = /^(\d+):(\d+)$/.exec(a.decision);
    if (!m)
      throw new UserError(`--decision "${a.decision}": write GAME:N (the game's line in the file and the decision's number, as analysis.jsonl numbers them)`);
    const at = positionFromRecord(a.record, Number(m[1]), Number(m[2]));
    game = at.game;
    // A recorded decision is analyse's: the rollouts unless --with says otherwise.
    ev = evaluatePosition(game, at.parsed, evaluatorSettings(game, a.with ?? 'rollouts', a.seed), at.stream(a.seed));
    described = notationOf(game).describe(at.parsed.state, at.parsed.seat);
    note = `Decision ${m[2]} of game ${m[1]} in ${a.record}: seat ${ev.seat} played ${at.played}. Sampled as analyse samples it (same numbers as its analysis.jsonl with --seed ${a.seed}).`;
  } else {
    if (a.position === undefined || a.position.trim() === '')
      throw new UserError('give a position in the game\'s notation (see docs/advisor.md), e.g. nothanks eval "17+3 | *3-5 10 c7 | 20-22 c14 | c9 | 33 c11"');
    game = gameById(a.game);
    const players = a.players;
    const parsed = parsePosition(game, a.position, (n) => {
      if (players !== undefined && players !== n) throw new UserError(`--players ${players}, but the position has ${n} seats`);
      return rulesFromArgs(a, game, n);
    });
    ev = evaluatePosition(game, parsed, evaluatorSettings(game, a.with, a.seed));
    described = notationOf(game).describe(parsed.state, parsed.seat);
  }
  if (a.json) console.log(JSON.stringify(ev, null, 2));
  else {
    for (const line of evaluationLines(game, ev, described)) console.log(line);
    if (note) console.log(printable(note));
  }
  return ev;
}

export type AdviseArgs = RuleArgs & { seat: number; with?: string; seed: string };

/** One advisor step as lines for the terminal. */
export function stepLines(game: RegisteredGame, step: AdviceStep): string[] {
  const out: string[] = [];
  if (step.error !== null) return [printable(`! ${step.error}`)];
  out.push(printable(`  ${step.table}`));
  if (step.advice) out.push(...evaluationLines(game, step.advice));
  if (step.over) out.push('The game is over.');
  return out;
}

/**
 * `nothanks advise`: relays a game at a real table for one seat, read line by line from stdin (a
 * terminal or a script): what happens at the table in, the seat's advice out at each of its turns.
 * A bad line is one line of explanation and the prompt again; `pos` prints the position in the
 * game's notation (for `nothanks eval`), `undo` takes the last line back, `quit` or the end of the
 * input stops.
 */
export async function adviseCommand(a: AdviseArgs, input: NodeJS.ReadableStream = process.stdin): Promise<void> {
  const game = gameById(a.game);
  const players = a.players ?? game.defaultPlayers;
  const rules = rulesFromArgs(a, game, players);
  game.makeRules(rules);
  const session = new AdvisorSession(game, rules, a.seat, evaluatorSettings(game, a.with, a.seed));
  console.log(
    printable(`${game.name} advisor for seat ${a.seat} of ${players}. ${session.help} pos prints the position in notation (for nothanks eval); quit stops.`),
  );
  let step = session.start();
  process.stdout.write(`${step.prompt}> `);
  const echoes = (input as { isTTY?: boolean }).isTTY === true;
  const lines = createInterface({ input, terminal: false });
  for await (const raw of lines) {
    const line = raw.trim();
    // A terminal echoed the user's Enter; a script's line did not end the prompt's line.
    if (!echoes) process.stdout.write('\n');
    if (line === 'quit' || line === 'q') break;
    if (line === 'pos') console.log(printable(session.notation() ?? 'no position yet (no card face up)'));
    else if (line !== '') {
      step = session.enter(line);
      for (const out of stepLines(game, step)) console.log(out);
    }
    if (step.over && step.error === null) break;
    process.stdout.write(`${step.prompt}> `);
  }
}
