import { secretScrubber } from '@network-org/sdk';

/**
 * `value` with every form of `secret` (as sent, percent-encoded, JSON-escaped) replaced in its strings. The SDK
 * already keeps the key out of what it throws; this is the last check before anything leaves the server, whatever
 * an answer or error carried.
 */
export function redact<T>(value: T, secret: string | undefined): T {
  return secret ? secretScrubber([secret])(value) : value;
}

/** A line of text with `secret` replaced. */
export const redactText: (text: string, secret: string | undefined) => string = redact;
