import { describe, expect, it } from 'vitest';
import { contactRequestSchema } from '@numbernest/contracts';
import { fieldErrorsFromZod, messageFromServer } from './validation';

describe('validation messages', () => {
  it('reads the message catalogue back from server messages, with their numbers', () => {
    expect(messageFromServer('Required.')).toEqual({ key: 'required' });
    expect(messageFromServer('Must have at least 10 characters.')).toEqual({ key: 'minLength', values: { count: 10 } });
    expect(messageFromServer('Must be between 1 and 99.')).toEqual({ key: 'between', values: { min: 1, max: 99 } });
    expect(messageFromServer('Must be less than or equal to 2.5.')).toEqual({ key: 'atMost', values: { count: 2.5 } });
    expect(messageFromServer('Something else entirely')).toEqual({ text: 'Something else entirely' });
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
