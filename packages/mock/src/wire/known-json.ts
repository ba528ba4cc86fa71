// Values whose JSON is already known (a cached record): the answer splices them into the body as bytes instead of
// serializing them again.
export const knownJson = new WeakMap<object, Uint8Array>();

/** Registers `json` (UTF-8 bytes) as the JSON of `value`; `value` must not change while registered. */
export function withKnownJson<T extends object>(value: T, json: Uint8Array): T {
  knownJson.set(value, json);
  return value;
}
