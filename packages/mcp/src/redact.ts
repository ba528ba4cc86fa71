import { secretScrubber } from '@network-org/sdk';

/**
 * `value` with every form of `secret` (as sent, percent-encoded, JSON-escaped) replaced in its strings. The SDK
 * already keeps the key out of what it throws; this is the last check before anything leaves the server, whatever
 * an answer or error carried.
 */
export function redact<T>(value: T, secret: string | undefined): T {
  if (!secret) return value;
  const scrub = scrubberOf(secret);
  // A tool result nearly never holds the key: one native pass over its JSON spares copying every string and object
  // of it. Sound where JSON escapes no character of the key (API keys): then every form of the key that any
  // string or object key holds appears as it is in the JSON text.
  if (plainSecret(secret) && typeof value === 'object' && value !== null) {
    const text = JSON.stringify(value);
    if (scrub(text) === text) return value;
  }
  return scrub(value);
}

let last: { secret: string; scrub: <T>(value: T) => T } | undefined;

/** The scrubber of the server's one key, made once rather than per result. */
function scrubberOf(secret: string): <T>(value: T) => T {
  if (last?.secret !== secret) last = { secret, scrub: secretScrubber([secret]) };
  return last.scrub;
}

const plainSecret = (secret: string) => JSON.stringify(secret) === `"${secret}"`;

/** A line of text with `secret` replaced. */
export const redactText: (text: string, secret: string | undefined) => string = redact;
