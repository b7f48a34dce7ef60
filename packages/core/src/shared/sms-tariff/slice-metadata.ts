import type { CountryCode, MetadataJson } from 'libphonenumber-js/core';

/**
 * libphonenumber-js's metadata cut down to some countries: their entries exactly as the library
 * ships them, and each calling code's list of only those countries (in the library's order, so the
 * main country of a shared code stays first). A number of any other country then parses to no
 * valid country, which is what Start Chat needs (it sends only to the countries of its tariff), and
 * the slice weighs a few kilobytes instead of the whole world's 80.
 */
export function sliceMetadata(full: MetadataJson, countries: readonly CountryCode[]): MetadataJson {
  const wanted = new Set<string>(countries);
  const country_calling_codes: MetadataJson['country_calling_codes'] = {};
  for (const [code, list] of Object.entries(full.country_calling_codes)) {
    const kept = list.filter((country) => wanted.has(country));
    if (kept.length) country_calling_codes[code] = kept;
  }
  const missing = countries.filter((country) => !full.countries[country]);
  if (missing.length) throw new Error(`libphonenumber-js has no metadata for ${missing.join(', ')}`);
  return {
    version: full.version,
    country_calling_codes,
    countries: Object.fromEntries(countries.map((country) => [country, full.countries[country]!])) as MetadataJson['countries'],
  } as MetadataJson;
}
