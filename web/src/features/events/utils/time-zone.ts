/** The browser's IANA time zone: the host's calendar days and new events' venue zone. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
