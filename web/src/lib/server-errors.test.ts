import { describe, expect, it } from 'vitest';
import { errorCodes, fieldErrorCodes } from '@numbernest/contracts';
import i18n from './i18n';
import { ApiError } from './api-client';
import { serverErrorText } from './server-errors';
import { validationKeyOfFieldCode } from './validation';

// Every language the web ships: one folder per language under locales/.
const copy = import.meta.glob<Record<string, string>>('../locales/*/{errors,validation}.json', { eager: true, import: 'default' });
const languages = [...new Set(Object.keys(copy).map((path) => /locales\/(\w+)\//.exec(path)![1]!))];
const fileOf = (lng: string, ns: string) => copy[`../locales/${lng}/${ns}.json`] ?? {};
/** A key is there as is or with plural suffixes (`minLength_one`, …). */
const has = (file: Record<string, string>, key: string) => key in file || Object.keys(file).some((k) => k.startsWith(`${key}_`));

describe('error codes in every locale', () => {
  it('ships at least English and Russian', () => {
    expect(languages).toEqual(expect.arrayContaining(['en', 'ru']));
  });

  it.each(languages)('%s: a sentence for every error code and every field code', (lng) => {
    expect(errorCodes.filter((code) => !has(fileOf(lng, 'errors'), code))).toEqual([]);
    expect(fieldErrorCodes.filter((code) => !has(fileOf(lng, 'validation'), validationKeyOfFieldCode(code)))).toEqual([]);
  });

  it.each(languages)('%s: no sentence for a code that does not exist', (lng) => {
    expect(Object.keys(fileOf(lng, 'errors')).filter((key) => !(errorCodes as readonly string[]).includes(key))).toEqual([]);
  });
});

describe('serverErrorText', () => {
  const refusal = (body: ConstructorParameters<typeof ApiError>[1]) => new ApiError(429, body);

  it('says the code in the language shown, params filled in', () => {
    const error = refusal({ message: 'You have bought 120 numbers this hour, …', code: 'PURCHASE_LIMIT_HOUR', params: { limit: 120 } });
    expect(serverErrorText(i18n.getFixedT('en'), error)).toBe(
      'You have bought 120 numbers this hour, the most one account may; try again when the hour is over.',
    );
    expect(serverErrorText(i18n.getFixedT('ru'), error)).toMatch(/^За этот час вы купили 120 номеров/);
  });

  it("falls back to the server's message for an unknown code or none", () => {
    expect(serverErrorText(i18n.getFixedT('ru'), refusal({ message: 'Something new', code: 'SOMETHING_NEW' }))).toBe('Something new');
    expect(serverErrorText(i18n.getFixedT('ru'), refusal({ message: 'Unauthorized' }))).toBe('Unauthorized');
  });
});
