/**
 * Light checks and a country-aware example for the WhatsApp number field. The server validates the
 * number for real (libphonenumber-js, too heavy for the page); here only the shape its schema asks
 * for (+, country code, digits) and an example number of the visitor's likely country.
 */

/** A mobile number of each country, written as people there write it (with the country code). */
const examples: Record<string, string> = {
  MY: '+60 12-345 6789',
  RU: '+7 912 345-67-89',
  KZ: '+7 771 000 9998',
  UA: '+380 50 123 4567',
  GB: '+44 7400 123456',
  US: '+1 201 555 0123',
  CA: '+1 506 234 5678',
  IN: '+91 81234 56789',
  ID: '+62 812-345-678',
  SG: '+65 8123 4567',
  TH: '+66 81 234 5678',
  PH: '+63 905 123 4567',
  VN: '+84 91 234 56 78',
  DE: '+49 1512 3456789',
  FR: '+33 6 12 34 56 78',
  ES: '+34 612 34 56 78',
  BR: '+55 11 96123-4567',
  TR: '+90 501 234 56 78',
};
/** Without a region in the browser's languages: the interface language's country. */
const countryOfLanguage: Record<string, string> = { ms: 'MY', ru: 'RU', en: 'US' };

/** The first known region among the browser's languages ("en-GB" → GB), else the interface language's. */
export function likelyCountry(interfaceLanguage: string, browserLanguages: readonly string[] = navigator.languages ?? [navigator.language]): string {
  for (const tag of browserLanguages) {
    const region = tag
      .split('-')
      .find((part, index) => index > 0 && /^[A-Za-z]{2}$/.test(part))
      ?.toUpperCase();
    if (region && examples[region]) return region;
  }
  return countryOfLanguage[interfaceLanguage.split('-')[0]!] ?? 'US';
}

export const exampleNumber = (country: string) => examples[country] ?? examples.US!;

/** What the server's schema takes, and E.164's 8 to 15 digits: anything else is refused here already. */
export function looksLikeNumber(input: string): boolean {
  const trimmed = input.trim();
  const digits = trimmed.replace(/\D/g, '').length;
  return /^\+[\d\s().-]+$/.test(trimmed) && trimmed.length <= 32 && digits >= 8 && digits <= 15;
}

/** Only the digits of what was typed or pasted into the code field (WhatsApp's copy button may add spaces). */
export const codeDigits = (input: string) => input.replace(/\D/g, '').slice(0, 6);
