import { describe, expect, it } from 'vitest';
import { fieldErrorsFromZod } from '@/lib/validation';
import { logInSchema, newPasswordSchema, signUpSchema, verifySchema } from './schemas';

const errorsOf = (schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, values: Record<string, string>) => {
  const result = schema.safeParse(values);
  return result.success ? {} : fieldErrorsFromZod(result.error as never, values);
};

describe('account form rules', () => {
  it('sign-up: required, e-mail, password policy, confirmation', () => {
    expect(errorsOf(signUpSchema, { email: '', password: '', confirm: '' })).toEqual({
      email: { key: 'required' },
      password: { key: 'required' },
      confirm: { key: 'required' },
    });
    expect(errorsOf(signUpSchema, { email: 'ann@', password: 'Abc1', confirm: 'Abc2' })).toEqual({
      email: { key: 'email' },
      password: { key: 'minLength', values: { count: 8 } },
      confirm: { key: 'notMatched' },
    });
    expect(errorsOf(signUpSchema, { email: 'ann@mail.com', password: 'abcdefgh1', confirm: 'abcdefgh1' })).toEqual({
      password: { key: 'format' },
    });
    expect(signUpSchema.parse({ email: ' Ann@Mail.COM ', password: 'Abcdefg1', confirm: 'Abcdefg1' }).email).toBe('ann@mail.com');
  });

  it('codes are six digits', () => {
    expect(errorsOf(verifySchema, { email: 'a@b.co', code: '12a456' })).toEqual({ code: { key: 'digit' } });
    expect(errorsOf(verifySchema, { email: 'a@b.co', code: '123' })).toEqual({ code: { key: 'length', values: { count: 6 } } });
    expect(errorsOf(verifySchema, { email: 'a@b.co', code: ' 123456 ' })).toEqual({});
  });

  it('sign-in only asks for something in both fields', () => {
    expect(errorsOf(logInSchema, { email: 'a@b.co', password: 'x' })).toEqual({});
    expect(errorsOf(newPasswordSchema, { email: 'a@b.co', code: '123456', password: 'Abcdefg1', confirm: 'Abcdefg2' })).toEqual({
      confirm: { key: 'notMatched' },
    });
  });
});
