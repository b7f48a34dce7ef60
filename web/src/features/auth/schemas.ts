import * as z from 'zod/mini';
import { passwordRules } from '@/lib/password-rules';

/**
 * The account forms' rules. Messages come from the shared catalogue (lib/validation): a blank
 * field is "Required.", a short password "Must have at least 8 characters.", a missing character
 * class "Invalid format." (the live checklist says which), a different confirmation "Not matched.".
 */

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** E-mail is the username; lower-cased so "Ann@Mail.com" and "ann@mail.com" are one account. */
const email = z.string().check(z.trim(), z.toLowerCase(), z.email());

const newPassword = z.string().check(
  z.minLength(8),
  z.maxLength(256),
  z.refine((value) => passwordRules.every((rule) => rule.test(value)), { params: { key: 'format' } }),
);

const code = z.string().check(
  z.trim(),
  z.refine((value) => /^\d*$/.test(value), { params: { key: 'digit' } }),
  z.length(6),
);

/** "Not matched." on `confirm`, checked even while other fields still have problems. */
const confirmMatches = <T extends { password: string; confirm: string }>(schema: z.ZodMiniType<T>) =>
  schema.check(
    z.refine((values) => values.password === values.confirm, {
      path: ['confirm'],
      params: { key: 'notMatched' },
      when: (payload) => typeof (payload.value as Partial<T>)?.confirm === 'string' && (payload.value as Partial<T>).confirm !== '',
    }),
  );

export const logInSchema = z.object({ email, password: z.string().check(z.minLength(1)) });
export const signUpSchema = confirmMatches(z.object({ email, password: newPassword, confirm: z.string().check(z.minLength(1)) }));
export const verifySchema = z.object({ email, code });
export const resetSchema = z.object({ email });
export const newPasswordSchema = confirmMatches(z.object({ email, code, password: newPassword, confirm: z.string().check(z.minLength(1)) }));

export type LogInValues = z.infer<typeof logInSchema>;
export type SignUpValues = z.infer<typeof signUpSchema>;
export type VerifyValues = z.infer<typeof verifySchema>;
export type ResetValues = z.infer<typeof resetSchema>;
export type NewPasswordValues = z.infer<typeof newPasswordSchema>;
