import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json';

countries.registerLocale(english);

/** Every ISO 3166 country by its English name, A to Z (spec §2: the Country select). */
export const COUNTRY_NAMES: readonly string[] = Object.values(
  countries.getNames('en', { select: 'official' }),
).sort((a, b) => a.localeCompare(b, 'en'));

/** The list, plus a saved value that is not in it (events made by other clients keep theirs). */
export function countryOptions(current: string): string[] {
  return current && !COUNTRY_NAMES.includes(current)
    ? [current, ...COUNTRY_NAMES]
    : [...COUNTRY_NAMES];
}
