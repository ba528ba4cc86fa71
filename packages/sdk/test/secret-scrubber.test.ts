import { describe, expect, it } from 'vitest';
import { secretScrubber } from '@network-org/sdk';

// A key whose percent-encoded and JSON-escaped forms differ from the key as sent.
const KEY = 'sk_live/a b"c';

describe('secretScrubber', () => {
  it('replaces each form of each secret in every string, object key and array item of a copy', () => {
    const scrub = secretScrubber([KEY, undefined, 'member-key']);
    const value = {
      message: `Bearer ${KEY} is not welcome`,
      location: `https://elsewhere.test/?key=${encodeURIComponent(KEY)}`,
      echoed: JSON.stringify({ key: KEY }),
      [`header ${KEY}`]: ['member-key', 3, true, null],
    };
    const scrubbed = scrub(value);
    expect(scrubbed).toEqual({
      message: 'Bearer [redacted] is not welcome',
      location: 'https://elsewhere.test/?key=[redacted]',
      echoed: '{"key":"[redacted]"}',
      'header [redacted]': ['[redacted]', 3, true, null],
    });
    expect(value.message).toContain(KEY);
  });

  it('replaces a secret that holds another one whole', () => {
    expect(secretScrubber(['abc', 'xabcx'])('key xabcx')).toBe('key [redacted]');
  });

  it('leaves values without a secret as they are', () => {
    expect(secretScrubber([])({ a: ['b', 1] })).toEqual({ a: ['b', 1] });
  });
});
