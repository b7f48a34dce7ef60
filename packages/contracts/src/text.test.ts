import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { joinLines, multiLine, singleLine } from './text';
import { fieldErrorIssues, fieldErrorTexts, parseFields } from './validation';

const codesOf = (schema: z.ZodMiniType, text: string) => {
  const result = parseFields(schema, text, 'text');
  return result.success ? [] : (fieldErrorIssues(result.fields).text ?? []).map((issue) => issue.code);
};

/** Each kind of control character, by its edge code points, and the Unicode line breaks. */
const controls = {
  NUL: '\u0000',
  'C0 end': '\u001f',
  tab: '\t',
  'line feed': '\n',
  'carriage return': '\r',
  DEL: '\u007f',
  'C1 start': '\u0080',
  'next line (C1)': '\u0085',
  'C1 end': '\u009f',
  'line separator': '\u2028',
  'paragraph separator': '\u2029',
};
const lineBreaksAndTab = ['tab', 'line feed', 'carriage return', 'line separator', 'paragraph separator'];
const text = ['plain words', 'Café — привет, 你好 😀', 'a\u00a0non-breaking space', 'zero\u200bwidth', '\u00a0'];

describe('singleLine', () => {
  const schema = z.string().check(z.trim(), singleLine());

  it.each(Object.entries(controls))('refuses a %s inside the text as CONTROL_CHARACTERS', (_name, control) => {
    expect(codesOf(schema, `Refund${control}question`)).toEqual(['CONTROL_CHARACTERS']);
  });

  it.each(text)('takes %j', (value) => {
    expect(codesOf(schema, value)).toEqual([]);
  });

  it('says so in the shared wording, next to the other problems of the field', () => {
    const result = parseFields(z.string().check(singleLine(), z.minLength(10)), 'a\r\nb', 'subject');
    expect(result.success ? {} : fieldErrorTexts(result.fields)).toEqual({
      subject: ['Must not contain control characters.', 'Must have at least 10 characters.'],
    });
  });
});

describe('multiLine', () => {
  const schema = z.string().check(multiLine());

  it.each(Object.entries(controls).filter(([name]) => lineBreaksAndTab.includes(name)))('keeps a %s', (_name, control) => {
    expect(codesOf(schema, `first line${control}second line`)).toEqual([]);
  });

  it.each(Object.entries(controls).filter(([name]) => !lineBreaksAndTab.includes(name)))('refuses a %s as CONTROL_CHARACTERS', (_name, control) => {
    expect(codesOf(schema, `first line${control}second line`)).toEqual(['CONTROL_CHARACTERS']);
  });

  it.each(text)('takes %j', (value) => {
    expect(codesOf(schema, value)).toEqual([]);
  });
});

describe('joinLines', () => {
  const note = z.string().check(joinLines(), z.trim(), singleLine());

  it('keeps a note typed with Enter on one line, and still refuses the other control characters', () => {
    expect(note.parse('Card dispute\r\nsee ticket 12\tagain\u2028done')).toBe('Card dispute see ticket 12 again done');
    expect(codesOf(note, 'Refund\u0000question')).toEqual(['CONTROL_CHARACTERS']);
  });
});
