const REDACTED = '[redacted]';

/**
 * Keeps the keys out of everything verify prints or writes, whatever the target sends back: each key as sent
 * and as a server may echo it (percent-encoded, JSON-escaped).
 */
export function secretScrubber(keys: readonly (string | undefined)[]): <T>(value: T) => T {
  const forms = [
    ...new Set(
      keys
        .filter((key): key is string => typeof key === 'string' && key.length > 0)
        .flatMap((key) => [key, encodeURIComponent(key), JSON.stringify(key).slice(1, -1)]),
    ),
  ].sort((a, b) => b.length - a.length);
  const text = (value: string) => forms.reduce((result, form) => result.split(form).join(REDACTED), value);
  const deep = (value: unknown): unknown => {
    if (typeof value === 'string') return text(value);
    if (Array.isArray(value)) return value.map(deep);
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [text(key), deep(inner)]));
    }
    return value;
  };
  return <T>(value: T) => deep(value) as T;
}
