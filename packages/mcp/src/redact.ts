const REDACTED = '[redacted]';

/**
 * `value` with every occurrence of `secret` in its strings replaced. The SDK already keeps the key out of what
 * it throws; this is the last check before anything leaves the server, whatever an answer or error carried.
 */
export function redact<T>(value: T, secret: string | undefined): T {
  if (!secret) return value;
  const json = JSON.stringify(value);
  if (json === undefined || !json.includes(secret)) return value;
  return JSON.parse(json.split(JSON.stringify(secret).slice(1, -1)).join(REDACTED)) as T;
}

/** A line of text with `secret` replaced. */
export function redactText(text: string, secret: string | undefined): string {
  return secret ? text.split(secret).join(REDACTED) : text;
}
