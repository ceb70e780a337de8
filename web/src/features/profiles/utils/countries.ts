import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json';

countries.registerLocale(english);

/** Every ISO 3166 country by its English name, A to Z; the profile stores the name itself. */
export const COUNTRY_NAMES: readonly string[] = Object.values(countries.getNames('en')).sort(
  (a, b) => a.localeCompare(b, 'en'),
);

/** The select's options; a saved name outside the list stays selectable so it is not lost. */
export function countryOptions(saved: string | null | undefined): string[] {
  if (!saved || COUNTRY_NAMES.includes(saved)) return [...COUNTRY_NAMES];
  return [saved, ...COUNTRY_NAMES];
}
