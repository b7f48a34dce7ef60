import { describe, expect, it } from 'vitest';
import { languages } from '.';

/**
 * Every language is complete: each namespace English has (the operator console's too) exists in every
 * other language with the same keys, each a string where English has one, with the same {{placeholders}};
 * plural keys carry exactly the forms the language's plural rules select (Malay: `_other` alone,
 * Russian: `_one`, `_few`, `_many`, `_other`), plus `_zero` where English has one. Nothing more either:
 * a key English no longer has is stale copy.
 */
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { eager: true, import: 'default' });
const copyOf = (lng: string, ns: string) => files[`../../locales/${lng}/${ns}.json`];
const namespacesOf = (lng: string) =>
  Object.keys(files)
    .map((path) => /locales\/([\w-]+)\/([\w-]+)\.json$/.exec(path)!)
    .filter((match) => match[1] === lng)
    .map((match) => match[2]!)
    .sort();

const english = 'en';
const others = languages.map((l) => l.lng as string).filter((lng) => lng !== english);
const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/** Leaf values by dot path (array items by index). */
function leaves(node: unknown, prefix = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) leaves(value, prefix ? `${prefix}.${key}` : key, into);
  } else into.set(prefix, node);
  return into;
}

const placeholders = (text: unknown) => (typeof text === 'string' ? [...text.matchAll(/{{\s*([^,}\s]+)[^}]*}}/g)].map((m) => m[1]!).sort() : []);
const union = (lists: string[][]) => [...new Set(lists.flat())].sort();

/** Base keys of English plural groups (those with an `_other` form). */
function pluralBases(en: Map<string, unknown>): Set<string> {
  return new Set([...en.keys()].filter((key) => key.endsWith('_other')).map((key) => key.replace(pluralSuffix, '')));
}

/** What is wrong with `lng`'s copy of a namespace, as readable lines (empty when complete). */
function problems(lng: string, ns: string): string[] {
  const en = leaves(copyOf(english, ns));
  const theirs = copyOf(lng, ns);
  if (!theirs) return [`${lng}/${ns}.json is missing`];
  const translated = leaves(theirs);
  const forms = new Intl.PluralRules(lng).resolvedOptions().pluralCategories as string[];
  const bases = pluralBases(en);
  const expected = new Map<string, string[]>(); // key → the placeholders its copy must have (exactly, or at most for a plural form)
  const atMost = new Set<string>();
  /** A plural group: every form of this language (and `_zero` where English has it), from English's forms. */
  const expectForms = (base: string, englishForms: string[], other: string, zero: boolean) => {
    const all = union(englishForms.map((key) => placeholders(en.get(key))));
    for (const form of [...forms, ...(zero ? ['zero'] : [])]) {
      const key = `${base}_${form}`;
      expected.set(key, form === 'other' ? placeholders(en.get(other)) : all);
      if (form !== 'other') atMost.add(key);
    }
  };
  for (const [key, value] of en) {
    const base = key.replace(pluralSuffix, '');
    if (pluralSuffix.test(key) && bases.has(base)) continue;
    // English needs no plural here ("at least {{count}} characters") where this language does.
    if (!translated.has(key) && translated.has(`${key}_other`) && placeholders(value).includes('count')) expectForms(key, [key], key, false);
    else expected.set(key, placeholders(value));
  }
  for (const base of bases) {
    const englishForms = [...en.keys()].filter((key) => pluralSuffix.test(key) && key.replace(pluralSuffix, '') === base);
    expectForms(base, englishForms, `${base}_other`, en.has(`${base}_zero`));
  }
  const found: string[] = [];
  for (const [key, wanted] of expected) {
    const value = translated.get(key);
    if (value === undefined) found.push(`${lng}/${ns}: ${key} is missing`);
    else if (typeof value !== 'string') found.push(`${lng}/${ns}: ${key} is not a string`);
    else {
      const got = placeholders(value);
      const ok = atMost.has(key) ? got.every((name) => wanted.includes(name)) : got.join() === wanted.join();
      if (!ok) found.push(`${lng}/${ns}: ${key} has {{${got.join('}}, {{')}}}, English {{${wanted.join('}}, {{')}}}`);
    }
  }
  for (const key of translated.keys()) if (!expected.has(key)) found.push(`${lng}/${ns}: ${key} is not an English key (or not a plural form of ${lng})`);
  return found;
}

describe('locale copy', () => {
  it('has a folder for each interface language and no other', () => {
    const folders = [...new Set(Object.keys(files).map((path) => /locales\/([\w-]+)\//.exec(path)![1]!))].sort();
    expect(folders).toEqual(languages.map((l) => l.lng as string).sort());
    expect(others).toEqual(expect.arrayContaining(['ru', 'ms']));
  });

  it.each(others)('%s has every namespace English has, and only those', (lng) => {
    expect(namespacesOf(lng)).toEqual(namespacesOf(english));
  });

  it.each(others)('%s has every key of English, with its placeholders and its plural forms', (lng) => {
    expect(namespacesOf(english).flatMap((ns) => problems(lng, ns))).toEqual([]);
  });

  it('finds what is wrong: a missing key, a changed placeholder, a stale key, a wrong plural form', () => {
    files['../../locales/en/probe.json'] = {
      a: { b: 'Hi {{name}}' },
      n_one: 'One',
      n_other: '{{count}} things',
      z_zero: 'None',
      z_one: '1',
      z_other: '{{count}}',
    };
    files['../../locales/ms/probe.json'] = { a: { b: 'Hai {{nama}}' }, n_one: 'Satu', z_other: '{{count}}', old: 'x' };
    try {
      expect(problems('ms', 'probe')).toEqual([
        'ms/probe: a.b has {{nama}}, English {{name}}',
        'ms/probe: n_other is missing',
        'ms/probe: z_zero is missing',
        'ms/probe: n_one is not an English key (or not a plural form of ms)',
        'ms/probe: old is not an English key (or not a plural form of ms)',
      ]);
    } finally {
      delete files['../../locales/en/probe.json'];
      delete files['../../locales/ms/probe.json'];
    }
  });
});
