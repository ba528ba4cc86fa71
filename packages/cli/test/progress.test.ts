import { describe, expect, it } from 'vitest';
import { durationText, etaSeconds } from '../src/bulk/progress';

describe('the ETA of a bulk run', () => {
  it('counts the wait for the budget\'s next window: 80 rows take one window, not the burst\'s pace', () => {
    expect(etaSeconds({ remaining: 80, done: 0, elapsedMs: 0, windowSends: [], now: 0 })).toBe(10);
    // 50 rows sent in the first second: the other 30 go as the first 30 of them leave the window.
    const sends = Array.from({ length: 50 }, (_, index) => index * 20);
    expect(etaSeconds({ remaining: 30, done: 50, elapsedMs: 1_000, windowSends: sends, now: 1_000 })).toBeCloseTo(9.58, 2);
    // 130 more: 50 as the first window's requests leave it, 50 a window later, and the last 30 a window after that.
    expect(etaSeconds({ remaining: 130, done: 50, elapsedMs: 1_000, windowSends: sends, now: 1_000 })).toBeCloseTo(29.58, 2);
  });

  it('follows the average when the API is slower than the budget', () => {
    const sends = Array.from({ length: 5 }, (_, index) => 6_000 + index * 2_000);
    expect(etaSeconds({ remaining: 10, done: 10, elapsedMs: 20_000, windowSends: sends, now: 16_000 })).toBe(20);
  });

  it('is zero when nothing is left, and unknown before the first row when the budget does not bind', () => {
    expect(etaSeconds({ remaining: 0, done: 5, elapsedMs: 1_000, windowSends: [], now: 0 })).toBe(0);
    expect(etaSeconds({ remaining: 5, done: 0, elapsedMs: 0, windowSends: [], now: 0 })).toBeUndefined();
    expect([durationText(undefined), durationText(9.2), durationText(75)]).toEqual(['…', '10s', '1m15s']);
  });
});
