import { describe, expect, it } from 'vitest';
import {
  formatEventTime,
  localDayOf,
  localDayRange,
  localMonthRange,
  monthAndDayBadge,
  startOfLocalDay,
} from '../../src/events/time-zones.ts';

describe('time zone arithmetic', () => {
  it('finds the first instant of a local day', () => {
    expect(startOfLocalDay('2026-11-21', 'UTC').toISOString()).toBe('2026-11-21T00:00:00.000Z');
    expect(startOfLocalDay('2026-11-21', 'America/New_York').toISOString()).toBe(
      '2026-11-21T05:00:00.000Z',
    );
    expect(startOfLocalDay('2026-07-21', 'America/New_York').toISOString()).toBe(
      '2026-07-21T04:00:00.000Z',
    );
    expect(startOfLocalDay('2026-11-21', 'Asia/Kolkata').toISOString()).toBe(
      '2026-11-20T18:30:00.000Z',
    );
    expect(startOfLocalDay('2026-11-21', 'Pacific/Kiritimati').toISOString()).toBe(
      '2026-11-20T10:00:00.000Z',
    );
  });

  it('starts a day whose midnight is skipped by daylight saving at its first real instant', () => {
    // Chile springs forward at local midnight: 2026-09-06 begins at 01:00 (UTC-3).
    const start = startOfLocalDay('2026-09-06', 'America/Santiago');
    expect(start.toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(localDayOf(start, 'America/Santiago')).toBe('2026-09-06');
    expect(localDayOf(start.getTime() - 1000, 'America/Santiago')).toBe('2026-09-05');
  });

  it('gives a 23- or 25-hour day around daylight-saving changes', () => {
    const spring = localDayRange('2026-03-08', 'America/New_York');
    expect((spring.to.getTime() - spring.from.getTime()) / 3_600_000).toBe(23);
    const autumn = localDayRange('2026-10-25', 'Europe/Berlin');
    expect((autumn.to.getTime() - autumn.from.getTime()) / 3_600_000).toBe(25);
  });

  it('spans a whole local month, December into January included', () => {
    const december = localMonthRange('2026-12', 'America/Los_Angeles');
    expect(december.from.toISOString()).toBe('2026-12-01T08:00:00.000Z');
    expect(december.to.toISOString()).toBe('2027-01-01T08:00:00.000Z');
  });

  it('formats times and the card badge in the event’s zone with plain spaces', () => {
    const instant = new Date('2026-11-22T01:00:00Z');
    expect(formatEventTime(instant, 'America/New_York')).toBe('Sat, Nov 21, 2026, 8:00 PM');
    expect(formatEventTime(instant, 'UTC')).toBe('Sun, Nov 22, 2026, 1:00 AM');
    expect(monthAndDayBadge(instant, 'America/New_York')).toEqual({ month: 'NOV', day: '21' });
    expect(monthAndDayBadge(new Date('2026-12-01T00:30:00Z'), 'Europe/Berlin')).toEqual({
      month: 'DEC',
      day: '1',
    });
  });
});
