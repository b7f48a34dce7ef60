import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { fieldErrorIssues, fieldErrorTexts, parseFields } from './validation';

const messagesFor = (schema: z.ZodMiniType, input: unknown) => {
  const result = parseFields(schema, input, 'body');
  return result.success ? {} : fieldErrorTexts(result.fields);
};

describe('validationMessage', () => {
  const schema = z.strictObject({
    name: z.string().check(z.minLength(2), z.maxLength(5)),
    email: z.email(),
    age: z.number().check(z.int(), z.minimum(18)),
    ringtone: z.enum(['chime', 'bell']),
  });

  it('says Required. for every missing field, enums included', () => {
    expect(messagesFor(schema, {})).toEqual({
      name: ['Required.'],
      email: ['Required.'],
      age: ['Required.'],
      ringtone: ['Required.'],
    });
  });

  it('uses the shared wording for bounds, formats, types and choices', () => {
    expect(messagesFor(schema, { name: 'a', email: 'nope', age: 'x', ringtone: 'horn' })).toEqual({
      name: ['Must have at least 2 characters.'],
      email: ['Invalid email.'],
      age: ['Must be a number.'],
      ringtone: ['Must be one of chime, bell.'],
    });
    expect(messagesFor(schema, { name: 'abcdef', email: 'a@b.co', age: 17, ringtone: 'bell' })).toEqual({
      name: ['Must have up to 5 characters.'],
      age: ['Must be greater than or equal to 18.'],
    });
  });

  it('names each unknown field of a strict object', () => {
    expect(messagesFor(schema, { name: 'ab', email: 'a@b.co', age: 20, ringtone: 'bell', admin: true, x: 1 })).toEqual({
      admin: ['Unknown field.'],
      x: ['Unknown field.'],
    });
  });

  it('names each problem by a code with its params, next to the sentence', () => {
    const result = parseFields(schema, { name: 'a', age: 17, ringtone: 'horn', x: 1 }, 'body');
    expect(result.success ? {} : fieldErrorIssues(result.fields)).toEqual({
      name: [{ code: 'TOO_SHORT', params: { count: 2 } }],
      email: [{ code: 'REQUIRED' }],
      age: [{ code: 'TOO_SMALL', params: { count: 18 } }],
      ringtone: [{ code: 'NOT_ONE_OF', params: { values: 'chime, bell' } }],
      x: [{ code: 'UNKNOWN_FIELD' }],
    });
  });
});

describe('fieldErrors', () => {
  /** Names an object inherits (and the one that sets its prototype): each must be a field like any other. */
  const inheritedNames = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'];
  const schema = z.strictObject({ name: z.string(), settings: z.strictObject({ sound: z.boolean() }) });

  it.each(inheritedNames)('names an unknown field %s as it was sent, at the top and nested', (name) => {
    // JSON.parse makes `__proto__` an own key, as a request body does.
    const input = JSON.parse(`{"name":"a","${name}":1,"settings":{"sound":true,"${name}":2}}`);
    const result = parseFields(schema, input, 'body');
    expect(result.success).toBe(false);
    const fields = result.success ? {} : result.fields;
    expect(Object.keys(fields).sort()).toEqual([name, `settings.${name}`].sort());
    // The reply's two views, through JSON as the client reads them.
    expect(JSON.parse(JSON.stringify(fieldErrorIssues(fields)))).toEqual(
      JSON.parse(`{"${name}":[{"code":"UNKNOWN_FIELD"}],"settings.${name}":[{"code":"UNKNOWN_FIELD"}]}`),
    );
    expect(JSON.parse(JSON.stringify(fieldErrorTexts(fields)))).toEqual(JSON.parse(`{"${name}":["Unknown field."],"settings.${name}":["Unknown field."]}`));
  });

  it('keeps an inherited name next to the fields that are at fault', () => {
    const result = parseFields(schema, JSON.parse('{"constructor":1,"__proto__":{"name":"b"}}'), 'body');
    expect(result.success ? {} : fieldErrorIssues(result.fields)).toEqual(
      JSON.parse(
        '{"name":[{"code":"REQUIRED"}],"settings":[{"code":"REQUIRED"}],"constructor":[{"code":"UNKNOWN_FIELD"}],"__proto__":[{"code":"UNKNOWN_FIELD"}]}',
      ),
    );
  });
});
