/** Cognito's password policy of this app (stacks/auth.ts): the sign-up and password-change forms check it live. */
export const passwordRules = [
  { id: 'length', test: (value: string) => value.length >= 8 },
  { id: 'upper', test: (value: string) => /[A-Z]/.test(value) },
  { id: 'lower', test: (value: string) => /[a-z]/.test(value) },
  { id: 'digit', test: (value: string) => /\d/.test(value) },
] as const;
export type PasswordRuleId = (typeof passwordRules)[number]['id'];
