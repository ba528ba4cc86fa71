import { describe, expect, it } from 'vitest';
import { median, percentile } from '../src/lib/stats';

describe('the bench statistics', () => {
  it('takes the middle value of an odd count', () => {
    expect(median([5, 1, 3])).toBe(3);
  });

  it('takes the mean of the two middle values of an even count, not the lower one', () => {
    expect(median([4, 1, 3, 10])).toBe(3.5);
  });

  it('refuses a median of nothing, as percentile does', () => {
    expect(() => median([])).toThrow(RangeError);
    expect(() => percentile([], 50)).toThrow(RangeError);
  });

  it('gives a percentile by nearest rank', () => {
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBe(9);
  });
});
