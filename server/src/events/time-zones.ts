/**
 * Calendar arithmetic in IANA time zones with the same engine (ICU through
 * Intl) that validates the zones and formats the times, so a zone the API
 * accepts is a zone every part of it understands.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let cached = formatters.get(key);
  if (!cached) {
    cached = make();
    formatters.set(key, cached);
  }
  return cached;
}

function dayParts(timeZone: string): Intl.DateTimeFormat {
  return formatter(
    `day|${timeZone}`,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }),
  );
}

/** The local calendar day (YYYY-MM-DD) of an instant in a zone. */
export function localDayOf(instant: Date | number, timeZone: string): string {
  const parts = dayParts(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

const HOUR_MS = 3_600_000;

/**
 * The first instant of a local calendar day. Found by bisection rather than
 * by subtracting an offset, so a day that starts inside a DST gap (local
 * midnight skipped) or a fold (midnight repeated) still gets its true start.
 * UTC offsets lie within ±14 h, so the start lies within ±18 h of the same
 * wall-clock reading in UTC.
 */
export function startOfLocalDay(day: string, timeZone: string): Date {
  const wallClockAsUtc = Date.parse(`${day}T00:00:00Z`);
  let before = wallClockAsUtc - 18 * HOUR_MS;
  let atOrAfter = wallClockAsUtc + 18 * HOUR_MS;
  while (atOrAfter - before > 1000) {
    const middle = before + Math.floor((atOrAfter - before) / 2000) * 1000;
    if (localDayOf(middle, timeZone) >= day) atOrAfter = middle;
    else before = middle;
  }
  return new Date(atOrAfter);
}

/** The day after a YYYY-MM-DD day. */
export function nextDay(day: string): string {
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 24 * HOUR_MS);
  return next.toISOString().slice(0, 10);
}

/** The first day of the month after a YYYY-MM month. */
export function firstDayOfNextMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const next = new Date(Date.UTC(year, monthNumber, 1));
  return next.toISOString().slice(0, 10);
}

/** Instants [from, to) of one local day. */
export function localDayRange(day: string, timeZone: string): { from: Date; to: Date } {
  return { from: startOfLocalDay(day, timeZone), to: startOfLocalDay(nextDay(day), timeZone) };
}

/** Instants [from, to) of one local month (YYYY-MM). */
export function localMonthRange(month: string, timeZone: string): { from: Date; to: Date } {
  return {
    from: startOfLocalDay(`${month}-01`, timeZone),
    to: startOfLocalDay(firstDayOfNextMonth(month), timeZone),
  };
}

/** ICU puts a narrow no-break space before AM/PM; clients and tests expect a plain space. */
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

/** "Sat, Nov 21, 2026, 8:00 PM" in the zone. */
export function formatEventTime(instant: Date, timeZone: string): string {
  const format = formatter(
    `long|${timeZone}`,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }),
  );
  return plainSpaces(format.format(instant));
}

/** The card badge: "NOV" and "21" in the zone. */
export function monthAndDayBadge(instant: Date, timeZone: string): { month: string; day: string } {
  const format = formatter(
    `badge|${timeZone}`,
    () => new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric' }),
  );
  const parts = format.formatToParts(instant);
  return {
    month: (parts.find((p) => p.type === 'month')?.value ?? '').toUpperCase(),
    day: parts.find((p) => p.type === 'day')?.value ?? '',
  };
}
