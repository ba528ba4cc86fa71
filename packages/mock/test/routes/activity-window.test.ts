import { describe, expect, it } from 'vitest';
import { activityWindow, checkTimeZone, formatInstant } from '../../src/activity/window';
import { MockApiError } from '../../src/engine/errors';

const NOW = new Date('2024-03-20T00:00:00Z');

function windowOf(from: string | undefined, to: string | undefined, timezone = 'UTC') {
  const window = activityWindow({ from, to, timezone }, NOW);
  return { from: formatInstant(window.from), to: formatInstant(window.to), hours: (window.to.getTime() - window.from.getTime()) / 3_600_000 };
}

function rejection(run: () => unknown): MockApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof MockApiError) return error;
    throw error;
  }
  throw new Error('expected a 400');
}

describe('activity window', () => {
  it.each([
    ['UTC', '2024-03-10', '2024-03-10T00:00:00Z', '2024-03-11T00:00:00Z', 24],
    ['America/New_York', '2024-03-10', '2024-03-10T05:00:00Z', '2024-03-11T04:00:00Z', 23],
    ['America/New_York', '2024-11-03', '2024-11-03T04:00:00Z', '2024-11-04T05:00:00Z', 25],
    ['Asia/Kolkata', '2024-03-10', '2024-03-09T18:30:00Z', '2024-03-10T18:30:00Z', 24],
    ['Asia/Kathmandu', '2024-03-10', '2024-03-09T18:15:00Z', '2024-03-10T18:15:00Z', 24],
    // Local midnight does not exist: the day starts at 01:00 local, the first instant that does.
    ['America/Santiago', '2024-09-08', '2024-09-08T04:00:00Z', '2024-09-09T03:00:00Z', 23],
    ['America/Havana', '2024-03-10', '2024-03-10T05:00:00Z', '2024-03-11T04:00:00Z', 23],
  ])('reads the date-only day in %s: %s', (timezone, day, from, to, hours) => {
    expect(windowOf(day, day, timezone)).toEqual({ from, to, hours });
  });

  it('advances a date-only `to` across a month end', () => {
    expect(windowOf('2024-02-28', '2024-02-29', 'Europe/Berlin')).toMatchObject({ from: '2024-02-27T23:00:00Z', to: '2024-02-29T23:00:00Z' });
  });

  it('takes RFC 3339 instants as they are, whatever the zone', () => {
    expect(windowOf('2024-03-10T00:00:00-05:00', '2024-03-10T12:30:00.250+05:45', 'Asia/Tokyo')).toMatchObject({
      from: '2024-03-10T05:00:00Z',
      to: '2024-03-10T06:45:00.250Z',
    });
  });

  it('ends at `now` without `to` and starts 30 local days before `to` without `from`', () => {
    expect(windowOf(undefined, undefined)).toMatchObject({ from: '2024-02-19T00:00:00Z', to: '2024-03-20T00:00:00Z' });
    // 30 local days back from 2024-03-20 00:00 New York cross the change to daylight time on 2024-03-10.
    expect(windowOf(undefined, '2024-03-19', 'America/New_York')).toMatchObject({ from: '2024-02-19T05:00:00Z', to: '2024-03-20T04:00:00Z' });
  });

  it.each(['2024-02-30', '2024-13-01', 'yesterday', '2024-03-10T25:00:00Z', '2024-03-10T10:00:00', '2024-03-10T10:00:00+24:00', '20240310', ''])(
    'rejects %j as `from`',
    (value) => {
      const error = rejection(() => windowOf(value, '2024-03-19'));
      expect(error.status).toBe(400);
      expect(error.code).toBe('bad_request');
      expect(error.message).toContain('"from"');
    },
  );

  it('explains an offset whose "+" was not encoded in the URL', () => {
    expect(rejection(() => windowOf('2024-03-10T00:00:00 05:00', undefined)).message).toContain('%2B');
  });

  it('rejects a window whose end is not after its start', () => {
    expect(rejection(() => windowOf('2024-03-10T00:00:00Z', '2024-03-10T00:00:00Z')).message).toContain('must be after');
    expect(rejection(() => windowOf('2024-03-11', '2024-03-10')).status).toBe(400);
  });
});

describe('time zone names', () => {
  it.each(['UTC', 'America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu', 'Etc/GMT+5'])('accepts %s and keeps the name', (name) => {
    expect(checkTimeZone(name)).toBe(name);
  });

  it.each(['Mars/Olympus_Mons', '+05:00', 'UTC+1', '', 'America/New York'])('rejects %j', (name) => {
    const error = rejection(() => checkTimeZone(name));
    expect(error.code).toBe('bad_request');
    expect(error.message).toContain('"timezone"');
  });
});
