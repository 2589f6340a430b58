import { UserError } from '../errors.js';
import { hasControlCharacters, printable } from '../text.js';
import type { GameRecordBase, RecordedGame, State } from './contract.js';

/** What a record's replay reports as it goes: each decision before the engine applies it, and after. */
export interface ReplayHooks {
  before?(index: number, seat: number, action: number, state: State): void;
  after?(index: number, seat: number, action: number, state: State): void;
}

const json = (x: unknown): string => JSON.stringify(x);

/**
 * Plays a record's decisions on the game's forward model, the one implementation of its rules that
 * search and the conformance battery drive too: every recorded action must be legal for its seat
 * where the record puts it, the record must end with the game, and the record the forward model
 * makes of the game must equal the given one, field by field (the first difference is named). The
 * game checks the record's own form and deal before (its recordedGame). Throws one-line UserErrors.
 */
export function replayOnForwardModel(recorded: RecordedGame, record: GameRecordBase, hooks: ReplayHooks = {}): State {
  // Bot names reach the terminal and the web viewer: a shared record file is untrusted, so its
  // names obey the bot loader's rule (as analyse's do): no control, direction or invisible characters.
  const agents: unknown = record.agents;
  if (!Array.isArray(agents) || agents.some((a) => typeof a !== 'string' || hasControlCharacters(a)))
    throw new UserError(`"agents" must be bot names without control characters, got ${printable(JSON.stringify(agents) ?? String(agents))}`);
  const { state } = recorded;
  const seats = new Int32Array(state.players);
  const legal = new Int32Array(4096);
  let index = 0;
  while (!state.isOver()) {
    const acting = state.actingSeats(seats);
    // A simultaneous choice: every seat listed chooses in turn, none seeing another's choice.
    for (let i = 0; i < acting; i++) {
      const seat = seats[i]!;
      const where = recorded.where();
      if (recorded.remaining() === 0) throw new UserError(`${where}: the record ends before the game does`);
      const action = recorded.actionOf(seat);
      const n = state.legalActions(seat, legal);
      if (!legal.subarray(0, n).includes(action)) {
        const allowed = Array.from(legal.subarray(0, n), (a) => state.describeAction(a));
        throw new UserError(`${where}: seat ${seat} may not ${state.describeAction(action)} (it may ${allowed.join(', ')})`);
      }
      hooks.before?.(index, seat, action, state);
      state.apply(seat, action);
      hooks.after?.(index, seat, action, state);
      index++;
    }
  }
  if (recorded.remaining() > 0) throw new UserError("the record goes on after the game's end");
  const difference = firstDifference(state.record(record.seed, record.agents), record, '');
  if (difference) throw new UserError(`${difference.path} ${json(difference.given)} do not match the replay's ${json(difference.made)}`);
  return state;
}

/**
 * The first place where the given record differs from the made one, over the made one's fields:
 * a path such as `rounds[1].bullheads`. Lists of plain values (scores, a hand) are named whole;
 * lists of objects and objects are searched item by item.
 */
function firstDifference(made: unknown, given: unknown, path: string): { path: string; made: unknown; given: unknown } | undefined {
  if (json(made) === json(given)) return undefined;
  const isObject = (x: unknown): x is object => x !== null && typeof x === 'object';
  if (Array.isArray(made) && Array.isArray(given) && made.length === given.length && made.some(isObject)) {
    for (let i = 0; i < made.length; i++) {
      const d = firstDifference(made[i], given[i], `${path}[${i}]`);
      if (d) return d;
    }
  }
  if (isObject(made) && !Array.isArray(made) && isObject(given) && !Array.isArray(given)) {
    for (const [key, value] of Object.entries(made)) {
      const d = firstDifference(value, (given as Record<string, unknown>)[key], path ? `${path}.${key}` : key);
      if (d) return d;
    }
    return undefined;
  }
  return { path, made, given };
}
