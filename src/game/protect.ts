/**
 * The lab's classes are frozen before any bot file loads in a thread (docs/fair-play.md): a bot file runs in the engine's realm and could otherwise patch the table's game
 * loop, the statistics or the tamper guard itself (`Table.prototype.play`, `TournamentStats
 * .prototype.agents`, ...). Modules register their classes with protect(); freezeLabClasses() then
 * freezes every registered prototype, and every prototype found behind each game's state,
 * observation and built-in bots. A patch then throws in the bot's own code, and the table reports
 * it as that bot's error. Intrinsics (Uint8Array.prototype, Math) are not frozen, because
 * libraries assign to objects that inherit from them; the tamper guard watches those instead.
 */
const registered = new Set<abstract new (...args: never[]) => unknown>();
const finders: (() => object[])[] = [];
let frozen = false;

export function protect(...classes: (abstract new (...args: never[]) => unknown)[]): void {
  for (const c of classes) {
    registered.add(c);
    if (frozen) Object.freeze(c.prototype);
  }
}

/** Freezes a value's prototype chain up to Object.prototype, and one level into its object fields. */
export function freezeChainsOf(instance: object): void {
  const chain = (o: object): void => {
    for (
      let p = Object.getPrototypeOf(o) as object | null;
      p && p !== Object.prototype && p !== Array.prototype && p !== Function.prototype;
      p = Object.getPrototypeOf(p) as object | null
    ) {
      if (ArrayBuffer.isView(p) || p === Map.prototype || p === Set.prototype) break;
      Object.freeze(p);
    }
  };
  chain(instance);
  for (const field of Object.values(instance)) if (field && typeof field === 'object' && !ArrayBuffer.isView(field)) chain(field as object);
}

/** Registers instances whose classes are frozen too (classes only reachable through them: games' states, built-in bots). */
export function protectBehind(find: () => object[]): void {
  finders.push(find);
  if (frozen) for (const instance of find()) freezeChainsOf(instance);
}

/** Freezes everything registered, now and from then on. Idempotent; called before a bot file loads. */
export function freezeLabClasses(): void {
  if (frozen) return;
  frozen = true;
  for (const c of registered) Object.freeze(c.prototype);
  for (const find of finders) for (const instance of find()) freezeChainsOf(instance);
}

/**
 * Module-level engine data (lookup tables, rule lists, the built-in bots' definitions and defaults)
 * that a bot file could import and rewrite: a 6 nimmt! bullhead table filled with zeros makes
 * every score 0. Plain data is frozen, deeply, at once; a typed array (which cannot be frozen) is
 * copied, and the tamper guard (src/tournament/sandbox/integrity.ts) compares it after every batch.
 */
export function protectData<T extends object>(name: string, data: T): T {
  if (ArrayBuffer.isView(data)) tables.push({ name, data: data as unknown as ArrayLike<number>, copy: Array.from(data as unknown as ArrayLike<number>) });
  else deepFreeze(data);
  return data;
}

const tables: { name: string; data: ArrayLike<number>; copy: number[] }[] = [];

function deepFreeze(value: object): void {
  if (Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const key of Reflect.ownKeys(value)) {
    const field = (value as Record<PropertyKey, unknown>)[key];
    if (field && (typeof field === 'object' || typeof field === 'function') && !ArrayBuffer.isView(field)) deepFreeze(field);
  }
}

/** The name of the first protected typed array whose contents changed, or undefined. */
export function changedData(): string | undefined {
  for (const { name, data, copy } of tables) {
    for (let i = 0; i < copy.length; i++) if (data[i] !== copy[i]) return name;
  }
  return undefined;
}
