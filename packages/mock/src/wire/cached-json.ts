// Values whose JSON is already known (a cached record): the answer splices them into the body as bytes instead of
// serializing them again. A record whose JSON is made of parts (text, and bytes of values cached on their own) is
// known by those parts, in order.
export type KnownJson = Uint8Array | readonly (string | Uint8Array)[];

export const cachedJson = new WeakMap<object, KnownJson>();

/** Registers `json` (UTF-8 bytes, or parts) as the JSON of `value`; `value` must not change while registered. */
export function withCachedJson<T extends object>(value: T, json: KnownJson): T {
  cachedJson.set(value, json);
  return value;
}
