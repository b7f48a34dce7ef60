import { describe, expect, it } from 'vitest';
import { codeDigits, exampleNumber, likelyCountry, looksLikeNumber } from './whatsapp-number';

describe('the WhatsApp number field', () => {
  it('guesses the country from the browser languages, else from the interface language', () => {
    expect(likelyCountry('en', ['en-GB', 'en'])).toBe('GB');
    expect(likelyCountry('en', ['zh-Hant-SG'])).toBe('SG');
    expect(likelyCountry('ms', ['ms'])).toBe('MY');
    expect(likelyCountry('ru', ['xx-ZZ'])).toBe('RU');
    expect(exampleNumber('MY')).toBe('+60 12-345 6789');
    expect(exampleNumber('ZZ')).toBe(exampleNumber('US'));
  });

  it('takes + with 8 to 15 digits and the separators the server drops', () => {
    expect(looksLikeNumber(' +60 12-345 6789 ')).toBe(true);
    expect(looksLikeNumber('+1 (201) 555.0123')).toBe(true);
    expect(looksLikeNumber('60123456789')).toBe(false);
    expect(looksLikeNumber('+6012')).toBe(false);
    expect(looksLikeNumber('+60 12 345 6789 1234 5')).toBe(false);
    expect(looksLikeNumber('+60 12x3456789')).toBe(false);
  });

  it('keeps the 6 digits of a pasted code', () => {
    expect(codeDigits('123 456')).toBe('123456');
    expect(codeDigits('12-34-56-78')).toBe('123456');
  });
});
