/**
 * The agent protocol names countries in lower-case English, one word (its Appendix 1 refers to the
 * list at smshub.org/countries: the names SMS-Activate's `getCountries` gives in English, lower case,
 * without spaces), e.g. `england` for the United Kingdom and `usa` for the United States. Our
 * countries by ISO code, so seeded ids can change freely; a name not here is shown to operators as
 * unknown, never silently dropped.
 */
export const protocolCountryNames: ReadonlyArray<readonly [name: string, iso: string]> = [
  ['russia', 'ru'],
  ['ukraine', 'ua'],
  ['kazakhstan', 'kz'],
  ['philippines', 'ph'],
  ['indonesia', 'id'],
  ['malaysia', 'my'],
  ['vietnam', 'vn'],
  ['poland', 'pl'],
  ['england', 'gb'],
  ['nigeria', 'ng'],
  ['egypt', 'eg'],
  ['india', 'in'],
  ['southafrica', 'za'],
  ['colombia', 'co'],
  ['canada', 'ca'],
  ['argentina', 'ar'],
  ['germany', 'de'],
  ['sweden', 'se'],
  ['netherlands', 'nl'],
  ['thailand', 'th'],
  ['mexico', 'mx'],
  ['spain', 'es'],
  ['turkey', 'tr'],
  ['brazil', 'br'],
  ['france', 'fr'],
  ['italy', 'it'],
  ['pakistan', 'pk'],
  ['usa', 'us'],
  ['georgia', 'ge'],
  ['australia', 'au'],
  ['japan', 'jp'],
  ['portugal', 'pt'],
];

const isoByName = new Map(protocolCountryNames);
const nameByIso = new Map(protocolCountryNames.map(([name, iso]) => [iso, name]));

/** Our country's ISO code for a protocol country name (case as sent is tolerated), if we know it. */
export const isoOfProtocolCountry = (name: string): string | undefined => isoByName.get(name.trim().toLowerCase());

/** The protocol's name of one of our countries (by ISO code), if it has one. */
export const protocolCountryOfIso = (iso: string): string | undefined => nameByIso.get(iso.toLowerCase());
