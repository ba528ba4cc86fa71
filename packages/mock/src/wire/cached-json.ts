// Values whose JSON is already known (a cached record): the answer splices them into the body as bytes instead of
// serializing them again.
export const cachedJson = new WeakMap<object, Uint8Array>();

/** Registers `json` (UTF-8 bytes) as the JSON of `value`; `value` must not change while registered. */
export function withCachedJson<T extends object>(value: T, json: Uint8Array): T {
  cachedJson.set(value, json);
  return value;
}
