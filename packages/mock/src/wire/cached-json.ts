// Values whose JSON is already known (a cached record): the answer splices them into the body as bytes instead of
// serializing them again.

// Kept on the value itself (not enumerable: no copy, key list or JSON shows it) rather than in a WeakMap: the
// collector's young generation keeps a WeakMap's values, and whatever they hold, as long as a full collection has not
// seen their key gone, so a value registered per request (an update's answer) would be promoted with its bytes.
const CACHED_JSON = Symbol('cached JSON');

/** Registers `json` (UTF-8 bytes) as the JSON of `value`; `value` must not change while registered. */
export function withCachedJson<T extends object>(value: T, json: Uint8Array): T {
  Object.defineProperty(value, CACHED_JSON, { value: json, configurable: true });
  return value;
}

/** The JSON registered for `value`, if any. */
export function cachedJsonOf(value: object): Uint8Array | undefined {
  return (value as { [CACHED_JSON]?: Uint8Array })[CACHED_JSON];
}
