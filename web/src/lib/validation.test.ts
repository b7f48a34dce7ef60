import { describe, expect, it } from 'vitest';
import { contactRequestSchema } from '@numbernest/contracts';
import { fieldErrorsFromServer, fieldErrorsFromZod, messageOfFieldIssue } from './validation';

describe('validation messages', () => {
  it('reads server field problems by code, with their params; an unknown code keeps its English', () => {
    expect(messageOfFieldIssue({ code: 'REQUIRED' }, 'Required.')).toEqual({ key: 'required' });
    expect(messageOfFieldIssue({ code: 'TOO_SHORT', params: { count: 10 } })).toEqual({ key: 'minLength', values: { count: 10 } });
    expect(messageOfFieldIssue({ code: 'TOO_BIG', params: { count: 2.5 } })).toEqual({ key: 'atMost', values: { count: 2.5 } });
    expect(messageOfFieldIssue({ code: 'SOMETHING_NEW' } as never, 'Something else entirely')).toEqual({ text: 'Something else entirely' });
    expect(
      fieldErrorsFromServer({ errors: { email: ['No account uses this e-mail.'], other: ['Odd.'] }, fields: { email: [{ code: 'NO_ACCOUNT' }] } }),
    ).toEqual({ email: { key: 'noAccount' }, other: { text: 'Odd.' } });
  });

  it('turns zod issues into one message per field, blank fields being Required.', () => {
    const values = { name: ' ', email: 'x@', subject: 'a'.repeat(151), message: 'ok' };
    const result = contactRequestSchema.safeParse(values);
    expect(result.success).toBe(false);
    expect(fieldErrorsFromZod(result.error!, values)).toEqual({
      name: { key: 'required' },
      email: { key: 'email' },
      subject: { key: 'maxLength', values: { count: 150 } },
      message: { key: 'minLength', values: { count: 10 } },
    });
  });
});

describe('fieldErrorsFromServer', () => {
  it('reads a field named after a member every object inherits like any other, __proto__ included', () => {
    for (const name of ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__']) {
      // As the reply arrives: JSON.parse makes every name an own key.
      const reply = JSON.parse(
        `{"errors":{"${name}":["Unknown field."],"email":["Required."]},"fields":{"${name}":[{"code":"UNKNOWN_FIELD"}],"email":[{"code":"REQUIRED"}]}}`,
      );
      expect(Object.entries(fieldErrorsFromServer(reply)), name).toEqual([
        [name, { key: 'unknownField' }],
        ['email', { key: 'required' }],
      ]);
    }
  });
});
