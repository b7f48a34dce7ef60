import { describe, expect, it } from 'vitest';
import appI18n from '.';
import { createTranslator, interpolate, type NamespaceCopy } from './translator';

/** A translator over copy held here: namespace `common` and `extra` in English and Russian. */
function translator(copy: Record<string, Record<string, NamespaceCopy>>, lng = 'en') {
  const loads: string[] = [];
  const i18n = createTranslator({
    lng,
    defaultNS: 'common',
    load: async (l, ns) => {
      loads.push(`${l}/${ns}`);
      const found = copy[l]?.[ns];
      if (!found) throw new Error(`no ${l}/${ns}`);
      return found;
    },
  });
  return { i18n, loads };
}

const copy = {
  en: {
    common: {
      greeting: 'Hello, {{name}}!',
      nested: { deep: { key: 'Deep' } },
      item_one: '{{count}} item',
      item_other: '{{count}} items',
      bell_zero: 'No news',
      bell_one: '{{count}} news item',
      bell_other: '{{count}} news items',
      friend: 'A friend',
      friend_male: 'A boyfriend',
      friend_male_one: 'One boyfriend',
      friend_male_other: '{{count}} boyfriends',
      list: [
        { q: 'Why {{name}}?', a: 'Because' },
        { q: 'Second', a: 'Yes' },
      ],
      empty: '',
      html: '{{tag}} & more',
    },
    extra: { only: 'From extra' },
  },
  ru: {
    common: {
      greeting: 'Привет, {{name}}!',
      item_one: '{{count}} предмет',
      item_few: '{{count}} предмета',
      item_many: '{{count}} предметов',
      item_other: '{{count}} предмета',
      bell_zero: 'Нет новостей',
      bell_one: '{{count}} новость',
      bell_few: '{{count}} новости',
      bell_many: '{{count}} новостей',
      bell_other: '{{count}} новости',
    },
    extra: { only: 'Из extra' },
  },
  ms: {
    common: {
      item_other: '{{count}} barang',
      bell_zero: 'Tiada berita',
      bell_other: '{{count}} berita',
    },
  },
};

describe('the translator', () => {
  it('interpolates {{vars}} unescaped, leaves unknown ones, empties undefined and null ones', async () => {
    const { i18n } = translator(copy);
    await i18n.loadNamespaces('common');
    expect(i18n.t('greeting', { name: 'Ann' })).toBe('Hello, Ann!');
    expect(i18n.t('html', { tag: '<b>' })).toBe('<b> & more');
    expect(i18n.t('greeting')).toBe('Hello, {{name}}!');
    expect(i18n.t('greeting', { name: undefined })).toBe('Hello, !');
    expect(i18n.t('greeting', { name: null })).toBe('Hello, !');
    expect(i18n.t('greeting', { name: 42 })).toBe('Hello, 42!');
    expect(interpolate('{{ a.b }} and {{c}}', { a: { b: 'deep' }, c: '{{a.b}}' })).toBe('deep and {{a.b}}');
    // Only the values' own properties: not what every object inherits.
    expect(interpolate('{{constructor}} {{a.toString}}', { a: {} })).toBe('{{constructor}} {{a.toString}}');
  });

  it('reads dot paths, array indexes and empty strings; a missing key gives the default value, else the key', async () => {
    const { i18n } = translator(copy);
    await i18n.loadNamespaces('common');
    expect(i18n.t('nested.deep.key')).toBe('Deep');
    expect(i18n.t('list.1.q')).toBe('Second');
    expect(i18n.t('empty')).toBe('');
    expect(i18n.t('nested.missing')).toBe('nested.missing');
    expect(i18n.t('nested.missing', { defaultValue: 'Fallback {{n}}', n: 2 })).toBe('Fallback 2');
    expect(i18n.t('nested.missing', { defaultValue: '' })).toBe('');
    // An object without returnObjects is not copy: the key, as for a missing one.
    expect(i18n.t('nested')).toBe('nested');
  });

  it('returns objects and arrays with returnObjects, their strings interpolated', async () => {
    const { i18n } = translator(copy);
    await i18n.loadNamespaces('common');
    expect(i18n.t('list', { returnObjects: true, name: 'us' })).toEqual([
      { q: 'Why us?', a: 'Because' },
      { q: 'Second', a: 'Yes' },
    ]);
    expect(i18n.t('nested', { returnObjects: true })).toEqual({ deep: { key: 'Deep' } });
    expect(i18n.t('greeting', { returnObjects: true, name: 'Bo' })).toBe('Hello, Bo!');
  });

  it('picks plurals by Intl.PluralRules in English, _zero for 0 when the key has it', async () => {
    const { i18n } = translator(copy);
    await i18n.loadNamespaces('common');
    expect(i18n.t('item', { count: 1 })).toBe('1 item');
    expect(i18n.t('item', { count: 5 })).toBe('5 items');
    expect(i18n.t('item', { count: 0 })).toBe('0 items');
    expect(i18n.t('bell', { count: 0 })).toBe('No news');
    expect(i18n.t('bell', { count: 1 })).toBe('1 news item');
  });

  it('picks plurals by Intl.PluralRules in Russian: one, few, many, other, and _zero', async () => {
    const { i18n } = translator(copy, 'ru');
    await i18n.loadNamespaces('common');
    expect([1, 2, 5, 21, 22, 25, 1.5].map((count) => i18n.t('item', { count }))).toEqual([
      '1 предмет',
      '2 предмета',
      '5 предметов',
      '21 предмет',
      '22 предмета',
      '25 предметов',
      '1.5 предмета',
    ]);
    expect(i18n.t('item', { count: 0 })).toBe('0 предметов');
    expect(i18n.t('bell', { count: 0 })).toBe('Нет новостей');
    expect(i18n.t('bell', { count: 11 })).toBe('11 новостей');
  });

  it('has one form in Malay: _other for every count, _zero for 0 when the key has it', async () => {
    const { i18n } = translator(copy, 'ms');
    await i18n.loadNamespaces('common');
    expect([1, 2, 5, 21, 1.5].map((count) => i18n.t('item', { count }))).toEqual(['1 barang', '2 barang', '5 barang', '21 barang', '1.5 barang']);
    expect(i18n.t('item', { count: 0 })).toBe('0 barang');
    expect(i18n.t('bell', { count: 0 })).toBe('Tiada berita');
    expect(i18n.t('bell', { count: 1 })).toBe('1 berita');
  });

  it('prefers key_context (with its plural) and falls back to the plain key', async () => {
    const { i18n } = translator(copy);
    await i18n.loadNamespaces('common');
    expect(i18n.t('friend', { context: 'male' })).toBe('A boyfriend');
    expect(i18n.t('friend', { context: 'male', count: 3 })).toBe('3 boyfriends');
    expect(i18n.t('friend', { context: 'male', count: 1 })).toBe('One boyfriend');
    expect(i18n.t('friend', { context: 'female' })).toBe('A friend');
    expect(i18n.t('friend', { context: '' })).toBe('A friend');
    expect(i18n.t('friend', { context: undefined })).toBe('A friend');
  });

  it('takes the namespace from an ns: prefix, the ns option or getFixedT, and the key without it when missing', async () => {
    const { i18n } = translator(copy);
    await i18n.loadNamespaces(['common', 'extra']);
    expect(i18n.t('extra:only')).toBe('From extra');
    expect(i18n.t('only', { ns: 'extra' })).toBe('From extra');
    expect(i18n.getFixedT(null, 'extra')('only')).toBe('From extra');
    expect(i18n.getFixedT(null, 'extra')('common:greeting', { name: 'X' })).toBe('Hello, X!');
    expect(i18n.t('extra:nothing.here')).toBe('nothing.here');
    expect(i18n.t('only')).toBe('only');
  });

  it('loads each namespace once, and in the new language before switching to it', async () => {
    const { i18n, loads } = translator(copy);
    const listened: string[] = [];
    i18n.subscribe(() => listened.push(i18n.language));
    await Promise.all([i18n.loadNamespaces('common'), i18n.loadNamespaces(['common', 'extra'])]);
    expect(loads).toEqual(['en/common', 'en/extra']);
    const ru = i18n.getFixedT('ru', 'common');
    const switching = i18n.changeLanguage('ru');
    expect(i18n.language).toBe('en');
    const t = await switching;
    expect(i18n.language).toBe('ru');
    expect(listened).toEqual(['ru']);
    expect(loads).toEqual(['en/common', 'en/extra', 'ru/common', 'ru/extra']);
    expect(t('greeting', { name: 'Аня' })).toBe('Привет, Аня!');
    expect(ru('greeting', { name: 'Аня' })).toBe('Привет, Аня!');
    expect(i18n.t('greeting', { name: 'Ann', lng: 'en' })).toBe('Hello, Ann!');
    await i18n.changeLanguage('ru');
    expect(listened).toEqual(['ru']);
  });

  it('lets the last of two quick language changes win', async () => {
    const { i18n } = translator(copy);
    await i18n.loadNamespaces('common');
    await Promise.all([i18n.changeLanguage('ru'), i18n.changeLanguage('en')]);
    expect(i18n.language).toBe('en');
  });

  it('loads every namespace in use in the languages passed to loadLanguages, then and later', async () => {
    const { i18n, loads } = translator(copy);
    await i18n.loadNamespaces('common');
    await i18n.loadLanguages(['en', 'ru']);
    await i18n.loadNamespaces('extra');
    expect(loads.sort()).toEqual(['en/common', 'en/extra', 'ru/common', 'ru/extra']);
    expect(i18n.hasLoadedNamespace('extra', 'ru')).toBe(true);
  });
});

describe("the app's copy", () => {
  // setup.ts has loaded every namespace in every language.
  it('reads the locale files, plurals included', () => {
    const en = appI18n.getFixedT('en', 'notifications');
    const ru = appI18n.getFixedT('ru', 'notifications');
    expect(en('bell', { count: 0 })).toBe('Notifications');
    expect(en('bell', { count: 1 })).toBe('Notifications, 1 unread');
    expect(ru('bell', { count: 0 })).toBe('Уведомления');
    expect(ru('bell', { count: 3 })).toBe('Уведомления, 3 непрочитанных');
    expect(appI18n.t('validation:minLength', { count: 5, lng: 'ru' })).toMatch(/^Введите не менее 5 символов/);
    const ms = appI18n.getFixedT('ms', 'notifications');
    expect(ms('bell', { count: 0 })).toBe('Pemberitahuan');
    expect(ms('bell', { count: 1 })).toBe('Pemberitahuan, 1 belum dibaca');
    expect(ms('bell', { count: 3 })).toBe('Pemberitahuan, 3 belum dibaca');
    expect(appI18n.t('validation:minLength', { count: 5, lng: 'ms' })).toBe('Mestilah sekurang-kurangnya 5 aksara.');
  });
});
