/**
 * A deep copy of a JSON value (plain objects, arrays, strings, numbers, booleans, null), several times faster than
 * `structuredClone` or a JSON round trip on the small states our engines keep. For what an engine simulates on a copy
 * (a combined option tried out) and for a computer player's search; `apply` keeps its JSON round trip.
 */
export function copyJson<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const n = value.length;
    const out = new Array<unknown>(n);
    for (let i = 0; i < n; i++) {
      const x: unknown = value[i];
      out[i] = typeof x === 'object' && x !== null ? copyJson(x) : x;
    }
    return out as T;
  }
  // A spread copies the object with its shape (a state has some 50 keys; built key by key, the copy would be a slow
  // dictionary object, which makes every later look-up in it slower); then its objects get copies of their own.
  const out = { ...value } as Record<string, unknown>;
  for (const k in out) {
    const x = out[k];
    if (typeof x === 'object' && x !== null) out[k] = copyJson(x);
  }
  return out as T;
}

/**
 * `{ ...value, ...fields }` (same keys in the same order), made with `Object.assign`: on Node 20 an object spread that
 * then gets a key its source lacks (`{ ...o, detail }` where `o` has no `detail`) takes a slow path, 10–20 times
 * slower (about 2 µs an object), and option builders do it for every option they derive from another.
 */
export function withFields<T extends object, F extends object>(value: T, fields: F): Omit<T, keyof F> & F {
  return Object.assign({}, value, fields);
}

/**
 * Freezes `o` and everything in it: for messages and options made once and shared by every state and decision that
 * shows them (a change to one would change them all; frozen, it throws instead).
 */
export function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object') {
    for (const v of Object.values(o)) deepFreeze(v);
    Object.freeze(o);
  }
  return o;
}
