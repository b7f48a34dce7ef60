import { describe, expect, it } from 'vitest';
import { localized } from '@/features/blog/components/blog-format';
import { languages, lngOf, storedLanguage } from '.';

describe('interface languages', () => {
  it('are English, Russia and Malaysia, stored under their spec codes', () => {
    expect(languages.map((l) => [l.code, l.lng, l.label])).toEqual([
      ['EN', 'en', 'English'],
      ['RUS', 'ru', 'Russia'],
      ['MS', 'ms', 'Malaysia'],
    ]);
    expect(lngOf('MS')).toBe('ms');
  });

  it('read the stored choice, English for nothing or an unknown value', () => {
    expect(storedLanguage()).toBe('EN');
    localStorage.setItem('selectedLanguage', 'MS');
    expect(storedLanguage()).toBe('MS');
    localStorage.setItem('selectedLanguage', 'RUS');
    expect(storedLanguage()).toBe('RUS');
    localStorage.setItem('selectedLanguage', 'ms');
    expect(storedLanguage()).toBe('EN');
  });

  it("show a blog post's Malay copy where written, else its English", () => {
    expect(localized({ en: 'Hello', ru: 'Привет', ms: 'Hai' }, 'ms')).toBe('Hai');
    expect(localized({ en: 'Hello', ru: 'Привет' }, 'ms')).toBe('Hello');
    expect(localized({ en: 'Hello', ru: 'Привет', ms: 'Hai' }, 'ru')).toBe('Привет');
    expect(localized({ en: 'Hello', ru: 'Привет', ms: 'Hai' }, 'en')).toBe('Hello');
  });
});
