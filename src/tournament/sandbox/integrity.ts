import { resolveParams } from '../../agents/registry.js';
import { parseSpec } from '../../agents/spec.js';
import { changedData, protect, protectBehind } from '../../game/protect.js';
import { GAMES } from '../../registry.js';
import { Moments } from '../../stats/moments.js';
import { TournamentStats } from '../../stats/tournament-stats.js';
import { PartWriter } from '../checkpoint.js';
import { DecisionWatchdog } from './watchdog.js';

/**
 * Tamper detection for in-process bots (docs/fair-play.md). A bot runs in the
 * engine's realm: it could patch a prototype the engine uses (GameState, Uint8Array) to read live
 * state, or leave globals that other bots in the same worker read. This takes a fingerprint of
 * those shared objects before any bot code loads (the identity of every own property: value,
 * getter, setter, flags) and names the first property that differs later. It detects; it does not
 * prevent (a bot can still undo its change before a check): contests between authors use --isolate.
 */
export class IntegrityGuard {
  private readonly snapshot: { path: string; target: object; keys: Map<PropertyKey, PropertyDescriptor> }[];

  constructor(roots: readonly (readonly [string, object])[] = guardedRoots()) {
    this.snapshot = roots.map(([path, target]) => ({ path, target, keys: descriptors(target) }));
  }

  /** The first changed property as "Uint8Array.prototype.subarray", or undefined if all is as it was. */
  check(): string | undefined {
    const data = changedData();
    if (data) return data;
    for (const { path, target, keys } of this.snapshot) {
      const now = descriptors(target);
      for (const [key, before] of keys) {
        if (HARMLESS.has(`${path}.${String(key)}`)) continue;
        const after = now.get(key);
        if (!after || !sameDescriptor(before, after)) return `${path}.${String(key)}`;
      }
      for (const key of now.keys()) if (!keys.has(key)) return `${path}.${String(key)} (added)`;
    }
    return undefined;
  }
}

/** Settings a bot may change for its own debugging: they reach nothing of a game. */
const HARMLESS = new Set(['Error.stackTraceLimit', 'Error.prepareStackTrace']);

function descriptors(target: object): Map<PropertyKey, PropertyDescriptor> {
  const out = new Map<PropertyKey, PropertyDescriptor>();
  for (const key of Reflect.ownKeys(target)) out.set(key, Reflect.getOwnPropertyDescriptor(target, key)!);
  return out;
}

function sameDescriptor(a: PropertyDescriptor, b: PropertyDescriptor): boolean {
  return (
    Object.is(a.value, b.value) &&
    a.get === b.get &&
    a.set === b.set &&
    a.writable === b.writable &&
    a.enumerable === b.enumerable &&
    a.configurable === b.configurable
  );
}

/** Globals whose identity the engine relies on (globalThis itself is left alone: Node adds lazy globals on first use). */
const GLOBALS = [
  'Object',
  'Function',
  'Array',
  'Number',
  'String',
  'Boolean',
  'Symbol',
  'Math',
  'JSON',
  'Reflect',
  'Atomics',
  'Map',
  'Set',
  'WeakMap',
  'Promise',
  'Error',
  'ArrayBuffer',
  'SharedArrayBuffer',
  'DataView',
  'Uint8Array',
  'Int8Array',
  'Uint16Array',
  'Int16Array',
  'Uint32Array',
  'Int32Array',
  'Float32Array',
  'Float64Array',
  'BigInt',
  'BigInt64Array',
  'BigUint64Array',
  'RegExp',
  'Date',
] as const;

/** The intrinsics and each registered game's state and observation classes, with their prototype chains. */
export function guardedRoots(): [string, object][] {
  const g = globalThis as unknown as Record<string, object>;
  const roots: [string, object][] = [['globalThis (engine globals)', Object.fromEntries(GLOBALS.map((name) => [name, g[name]!]))]];
  const seen = new Set<object>();
  const add = (path: string, target: object | null | undefined): void => {
    if (!target || seen.has(target)) return;
    seen.add(target);
    roots.push([path, target]);
  };
  // The iterators every for...of, spread and destructuring steps through (their `next`).
  const iterators: [string, object][] = [
    ['%ArrayIteratorPrototype%', [][Symbol.iterator]()],
    ['%MapIteratorPrototype%', new Map()[Symbol.iterator]()],
    ['%SetIteratorPrototype%', new Set()[Symbol.iterator]()],
    ['%StringIteratorPrototype%', ''[Symbol.iterator]()],
    ['%RegExpStringIteratorPrototype%', /x/[Symbol.matchAll]('')],
  ];
  for (const [name, it] of iterators) add(name, Object.getPrototypeOf(it) as object);
  add('%IteratorPrototype%', Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())) as object);
  const typedArray = Object.getPrototypeOf(Uint8Array) as object;
  add('TypedArray', typedArray);
  add('TypedArray.prototype', (typedArray as { prototype: object }).prototype);
  for (const name of GLOBALS) {
    add(name, g[name]);
    add(`${name}.prototype`, (g[name] as { prototype?: object }).prototype);
  }
  // The classes behind each game's state and observation, one level into their fields too (a
  // forward model wraps the engine state: No Thanks!'s wraps GameState).
  const addChain = (label: string, instance: object): void => {
    for (
      let proto = Object.getPrototypeOf(instance) as object | null;
      proto && proto !== Object.prototype;
      proto = Object.getPrototypeOf(proto) as object | null
    ) {
      add(`${label} ${(proto as { constructor?: { name?: string } }).constructor?.name ?? '?'}.prototype`, proto);
    }
  };
  for (const game of GAMES.values()) {
    const state = game.newState(game.makeRules({ players: game.defaultPlayers }));
    for (const instance of [state, state.observation(0)]) {
      addChain(game.id, instance);
      for (const field of Object.values(instance)) {
        if (field && typeof field === 'object' && !ArrayBuffer.isView(field) && !Array.isArray(field)) addChain(game.id, field as object);
      }
    }
  }
  return roots;
}

/** The one line for a run stopped by tampering (which bot did it is not known: every bot of the pool shares the realm). */
export function tamperMessage(changed: string, pool: readonly string[]): string {
  return `a bot changed ${changed}, shared with the engine and the other bots (pool: ${pool.join(', ')}): run stopped; bots must not touch shared prototypes or globals (use --isolate for bots you do not trust)`;
}

protect(IntegrityGuard, TournamentStats, Moments, PartWriter, DecisionWatchdog);

// What is only reachable through instances: every game's state and observation, each built-in bot.
protectBehind(() =>
  [...GAMES.values()].flatMap((game) => {
    const state = game.newState(game.makeRules({ players: game.defaultPlayers }));
    const bots = game.agents.filter((d) => !d.interactive).map((d) => d.create(resolveParams(d, parseSpec(d.name))) as object);
    return [state, state.observation(0), ...bots];
  }),
);
