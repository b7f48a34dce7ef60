import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every amount and date the web shows goes through lib/money.ts and lib/dates.ts, so each reads
// in the interface language's own form. This finds one made by hand anywhere else.

const src = resolve(import.meta.dirname, '..');
const files = (readdirSync(src, { recursive: true }) as string[]).map((file) => file.replaceAll('\\', '/'));
const code = files.filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('test/'));
const copy = files.filter((file) => file.startsWith('locales/') && file.endsWith('.json'));

const codeForms: Array<[string, RegExp, string?]> = [
  ['dollars by hand', /formatDollars|toFixed\(2\)|\$\$\{|'\$' \+|\+ '\$'/, 'lib/money.ts'],
  ['a currency format outside lib/money.ts', /Intl\.NumberFormat\([^)]*currency/, 'lib/money.ts'],
  ['a date format outside lib/dates.ts', /new Intl\.DateTimeFormat|toLocaleDateString|toLocaleTimeString|Date\([^)]*\)\.toLocaleString/, 'lib/dates.ts'],
];
const copyForm = /\{\{\w+\}\}\s?\$|\$\{\{\w+\}\}|\$\s?\{\{\w+\}\}/;

/** Each line of `text` that makes money or a date by hand, named by what it does. */
function handMadeForms(file: string, text: string): string[] {
  const forms = file.endsWith('.json') ? [['money in copy', copyForm] as const] : codeForms.filter(([, , home]) => home !== file);
  return text.split('\n').flatMap((line, index) => forms.filter(([, form]) => form.test(line)).map(([what]) => `${file}:${index + 1} ${what}: ${line.trim()}`));
}

describe('money and dates are formatted in one place each', () => {
  it('finds the sources and the copy', () => {
    expect(code.length).toBeGreaterThan(100);
    expect(copy.length).toBeGreaterThan(30);
  });

  it('no component, hook or copy formats dollars or dates itself', () => {
    const found = [...code, ...copy].flatMap((file) => handMadeForms(file, readFileSync(join(src, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('recognises the hand-made forms it looks for', () => {
    const caught = (file: string, line: string) => handMadeForms(file, line).length;
    expect(caught('a.tsx', "t('x', { amount: formatDollars(cents) })")).toBe(1);
    expect(caught('a.tsx', 'const text = `${dollars.toFixed(2)}$`;')).toBe(1);
    expect(caught('a.tsx', 'const text = `$${dollars}`;')).toBe(1);
    expect(caught('a.tsx', "new Intl.NumberFormat(lng, { style: 'currency', currency: 'USD' })")).toBe(1);
    expect(caught('a.tsx', 'new Date(iso).toLocaleString(language)')).toBe(1);
    expect(caught('a.tsx', 'date.toLocaleDateString(language)')).toBe(1);
    expect(caught('locales/en/x.json', '"amount": "{{amount}}$",')).toBe(1);
    expect(caught('locales/en/x.json', '"message": "${{amount}} was added",')).toBe(1);
    expect(caught('locales/en/x.json', '"message": "{{amount}} was added",')).toBe(0);
    expect(caught('lib/money.ts', "new Intl.NumberFormat(language, { style: 'currency', currency: code })")).toBe(0);
    expect(caught('a.tsx', 'usd(balance)')).toBe(0);
  });
});
